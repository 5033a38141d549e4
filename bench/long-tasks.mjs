// Diagnosis for Lighthouse's Total Blocking Time: loads pages in Debian's Chromium with the JavaScript
// sampler on and prints every main-thread task of 12.5 ms or more after the first paint, with what
// ran in it (the browser's own work by kind, and the page's functions by their source names). Under
// its default mobile settings Lighthouse multiplies each task it observes by four and counts what
// passes 50 ms, so these are the tasks that make the TBT; the bench prints the TBT they make at four
// times, per run. Builds with hidden source maps (the same JavaScript as a normal build, plus maps).
// Usage: npm run bench:long-tasks [-- --runs 3 --port 8814 --pages /,/cookies --no-build]
//        npm run bench:long-tasks -- --url http://127.0.0.1:8787 --cookie "sn_vid=…" --pages /library
import { existsSync, readFileSync, rmSync } from "node:fs";
import { SourceMap } from "node:module";
import { execFileSync } from "node:child_process";
import puppeteer from "puppeteer-core";
import { prepare } from "../scripts/lib.mjs";
import { startFrontDoor } from "./front-door.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg("runs", "3"));
const pages = arg("pages", "/,/createstory,/pricing,/cookies").split(",");
// A first visit by default, as Lighthouse's runs of the anonymous pages are (no cookie: the cookie
// banner is in the server's page). Cookies given are set in the browser, so its scripts see them too.
const cookie = arg("cookie", "");
const SLOWDOWN = 4; // Lighthouse's default mobile CPU multiplier
const BLOCKING = 50; // ms of a task that do not block

let server;
let base = arg("url", "");
if (!base) {
  const persistTo = ".wrangler/bench-long-tasks-state";
  rmSync(persistTo, { recursive: true, force: true });
  if (!process.argv.includes("--no-build")) execFileSync("npx", ["remix", "vite:build"], { stdio: "inherit", env: { ...process.env, SOURCEMAP: "hidden" } });
  prepare({ skipBuild: true, persistTo });
  server = await startFrontDoor({ port: Number(arg("port", "8814")), persistTo, log: ".wrangler/bench-long-tasks-server.log" });
  base = server.url;
}

/** Source maps of the build's chunks, read once each; null for a chunk without one. */
const maps = new Map();
function sourceName(callFrame) {
  const file = /\/assets\/([\w.-]+\.js)$/.exec(callFrame.url ?? "")?.[1];
  const short = (callFrame.url ?? "").split("/").pop() || "(native)";
  if (!file) return `${callFrame.functionName || "(anonymous)"} ${short}`;
  if (!maps.has(file)) {
    const path = `build/client/assets/${file}.map`;
    maps.set(file, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, "utf8"))) : null);
  }
  const entry = maps.get(file)?.findEntry(callFrame.lineNumber, callFrame.columnNumber);
  if (!entry?.originalSource) return `${callFrame.functionName || "(anonymous)"} ${file}`;
  const source = entry.originalSource.replace(/.*node_modules\//, "").replace(/.*\/app\//, "app/");
  return `${entry.name ?? callFrame.functionName ?? "(anonymous)"} ${source}:${entry.originalLine + 1}`;
}

/** The browser's own work inside a task, by kind (Lighthouse's groups, roughly). */
const KINDS = [
  "ParseHTML",
  "ParseAuthorStyleSheet",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "v8.compile",
  "v8.compileModule",
  "v8.evaluateModule",
  "EvaluateScript",
  "FunctionCall",
  "TimerFire",
  "FireAnimationFrame",
  "RunMicrotasks",
  "MinorGC",
  "MajorGC",
];

async function trace(path) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
    headless: true,
  });
  try {
    const page = await browser.newPage();
    // Lighthouse's mobile screen
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
    const host = new URL(base).hostname;
    const cookies = cookie
      .split(/;\s*/)
      .filter(Boolean)
      .map((c) => ({ name: c.split("=")[0], value: c.split("=").slice(1).join("="), domain: host, path: "/" }));
    if (cookies.length > 0) await browser.setCookie(...cookies);
    await page.goto("about:blank");
    const categories = ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-v8.cpu_profiler", "v8.execute", "loading"];
    await page.tracing.start({ categories });
    await page.goto(`${base}${path}`, { waitUntil: "load" });
    await new Promise((r) => setTimeout(r, 4000));
    return JSON.parse(Buffer.from(await page.tracing.stop()).toString("utf8")).traceEvents;
  } finally {
    await browser.close();
  }
}

