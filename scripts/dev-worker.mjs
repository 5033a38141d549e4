// Serves the built Worker locally (D1, KV, R2, the Durable Object and the Workflow) through wrangler's
// programmatic dev server, with the debugging inspector off. `wrangler dev` always attaches an
// inspector, and under load the local runtime has aborted inside it (decision 016); `npm start` and
// the end-to-end server need no debugger, so they run without one.
//   node scripts/dev-worker.mjs --port 8799 [--ip 127.0.0.1] [--persist-to .wrangler/state] [--watch] [--var KEY:VALUE]…
import { setInterval } from "node:timers";
import { parseArgs } from "node:util";
import { unstable_startWorker } from "wrangler";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    ip: { type: "string", default: "127.0.0.1" },
    watch: { type: "boolean", default: false },
    "persist-to": { type: "string" },
    var: { type: "string", multiple: true, default: [] },
    "log-level": { type: "string", default: "info" },
  },
});
const bindings = {};
for (const kv of values.var) {
  const at = kv.indexOf(":");
  if (at < 1) throw new Error(`--var wants KEY:VALUE, got "${kv}"`);
  bindings[kv.slice(0, at)] = { type: "plain_text", value: kv.slice(at + 1) };
}
const worker = await unstable_startWorker({
  config: "wrangler.toml",
  bindings,
  // wrangler.toml's nodejs_compat flag (the programmatic API does not infer the mode from it)
  build: { nodejsCompatMode: "v2" },
  dev: {
    inspector: false,
    // with --watch, a new build (remix vite:build --watch) reloads the Worker
    watch: values.watch,
    server: { hostname: values.ip, port: Number(values.port) },
    persist: values["persist-to"] ?? ".wrangler/state",
    logLevel: values["log-level"],
  },
});
await worker.ready;
console.log(`dev-worker: serving on http://${values.ip}:${values.port}`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // dispose stops the local runtime; if it hangs, the process group (this process and its workerd
  // children, when started detached) goes at once
  await Promise.race([worker.dispose().catch(() => {}), new Promise((r) => setTimeout(r, 5_000))]);
  try {
    process.kill(-process.pid, "SIGKILL");
  } catch {
    process.exit(0);
  }
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// A supervisor that is killed outright (Playwright ends its web server with SIGKILL) cannot stop
// us: when our parent is gone, stop too, so no server outlives the run and holds its port.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop();
}, 1_000).unref();
