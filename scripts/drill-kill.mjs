// Drill: kill the local runtime while a book is being drawn, start it again, and see the book finish.
// `npm run drill:kill [-- --rounds 10 --port 8811 --build]`
// On its own port with fresh local state (.wrangler/drill-kill-state), the way `npm start` serves the
// Worker (scripts/dev-worker.mjs). A visitor with credits (POST /api/test/credits, as the end-to-end
// tests get them) makes one book a round; while its pages are being drawn the runtime's whole
// process group is killed (SIGKILL) and started again. Measured: the time from the kill to the
// runtime answering again, and from that answer to the book's next drawn page ("moving again").
// Passes when every book finished with 24 pages, no page twice, one charge each in the credit
// ledger, and every book moved again within 5 s of the restarted runtime's first answer.
import { spawn, spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { DRILL_FORM, prepare, QUIET_WRANGLER } from "./lib.mjs";

const { values: opts } = parseArgs({
  options: {
    rounds: { type: "string", default: "10" },
    port: { type: "string", default: process.env.E2E_PORT ?? "8811" },
    build: { type: "boolean", default: false },
  },
});
const ROUNDS = Number(opts.rounds);
const PORT = opts.port;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PERSIST = ".wrangler/drill-kill-state";
const PAGES = 24;
const MOVE_WITHIN_MS = 5_000;
const BOOK_TIMEOUT_MS = 180_000;
const ADDRESS = `10.99.${randomInt(0, 256)}.${randomInt(1, 255)}`;

rmSync(PERSIST, { recursive: true, force: true });
mkdirSync(".wrangler", { recursive: true });
prepare({ skipBuild: !opts.build && existsSync("build/server/index.js"), persistTo: PERSIST });
const log = createWriteStream(".wrangler/drill-kill.log");

/** Starts the local runtime (its own process group); resolves once /api/health answers. */
async function startRuntime() {
  const spawnedAt = performance.now();
  const child = spawn("node", ["scripts/dev-worker.mjs", "--port", PORT, "--persist-to", PERSIST, "--var", "ENVIRONMENT:development", "--log-level", "warn"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...QUIET_WRANGLER },
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the local runtime exited with ${child.exitCode} (see .wrangler/drill-kill.log)`);
    try {
      const r = await fetch(`${ORIGIN}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await r.arrayBuffer();
      if (r.status === 200 || r.status === 503) return { child, upAt: performance.now(), startMs: performance.now() - spawnedAt };
    } catch {
      /* not up yet */
    }
    await sleep(50);
  }
  throw new Error("the local runtime did not answer within 2 minutes");
}

