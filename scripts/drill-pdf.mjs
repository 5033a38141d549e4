// Drill: PDFs never stop the server answering. `npm run drill:pdf [-- --port 8813 --books 10 --pdfs 100 --build]`
// On its own port with fresh local state, the way `npm start` serves the Worker (scripts/dev-worker.mjs):
//  1. a visitor makes `--books` books with the offline writer and illustrator (full-size pictures);
//  2. while two readers load pages (home, library, a reader, pricing) and a probe asks /api/health
//     every 100 ms, all the books' first PDFs are asked for at once. Passes when /api/health's p99
//     during that burst is under 1 s;
//  3. the books are renamed and their PDFs asked for again (each rename is a new PDF to make), until
//     `--pdfs` PDFs have been made. Passes when the runtime's memory (workerd's resident set) after
//     them all is at most 10 % above its memory after the first `--books`.
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { startFrontDoor } from "../bench/front-door.mjs";
import { DRILL_FORM, prepare } from "./lib.mjs";

const { values: opts } = parseArgs({
  options: {
    port: { type: "string", default: "8813" },
    books: { type: "string", default: "10" },
    pdfs: { type: "string", default: "100" },
    build: { type: "boolean", default: false },
  },
});
const BOOKS = Number(opts.books);
const PDFS = Number(opts.pdfs);
const PERSIST = ".wrangler/drill-pdf-state";
const TARGET = { healthP99Ms: 1_000, memoryGrowth: 0.1 };

rmSync(PERSIST, { recursive: true, force: true });
prepare({ skipBuild: !opts.build, persistTo: PERSIST });
const server = await startFrontDoor({ port: Number(opts.port), persistTo: PERSIST, log: ".wrangler/drill-pdf.log" });
const ORIGIN = server.url;

let cookie = "";
async function call(path, init = {}) {
  const headers = { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) };
  const res = await fetch(`${ORIGIN}${path}`, { ...init, headers, signal: AbortSignal.timeout(init.timeout ?? 120_000) });
  const set = res.headers.get("set-cookie");
  if (set && set.startsWith("sn_vid=")) cookie = set.split(";")[0];
  return res;
}
const post = (body) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** The resident memory of the local runtime (workerd) in MB. */
function runtimeMemoryMb() {
  let kb = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp !== server.pid || !comm.startsWith("workerd")) continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      /* the process is gone */
    }
  }
  return kb / 1024;
}

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** One PDF of a book: its size and how long it took. */
async function pdf(bookId) {
  const t = performance.now();
  const res = await call(`/api/books/${bookId}/pdf`, { timeout: 300_000 });
  const bytes = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET /api/books/${bookId}/pdf answered ${res.status}: ${Buffer.from(bytes).toString()}`);
  return { ms: performance.now() - t, size: bytes.byteLength, cache: res.headers.get("X-Pdf-Cache") };
}

let failed = false;
try {
  await (await call("/api/health")).arrayBuffer();
  const grant = await call("/api/test/credits", post({ credits: Math.min(20, BOOKS) }));
  if (grant.status !== 201) throw new Error(`POST /api/test/credits answered ${grant.status}: ${await grant.text()}`);

  // 1. the books, two at a time (a visitor may have two in the making)
  const books = [];
  const t0 = performance.now();
  for (let i = 0; i < BOOKS; i += 2) {
    const made = await Promise.all(
      Array.from({ length: Math.min(2, BOOKS - i) }, async (_, k) => {
        const res = await call("/api/books", post({ ...DRILL_FORM, childName: ["Mia", "Leo", "Ava", "Sam", "Zoe"][(i + k) % 5] }));
        if (res.status !== 201) throw new Error(`POST /api/books answered ${res.status}: ${await res.text()}`);
        const { bookId } = await res.json();
        for (;;) {
          const b = await (await call(`/api/books/${bookId}`)).json();
          if (b.status === "complete") return bookId;
          if (b.status === "failed") throw new Error(`book ${bookId} failed: ${b.error}`);
          await sleep(300);
        }
      }),
    );
    books.push(...made);
  }
  console.log(`drill:pdf: ${books.length} books made in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  // 2. every book's first PDF at once, while pages are being served
  let busy = true;
  const health = [];
  const pages = [];
  const probe = (async () => {
    while (busy) {
      const t = performance.now();
      await (await fetch(`${ORIGIN}/api/health`, { signal: AbortSignal.timeout(120_000) })).arrayBuffer();
      health.push(performance.now() - t);
      await sleep(100);
    }
  })();
  const reader = async (n) => {
    const paths = ["/", "/library", `/youraistory/${books[n % books.length]}`, "/pricing"];
    for (let i = 0; busy; i++) {
      const t = performance.now();
      const res = await call(paths[i % paths.length]);
      await res.arrayBuffer();
      pages.push(performance.now() - t);
    }
  };
  const readers = [reader(0), reader(1)];
  await sleep(1_000);
  const burst = performance.now();
  const first = await Promise.all(books.map((id) => pdf(id)));
  const burstMs = performance.now() - burst;
  busy = false;
  await Promise.all([probe, ...readers]);
  const memoryAfterFirst = runtimeMemoryMb();
  const healthP99 = pct(health, 99);
  console.log(
    `drill:pdf: ${first.length} PDFs at once (${(first.reduce((s, p) => s + p.size, 0) / first.length / 1e6).toFixed(1)} MB each) in ${(burstMs / 1000).toFixed(1)} s; ` +
      `/api/health p50 ${pct(health, 50).toFixed(0)} ms, p99 ${healthP99.toFixed(0)} ms, max ${Math.max(...health).toFixed(0)} ms (${health.length} probes; target p99 < ${TARGET.healthP99Ms} ms); ` +
      `pages p50 ${pct(pages, 50).toFixed(0)} ms, p99 ${pct(pages, 99).toFixed(0)} ms (${pages.length} loads)`,
  );
  if (!(healthP99 < TARGET.healthP99Ms)) failed = true;

  // 3. more PDFs: each rename makes the book's PDF anew
  let made = first.length;
  while (made < PDFS) {
    const round = books.slice(0, Math.min(books.length, PDFS - made));
    await Promise.all(
      round.map(async (id) => {
        const res = await call(`/modify-story/${id}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
          body: new URLSearchParams({ field: "title", text: `Mia and the Moon, take ${made + 1}` }),
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`renaming ${id} answered ${res.status}`);
        const got = await pdf(id);
        if (got.cache !== "miss") throw new Error(`the renamed book's PDF was not made anew (${got.cache})`);
      }),
    );
    made += round.length;
  }
  await sleep(2_000);
  const memoryAfterAll = runtimeMemoryMb();
  const growth = memoryAfterAll / memoryAfterFirst - 1;
  console.log(
    `drill:pdf: runtime memory after ${first.length} PDFs ${memoryAfterFirst.toFixed(0)} MB, after ${made} ${memoryAfterAll.toFixed(0)} MB ` +
      `(${(growth * 100).toFixed(1)} %; target ≤ ${TARGET.memoryGrowth * 100} %)`,
  );
  if (!(growth <= TARGET.memoryGrowth)) failed = true;
} finally {
  server.stop();
}
console.log(failed ? "drill:pdf: FAILED" : "drill:pdf: passed");
process.exit(failed ? 1 : 0);
