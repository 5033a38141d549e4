// Benchmark: what local prices cost a page. Starts the built Worker on the local server that
// `npm start` runs (bench/front-door.mjs: front proxy + workerd) with EXCHANGE_RATES_URL pointing at a small local
// rate service (the kept snapshot's rates, answered after ~30 ms, standing in for a real one across
// the internet), then times GET /pricing (a visitor from the United Kingdom, prices in pounds):
//   cached  the page comes from the edge cache of public pages (workers/shared-pages.ts): what most
//           visitors get
//   warm    the page is drawn (a new query string each time, so the cache has no copy: the first
//           visitor after a copy expired), with the rates already kept in KV (one read of the
//           service an hour)
//   cold    drawn, and the kept rates are forgotten first (POST /api/test/rates/forget), so the
//           page reads the service, converts and keeps the table again
// and prints p50/p95 of each, with how often the rate service was called.
// Usage: npm run bench:pricing [-- --requests 200 --cold 50 --port 8811 --delay 30 --no-build]
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { prepare } from "../scripts/lib.mjs";
import { startFrontDoor } from "./front-door.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const port = Number(arg("port", "8811"));
const warmCount = Number(arg("requests", "200"));
const coldCount = Number(arg("cold", "50"));
const delayMs = Number(arg("delay", "30"));
const persistTo = ".wrangler/bench-pricing-state";

// The snapshot's rates, read from the file the Worker itself falls back on.
const snapshot = readFileSync(new URL("../app/services/pricing/rates-snapshot.ts", import.meta.url), "utf8");
const block = snapshot.slice(snapshot.indexOf("rates: {"), snapshot.indexOf("} as Record"));
const rates = Object.fromEntries([...block.matchAll(/([A-Z]{3}): ([\d.]+)/g)].map((m) => [m[1], Number(m[2])]));
if (Object.keys(rates).length < 20) throw new Error("could not read the snapshot's rates");

// The local rate service, in ExchangeRate-API's open endpoint's shape.
let serviceCalls = 0;
const service = createServer((req, res) => {
  serviceCalls += 1;
  setTimeout(() => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ result: "success", base_code: "USD", time_last_update_unix: Math.floor(Date.now() / 1000), rates }));
  }, delayMs);
});
await new Promise((resolve) => service.listen(0, "127.0.0.1", resolve));
const serviceUrl = `http://127.0.0.1:${service.address().port}/v6/latest/USD`;

rmSync(persistTo, { recursive: true, force: true });
prepare({ skipBuild: process.argv.includes("--no-build"), persistTo });
const server = await startFrontDoor({ port, persistTo, log: ".wrangler/bench-pricing-server.log", vars: { EXCHANGE_RATES_URL: serviceUrl } });
const headers = { "X-Dev-Country": "GB", Cookie: "story-app-cookie-consent=denied" };

let drawn = 0;
/** One page: from the edge cache, or drawn (a query string the cache has never seen). */
async function page({ draw }) {
  const t = performance.now();
  const res = await fetch(`${server.url}/pricing${draw ? `?bench=${++drawn}` : ""}`, { headers });
  const body = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`/pricing answered ${res.status}`);
  if (!body.includes("Prices in Pounds sterling (GBP)")) throw new Error("/pricing did not show pounds");
  const cache = res.headers.get("x-page-cache");
  if (cache !== (draw ? "miss" : "hit")) throw new Error(`/pricing${draw ? " (drawn)" : ""}: the edge cache said ${cache}`);
  return { ms };
}

async function forget() {
  const res = await fetch(`${server.url}/api/test/rates/forget`, { method: "POST" });
  if (res.status !== 200) throw new Error(`/api/test/rates/forget answered ${res.status}`);
  await res.arrayBuffer();
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

try {
  // Warm up: the first requests compile the Worker, keep the rates and fill the edge cache.
  for (let i = 0; i < 20; i++) await page({ draw: true });
  await fetch(`${server.url}/pricing`, { headers }).then((r) => r.arrayBuffer());
  if (serviceCalls === 0) throw new Error("the Worker never called the local rate service");
  const beforeCached = serviceCalls;
  const cached = [];
  for (let i = 0; i < warmCount; i++) cached.push((await page({ draw: false })).ms);
  const cachedCalls = serviceCalls - beforeCached;

  const before = serviceCalls;
  const warm = [];
  for (let i = 0; i < warmCount; i++) warm.push((await page({ draw: true })).ms);
  const warmCalls = serviceCalls - before;

  const cold = [];
  const beforeCold = serviceCalls;
  for (let i = 0; i < coldCount; i++) {
    await forget();
    cold.push((await page({ draw: true })).ms);
  }
  const coldCalls = serviceCalls - beforeCold;

  const row = (name, xs, calls) =>
    `${name.padEnd(34)} ${String(xs.length).padStart(5)} ${pct(xs, 50).toFixed(1).padStart(8)} ${pct(xs, 95).toFixed(1).padStart(8)} ${String(calls).padStart(14)}`;
  console.log(
    `\nbench: GET /pricing (United Kingdom, prices in GBP), one request at a time, the local server npm start runs (front proxy + workerd) on 127.0.0.1`,
  );
  console.log(`the local rate service answers after ${delayMs} ms\n`);
  console.log(`${"case".padEnd(34)} ${"n".padStart(5)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"service calls".padStart(14)}`);
  console.log(row("cached (from the edge cache)", cached, cachedCalls));
  console.log(row("warm (drawn, rates kept in KV)", warm, warmCalls));
  console.log(row("cold (drawn, rates forgotten)", cold, coldCalls));
  console.log(`\ncold − warm at p50: ${(pct(cold, 50) - pct(warm, 50)).toFixed(1)} ms (the rate service's answer and keeping the table in KV)`);
} finally {
  server.stop();
  service.close();
}
