import { chromium } from "playwright-core";
const [,, path, name, ...rest] = process.argv;
const widths = rest.length ? rest.map(Number) : [390, 1280];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
for (const w of widths) {
  const ctx = await browser.newContext({ viewport: { width: w, height: w < 600 ? 844 : 800 }, deviceScaleFactor: 1, hasTouch: w < 600 });
  await ctx.addCookies([{ name: "story-app-cookie-consent", value: "denied", url: "http://127.0.0.1:8809" }]);
  const page = await ctx.newPage();
  page.on("pageerror", (e) => console.log("pageerror", e.message));
  page.on("console", (m) => { if (m.type() === "error") console.log("console", m.text()); });
  await page.goto(`http://127.0.0.1:8809${path}`, { waitUntil: "networkidle" });
  const wait = Number(process.env.WAIT ?? 300);
  await page.waitForTimeout(wait);
  if (process.env.CLICKS) for (let i = 0; i < Number(process.env.CLICKS); i++) { await page.getByRole("button", { name: "Next page" }).click(); await page.waitForTimeout(350); }
  await page.screenshot({ path: `/tmp/shots/${name}-${w}.png`, fullPage: process.env.FULL === "1" });
  await ctx.close();
}
await browser.close();
