// Benchmark: the library with 500 books for one owner. Inserts the books (with a drawn cover row
// each) into a fresh local wrangler state, then measures the server-rendered page GET /library and
// GET /api/library (what "Show more" and the browser cache fetch) under load, and prints p50/p99
// latency and payload sizes next to the targets (p50 <= 50 ms, p99 <= 120 ms). Each target gets a
// few seconds of the same load first (discarded), after the whole Worker has had --warm-worker
// seconds of load on /library (discarded too): V8 compiles a 10 MB bundle's hot code over the first
// few thousand requests, and an isolate serves far more than that, so the figures are its steady
// state, not its first minute. The
// server is the one `npm start` runs (scripts/dev-worker.mjs: the front proxy in front of workerd).
// Two floors are measured the same way: an unknown API address (the front door, the Worker's entry
// and middleware, a 404 without any binding call), and /api/health (one read each from D1, KV, R2
// and a Durable Object), so a figure can be told apart from what this machine's load puts under it.
// Usage: npm run bench:library [-- --seconds 10 --warmup 3 --warm-worker 15 --connections 10 --port 8811 --books 500 --no-build]
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { prepare, run } from "../scripts/lib.mjs";
import { startFrontDoor } from "./front-door.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const seconds = Number(arg("seconds", "10"));
const warmup = Number(arg("warmup", "3"));
const warmWorker = Number(arg("warm-worker", "15"));
const TARGET = { p50: 50, p99: 120 };
const connections = Number(arg("connections", "10"));
const port = Number(arg("port", "8811"));
const count = Number(arg("books", "500"));
const persistTo = ".wrangler/bench-library-state";

rmSync(persistTo, { recursive: true, force: true });
prepare({ skipBuild: process.argv.includes("--no-build"), persistTo });

// One owner's books, varied enough for the sorts and the search to do real work; and one other
// visitor's books, so the owner filter has something to leave out.
const owner = randomBytes(16).toString("hex");
const stranger = randomBytes(16).toString("hex");
const NAMES = ["Mia", "Leo", "Ava", "Noah", "Isla", "Theo", "Freya", "Oscar", "Lily", "Hugo", "Ella", "Finn", "Maya", "Ruby", "Sam", "Nina"];
const THEMES = ["Space", "Ocean", "Animals", "Fantasy", "Adventure"];
const q = (s) => (s === null ? "NULL" : `'${String(s).replace(/'/g, "''")}'`);
let sql = "";
function book(visitorId, i) {
  const id = `bench${visitorId.slice(0, 6)}${i}`;
  const name = NAMES[i % NAMES.length];
  const theme = THEMES[i % THEMES.length];
  const created = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
  const updated = new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % count) * 3_600_000 + 60_000).toISOString();
  const description =
    `${name} and a ${theme.toLowerCase()} friend set off on adventure number ${i}, looking for the lost lantern that lights the way home at bedtime. `.repeat(
      3,
    );
  sql += `INSERT INTO storybooks (book_id, visitor_id, child_name, age, theme, story_description, title, status, tokens_words, created_at, last_updated) VALUES (${q(id)}, ${q(visitorId)}, ${q(name)}, ${3 + (i % 9)}, ${q(theme)}, ${q(description)}, ${q(`${name}'s ${theme} Adventure ${i}`)}, 'complete', ${600 + (i % 400)}, ${q(created)}, ${q(updated)});\n`;
  sql += `INSERT INTO storybook_pages (book_id, page_number, page_type, image_key, image_url, is_generated) VALUES (${q(id)}, 1, 'Front Cover', ${q(`${id}/1/page-1.png`)}, ${q(`/api/images/${id}/1/page-1.png`)}, 1);\n`;
}
for (let i = 0; i < count; i++) book(owner, i);
for (let i = 0; i < 50; i++) book(stranger, i);
mkdirSync(".wrangler", { recursive: true });
const file = `${persistTo}-books.sql`;
writeFileSync(file, sql);
run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], { stdio: "ignore" });
rmSync(file, { force: true });

