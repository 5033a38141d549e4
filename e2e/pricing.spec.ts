import { seriousViolations } from "./axe";
import { expect, test, type Page } from "./fixtures";
import { screens } from "./screens";

/**
 * Local prices as a visitor sees them: the market from where the request comes from (India when
 * nothing says otherwise; outside production `?country=GB` on a first page stands in for the
 * visitor's country for the browser session), the footer's picker, and the /pricing page. The
 * expected amounts come from GET /api/pricing, which prices the plans for the same browser.
 */

const CONSENT = "story-app-cookie-consent";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: CONSENT, value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
});

interface PricedPlan {
  planId: string;
  formatted: string;
}

/** The plans as the server prices them for this browser (its cookies go with the request). */
async function pricesFor(page: Page): Promise<{ currencyCode: string; plans: PricedPlan[] }> {
  const res = await page.request.get("/api/pricing");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { market: { currencyCode: string }; plans: PricedPlan[] };
  return { currencyCode: body.market.currencyCode, plans: body.plans };
}

async function expectPricingPage(page: Page, plans: PricedPlan[]) {
  const cards = page.getByTestId("plan");
  await expect(cards).toHaveCount(plans.length);
  for (const plan of plans) {
    const card = page.locator(`[data-plan="${plan.planId}"]`);
    await expect(card.getByTestId("plan-price")).toHaveText(plan.formatted);
    await expect(card.getByRole("link")).toHaveAttribute("href", `/checkout?plan=${plan.planId}`);
  }
  await expect(page.getByText("Most popular", { exact: true })).toHaveCount(1);
}

const bookPrice = (plans: PricedPlan[]) => plans.find((p) => p.planId === "single-story")!.formatted;

test.describe("local prices", () => {
  test("India by default: rupees on home, /pricing and the story form", async ({ page }) => {
    await page.goto("/");
    const { currencyCode, plans } = await pricesFor(page);
    expect(currencyCode).toBe("INR");
    expect(bookPrice(plans)).toMatch(/^₹/);
    await expect(page.getByTestId("book-price")).toContainText(`One storybook costs 1 credit: ${bookPrice(plans)} on its own, less in a pack.`);

    await page.getByTestId("book-price").getByRole("link", { name: "See prices" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1, name: "One credit makes one storybook" })).toBeVisible();
    await expectPricingPage(page, plans);
    await expect(page.getByTestId("rates-note")).toContainText("Prices in Indian rupees (INR)");

    await page.goto("/createstory");
    await expect(page.getByTestId("book-price")).toContainText(bookPrice(plans));
  });

  test("a visitor from the United Kingdom sees pounds on home, /pricing and the story form", async ({ page }) => {
    await page.goto("/?country=GB");
    const { currencyCode, plans } = await pricesFor(page);
    expect(currencyCode).toBe("GBP");
    expect(bookPrice(plans)).toMatch(/^£\d+\.\d\d$/);
    await expect(page.getByTestId("book-price")).toContainText(bookPrice(plans));
    await expect(page.locator("body")).not.toContainText("₹");

    await page.goto("/pricing");
    await expectPricingPage(page, plans);
    await expect(page.getByTestId("rates-note")).toContainText("Prices in Pounds sterling (GBP)");

    await page.goto("/createstory");
    await expect(page.getByTestId("book-price")).toContainText(bookPrice(plans));
  });

  test("the footer's picker changes to Japan: yen in whole units, kept after the cookie is lost", async ({ page, context }) => {
    await page.goto("/pricing");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Prices shown in").selectOption({ label: "Japan (JPY)" });
    await footer.getByRole("button", { name: "Show prices" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByTestId("rates-note")).toContainText("Prices in Japanese yen (JPY)");
    const { currencyCode, plans } = await pricesFor(page);
    expect(currencyCode).toBe("JPY");
    for (const plan of plans) expect(plan.formatted).toMatch(/^¥[\d,]+$/);
    await expectPricingPage(page, plans);
    await expect(footer.getByLabel("Prices shown in")).toHaveValue("JP");
    // the choice is mirrored on the device
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("story-app-market"))).toBe('{"country":"JP","currencyCode":"JPY"}');

    // the cookie is lost (cleared): the copy on the device brings the choice back. That takes a chain
    // of fetches after the page's scripts: the market memory's code, the choice sent back, home's data
    // again and home's own code to draw the new price (the page shows the server's markup until then),
    // which on a loaded machine can take longer than the usual 7 s
    await context.clearCookies();
    await page.goto("/");
    await expect(page.getByTestId("book-price")).toContainText(bookPrice(plans), { timeout: 20_000 });
    // the footer, kept from the server's markup until then, is drawn again with the market put back
    await expect(page.getByRole("contentinfo").getByLabel("Prices shown in")).toHaveValue("JP");
  });

  test("the picker on /pricing works the same way, and returns to /pricing", async ({ page }) => {
    await page.goto("/pricing");
    const region = page.getByRole("region", { name: "Shopping from somewhere else?" });
    await region.getByLabel("Country and currency").selectOption("EU");
    await region.getByRole("button", { name: "Show prices" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByTestId("rates-note")).toContainText("Prices in Euros (EUR)");
    await expect(page.locator('[data-plan="family-pack"]').getByTestId("plan-price")).toHaveText(/^€\d+\.\d\d$/);
  });

  test("axe finds no serious or critical problems on /pricing", async ({ page }) => {
    await page.goto("/pricing?country=GB");
    await expect(page.getByTestId("plan")).toHaveCount(4);
    expect(await seriousViolations(page)).toEqual([]);
    await screens(page, "pricing");
  });
});
