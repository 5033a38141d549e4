import { AFTER_POST, hydrated, signedInParent, uniqueEmail } from "./accounts";
import { seriousViolations } from "./axe";
import { expect, test, type Page } from "./fixtures";
import { screens } from "./screens";

// Buying credits and a subscription in the browser, with the built-in test payment provider: the
// checkout page, the provider's test page (three test cards), the success page, and the
// subscriptions page. Each test is a new parent, signed in by the test fixture (POST /api/test/sign-in).

const CARDS = { succeeds: "4242 4242 4242 4242", declined: "4000 0000 0000 0002", confirm: "4000 0027 6000 3184" };
/** The provider's webhook arrives a moment after the payment; the success page asks once a second. */
const CONFIRMED = { timeout: 20_000 };

/** A new parent, signed in (the sign-up pages are auth-journeys.spec.ts's subject). */
async function newParent(page: Page): Promise<void> {
  await signedInParent(page, { email: uniqueEmail("buyer"), firstName: "Sam", lastName: "Parent" });
}

/** The checkout page of a plan, priced in pounds (outside production a page may choose the country). */
async function openCheckout(page: Page, plan: string): Promise<number> {
  await page.goto(`/checkout?plan=${plan}&country=GB`);
  await hydrated(page);
  const words = await page.getByTestId("checkout-balance").textContent();
  return Number(/(\d+) credits?/.exec(words ?? "")?.[1] ?? NaN);
}

/** From the checkout page to the provider's test page. */
async function continueToPayment(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/pay\/test\/cs_test_/, AFTER_POST);
  await expect(page.getByText("Test payment — no real money moves")).toBeVisible();
  await hydrated(page);
}

async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: /^Pay / }).click();
}

// The cookie question answered already, so it covers nothing on these pages.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "story-app-cookie-consent", value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
});