/** SIGKILL to the runtime's whole process group (node, wrangler, workerd), as a crash would. */
async function killRuntime(child) {
  const gone = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid, "SIGKILL");
  await Promise.race([gone, sleep(10_000)]);
  // the port is free once nothing answers on it
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${ORIGIN}/api/health`, { signal: AbortSignal.timeout(500) });
    } catch {
      return;
    }
    await sleep(100);
  }
}

async function stopRuntime(child) {
  const gone = new Promise((r) => child.once("exit", r));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  await Promise.race([gone, sleep(10_000)]);
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    /* gone */
  }
}

let cookie = "";
async function call(path, init = {}) {
  const headers = { "CF-Connecting-IP": ADDRESS, ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) };
  const res = await fetch(`${ORIGIN}${path}`, { ...init, headers, signal: AbortSignal.timeout(30_000) });
  const set = res.headers.get("set-cookie");
  if (set && set.startsWith("sn_vid=")) cookie = set.split(";")[0];
  return res;
}
const json = (body, headers = {}) => ({ method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });

async function book(bookId) {
  const res = await call(`/api/books/${bookId}`);
  if (res.status !== 200) throw new Error(`GET /api/books/${bookId} answered ${res.status}`);
  return res.json();
}

function d1(sql) {
  const r = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--json", "--command", sql], {
    encoding: "utf8",
    env: { ...process.env, ...QUIET_WRANGLER },
  });
  if (r.status !== 0) throw new Error(`wrangler d1 execute failed: ${r.stderr}`);
  return JSON.parse(r.stdout)[0].results;
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const rounds = [];
let runtime = await startRuntime();
try {
  await (await call("/api/health")).arrayBuffer();
  const grant = await call("/api/test/credits", json({ credits: ROUNDS }));
  if (grant.status !== 201) throw new Error(`POST /api/test/credits answered ${grant.status}: ${await grant.text()}`);

  for (let round = 1; round <= ROUNDS; round++) {
    const made = await call("/api/books", json(DRILL_FORM, { "Idempotency-Key": `drill-kill-${round}-${Date.now()}` }));
    if (made.status !== 201) throw new Error(`POST /api/books answered ${made.status}: ${await made.text()}`);
    const { bookId } = await made.json();
    const madeAt = performance.now();
    // kill while the pictures are being drawn: after 2 to 18 of the 24
    const killAfter = randomInt(2, 19);
    let seen = await book(bookId);
    while (seen.stats.totalImagesGenerated < killAfter) {
      if (seen.status === "complete" || seen.status === "failed") throw new Error(`the book was ${seen.status} before it could be interrupted`);
      if (performance.now() - madeAt > BOOK_TIMEOUT_MS) throw new Error("the book did not reach the pages to interrupt it at");
      await sleep(100);
      seen = await book(bookId);
    }
    const killedAt = performance.now();
    const killedWall = Date.now();
    await killRuntime(runtime.child);
    runtime = await startRuntime();
    const restartMs = runtime.upAt - killedAt;
    // the first look after the restart: how far it got before the kill
    const before = await book(bookId);
    let after = before;
    // a new runner: the resume's claim marks the book (lastUpdated after the kill)
    const resumed = (b) => Date.parse(b.lastUpdated) > killedWall;
    let resumedMs = resumed(after) ? performance.now() - runtime.upAt : null;
    while (after.status !== "complete" && after.stats.totalImagesGenerated <= before.stats.totalImagesGenerated) {
      if (resumedMs === null && resumed(after)) resumedMs = performance.now() - runtime.upAt;
      if (after.status === "failed") throw new Error(`the book failed after the restart: ${after.error}`);
      if (performance.now() - runtime.upAt > 60_000) break;
      // about as often as a reader's live stream looks (700 ms), so the drill does not load the runtime itself
      await sleep(250);
      after = await book(bookId);
    }
    const movedMs = performance.now() - runtime.upAt;
    while (after.status !== "complete") {
      if (after.status === "failed") throw new Error(`the book failed after the restart: ${after.error}`);
      if (performance.now() - madeAt > BOOK_TIMEOUT_MS) throw new Error("the book did not finish in time");
      await sleep(200);
      after = await book(bookId);
    }
    // every picture the reader shows is there
    let pictures = 0;
    for (const p of after.pages) {
      if (!p.url) continue;
      const r = await call(p.url);
      const bytes = new Uint8Array(await r.arrayBuffer());
      if (r.status === 200 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) pictures += 1;
    }
    const r = { round, bookId, killedAtPage: before.stats.totalImagesGenerated, restartMs, resumedMs, movedMs, totalMs: performance.now() - madeAt, pictures };
    rounds.push(r);
    console.log(
      `round ${round}: killed at ${r.killedAtPage}/${PAGES} pages drawn; runtime answered ${s(restartMs)} after the kill (start ${s(runtime.startMs)}); ` +
        `new runner ${r.resumedMs === null ? "?" : s(r.resumedMs)} and moving again (next page drawn) ${s(movedMs)} after that; finished ${s(r.totalMs)} after it was made; ${pictures} pictures served`,
    );
  }
} finally {
  await stopRuntime(runtime.child);
  log.end();
}

const ids = rounds.map((r) => `'${r.bookId}'`).join(",");
const books = d1(
  `SELECT b.book_id AS id, b.status, b.is_amount_deducted AS charged,
     (SELECT count(*) FROM storybook_pages p WHERE p.book_id = b.book_id) AS pages,
     (SELECT count(DISTINCT page_number) FROM storybook_pages p WHERE p.book_id = b.book_id) AS distinctPages,
     (SELECT count(DISTINCT image_key) FROM storybook_pages p WHERE p.book_id = b.book_id AND p.is_generated = 1) AS drawn,
     (SELECT count(*) FROM credit_ledger l WHERE l.book_id = b.book_id AND l.reason = 'book_deduction') AS charges,
     (SELECT coalesce(sum(delta), 0) FROM credit_ledger l WHERE l.book_id = b.book_id) AS net
   FROM storybooks b WHERE b.book_id IN (${ids})`,
);
const finished = books.filter((b) => b.status === "complete").length;
const full = books.filter((b) => b.pages === PAGES && b.drawn === PAGES).length;
const duplicates = books.reduce((n, b) => n + (b.pages - b.distinctPages), 0);
const chargedOnce = books.filter((b) => b.charges === 1 && b.net === -1 && b.charged === 1).length;
const fast = rounds.filter((r) => r.movedMs <= MOVE_WITHIN_MS).length;
const served = rounds.filter((r) => r.pictures === PAGES).length;
const moved = rounds.map((r) => r.movedMs).sort((a, b) => a - b);
const restarts = rounds.map((r) => r.restartMs).sort((a, b) => a - b);
const median = (xs) => xs[Math.floor(xs.length / 2)] ?? 0;

console.log(`\ndrill:kill — ${ROUNDS} books, the local runtime killed (SIGKILL) mid-book and started again each time`);
console.log(`books finished: ${finished}/${ROUNDS}; with ${PAGES} drawn pages: ${full}/${ROUNDS}; all ${PAGES} pictures served: ${served}/${ROUNDS}`);
console.log(`duplicate pages: ${duplicates}; charged exactly once (one ledger row, net −1): ${chargedOnce}/${ROUNDS}`);
console.log(`kill → runtime answering again: median ${s(median(restarts))}, max ${s(restarts.at(-1) ?? 0)}`);
console.log(
  `runtime answering → book moving again: median ${s(median(moved))}, max ${s(moved.at(-1) ?? 0)}; within ${MOVE_WITHIN_MS / 1000} s: ${fast}/${ROUNDS}`,
);
const ok =
  rounds.length === ROUNDS && finished === ROUNDS && full === ROUNDS && duplicates === 0 && chargedOnce === ROUNDS && fast === ROUNDS && served === ROUNDS;
console.log(ok ? "drill:kill passed" : "drill:kill FAILED");
process.exit(ok ? 0 : 1);
