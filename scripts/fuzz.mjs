// The fuzz drill: malformed requests across every API route and every page action of the built
// Worker, on a fresh local state, with a fixed seed. It passes when no answer is a 5xx (or a dropped
// connection), no request that was refused wrote a row, and the server still answers /api/health.
//   npm run fuzz [-- --requests 10000 --seed 13 --concurrency 24 --port 0 --no-build]
// The routes come from the running Worker (GET /api/test/routes, the API's own route table) and from
// the page modules in app/routes that export an action. Requests go out in waves; after each wave
// the rows of every D1 table are counted (GET /api/test/table-counts): a wave whose every answer was
// a refusal (4xx) must leave every count as it was. A wave with an accepted request (2xx/3xx) may
// write; the drill then waits for the counts to settle before the next wave, so background work an
// accepted request started (a book's workflow) is not blamed on the refusals after it.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { setTimeout as sleep } from "node:timers/promises";
import { prepare, QUIET_WRANGLER, run } from "./lib.mjs";
import { makeRequest, pick, seed } from "./fuzz-inputs.mjs";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "10000" },
    seed: { type: "string", default: "13" },
    concurrency: { type: "string", default: "24" },
    port: { type: "string", default: "0" },
    "no-build": { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});
const TOTAL = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const persistTo = ".wrangler/fuzz-state";
seed(Number(values.seed));

/**
 * The one 5xx answered by design: a well-formed recording sent for transcription when no
 * transcription key is set (503 with fallback: the panel goes to typing; there is no offline
 * transcriber). Counted and printed apart; every other 5xx fails the drill.
 */
const BY_DESIGN = [{ path: /^\/api\/nino\/transcribe\/?$/, status: 503, answer: '"fallback":true' }];
const byDesign = (request, answer) =>
  BY_DESIGN.some((d) => d.status === answer.status && d.path.test(new URL(request.url).pathname) && answer.text.includes(d.answer));

/** Tables that record attempts on purpose (a refused sign-in still counts toward its limit). */
const ATTEMPT_TABLES = new Set(["rate_limits", "auth_attempts", "login_attempts", "request_limits", "contact_requests"]);

// ---- the routes -------------------------------------------------------------------------------
/** The page modules with an action, as URL patterns (Remix flat routes). */
function pageActions() {
  const dir = "app/routes";
  const found = [];
  for (const file of readdirSync(dir)) {
    if (!/\.(tsx|ts)$/.test(file) || file.includes(".server.")) continue;
    const source = readFileSync(path.join(dir, file), "utf8");
    if (!/export (async )?function action\b|export const action\b/.test(source)) continue;
    const name = file.replace(/\.(tsx|ts)$/, "");
    const segments = name
      .split(".")
      .filter((s) => s !== "_index")
      .map((s) => s.replace(/_$/, "").replace(/^\[(.*)\]$/, "$1"))
      .map((s) => (s === "$" ? "*" : s.startsWith("$") ? `:${s.slice(1)}` : s));
    found.push({ method: "POST", path: `/${segments.join("/")}`, kind: "page" });
  }
  return found;
}

async function apiRoutes(origin) {
  const res = await fetch(`${origin}/api/test/routes`);
  if (res.status !== 200) throw new Error(`GET /api/test/routes answered ${res.status}`);
  const { routes } = await res.json();
  const seen = new Set();
  const list = [];
  for (const route of routes) {
    const [method, p] = route.split(" ");
    if (p.endsWith("/*") || p === "/api/*") continue; // middleware
    if (p === "/api/test/error") continue; // fails on purpose (the 500 path's own test)
    const key = `${method === "ALL" ? "POST" : method} ${p}`;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ method: method === "ALL" ? "POST" : method, path: p, kind: "api" });
  }
  return list;
}

