import { expect, test, type Page } from "./fixtures";

/**
 * What a page does before its first paint (app/components/layout/page-scripts.tsx and
 * brand-fonts.tsx): on a first visit it asks for no script and no font until it has painted and its
 * main picture is in; then it hydrates, and fetches the brand fonts for the pages after it.
 */

/** When (ms after the navigation started) the page painted, and when it asked for its scripts and fonts. */
function timeline(page: Page) {
  return page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return {
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: resources.filter((r) => /\/assets\/[^/]+\.js$/.test(new URL(r.name).pathname)).map((r) => r.startTime),
      fonts: resources.filter((r) => r.name.endsWith(".woff2")).map((r) => r.startTime),
      // when the page's own scripts had all arrived (parts fetched later, on idle, come after it)
      scriptsIn: performance.getEntriesByName("page-scripts")[0]?.startTime ?? null,
    };
  });
}

const hydrated = (page: Page) => page.evaluate(() => "__remixRouter" in window);
const brandFontsOn = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("brand-fonts"));
const bodyFont = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily);

test("a first visit paints before any script or font is asked for, hydrates, and gets the brand fonts from its next page on", async ({ page }) => {
  await page.goto("/pricing");
  await expect.poll(() => hydrated(page)).toBe(true);
  // Once the scripts are in, the fonts are fetched, and remembered for the next page.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("sn-fonts"))).toBe("1");
  const t = await timeline(page);
  expect(t.fcp).not.toBeNull();
  expect(t.scripts.length).toBeGreaterThan(3);
  expect(Math.min(...t.scripts)).toBeGreaterThanOrEqual(t.fcp!);
  expect(t.fonts).toHaveLength(2);
  expect(t.scriptsIn).not.toBeNull();
  expect(Math.min(...t.fonts)).toBeGreaterThanOrEqual(t.scriptsIn!);
  // This page keeps the system font it was painted in: nothing changes under the reader's eyes.
  expect(await brandFontsOn(page)).toBe(false);
  expect(await bodyFont(page)).not.toContain("Nunito");

  // A navigation in the app (the page is not loaded again: the marker survives) draws the next page with them.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole("link", { name: "StoryNest, home" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => brandFontsOn(page)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(await bodyFont(page)).toContain("Nunito Variable");

  // A full load: the fonts are on before the first paint, and the page still hydrates.
  await page.goto("/createstory");
  expect(await brandFontsOn(page)).toBe(true);
  await expect.poll(() => hydrated(page)).toBe(true);
  await expect.poll(() => page.evaluate(() => document.fonts.check('1em "Nunito Variable"'))).toBe(true);
});

test("the scripts wait for the page's main picture", async ({ page }) => {
  // When each picture the page marks as its main one (fetchpriority="high") finished loading.
  await page.addInitScript(() => {
    const w = window as unknown as { mainLoaded: number[] };
    w.mainLoaded = [];
    document.addEventListener(
      "load",
      (e) => {
        if (e.target instanceof HTMLImageElement && e.target.getAttribute("fetchpriority") === "high") w.mainLoaded.push(performance.now());
      },
      true,
    );
  });
  await page.goto("/test/reader");
  await expect(page.locator('img[fetchpriority="high"]').first()).toBeVisible();
  await expect.poll(() => hydrated(page)).toBe(true);
  const t = await timeline(page);
  const loaded = await page.evaluate(() => (window as unknown as { mainLoaded: number[] }).mainLoaded);
  expect(loaded.length).toBeGreaterThan(0);
  expect(Math.min(...t.scripts)).toBeGreaterThanOrEqual(Math.max(...loaded));
});
