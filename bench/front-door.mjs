// The local server as `npm start` runs it, for the benches: scripts/dev-worker.mjs (our front door,
// scripts/front-proxy.mjs, in front of workerd, without the inspector), in its own process group,
// its output in a log file. Resolves once /api/health answers.
import { mkdirSync, openSync } from "node:fs";
import { spawn } from "node:child_process";
import { killTree, QUIET_WRANGLER } from "../scripts/lib.mjs";

/** @param {{ port: number, persistTo: string, log: string, vars?: Record<string, string> }} o */
export async function startFrontDoor({ port, persistTo, log, vars = {} }) {
  mkdirSync(".wrangler", { recursive: true });
  const out = openSync(log, "w");
  const args = ["scripts/dev-worker.mjs", "--port", String(port), "--persist-to", persistTo, "--log-level", "warn"];
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  const child = spawn("node", args, { stdio: ["ignore", out, out], env: { ...process.env, ...QUIET_WRANGLER }, detached: true });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the local runtime exited with ${child.exitCode} (see ${log})`);
    try {
      const r = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      if (r.status === 200 || r.status === 503) return { url, pid: child.pid, stop: () => killTree(child) };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  killTree(child);
  throw new Error(`the local runtime did not start within 2 minutes (see ${log})`);
}