const server = await startFrontDoor({ port, persistTo, log: ".wrangler/bench-library-server.log" });
const headers = { Cookie: `sn_vid=${owner}; story-app-cookie-consent=denied` };

async function measure(path, status = 200) {
  const url = server.url + path;
  // Warm up (the first requests compile the Worker), check the answer, then measure.
  let body = "";
  for (let i = 0; i < 10; i++) {
    const res = await fetch(url, { headers });
    if (res.status !== status) throw new Error(`${path}: ${res.status}`);
    body = await res.text();
  }
  if (warmup > 0) await autocannon({ url, headers, connections, duration: warmup });
  const r = await autocannon({ url, headers, connections, duration: seconds });
  const unexpected = Object.entries(r.statusCodeStats ?? {}).reduce((n, [code, { count }]) => (Number(code) === status ? n : n + count), 0);
  if (unexpected > 0 || r.errors > 0) throw new Error(`${path}: ${unexpected} answers other than ${status}, ${r.errors} errors`);
  return { path, body, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bytes: Buffer.byteLength(body), gzip: gzipSync(body).length };
}

try {
  const api = await (await fetch(`${server.url}/api/library?limit=100`, { headers })).json();
  if (api.books.length !== 100 || !api.hasMore) throw new Error("the owner's books did not load");
  if (warmWorker > 0) await autocannon({ url: `${server.url}/library`, headers, connections, duration: warmWorker });
  const results = [];
  for (const path of ["/library", "/library?sort=name", "/library?q=lantern", "/api/library", "/api/library?sort=oldest&offset=400", "/api/library?q=ocean"]) {
    results.push(await measure(path));
  }
  const floor = await measure("/api/no-such-address", 404);
  const health = await measure("/api/health");
  const fmt = (n) => n.toFixed(1).padStart(8);
  const mark = (v, max) => (v <= max ? "ok" : "over");
  console.log(
    `\nbench: library of ${count} books for one owner (+50 of another), ${seconds}s per target after ${warmup}s of warm-up (and ${warmWorker}s for the whole Worker first), ${connections} connections, through the front door npm start uses (scripts/dev-worker.mjs: front proxy + workerd) on 127.0.0.1`,
  );
  console.log(
    `target                                  req/s    p50 ms    p99 ms   KiB  KiB gzip   (targets: p50 <= ${TARGET.p50} ms, p99 <= ${TARGET.p99} ms)`,
  );
  for (const r of results) {
    console.log(
      `${r.path.padEnd(36)} ${fmt(r.rps)}  ${fmt(r.p50)}  ${fmt(r.p99)} ${(r.bytes / 1024).toFixed(1).padStart(5)} ${(r.gzip / 1024).toFixed(1).padStart(9)}   p50 ${mark(r.p50, TARGET.p50)}, p99 ${mark(r.p99, TARGET.p99)}`,
    );
  }
  console.log(
    `${"floor: /api/no-such-address (404)".padEnd(36)} ${fmt(floor.rps)}  ${fmt(floor.p50)}  ${fmt(floor.p99)}   (front door, Worker entry and middleware, no binding call)`,
  );
  console.log(
    `${"floor: /api/health".padEnd(36)} ${fmt(health.rps)}  ${fmt(health.p50)}  ${fmt(health.p99)}   (one read each from D1, KV, R2 and a Durable Object)`,
  );
  const cards = (results[0].body.match(/data-testid="library-book"/g) ?? []).length;
  const thumbs = (results[0].body.match(/srcSet="[^"]*\?w=320 320w/g) ?? []).length;
  console.log(`/library renders ${cards} books first (${thumbs} with card thumbnails in srcset); the rest come with "Show more" / scrolling`);
} finally {
  server.stop();
}
