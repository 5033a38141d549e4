import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "./fixtures";

/**
 * With SCREENSHOTS=1 (for looking at the pages, not for the suite): the page at a phone's and a
 * desktop's width in test-results/screens/<name>-<width>.png. Whole by default; `element` takes just
 * that element, `at` the window with that element scrolled into view. One set of pictures: the
 * desktop project's browser resized (the phone project's is a device's). Otherwise nothing.
 */
export async function screens(page: Page, name: string, { element, at }: { element?: Locator; at?: Locator } = {}): Promise<void> {
  if (process.env.SCREENSHOTS !== "1" || test.info().project.name !== "desktop") return;
  mkdirSync("test-results/screens", { recursive: true });
  await expect(page.getByTestId("page-loading")).toHaveCount(0);
  const before = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    // what the width changes (the header, the menus) settles before the picture
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const path = `test-results/screens/${name}-${width}.png`;
    // the connection status shows for 3 s after each load, wherever the page is scrolled to
    const style = '[data-overlay="connection-status"] { visibility: hidden; }';
    if (element) {
      await element.screenshot({ path, animations: "disabled", style });
      continue;
    }
    if (at) await at.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await page.screenshot({ path, fullPage: !at, animations: "disabled", style });
  }
  if (before) await page.setViewportSize(before);
}
