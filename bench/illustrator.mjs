// Benchmark: the offline illustrator in workerd. Starts `wrangler dev` on a small bench Worker
// (bench/illustrator-worker.ts) and, for two sample books (24 pages each) in every art style,
// measures per page: drawing the SVG, rendering it to a 1024×1024 PNG with resvg-wasm, and adding
// the watermark; prints ms per page and PNG size. Times are wall-clock round trips to a local
// workerd, minus the mean of an empty request; rendering is synchronous CPU work, so this is close
// to the CPU time the Worker spends.
// Usage: node bench/illustrator.mjs [--port 8806] [--styles watercolor,cartoon] [--books mia,leo] [--pages 1-24] [--out bench/results/illustrator]
/* global TextDecoder */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { QUIET_WRANGLER, killTree } from "../scripts/lib.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const port = Number(arg("port", "8806"));
const styles = arg("styles", "watercolor,cartoon,storybook,fairy tale,paper cut-out,crayon").split(",");
const books = arg("books", "mia,leo").split(",");
const out = arg("out", "");
const [firstPage, lastPage] = arg("pages", "1-24").split("-").map(Number);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

// a throwaway wrangler config: the bench Worker plus the project's rule for bundled fonts
const configDir = path.join(root, ".wrangler", "bench-illustrator");
mkdirSync(configDir, { recursive: true });
const config = path.join(configDir, "wrangler.json");
writeFileSync(
  config,
  JSON.stringify({
    name: "illustrator-bench",
    main: path.join(root, "bench", "illustrator-worker.ts"),
    compatibility_date: "2026-04-01",
    compatibility_flags: ["nodejs_compat"],
    rules: [{ type: "Data", globs: ["**/*.ttf"], fallthrough: true }],
  }),
);

const child = spawn(
  "npx",
  ["wrangler", "dev", "-c", config, "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", "--log-level", "warn"],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...QUIET_WRANGLER },
    detached: true,
  },
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

async function timed(url) {
  const t = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  const body = new Uint8Array(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${url}: ${res.status} ${new TextDecoder().decode(body)}`);
  return { ms: performance.now() - t, body };
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { mean: s.reduce((a, b) => a + b, 0) / s.length, p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))], max: s[s.length - 1] };
};
const f = (v) => v.toFixed(0).padStart(5);

try {
  await up();
  // warm up: the first render compiles the wasm and loads the font
  for (let i = 0; i < 3; i++) await timed(`${base}/page?book=mia&page=${5 + i}&style=storybook`);
  const empty = [];
  for (let i = 0; i < 20; i++) empty.push((await timed(`${base}/health`)).ms);
  const overhead = stats(empty).mean;
  console.log(
    `\nOffline illustrator in workerd (wrangler dev, local), ${books.length} books × 24 pages × ${styles.length} styles; request overhead ${overhead.toFixed(1)} ms subtracted\n`,
  );
  console.log("style            draw SVG  render PNG   watermark   page total (mean / p95 / max)   PNG size (mean / max)");
  const all = [];
  for (const style of styles) {
    const draw = [];
    const render = [];
    const mark = [];
    const total = [];
    const sizes = [];
    for (const book of books) {
      for (let page = firstPage; page <= (lastPage || firstPage); page++) {
        const q = `book=${book}&page=${page}&style=${encodeURIComponent(style)}`;
        const svg = await timed(`${base}/svg?${q}`);
        const png = await timed(`${base}/png?${q}`);
        const full = await timed(`${base}/page?${q}`);
        const d = Math.max(0, svg.ms - overhead);
        const r = Math.max(0, png.ms - svg.ms);
        const w = Math.max(0, full.ms - png.ms);
        draw.push(d);
        render.push(r);
        mark.push(w);
        total.push(Math.max(0, full.ms - overhead));
        sizes.push(full.body.length / 1024);
        if (out) {
          const dir = path.resolve(root, out, `${book}-${style.replace(/\W+/g, "-")}`);
          mkdirSync(dir, { recursive: true });
          writeFileSync(path.join(dir, `page-${page}.png`), full.body);
        }
      }
    }
    const t = stats(total);
    const s = stats(sizes);
    all.push(...total);
    console.log(
      `${style.padEnd(16)} ${f(stats(draw).mean)} ms ${f(stats(render).mean)} ms ${f(stats(mark).mean)} ms    ${f(t.mean)} / ${f(t.p95)} / ${f(t.max)} ms          ${f(s.mean)} / ${f(s.max)} KB`,
    );
  }
  const t = stats(all);
  console.log(
    `\nall pages: mean ${t.mean.toFixed(0)} ms, p95 ${t.p95.toFixed(0)} ms, max ${t.max.toFixed(0)} ms per page (Workers CPU limit: 30 s by default, up to 5 min)`,
  );
  if (out) console.log(`pages written to ${out}/`);
} finally {
  killTree(child);
}
