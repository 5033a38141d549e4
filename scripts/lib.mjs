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

/** Stops wrangler and its workerd children (the whole process group). */
export function killTree(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
}

/**
 * Runs SQL in a local run's D1 (its `--persist-to` folder), as e2e/d1.ts does, without blocking the
 * caller's event loop. The server may be writing at that moment: a busy database is tried again.
 */
async function runLocalSql(persistTo, statements) {
  const args = ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", statements.join("; ")];
  for (let attempt = 1; ; attempt++) {
    const { status, output } = await new Promise((resolve) => {
      const child = spawn("npx", args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...QUIET_WRANGLER } });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      child.on("close", (status) => resolve({ status, output }));
    });
    if (status === 0) return;
    if (attempt >= 5 || !/SQLITE_BUSY|database is locked/.test(output)) throw new Error(`the SQL failed (${statements.join("; ")}): ${output}`);
    await new Promise((done) => setTimeout(done, 500 * attempt));
  }
}

/**
 * Starts today's counts of Nino's scripted turns again (DAILY_QUOTAS.nino in
 * app/services/limits/quotas.server.ts) in a bench's or drill's own local D1, never a shared one.
 */
export const resetNinoQuotas = (persistTo) => runLocalSql(persistTo, ["DELETE FROM usage_quotas WHERE bucket = 'nino'"]);

/**
 * Nino's rest reply (workers/nino-frames.ts restFrames: a rate limit or a daily quota reached,
 * NINO_TEXTS.restMinute / restToday): a nino_message, but not an answer, so a bench or drill counts
 * it as a failure. No scripted reply is "tired"; the texts are matched too, in case that changes.
 */
export const isRestReply = (frame) =>
  frame?.type === "nino_message" && (frame.emotion === "tired" || /catch my breath for a minute|need a little rest now/i.test(frame.content ?? ""));

/** The story form the drills make their books with (offline writer and illustrator). */
export const DRILL_FORM = {
  childName: "Mia",
  age: 6,
  gender: "girl",
  authorName: "Grandma",
  theme: "Space",
  storyDescription: "Mia builds a cardboard rocket and visits a friendly moon.",
  moralLesson: "Being brave means trying, one small step at a time.",
  specialElements: "a cardboard rocket, a robot co-pilot",
  artStyle: "storybook",
};
