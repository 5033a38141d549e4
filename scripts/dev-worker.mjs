// Serves the built Worker locally (D1, KV, R2, the Durable Object and the Workflow) through wrangler's
// programmatic dev environment, with the debugging inspector off. `wrangler dev` always attaches an
// inspector, and under load the local runtime has aborted inside it (decision 016); `npm start` and
// the end-to-end server need no debugger, so they run without one.
// The public port is our own front (scripts/front-proxy.mjs), which forwards each request straight
// to the local runtime: wrangler's proxy in between answered some POSTs with a false "restarted
// mid-request" 503 (decision 019).
//   node scripts/dev-worker.mjs --port 8799 [--ip 127.0.0.1] [--persist-to .wrangler/state] [--watch] [--var KEY:VALUE]…
import net from "node:net";
import { setInterval } from "node:timers";
import { parseArgs } from "node:util";
import { unstable_DevEnv } from "wrangler";
import { createFrontProxy } from "./front-proxy.mjs";
import { LOCAL_VARS } from "./lib.mjs";

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
// A local server is a development server unless a --var says otherwise (`--var ENVIRONMENT:production`
// tries production's behaviour locally).
const bindings = Object.fromEntries(Object.entries(LOCAL_VARS).map(([k, value]) => [k, { type: "plain_text", value }]));
for (const kv of values.var) {
  const at = kv.indexOf(":");
  if (at < 1) throw new Error(`--var wants KEY:VALUE, got "${kv}"`);
  bindings[kv.slice(0, at)] = { type: "plain_text", value: kv.slice(at + 1) };
}
/** A free port on the loopback, for wrangler's own proxy (which nobody calls). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

// Where the runtime answers: wrangler reports it to its proxy on every (re)load of the Worker. While
// a reload is under way (with --watch), requests wait for it.
const devEnv = new unstable_DevEnv();
let runtime = null;
let reloaded = null;
let release = () => {};
let firstLoad;
const loaded = new Promise((resolve) => (firstLoad = resolve));
const proxyController = devEnv.proxy;
if (typeof proxyController?.onReloadStart !== "function" || typeof proxyController?.onReloadComplete !== "function") {
  throw new Error("dev-worker: this wrangler has no reload events on its proxy controller (the project pins the wrangler it was written for)");
}
const onReloadStart = proxyController.onReloadStart.bind(proxyController);
const onReloadComplete = proxyController.onReloadComplete.bind(proxyController);
proxyController.onReloadStart = (event) => {
  if (!reloaded) reloaded = new Promise((resolve) => (release = resolve));
  onReloadStart(event);
};
proxyController.onReloadComplete = (event) => {
  runtime = event.proxyData.userWorkerUrl;
  reloaded = null;
  release();
  firstLoad();
  onReloadComplete(event);
};

const worker = await devEnv.startWorker({
  config: "wrangler.toml",
  bindings,
  // wrangler.toml's nodejs_compat flag (the programmatic API does not infer the mode from it)
  build: { nodejsCompatMode: "v2" },
  dev: {
    inspector: false,
    // with --watch, a new build (remix vite:build --watch) reloads the Worker
    watch: values.watch,
    server: { hostname: "127.0.0.1", port: await freePort() },
    persist: values["persist-to"] ?? ".wrangler/state",
    logLevel: values["log-level"],
  },
});
await worker.ready;
await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 120_000).unref())]);
if (!runtime) throw new Error("dev-worker: the local runtime's address was not reported within 2 minutes");
// wrangler bundles the Worker with esbuild in watch mode even when nothing is to be reloaded, and
// esbuild watches by polling: it went on stat'ing the bundle's thousand-odd source files, about 5 % of
// a core for as long as the server ran (taken from the pages it serves, in every bench and test run).
// Without --watch the bundle never changes, so its bundler stops once the runtime has it.
if (!values.watch) await devEnv.bundler.teardown();
const front = createFrontProxy({
  target: async () => {
    if (reloaded) await reloaded;
    return runtime;
  },
  log: (line) => console.error(line),
});
await new Promise((resolve, reject) => front.once("error", reject).listen(Number(values.port), values.ip, resolve));
console.log(`dev-worker: serving on http://${values.ip}:${values.port}`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // dispose stops the local runtime; if it hangs, the process group (this process and its workerd
  // children, when started detached) goes at once
  front.close();
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