// ---- the server -------------------------------------------------------------------------------
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function startServer(port) {
  mkdirSync(".wrangler", { recursive: true });
  const log = createWriteStream(".wrangler/fuzz-server.log");
  const args = ["scripts/dev-worker.mjs", "--port", String(port), "--persist-to", persistTo, "--var", "EXCHANGE_RATES_URL:", "--log-level", "warn"];
  const child = spawn("node", args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...QUIET_WRANGLER } });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the local server exited with ${child.exitCode} (see .wrangler/fuzz-server.log)`);
    try {
      if ((await fetch(`${origin}/api/health`)).status === 200) return { origin, stop };
    } catch {
      /* not up yet */
    }
    await sleep(300);
  }
  stop();
  throw new Error("the local server did not start within 2 minutes");
}

// ---- the run ----------------------------------------------------------------------------------
async function counts(origin) {
  // The drill's own measurement, not a fuzzed request: a connection the front dropped is tried again
  // (a refused request's dropped connection is counted where it happens).
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${origin}/api/test/table-counts`);
      if (res.status !== 200) throw new Error(`GET /api/test/table-counts answered ${res.status}`);
      return (await res.json()).counts;
    } catch (error) {
      if (attempt >= 3) throw error;
      await sleep(500);
    }
  }
}
function delta(before, after) {
  const changed = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const d = (after[table] ?? 0) - (before[table] ?? 0);
    if (d !== 0) changed[table] = d;
  }
  return changed;
}
/** The tables whose row count changed, except the ones that record attempts on purpose. */
function written(before, after) {
  return Object.fromEntries(Object.entries(delta(before, after)).filter(([table]) => !ATTEMPT_TABLES.has(table)));
}
const rowsIn = (changed) => Object.values(changed).reduce((a, b) => a + Math.abs(b), 0);
async function settle(origin, from) {
  let last = from;
  for (let i = 0; i < 40; i++) {
    await sleep(250);
    const now = await counts(origin);
    if (Object.keys(delta(last, now)).length === 0) return now;
    last = now;
  }
  return last;
}

async function send(request) {
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text().catch(() => "");
    return { status: res.status, text };
  } catch (error) {
    return { status: 0, text: String(error?.cause?.code ?? error?.name ?? error) };
  }
}

