// Benchmark: the PDF of a 24-page offline book in workerd. Starts `wrangler dev` on a small bench
// Worker (bench/pdf-worker.ts) that makes a book as the engine does (offline writer, offline
// illustrator at 1024 px, watermark) into a local R2 bucket, then measures:
//   read     reading the 24 pictures from R2 (I/O only)
//   build    reading them and building the PDF, with the app's PNG path ("fast") and with pdf-lib's embedPng
//   remake   building it from pictures converted before (the app keeps conversions in R2)
//   cold     build + storing the PDF in R2 (a first download)
//   cached   the stored PDF from R2 (every later download)
// Times are wall-clock round trips to a local workerd minus the mean of an empty request. Building a
// PDF is synchronous CPU work apart from the R2 reads and the native (de)compression streams, so
// build − read is close to the CPU time a Worker spends (workerd's own timers are frozen during CPU work).
// Usage: node bench/pdf.mjs [--port 8814] [--runs 5]
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { QUIET_WRANGLER, killTree } from "../scripts/lib.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const port = Number(arg("port", "8814"));
const runs = Number(arg("runs", "5"));
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const configDir = path.join(root, ".wrangler", "bench-pdf");
mkdirSync(configDir, { recursive: true });
const config = path.join(configDir, "wrangler.json");
writeFileSync(
  config,
  JSON.stringify({
    name: "pdf-bench",
    main: path.join(root, "bench", "pdf-worker.ts"),
    compatibility_date: "2026-04-01",
    compatibility_flags: ["nodejs_compat"],
    rules: [{ type: "Data", globs: ["**/*.ttf"], fallthrough: true }],
    r2_buckets: [{ binding: "BENCH", bucket_name: "pdf-bench" }],
  }),
);

const child = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "-c",
    config,
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    path.join(configDir, "state"),
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
  ],
  { cwd: root, stdio: "inherit", env: { ...process.env, ...QUIET_WRANGLER }, detached: true },
);
const base = `http://127.0.0.1:${port}`;
process.on("exit", () => killTree(child));

async function up() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("wrangler dev did not start within 90 s");
}

async function timed(p) {
  const t = performance.now();
  const res = await fetch(base + p, { signal: AbortSignal.timeout(300_000) });
  const body = new Uint8Array(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${p}: ${res.status} ${Buffer.from(body).toString()}`);
  return { ms: performance.now() - t, body };
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { mean: s.reduce((a, b) => a + b, 0) / s.length, min: s[0], max: s[s.length - 1] };
};
const f = (v) => v.toFixed(0).padStart(6);

async function series(p, n, overhead) {
  const times = [];
  let body;
  for (let i = 0; i < n; i++) {
    const r = await timed(p);
    times.push(Math.max(0, r.ms - overhead));
    body = r.body;
  }
  return { ...stats(times), body };
}

try {
  await up();
  let pictureBytes = 0;
  for (let n = 1; n <= 24; n++) {
    const prep = await timed(`/prepare?page=${n}`);
    pictureBytes += JSON.parse(Buffer.from(prep.body).toString()).bytes;
    process.stdout.write(`\rpictures ready: ${n}/24`);
  }
  process.stdout.write("\n");
  await timed("/build?embed=fast"); // warm up: compiles the code, loads the fonts
  const empty = [];
  for (let i = 0; i < 20; i++) empty.push((await timed("/health")).ms);
  const overhead = stats(empty).mean;

  const read = await series("/read", runs, overhead);
  const fast = await series("/build?embed=fast", runs, overhead);
  const slow = await series("/build?embed=pdf-lib", Math.max(2, Math.ceil(runs / 2)), overhead);
  await timed("/rebuild"); // converts the pictures once
  const rebuild = await series("/rebuild", runs, overhead);
  const cold = await series("/cold?embed=fast", runs, overhead);
  const cached = await series("/cached?embed=fast", runs * 2, overhead);

  for (const [name, r] of [
    ["fast", fast],
    ["pdf-lib", slow],
  ]) {
    const doc = await PDFDocument.load(r.body);
    if (doc.getPageCount() !== 24) throw new Error(`${name}: expected 24 pages, got ${doc.getPageCount()}`);
  }

  const kb = (n) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  console.log(
    `\nPDF of a 24-page offline book (1024×1024 watercolor pictures, ${kb(pictureBytes)} of PNGs) in workerd, ${runs} runs; request overhead ${overhead.toFixed(1)} ms subtracted\n`,
  );
  console.log("step                                    mean     min     max (ms)    PDF size");
  const row = (label, r, size = "") => console.log(`${label.padEnd(36)} ${f(r.mean)}  ${f(r.min)}  ${f(r.max)}        ${size}`);
  row("read 24 pictures from R2", read);
  row("build, app path (PNG data kept)", fast, kb(fast.body.length));
  row("build, pdf-lib embedPng (before)", slow, kb(slow.body.length));
  row("remake after a text edit", rebuild, kb(rebuild.body.length));
  row("cold download (build + store in R2)", cold, kb(cold.body.length));
  row("cached download (from R2)", cached, kb(cached.body.length));
  console.log(
    `\nCPU estimate (build − read): app path ${(fast.mean - read.mean).toFixed(0)} ms, pdf-lib embedPng ${(slow.mean - read.mean).toFixed(0)} ms, remake ${rebuild.mean.toFixed(0)} ms; Workers CPU limit: 30 s by default (paid), configurable up to 5 min`,
  );
} finally {
  killTree(child);
}
