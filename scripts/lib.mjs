// Shared helpers for the project's scripts (start, test, bench).
import { spawn, spawnSync } from "node:child_process";

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

/** Starts `wrangler dev` on a port; resolves with the child once the server answers. */
export async function startWrangler({ port = 8787, vars = {}, stdio = "inherit", persistTo } = {}) {
  const args = ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", "--log-level", "warn"];
  for (const [k, v] of Object.entries({ ...LOCAL_VARS, ...vars })) args.push("--var", `${k}:${v}`);
  if (persistTo) args.push("--persist-to", persistTo);
  const child = spawn("npx", args, { stdio, env: { ...process.env, ...QUIET_WRANGLER }, detached: true });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.status === 200 || r.status === 503) return { child, url, stop: () => killTree(child) };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  killTree(child);
  throw new Error("wrangler dev did not start within 90 s");
}

/** Stops wrangler and its workerd children (the whole process group). */
export function killTree(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
}
