// Full-page screenshots of pages at phone (390 px) and desktop (1280 px) widths, for looking at.
// Usage: node scripts/screenshots.mjs http://127.0.0.1:8787 out-dir /path1 /path2 ...
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [base, outDir, ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const name = `${outDir}/${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
  await context.close();
}
await browser.close();
