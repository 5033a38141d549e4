// Shared helpers for the project's scripts (start, test, bench).
import { spawnSync } from "node:child_process";

export const QUIET_WRANGLER = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  NO_UPDATE_NOTIFIER: "1",
};

/**
 * The explicit development flag every local run sets: wrangler.toml says production (fail closed),
 * so the development pages and APIs (/dev/outbox, /test/*, the test payment provider) exist only
 * where this is passed: `npm start`, the end-to-end server, the benches and drills.
 */
export const LOCAL_VARS = { ENVIRONMENT: "development" };

export function run(cmd, args, { env = {}, onFail, ...opts } = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", ...opts, env: { ...process.env, ...QUIET_WRANGLER, ...env } });
  if (r.status !== 0) {
    onFail?.();
    console.error(`\n✗ ${cmd} ${args.join(" ")} exited with ${r.status}`);
    process.exit(r.status ?? 1);
  }
}

/** Builds the app, applies D1 migrations (idempotent) and loads the seed. */
export function prepare({ skipBuild = false, persistTo } = {}) {
  if (!skipBuild) run("npx", ["remix", "vite:build"]);
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persist]);
  run("npx", ["tsx", "scripts/seed.ts", ...persist]);
}

/** Stops wrangler and its workerd children (the whole process group). */
export function killTree(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
}
