// Benchmark: making a 24-page book end to end through the local server as `npm start` runs it
// (scripts/dev-worker.mjs: our front door in front of workerd; the Workflow, D1, R2).
//  1. Time to a finished book with the offline writer and illustrator (target ≤ 10 s).
//  2. With an image provider that answers every picture after a fixed delay, the measured time
//     against the critical path (text time + ceil(24 / concurrency) × delay). Target ratio ≤ 1.05.
//  3. While the offline book is drawn, a probe asks GET /api/health every 50 ms (one request at a
//     time) and prints its p50/p99/max latency: how long any other request of the local server waits
//     while the Worker renders pages (workerd runs the Worker's requests on one thread).
// Usage: npm run bench:book [-- --delay 1500 --concurrency 4 --port 8812 --only offline|provider --no-build]
import { createServer } from "node:http";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { encode } from "fast-png";
import { prepare } from "../scripts/lib.mjs";
import { startFrontDoor } from "./front-door.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const delayMs = Number(arg("delay", "1500"));
const concurrency = Number(arg("concurrency", "4"));
const port = Number(arg("port", "8812"));
const persistTo = ".wrangler/bench-book-state";
const SERVER_LOG = ".wrangler/bench-book-server.log";
const PAGES = 24;
const TARGET = { offlineS: 10, ratio: 1.05 };

const FORM = {
  childName: "Mia",
  age: 6,
  gender: "girl",
  authorName: "Grandma",
  theme: "Space",
  storyDescription: "Mia loves dinosaurs and building things out of boxes.",
  moralLesson: "Being brave means trying, one small step at a time.",
  specialElements: "a cardboard rocket, a robot co-pilot",
  artStyle: "storybook",
};

/** When the book being made was asked for (performance.now()), for the provider's timeline. */
let started = 0;