test.describe("buying credits", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a Family Pack paid with the success card adds 5 credits once, however often the success page loads", async ({ page }) => {
    await newParent(page);
    const before = await openCheckout(page, "family-pack");
    expect(before).not.toBeNaN();
    await expect(page.getByRole("heading", { name: "Family Pack", exact: true })).toBeVisible();
    await expect(page.getByTestId("checkout-unit-price")).toContainText("£");
    await expect(page.getByText("Test payments: no real money")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screens(page, "checkout-family-pack");

    await continueToPayment(page);
    await expect(page.getByTestId("test-pay-quantity")).toHaveText("1");
    expect(await seriousViolations(page)).toEqual([]);
    await screens(page, "checkout-pay-test");

    await payWith(page, CARDS.succeeds);
    await expect(page).toHaveURL(/\/checkout\/success\?order=/, AFTER_POST);
    const thanks = page.getByTestId("purchase-thanks");
    await expect(thanks).toHaveText(`Thank you! 5 credits were added. Your balance is now ${before + 5}.`, CONFIRMED);
    await expect(page.getByRole("link", { name: "Make a storybook" })).toHaveAttribute("href", "/createstory");
    await expect(page.getByRole("link", { name: "See your order" })).toHaveAttribute("href", /^\/order\//);
    await screens(page, "checkout-success");

    await page.reload();
    await expect(thanks).toHaveText(`Thank you! 5 credits were added. Your balance is now ${before + 5}.`);
    expect(await openCheckout(page, "family-pack")).toBe(before + 5);
  });

  test("a declined card charges nothing; going back says so and the balance is as it was", async ({ page }) => {
    await newParent(page);
    const before = await openCheckout(page, "family-pack");
    await page.getByRole("button", { name: "One pack more" }).click();
    await expect(page.getByLabel("How many packs?")).toHaveValue("2");
    await continueToPayment(page);
    await expect(page.getByTestId("test-pay-quantity")).toHaveText("2");

    await payWith(page, CARDS.declined);
    await expect(page.getByText("Your card was declined. Nothing was charged: try another card.")).toBeVisible();
    await expect(page.getByLabel("Card number")).toBeFocused();

    await page.getByRole("button", { name: "Cancel and go back" }).click();
    await expect(page).toHaveURL(/\/checkout\?plan=family-pack&cancelled=/, AFTER_POST);
    await expect(page.getByTestId("checkout-cancelled")).toHaveText("You left the payment page. Nothing was charged.");
    await expect(page.getByTestId("checkout-balance")).toHaveText(`You have ${before} ${before === 1 ? "credit" : "credits"} now.`);
  });

  test("the card that needs the bank's confirmation pays once it is confirmed", async ({ page }) => {
    await newParent(page);
    const before = await openCheckout(page, "single-story");
    await continueToPayment(page);
    await payWith(page, CARDS.confirm);
    const bank = page.getByRole("heading", { name: "Your bank asks you to confirm this payment" });
    await expect(bank).toBeFocused();
    await screens(page, "checkout-pay-test-bank");
    await page.getByRole("button", { name: "Confirm payment" }).click();
    await expect(page).toHaveURL(/\/checkout\/success\?order=/, AFTER_POST);
    await expect(page.getByTestId("purchase-thanks")).toHaveText(`Thank you! 1 credit was added. Your balance is now ${before + 1}.`, CONFIRMED);
  });

  test("Storyteller Monthly: subscribe, cancel at the end of the period, then resume", async ({ page }) => {
    await newParent(page);
    const before = await openCheckout(page, "storyteller-monthly");
    await expect(page.getByLabel("How many packs?")).toHaveCount(0);
    await continueToPayment(page);
    await payWith(page, CARDS.succeeds);
    await expect(page.getByTestId("purchase-thanks")).toHaveText(`Thank you! 4 credits were added. Your balance is now ${before + 4}.`, CONFIRMED);

    await page.getByRole("link", { name: "Manage your subscription" }).click();
    await expect(page).toHaveURL(/\/mysubscriptions$/);
    await hydrated(page);
    const card = page.getByTestId("subscription");
    await expect(card.getByRole("heading", { name: "Storyteller Monthly" })).toBeVisible();
    await expect(card.getByTestId("subscription-when")).toHaveText(/^Renews on \d{1,2} \w+ \d{4}$/);
    await expect(card).toContainText("4 credits a month");
    expect(await seriousViolations(page)).toEqual([]);
    await screens(page, "checkout-mysubscriptions");

    await card.getByRole("button", { name: "Cancel at the end of the period" }).click();
    await expect(card.getByTestId("subscription-when")).toHaveText(/^Ends on /, AFTER_POST);
    await expect(card.getByTestId("subscription-notice")).toContainText("will end on");
    await card.getByRole("button", { name: "Resume" }).click();
    await expect(card.getByTestId("subscription-when")).toHaveText(/^Renews on /, AFTER_POST);
    await expect(card.getByRole("button", { name: "Cancel at the end of the period" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.describe.configure({ timeout: 60_000 });

  test("the total follows the quantity, and a subscription's success page reloads itself until its credits arrive", async ({ page, browser, baseURL }) => {
    await newParent(page);
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await noScript.addCookies(await page.context().cookies());
    const bare = await noScript.newPage();
    await bare.goto("/checkout?plan=family-pack&country=GB");
    const unit = Number((await bare.getByTestId("checkout-unit-price").textContent())?.replace("£", ""));
    await bare.getByLabel("How many packs?").fill("3");
    await bare.getByRole("button", { name: "Update the total" }).click();
    await expect(bare.getByLabel("How many packs?")).toHaveValue("3");
    await expect(bare.getByTestId("checkout-total")).toHaveText(`£${(unit * 3).toFixed(2)}`);

    // A subscription's credits come with its first invoice, a moment after the payment: the page waits for them.
    await bare.goto("/checkout?plan=storyteller-monthly&country=GB");
    const before = Number(/(\d+) credits?/.exec((await bare.getByTestId("checkout-balance").textContent()) ?? "")?.[1]);
    await bare.getByRole("button", { name: "Continue to payment" }).click();
    await expect(bare).toHaveURL(/\/pay\/test\/cs_test_/, AFTER_POST);
    await bare.getByLabel("Card number").fill(CARDS.succeeds);
    await bare.getByRole("button", { name: /^Pay / }).click();
    await expect(bare).toHaveURL(/\/checkout\/success\?order=/, AFTER_POST);
    await expect(bare.getByTestId("purchase-thanks")).toHaveText(`Thank you! 4 credits were added. Your balance is now ${before + 4}.`, CONFIRMED);
    await noScript.close();
  });
});