if (!values["no-build"] && (!existsSync("build/server/index.js") || newestMtime("app") > statSync("build/server/index.js").mtimeMs)) {
  run("npx", ["remix", "vite:build"]);
}
rmSync(persistTo, { recursive: true, force: true });
prepare({ skipBuild: true, persistTo });
const port = Number(values.port) || (await freePort());
const server = await startServer(port);
let failed = false;
try {
  const targets = [...(await apiRoutes(server.origin)), ...pageActions()];
  console.log(
    `fuzz: ${targets.length} targets (${targets.filter((t) => t.kind === "api").length} API routes, ${targets.filter((t) => t.kind === "page").length} page actions), seed ${values.seed}`,
  );
  const byStatus = new Map();
  const classes = { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, dropped: 0 };
  const serverErrors = [];
  let rejectedWrites = 0;
  let checked = 0;
  let designed = 0;
  let requestMs = 0;
  let countMs = 0;
  let replayed = 0;
  let ambiguousWaves = 0;
  const writes = [];
  let before = await counts(server.origin);
  const started = Date.now();
  for (let sent = 0; sent < TOTAL;) {
    const wave = Array.from({ length: Math.min(CONCURRENCY, TOTAL - sent) }, () => makeRequest(pick(targets), server.origin));
    sent += wave.length;
    const waveStarted = Date.now();
    const answers = await Promise.all(wave.map(send));
    requestMs += Date.now() - waveStarted;
    let accepted = false;
    answers.forEach((answer, i) => {
      byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      if (answer.status === 0) classes.dropped++;
      else classes[`${Math.floor(answer.status / 100)}xx`]++;
      if (answer.status > 0 && answer.status < 400) accepted = true;
      if (answer.status >= 500 && byDesign(wave[i], answer)) {
        classes["5xx"]--;
        designed++;
      } else if (answer.status === 0 || answer.status >= 500) serverErrors.push({ ...wave[i], status: answer.status, answer: answer.text.slice(0, 300) });
    });
    const countStarted = Date.now();
    let after = await counts(server.origin);
    countMs += Date.now() - countStarted;
    const refused = wave.filter((_, i) => answers[i].status >= 400);
    const changed = written(before, after);
    if (Object.keys(changed).length === 0) {
      // nothing was written: every refusal in the wave is proven harmless at once
      checked += refused.length;
    } else if (!accepted) {
      checked += refused.length;
      rejectedWrites += rowsIn(changed);
      writes.push({ changed, requests: wave.map((r, i) => `${r.method} ${r.url.slice(0, 120)} → ${answers[i].status}`) });
    } else {
      // an accepted request wrote: let its background work settle, then send each refused request
      // of the wave again on its own, with a count before and after it
      ambiguousWaves++;
      const t = Date.now();
      after = await settle(server.origin, after);
      if (values.verbose) console.log(`  accepted wave wrote ${JSON.stringify(changed)}; settled in ${Date.now() - t} ms`);
      for (const request of refused) {
        const alone = await send(request);
        const now = await counts(server.origin);
        const own = written(after, now);
        after = now;
        if (alone.status < 400) continue; // accepted this time (e.g. a limit reset): not a refusal
        checked++;
        replayed++;
        if (rowsIn(own) > 0) {
          rejectedWrites += rowsIn(own);
          writes.push({ changed: own, requests: [`${request.method} ${request.url.slice(0, 120)} → ${alone.status}`] });
        }
      }
    }
    before = after;
    if (values.verbose && sent % 1000 < CONCURRENCY) console.log(`  ${sent} sent`);
  }
  const seconds = (Date.now() - started) / 1000;
  const health = await send({ method: "GET", url: `${server.origin}/api/health`, headers: {} });

  // the 5xx answers and dropped connections, grouped by route, status and answer, with one example each
  const groups = new Map();
  for (const e of serverErrors) {
    const key = `${e.status || "dropped"} ${e.target} → ${e.answer
      .replace(/\s+/g, " ")
      .replace(/[0-9a-f-]{36}/g, "{id}")
      .slice(0, 160)}`;
    // the whole request (headers and the start of the body), so a failure can be sent again by hand
    const shown = `${e.method} ${e.url.slice(0, 140)}\n      headers ${JSON.stringify(e.headers).slice(0, 400)}\n      body ${typeof e.body === "string" ? JSON.stringify(e.body.slice(0, 200)) : e.body ? `(${e.body.constructor?.name})` : "none"}`;
    const group = groups.get(key) ?? { n: 0, example: shown };
    group.n++;
    groups.set(key, group);
  }
  for (const [key, { n, example }] of groups) console.log(`  ${n} × ${key}\n      e.g. ${example}`);
  for (const w of writes.slice(0, 5)) console.log(`  rows written by refused requests: ${JSON.stringify(w.changed)}\n    ${w.requests.join("\n    ")}`);
  const statuses = [...byStatus.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s || "dropped"}: ${n}`);
  console.log(`\nfuzz: ${TOTAL} requests in ${seconds.toFixed(1)} s (${(TOTAL / seconds).toFixed(0)}/s), seed ${values.seed}, ${CONCURRENCY} at a time`);
  console.log(`  by class: 2xx ${classes["2xx"]}, 3xx ${classes["3xx"]}, 4xx ${classes["4xx"]}, 5xx ${classes["5xx"]}, dropped ${classes.dropped}`);
  console.log(`  503 by design (a recording to transcribe, no transcription key set): ${designed}`);
  console.log(`  by status: ${statuses.join(", ")}`);
  console.log(
    `  time: ${(requestMs / 1000).toFixed(1)} s in the waves of requests, ${(countMs / 1000).toFixed(1)} s counting rows after them, the rest settling and sending again`,
  );
  console.log(
    `  refused requests checked for writes: ${checked} (${replayed} of them sent again on their own, from ${ambiguousWaves} waves where an accepted request wrote)`,
  );
  console.log(`  rows written by refused requests: ${rejectedWrites}`);
  console.log(`  server healthy at the end: ${health.status === 200 ? "yes" : `no (${health.status})`}`);
  failed = classes["5xx"] + classes.dropped > 0 || rejectedWrites > 0 || health.status !== 200;
  console.log(failed ? "\nfuzz: FAILED" : "\nfuzz: passed");
} finally {
  server.stop();
}
process.exit(failed ? 1 : 0);
