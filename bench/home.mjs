// Benchmark: the server-rendered home page (Remix SSR + D1 + KV) against a static asset of the same
// size served by the same local server (the one `npm start` runs: bench/front-door.mjs), in one
// run; then the gzip size of the JavaScript home loads.
// Every request comes from a new anonymous visitor (no cookies), as a first visit does: home comes
// from the edge cache of public pages (workers/shared-pages.ts) with a visitor cookie of its own.
// Usage: npm run bench [-- --seconds 10 --connections 10]   (builds first unless --no-build)
import { rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { prepare } from "../scripts/lib.mjs";
import { startFrontDoor } from "./front-door.mjs";
import { loadedJavaScript } from "../scripts/loaded-js.mjs";
import { MEASURED_PAGES, pageJavaScript, readManifest } from "../scripts/page-js.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const seconds = Number(arg("seconds", "10"));
const connections = Number(arg("connections", "10"));
const port = Number(arg("port", "8810"));
const persistTo = ".wrangler/bench-state";

rmSync(persistTo, { recursive: true, force: true });
prepare({ skipBuild: process.argv.includes("--no-build"), persistTo });

// A static file as large as the home page's HTML, so the comparison is about rendering, not bytes.
let server = await startFrontDoor({ port, persistTo, log: ".wrangler/bench-home-server.log" });
const homeHtml = await (await fetch(`${server.url}/`)).text();
server.stop();
await new Promise((r) => setTimeout(r, 1000));
// Under /assets/ (built by Vite, so it exists): served as a static file before the Worker runs (wrangler.toml's run_worker_first).
const filler = "<!-- static bench filler -->\n";
writeFileSync("build/client/assets/bench-static.html", homeHtml.length > filler.length ? homeHtml : homeHtml + filler);
server = await startFrontDoor({ port, persistTo, log: ".wrangler/bench-home-server.log" });

const cacheStates = {};
async function measure(path) {
  // Warm up (first requests compile and fill the KV theme cache and the edge cache), then measure.
  for (let i = 0; i < 20; i++) {
    const res = await fetch(server.url + path);
    await res.arrayBuffer();
    cacheStates[path] = res.headers.get("x-page-cache") ?? "not cached";
  }
  const r = await autocannon({ url: server.url + path, connections, duration: seconds });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { path, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total };
}

try {
  const home = await measure("/");
  const asset = await measure("/assets/bench-static"); // assets drop ".html" (pretty URLs)

  // The JavaScript home loads: module scripts and modulepreload links in its HTML.
  const srcs = new Set();
  for (const m of homeHtml.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)) srcs.add(m[1]);
  for (const m of homeHtml.matchAll(/import\(?\s*"([^"]+\.js)"/g)) srcs.add(m[1]);
  let raw = 0;
  let gz = 0;
  for (const src of srcs) {
    const buf = Buffer.from(await (await fetch(new URL(src, server.url))).arrayBuffer());
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  const fmt = (n) => n.toFixed(1).padStart(8);
  console.log(
    `\nbench: ${seconds}s per target, ${connections} connections, the local server npm start runs (front proxy + workerd) on 127.0.0.1, HTML ${(homeHtml.length / 1024).toFixed(1)} KiB (${(gzipSync(homeHtml).length / 1024).toFixed(1)} KiB gzip)`,
  );
  console.log(`target                 req/s      p50 ms    p99 ms`);
  for (const r of [home, asset]) console.log(`${r.path.padEnd(20)} ${fmt(r.rps)}  ${fmt(r.p50)}  ${fmt(r.p99)}`);
  console.log(`home's edge cache after warm-up: ${cacheStates["/"]}`);
  console.log(
    `home / static: throughput ${(home.rps / asset.rps).toFixed(2)}x (target >= 0.5), p50 ${(home.p50 / Math.max(asset.p50, 0.1)).toFixed(2)}x, p99 ${(home.p99 / Math.max(asset.p99, 0.1)).toFixed(2)}x`,
  );
  console.log(
    `home JavaScript up front (its HTML's scripts and modulepreloads): ${srcs.size} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip (target <= 95 KiB)`,
  );
  // What a phone's browser loads in all without any interaction, code fetched on idle included
  // (scripts/loaded-js.mjs: Chromium at 390 px, until the network is idle).
  const loaded = await loadedJavaScript(`${server.url}/`, { width: 390 });
  console.log(
    `home JavaScript loaded without interaction (390 px, after idle): ${loaded.scripts.length} files, ${(loaded.gzip / 1024).toFixed(1)} KiB gzip (target <= 95 KiB)${loaded.problems.length ? `; console: ${loaded.problems.join(" | ")}` : ""}`,
  );
  // Every measured page's JavaScript from the build's manifest (what its HTML preloads); the test
  // run budgets the same figures (tests/unit/page-javascript-budget.test.ts).
  const manifest = readManifest();
  console.log(`page                       files   KiB gzip   KiB raw`);
  for (const [page, routeId] of MEASURED_PAGES) {
    const js = pageJavaScript(routeId, { manifest });
    console.log(`${page.padEnd(26)} ${String(js.files).padStart(5)}  ${(js.gzip / 1024).toFixed(1).padStart(8)}  ${(js.raw / 1024).toFixed(1).padStart(8)}`);
  }
} finally {
  server.stop();
  rmSync("build/client/assets/bench-static.html", { force: true });
}
