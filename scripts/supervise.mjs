// Keeps a local dev server answering for a whole test run. If the local runtime dies or stops
// answering, the server is started again on the same persisted state, so nothing is lost and the rest
// of the run carries on (the tests wait for /api/health before each test).
import { setTimeout as sleep } from "node:timers/promises";

const CHECK_EVERY_MS = 2_000;
const REFUSED_LIMIT = 3; // consecutive refused connections or 502s from the front door: the runtime is gone
const HUNG_LIMIT = 6; // consecutive 20 s timeouts: the runtime is stuck
const MAX_RESTARTS = 5;

/**
 * @param {{ origin: string, log?: import("node:stream").Writable, spawnServer: () => import("node:child_process").ChildProcess }} o
 */
export function superviseServer({ origin, log, spawnServer }) {
  let child;
  let stopping = false;
  let restarting = false;
  let restarts = 0;
  let healthy = false;

  const say = (msg) => {
    const line = `supervisor: ${msg}\n`;
    process.stderr.write(line);
    log?.write(line);
  };
  const start = () => {
    healthy = false;
    const c = spawnServer();
    if (log) {
      c.stdout?.pipe(log, { end: false });
      c.stderr?.pipe(log, { end: false });
    }
    c.on("exit", (code, signal) => {
      if (stopping || restarting || c !== child) return;
      void restart(`the server exited (${signal ?? code})`);
    });
    child = c;
  };
  const killGroup = async (c) => {
    if (c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once("exit", r));
    try {
      process.kill(-c.pid, "SIGKILL");
    } catch {
      c.kill("SIGKILL");
    }
    await Promise.race([gone, sleep(10_000)]);
  };
  const restart = async (why) => {
    if (restarting || stopping) return;
    if (restarts >= MAX_RESTARTS) {
      say(`${why}; restarted ${MAX_RESTARTS} times already, giving up`);
      process.exit(1);
    }
    restarting = true;
    restarts += 1;
    say(`${why}; starting it again (${restarts} of ${MAX_RESTARTS})`);
    await killGroup(child);
    restarting = false;
    start();
  };
  const watch = async () => {
    let refused = 0;
    let hung = 0;
    while (!stopping) {
      await sleep(CHECK_EVERY_MS);
      if (restarting || stopping) continue;
      try {
        const r = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(20_000) });
        // 200, or 503 when a part is degraded: the Worker answered. Anything else (the front door's
        // 502 when the runtime behind it is gone) counts as no answer.
        if (r.status !== 200 && r.status !== 503) throw new Error(`/api/health answered ${r.status}`);
        healthy = true;
        refused = 0;
        hung = 0;
      } catch (e) {
        if (!healthy) continue; // still starting
        if (e?.name === "TimeoutError") hung += 1;
        else refused += 1;
        if (refused >= REFUSED_LIMIT) await restart(`the server stopped answering (${e?.message ?? "connection refused"})`);
        else if (hung >= HUNG_LIMIT) await restart("the server hung (no answer for 2 minutes)");
        if (!healthy) {
          refused = 0;
          hung = 0;
        }
      }
    }
  };

  start();
  void watch();
  return {
    stop: async () => {
      stopping = true;
      await killGroup(child);
    },
  };
}
