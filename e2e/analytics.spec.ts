import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";

// First-party analytics, watched on the network. The e2e server is a local host with a port, so
// every test turns analytics on for its tab with ?analytics=on (the README's way to try it
// locally): only the consent choice and GPC decide what is sent.

const CONSENT = "story-app-cookie-consent";

/** Every request that is analytics: the endpoint, the tracker's chunk and the device-components library's. */
function watchAnalytics(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/analytics") || /\/assets\/(tracker|fp\.esm)[^/]*\.js$/.test(url.pathname)) seen.push(r);
  });
  return seen;
}

/**
 * Opens a few pages and goes back, then hides the page: what the tracker holds goes then, by beacon,
 * whether or not its 5 s batch timer has gone off, so nothing needs to wait for the timer.
 */
async function browseAround(page: Page, first: () => Promise<void> = async () => {}) {
  await page.goto("/?analytics=on");
  await first();
  await page.goto("/pricing");
  await page.goto("/about");
  await page.goBack();
  await expect(page).toHaveURL(/\/pricing$/);
  // the page is hidden as when a tab is left
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    window.dispatchEvent(new Event("pagehide"));
  });
  // (a beacon sent at pagehide would be on the network within moments)
  await page.waitForTimeout(500);
}

async function userEvents(page: Page): Promise<number> {
  const res = await page.request.get("/api/test/table-counts");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { counts: Record<string, number> }).counts.user_events;
}

test.describe("analytics", () => {
  test("with Decline nothing is sent, and the tracker is never loaded", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: CONSENT, value: "denied", url: baseURL! }]);
    const seen = watchAnalytics(page);
    await browseAround(page);
    expect(seen.map((r) => r.url())).toEqual([]);
  });

  test("with no choice made (the banner only closed) nothing is sent", async ({ page }) => {
    const seen = watchAnalytics(page);
    await browseAround(page, () => page.getByTestId("cookie-banner").getByRole("button", { name: "Close" }).click());
    expect(seen.map((r) => r.url())).toEqual([]);
  });

  test("with the Global Privacy Control signal nothing is sent, even after Accept All", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "Sec-GPC": "1" } });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true, configurable: true }));
    await context.addCookies([{ name: CONSENT, value: "granted", url: baseURL! }]);
    const page = await context.newPage();
    const seen = watchAnalytics(page);
    await browseAround(page);
    expect(seen.map((r) => r.url())).toEqual([]);
    await context.close();
  });

  test("with Accept All, page views are sent and reach the database", async ({ page }) => {
    const before = await userEvents(page);
    const seen = watchAnalytics(page);
    await page.goto("/?analytics=on");
    // From here the page's timers run on Playwright's clock: the tracker's 5 s batch timer is moved
    // past, not waited for. Nothing before the choice, not even once the batch timer would have gone off.
    await page.clock.install();
    await page.clock.runFor(5_500);
    expect(seen).toEqual([]);
    const sent = page.waitForResponse((r) => r.url().endsWith("/api/analytics") && r.request().method() === "POST", { timeout: 15_000 });
    await page.getByRole("button", { name: "Accept All" }).click();
    await page.locator('a[href="/pricing"]:visible').first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.clock.runFor(5_500);
    const answer = await sent;
    expect(answer.status()).toBe(202);
    const body = answer.request().postDataJSON() as { events: { name: string; path: string }[]; visitor?: { components: object } };
    expect(body.events.map((e) => e.path)).toEqual(["/", "/pricing"]);
    // the registration, with device components, once per tab
    expect(Object.keys(body.visitor?.components ?? {}).length).toBeGreaterThan(5);
    await expect.poll(async () => (await userEvents(page)) - before, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

    // a change of mind applies at once: nothing more is sent after Decline
    await page.evaluate((key) => {
      document.cookie = `${key}=denied; Path=/`;
      localStorage.setItem(key, "denied");
    }, CONSENT);
    // (a new page on the installed clock: its scripts' arrival is not waited for, nothing is to load)
    await page.goto("/about?analytics=on", { waitUntil: "domcontentloaded" });
    const after = seen.length;
    await page.locator('a[href="/pricing"]:visible').first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.clock.runFor(5_500);
    await page.waitForTimeout(500);
    expect(seen.slice(after).filter((r) => r.url().includes("/api/analytics"))).toEqual([]);
  });
});
