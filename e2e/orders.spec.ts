import { randomBytes, randomUUID } from "node:crypto";
import { AFTER_POST, hydrated, screens, signedInParent, uniqueEmail } from "./accounts";
import { seriousViolations } from "./axe";
import { expect, grantCredits, test, type APIRequestContext, type Page } from "./fixtures";
import { runSql } from "./d1";

// The parent's purchase pages in the browser: /user-credits, /myorders and /order/{id}. A new
// account's journey (its gift of credits, no orders yet, the account menu by keyboard), then a parent
// with orders of every kind for the accessibility checks (and, with SCREENSHOTS=1, the pictures).

// A visitor who has answered the cookie question: the banner would cover the lower part of a phone's screen.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "story-app-cookie-consent", value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
});

interface PricedPlan {
  planId: string;
  name: string;
  credits: number;
  amountMinor: number;
  currencyCode: string;
  formatted: string;
}

/** The plans as the pricing API prices them for Great Britain (never typed here). */
async function britishPrices(request: APIRequestContext): Promise<Record<string, PricedPlan>> {
  const res = await request.get("/api/pricing", { headers: { "X-Dev-Country": "GB" } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { plans: PricedPlan[] };
  expect(body.plans[0]?.currencyCode).toBe("GBP");
  return Object.fromEntries(body.plans.map((p) => [p.planId, p]));
}

/**
 * A confirmed parent signed in on this browser (the sign-in fixture, with the welcome credits), with
 * orders made straight in D1 (no route makes past orders): a paid Family Pack, a monthly renewal, one
 * waiting for payment and one given up; and their credits' history.
 */
async function parentWithOrders(page: Page, baseURL: string | undefined) {
  // the parent by the sign-in fixture (with its welcome credits), their orders and history in one SQL call
  const { userProfileId: profile } = await signedInParent(page, { email: uniqueEmail("orders"), firstName: "Sam", lastName: "Parent" });
  const id = randomBytes(8).toString("hex");
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
  const prices = await britishPrices(page.request);
  const order = (key: string, planId: string, status: string, daysAgo: number, extra: { quantity?: number; renewal?: boolean; checkoutUrl?: string } = {}) => {
    const plan = prices[planId];
    const quantity = extra.quantity ?? 1;
    const total = plan.amountMinor * quantity;
    const paidAt = status === "paid" ? `'${at(daysAgo)}'` : "NULL";
    const description = extra.renewal ? `${plan.name} renewal` : plan.name;
    return {
      key,
      statements: [
        `INSERT INTO orders (id, user_profile_id, status, currency, subtotal_minor, total_minor, provider, checkout_url, subscription_id, created_at, paid_at)
         VALUES ('${key}', '${profile}', '${status}', 'GBP', ${total}, ${total}, 'test', ${extra.checkoutUrl ? `'${extra.checkoutUrl}'` : "NULL"}, ${extra.renewal ? `'sub${id}'` : "NULL"}, '${at(daysAgo)}', ${paidAt})`,
        `INSERT INTO order_items (order_id, plan_id, description, quantity, unit_price_minor, credits, total_minor)
         VALUES ('${key}', '${planId}', '${description}', ${quantity}, ${plan.amountMinor}, ${plan.credits}, ${total})`,
      ],
    };
  };
  const paid = order(randomUUID(), "family-pack", "paid", 20);
  const renewal = order(randomUUID(), "storyteller-monthly", "paid", 10, { renewal: true });
  const pending = order(randomUUID(), "single-story", "pending", 1, { quantity: 2, checkoutUrl: "/pay/test/cs_e2e_unfinished" });
  const cancelled = order(randomUUID(), "bookshelf-pack", "cancelled", 2);
  const ledger = (delta: number, reason: string, key: string, daysAgo: number, orderId: string | null = null) =>
    `INSERT INTO credit_ledger (id, user_profile_id, delta, reason, idempotency_key, order_id, created_at)
     VALUES ('${randomUUID()}', '${profile}', ${delta}, '${reason}', '${key}', ${orderId ? `'${orderId}'` : "NULL"}, '${at(daysAgo)}')`;
  await runSql(baseURL, [
    ...[paid, renewal, pending, cancelled].flatMap((o) => o.statements),
    ledger(5, "purchase", `order:${paid.key}:grant`, 20, paid.key),
    ledger(-1, "book_deduction", `e2e:${id}:book1`, 15),
    ledger(4, "subscription_grant", `subscription:${id}:1`, 10, renewal.key),
    ledger(-1, "book_deduction", `e2e:${id}:book2`, 5),
    // the welcome credits, a month old: the account's first line
    `UPDATE credit_ledger SET created_at = '${at(30)}' WHERE user_profile_id = '${profile}' AND reason = 'bonus'`,
  ]);
  return { paid: paid.key, renewal: renewal.key, pending: pending.key, cancelled: cancelled.key, prices };
}

/**
 * From the header: the account menu by keyboard (the phone's menu dialog on a narrow screen) to one
 * of its links. Right after a navigation the page may still re-render once (the menu closes on a
 * change of address, and Remix discovers the routes the new links lead to), which can drop the
 * focus; the keyboard path is then walked again from the start, as a person would.
 */
async function menuByKeyboard(page: Page, label: string): Promise<void> {
  await hydrated(page);
  const wide = (page.viewportSize()?.width ?? 1280) >= 1024;
  const link = wide
    ? page.getByRole("banner").getByRole("navigation", { name: "Account" }).getByRole("link", { name: label, exact: true })
    : page.getByRole("dialog").getByRole("navigation", { name: "Account" }).getByRole("link", { name: label, exact: true });
  await expect(async () => {
    if (!(await link.isVisible())) {
      if (wide) await page.getByRole("banner").getByRole("navigation", { name: "Main" }).locator("summary").focus();
      else await page.getByRole("banner").getByRole("button", { name: "Menu" }).focus();
      await page.keyboard.press("Enter");
    }
    await expect(link).toBeVisible({ timeout: 2_000 });
    for (let i = 0; i < 30; i++) {
      if (await link.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    await expect(link).toBeFocused({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press("Enter");
}

test.describe("a new parent", () => {
  test.describe.configure({ timeout: 60_000 });

  test("sees their gift of credits, has no orders yet, and reaches Credits from the account menu by keyboard @phone", async ({ page }) => {
    await signedInParent(page, { email: uniqueEmail("orders"), firstName: "Nora", lastName: "Finch" });
    await grantCredits(page.request, 3);

    await page.goto("/user-credits");
    // the welcome credits of a confirmed address (2) and the gift (3)
    await expect(page.getByRole("heading", { level: 2, name: "You have 5 credits: 5 storybooks" })).toBeVisible();
    const lines = page.getByTestId("history-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText("+3");
    await expect(lines.nth(0)).toContainText("A gift from StoryNest");
    await expect(lines.nth(1)).toContainText("+2");
    await expect(lines.nth(1)).toContainText("Welcome gift for confirming your e-mail address");
    await expect(page.getByRole("link", { name: "Get more credits" })).toHaveAttribute("href", "/pricing");

    await page.getByTestId("credit-balance").getByRole("link", { name: "My orders" }).click();
    await expect(page).toHaveURL(/\/myorders$/, AFTER_POST);
    await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "See credit packs and prices" })).toHaveAttribute("href", "/pricing");
    expect(await seriousViolations(page)).toEqual([]);
    await screens(page, "myorders-empty");

    await menuByKeyboard(page, "Credits");
    await expect(page).toHaveURL(/\/user-credits$/, AFTER_POST);
    await expect(page.getByRole("heading", { level: 1, name: "Credits" })).toBeVisible();
  });
});

test.describe("a parent with orders", () => {
  test.describe.configure({ timeout: 60_000 });

  test("/myorders, /order/{id} and /user-credits read well and pass an accessibility check @phone", async ({ page, baseURL }) => {
    const o = await parentWithOrders(page, baseURL);

    await page.goto("/myorders");
    await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screens(page, "myorders");
    // newest first: the one waiting for payment, then the given-up one, the renewal, the pack
    const wide = (page.viewportSize()?.width ?? 1280) >= 640;
    const rows = wide ? page.getByTestId("order-row") : page.getByTestId("orders-cards").getByRole("listitem");
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText("Waiting for payment");
    await expect(rows.nth(1)).toContainText("Cancelled");
    await expect(rows.nth(1)).toContainText("Nothing was charged");
    await expect(rows.nth(2)).toContainText("Monthly renewal: Storyteller Monthly");
    await expect(rows.nth(3)).toContainText("Family Pack");
    await expect(rows.nth(3)).toContainText(o.prices["family-pack"].formatted);
    await rows.nth(3).getByRole("link").click();

    await expect(page).toHaveURL(new RegExp(`/order/${o.paid}$`), AFTER_POST);
    // the address changes a moment before the order's page replaces the list (a render in a transition)
    await expect(page.getByTestId("order-total")).toHaveText(o.prices["family-pack"].formatted);
    await expect(page.getByTestId("order-status")).toHaveText("Paid");
    await expect(page.getByTestId("order-credits")).toHaveText("5 credits added to your balance");
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/order/${o.pending}`);
    await expect(page.getByTestId("order-status")).toHaveText("Waiting for payment");
    await expect(page.getByRole("link", { name: "Finish paying" })).toHaveAttribute("href", "/pay/test/cs_e2e_unfinished");
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/order/${o.renewal}`);
    await expect(page.getByTestId("order-renewal")).toHaveText("Monthly renewal");

    const missing = await page.goto(`/order/${randomUUID()}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Order not found" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "My credits" }).click();
    await expect(page).toHaveURL(/\/user-credits$/, AFTER_POST);
    // 2 + 5 − 1 + 4 − 1
    await expect(page.getByRole("heading", { level: 2, name: "You have 9 credits: 9 storybooks" })).toBeVisible();
    await expect(page.getByTestId("history-line").first()).toContainText("Made a storybook");
    await expect(page.getByTestId("history-line").nth(1)).toContainText("Monthly credits from Storyteller Monthly");
    expect(await seriousViolations(page)).toEqual([]);
    await screens(page, "user-credits");
  });
});