function analyse(events) {
  const threads = new Map(events.filter((e) => e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const busy = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === "RunTask" && e.dur && threads.get(key) === "CrRendererMain") busy.set(key, (busy.get(key) ?? 0) + e.dur);
  }
  const [main] = [...busy].sort((a, b) => b[1] - a[1])[0];
  const [pid, tid] = main.split(":").map(Number);
  const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined);
  const start = events.find((e) => e.name === "navigationStart" && e.pid === pid)?.ts ?? mine[0].ts;
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid)?.ts;
  // the sampler's ticks, in the trace's clock
  const nodes = new Map();
  const ticks = [];
  let clock = 0;
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === "Profile") clock = e.args.data.startTime;
    if (e.name !== "ProfileChunk") continue;
    const { cpuProfile = {}, timeDeltas = [] } = e.args.data;
    for (const n of cpuProfile.nodes ?? []) nodes.set(n.id, n);
    (cpuProfile.samples ?? []).forEach((id, i) => ticks.push([(clock += timeDeltas[i] ?? 0), id]));
  }
  const tasks = [];
  for (const task of mine.filter((e) => e.name === "RunTask" && e.dur >= 12_500 && fcp !== undefined && e.ts + e.dur > fcp)) {
    const from = Math.max(task.ts, fcp);
    const blocking = Math.max(0, ((task.ts + task.dur - from) / 1000) * SLOWDOWN - BLOCKING);
    const kinds = new Map();
    for (const e of mine)
      if (e !== task && KINDS.includes(e.name) && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur) kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur);
    const functions = new Map();
    for (const [t, id] of ticks) {
      const n = nodes.get(id);
      if (t < task.ts || t > task.ts + task.dur || !n || /^\((idle|program|root)\)$/.test(n.callFrame.functionName)) continue;
      const name = sourceName(n.callFrame);
      functions.set(name, (functions.get(name) ?? 0) + 1);
    }
    const top = (m, f) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(f)
        .join(", ");
    tasks.push({
      at: (task.ts - start) / 1000,
      ms: task.dur / 1000,
      blocking,
      kinds: top(kinds, ([k, us]) => `${k} ${(us / 1000).toFixed(1)} ms`),
      functions: top(functions, ([k, n]) => `${k} ×${n}`),
    });
  }
  return { fcp: fcp === undefined ? NaN : (fcp - start) / 1000, tasks, tbt: tasks.reduce((s, t) => s + t.blocking, 0) };
}

console.log(`Main-thread tasks of 12.5 ms or more after the first paint, and the TBT they make at ${SLOWDOWN}× (Lighthouse's mobile multiplier)`);
const summary = [];
try {
  for (const path of pages) {
    const tbts = [];
    for (let i = 0; i < runs; i++) {
      const { fcp, tasks, tbt } = analyse(await trace(path));
      tbts.push(tbt);
      console.log(`\n${path} run ${i + 1}: first paint at ${fcp.toFixed(0)} ms, ${tasks.length} task(s), TBT at ${SLOWDOWN}×: ${tbt.toFixed(0)} ms`);
      for (const t of tasks) {
        console.log(`  @${t.at.toFixed(0)} ms  ${t.ms.toFixed(1)} ms → +${t.blocking.toFixed(0)} ms   ${t.kinds}`);
        if (t.functions) console.log(`      ${t.functions}`);
      }
    }
    summary.push([path, tbts]);
  }
} finally {
  server?.stop();
}
console.log(`\npage             TBT at ${SLOWDOWN}× (median; every run)`);
for (const [path, tbts] of summary) {
  const sorted = [...tbts].sort((a, b) => a - b);
  console.log(`${path.padEnd(16)} ${sorted[Math.floor(sorted.length / 2)].toFixed(0).padStart(5)} ms   (${tbts.map((t) => t.toFixed(0)).join(", ")})`);
}
