// What a phone's browser actually loads on a page without any interaction: Chromium (Playwright) at a
// 390 px wide viewport opens the page, waits until the network is idle and the browser has been idle
// a while longer (so code fetched "on idle" counts too), and sums the gzip size (level 9, the same
// measure as scripts/page-js.mjs) of every script response. Also reports the console's errors and
// warnings (a hydration mismatch shows there).
//   node scripts/loaded-js.mjs http://127.0.0.1:8860/ [--width 390] [--consent unset|granted]
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

/** Loads `url` once and returns the scripts it fetched ({ url, gzip }) and the console's problems. */
export async function loadedJavaScript(url, { width = 390, height = 844, settleMs = 3_000, cookies = [] } = {}) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ viewport: { width, height }, isMobile: width < 500, hasTouch: width < 500 });
    if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url })));
    const page = await context.newPage();
    const problems = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    const scripts = [];
    page.on("response", async (res) => {
      if (res.request().resourceType() !== "script") return;
      try {
        const body = await res.body();
        scripts.push({ url: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
      } catch {
        /* a response without a body (redirect): nothing loaded */
      }
    });
    await page.goto(url, { waitUntil: "networkidle" });
    // What loads on idle (requestIdleCallback) or after the load event comes a little later.
    await page.waitForTimeout(settleMs);
    await page.waitForLoadState("networkidle");
    await context.close();
    scripts.sort((a, b) => b.gzip - a.gzip);
    return { scripts, gzip: scripts.reduce((s, x) => s + x.gzip, 0), problems };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? "http://127.0.0.1:8787/";
  const i = process.argv.indexOf("--width");
  const width = i > 0 ? Number(process.argv[i + 1]) : 390;
  const r = await loadedJavaScript(url, { width });
  for (const s of r.scripts) console.log(`${(s.gzip / 1024).toFixed(2).padStart(7)}  ${s.url}`);
  console.log(`${(r.gzip / 1024).toFixed(1)} KiB gzip in ${r.scripts.length} scripts at ${width} px, without interaction`);
  for (const p of r.problems) console.log(p);
}