/** Makes one book and follows it: milliseconds to step 2 (the text) and to complete. */
async function makeBook(url) {
  const t0 = performance.now();
  started = t0;
  const res = await fetch(`${url}/api/books`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(FORM) });
  if (res.status !== 201) throw new Error(`POST /api/books answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.get("set-cookie").split(";")[0];
  const { bookId } = await res.json();
  let textMs = null;
  for (;;) {
    let book;
    try {
      book = await (await fetch(`${url}/api/books/${bookId}`, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(20_000) })).json();
    } catch (error) {
      console.error(`a poll of the book failed (${error.message}); polling again`);
      continue;
    }
    if (textMs === null && book.step2complete) textMs = performance.now() - t0;
    if (book.status === "failed") throw new Error(`the book failed: ${book.error}`);
    if (book.status === "complete") return { bookId, textMs: textMs ?? performance.now() - t0, totalMs: performance.now() - t0 };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Asks `path` every `everyMs` (one request at a time) until stopped; resolves with the latencies. */
function startProbe(url, path = "/api/health", everyMs = 50) {
  const latencies = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        await (await fetch(`${url}${path}`, { signal: AbortSignal.timeout(30_000) })).arrayBuffer();
        latencies.push(performance.now() - t0);
      } catch {
        latencies.push(performance.now() - t0);
      }
      const wait = everyMs - (performance.now() - t0);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    return latencies;
  })();
  return {
    stop: () => {
      running = false;
      return done;
    },
  };
}

/**
 * CPU seconds used so far by the local server's processes (its process group: front proxy, workerd
 * and the runtime's helpers), from /proc; null where there is no /proc. On a shared machine the
 * wall-clock figures grow with the load, while the CPU the book costs barely does.
 */
function groupCpuSeconds(pgid) {
  try {
    let ticks = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // the process ended meanwhile
      }
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // after the name: state, ppid, pgrp, ... utime is field 14 and stime 15 of the whole line
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A provider that takes `delayMs` for every picture and returns a 1024×1024 PNG. */
function startSlowProvider() {
  const pixels = new Uint8Array(1024 * 1024 * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set([250, 214, 160], i);
  const png = Buffer.from(encode({ width: 1024, height: 1024, data: pixels, channels: 3 }));
  let calls = 0;
  // when each picture was asked for and answered, in ms since the book was asked for
  const asked = [];
  const answered = [];
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/files/page.png") {
      res.writeHead(200, { "content-type": "image/png" });
      return res.end(png);
    }
    req.resume();
    req.on("end", () => {
      calls++;
      asked.push(performance.now() - started);
      setTimeout(() => {
        answered.push(performance.now() - started);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ output: [`http://127.0.0.1:${server.address().port}/files/page.png`] }));
      }, delayMs);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${server.address().port}`, calls: () => calls, asked, answered })),
  );
}

rmSync(persistTo, { recursive: true, force: true });
prepare({ skipBuild: process.argv.includes("--no-build"), persistTo });

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
// --only offline | --only provider: one of the two books
const only = arg("only", "both");
let offline;
let probe = [];
if (only !== "provider") {
  const server = await startFrontDoor({ port, persistTo, log: SERVER_LOG, vars: { IMAGE_CONCURRENCY: String(concurrency) } });
  try {
    const prober = startProbe(server.url);
    const cpu0 = groupCpuSeconds(server.pid);
    try {
      offline = await makeBook(server.url);
    } finally {
      probe = (await prober.stop()).sort((a, b) => a - b);
    }
    const cpu1 = groupCpuSeconds(server.pid);
    if (cpu0 !== null && cpu1 !== null) offline.cpuS = cpu1 - cpu0;
  } finally {
    server.stop();
  }
  // the first server lets go of its port (the front door stops its runtime, then itself)
  if (only !== "offline") await new Promise((r) => setTimeout(r, 6000));
}

let slow;
let calls = 0;
let timeline;
if (only !== "offline") {
  const provider = await startSlowProvider();
  const server = await startFrontDoor({
    port,
    persistTo,
    log: SERVER_LOG,
    vars: { IMAGE_API_URL: `${provider.url}/generate`, IMAGE_API_KEY: "bench", IMAGE_API_NAME: "Bench", IMAGE_CONCURRENCY: String(concurrency) },
  });
  try {
    const cpu0 = groupCpuSeconds(server.pid);
    slow = await makeBook(server.url);
    const cpu1 = groupCpuSeconds(server.pid);
    if (cpu0 !== null && cpu1 !== null) slow.cpuS = cpu1 - cpu0;
  } finally {
    server.stop();
    provider.server.close();
    calls = provider.calls();
    timeline = { asked: provider.asked, answered: provider.answered };
  }
}
console.log(`\nbench: one 24-page book through the local front door (scripts/dev-worker.mjs: front proxy + workerd), image concurrency ${concurrency}`);
if (offline)
  console.log(`offline writer + illustrator: finished in ${s(offline.totalMs)} (target <= ${TARGET.offlineS} s; text ready at ${s(offline.textMs)})`);
if (offline?.cpuS !== undefined)
  console.log(`  CPU used by the local server meanwhile: ${offline.cpuS.toFixed(1)} s (front proxy + workerd; less sensitive to a busy machine than the time)`);
if (probe.length)
  console.log(
    `GET /api/health every 50 ms while the offline book is drawn (${probe.length} requests): p50 ${pct(probe, 50).toFixed(0)} ms, p99 ${pct(probe, 99).toFixed(0)} ms, max ${probe[probe.length - 1].toFixed(0)} ms`,
  );
if (slow) {
  const rounds = Math.ceil(PAGES / concurrency);
  const critical = slow.textMs + rounds * delayMs;
  const ratio = slow.totalMs / critical;
  console.log(
    `provider answering each picture after ${delayMs} ms (${calls} calls): finished in ${s(slow.totalMs)}` +
      (slow.cpuS !== undefined ? ` (CPU used by the local server meanwhile: ${slow.cpuS.toFixed(1)} s)` : ""),
  );
  console.log(
    `critical path = text ${s(slow.textMs)} + ${rounds} rounds × ${delayMs} ms = ${s(critical)}; ratio ${ratio.toFixed(2)} (target <= ${TARGET.ratio})`,
  );
  // where the time beyond the critical path went: when each round's pictures were asked for (the
  // provider idle meanwhile is time lost) and how long the book took after the last picture came
  const round = (list, k) => list.slice(k * concurrency, (k + 1) * concurrency);
  const starts = Array.from({ length: rounds }, (_, k) => round(timeline.asked, k));
  console.log(
    `  first picture asked for at ${s(timeline.asked[0])}; each round asked for at ` +
      starts.map((r) => `${(r[0] / 1000).toFixed(2)}–${(r[r.length - 1] / 1000).toFixed(2)}`).join(", ") +
      ` s; last picture answered at ${s(Math.max(...timeline.answered))}; book seen complete ${((slow.totalMs - Math.max(...timeline.answered)) / 1000).toFixed(2)} s later`,
  );
}
