// The purchase pages through the Worker: /checkout (its loader and form), the test provider's
// /pay/test page, /checkout/success and /mysubscriptions, with the built-in test payment provider.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatPrice } from "~/domain/pricing/prices";
import { callAs, count, makeAccount, pageText, type TestAccount } from "./account-helpers";
import { balanceOf, market, orderStatus, services } from "./payments-helpers";

const GB = { "X-Dev-Country": "GB" };
const CARDS = { succeeds: "4242 4242 4242 4242", declined: "4000 0000 0000 0002", confirm: "4000 0027 6000 3184" };

async function priceInGB(planId: string) {
  const plan = await services().pricing.pricedPlan(planId, market("GB"));
  if (!plan) throw new Error(`no plan ${planId}`);
  return plan;
}

const ordersOf = (parent: TestAccount) => count("orders where user_profile_id = ?", parent.profileId);

/** The checkout form as the page posts it, for the price shown in GB (overridable field by field). */
async function checkoutFields(planId: string, fields: Record<string, string> = {}) {
  const plan = await priceInGB(planId);
  return { plan: planId, quantity: "1", amountMinor: String(plan.amountMinor), currencyCode: plan.currencyCode, ...fields };
}

/** A parent's checkout posted; the answer (the redirect to the payment page when it works). */
async function postCheckout(parent: TestAccount, planId: string, fields: Record<string, string> = {}) {
  return parent.post("/checkout", await checkoutFields(planId, fields), GB);
}

/** A started purchase through the page: the order and the test provider's session. */
async function started(parent: TestAccount, planId = "family-pack", quantity = "1") {
  const res = await postCheckout(parent, planId, { quantity });
  expect([302, 303]).toContain(res.status);
  const location = res.headers.get("Location")!;
  expect(location).toMatch(/^\/pay\/test\/cs_test_[A-Za-z0-9]+$/);
  const sessionId = location.split("/").pop()!;
  const row = await env.DB.prepare(`SELECT id FROM orders WHERE provider_ref = ?`).bind(sessionId).first<{ id: string }>();
  return { sessionId, orderId: row!.id, payPath: location };
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const completedEvents = (orderId: string) => count(`payment_events where order_id = ? and type = 'checkout-paid' and event_id like 'evt_test_%'`, orderId);

describe("/checkout", () => {
  it("sends a visitor who is not signed in to sign in, and back to the same checkout afterwards", async () => {
    const res = await callAs(null)("/checkout?plan=family-pack&quantity=2", { headers: GB });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/auth/login?redirectTo=${encodeURIComponent("/checkout?plan=family-pack&quantity=2")}`);
  });

  it("shows the plan, its credits, the local price, the provider and the button", async () => {
    const parent = await makeAccount();
    const plan = await priceInGB("family-pack");
    const res = await parent.call("/checkout?plan=family-pack&quantity=3", { headers: GB });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const html = await pageText(res);
    expect(html).toContain(plan.name);
    expect(html).toContain("5 credits");
    expect(html).toContain(plan.formatted);
    expect(html).toContain(formatPrice(plan.amountMinor * 3, market("GB")));
    expect(html).toContain('name="amountMinor" value="' + plan.amountMinor + '"');
    expect(html).toContain('name="currencyCode" value="GBP"');
    expect(html).toContain("Test payments: no real money");
    expect(html).toContain("Continue to payment");
  });

  it("answers an unknown plan with 404, words and the way to the plans", async () => {
    const parent = await makeAccount();
    for (const path of ["/checkout?plan=golden-ticket", "/checkout"]) {
      const res = await parent.call(path, { headers: GB });
      expect(res.status).toBe(404);
      const html = await pageText(res);
      expect(html).toContain("This plan is not on sale");
      expect(html).toContain('href="/pricing"');
    }
  });

  it("refuses a tampered price or currency with 409 and the real price, and writes no order", async () => {
    const parent = await makeAccount();
    const plan = await priceInGB("family-pack");
    const tampered: Record<string, string>[] = [{ amountMinor: "1" }, { amountMinor: String(plan.amountMinor - 100) }, { currencyCode: "USD" }];
    for (const fields of tampered) {
      const res = await postCheckout(parent, "family-pack", fields);
      expect(res.status).toBe(409);
      expect(await pageText(res)).toContain(`The price is now ${plan.formatted}`);
    }
    expect(await ordersOf(parent)).toBe(0);
  });

  it("refuses 0 or 11 packs, a subscription bought twice over, and a quantity that is not a number, with 400 and no order", async () => {
    const parent = await makeAccount();
    for (const quantity of ["0", "11"]) {
      const res = await postCheckout(parent, "family-pack", { quantity });
      expect(res.status).toBe(400);
      expect(await pageText(res)).toContain("Choose between 1 and 10 packs.");
    }
    const sub = await postCheckout(parent, "storyteller-monthly", { quantity: "2" });
    expect(sub.status).toBe(400);
    expect(await pageText(sub)).toContain("A subscription is bought one at a time.");
    const words = await postCheckout(parent, "family-pack", { quantity: "two" });
    expect(words.status).toBe(400);
    expect(await pageText(words)).toContain("Enter how many packs you want");
    expect(await ordersOf(parent)).toBe(0);
  });

  it("a good post writes one pending order at the price shown and goes to the payment page", async () => {
    const parent = await makeAccount();
    const plan = await priceInGB("family-pack");
    const { orderId } = await started(parent, "family-pack", "2");
    const order = await env.DB.prepare(`SELECT status, currency, total_minor AS total FROM orders WHERE id = ?`)
      .bind(orderId)
      .first<{ status: string; currency: string; total: number }>();
    expect(order).toEqual({ status: "pending", currency: "GBP", total: plan.amountMinor * 2 });
  });

  it("the provider's cancel link gives the order up and says nothing was charged", async () => {
    const parent = await makeAccount();
    const { orderId } = await started(parent);
    const res = await parent.call(`/checkout?plan=family-pack&cancelled=${orderId}`, { headers: GB });
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain("You left the payment page. Nothing was charged.");
    expect(await orderStatus(orderId)).toBe("cancelled");
    // the provider's page is closed too: it can no longer be paid from another tab
    const checkout = await env.DB.prepare(`SELECT c.status FROM test_checkouts c JOIN orders o ON o.provider_ref = c.id WHERE o.id = ?`)
      .bind(orderId)
      .first<{ status: string }>();
    expect(checkout?.status).toBe("expired");
    // someone else's order id changes nothing
    const other = await makeAccount();
    const theirs = await started(other);
    await parent.call(`/checkout?plan=family-pack&cancelled=${theirs.orderId}`, { headers: GB });
    expect(await orderStatus(theirs.orderId)).toBe("pending");
  });
});

describe("/pay/test: the test provider's checkout page", () => {
  it("shows a test page with the product, the quantity, the total, the e-mail and the test cards", async () => {
    const parent = await makeAccount();
    const plan = await priceInGB("family-pack");
    const { payPath } = await started(parent, "family-pack", "2");
    const res = await callAs(null)(payPath);
    expect(res.status).toBe(200);
    const html = await pageText(res);
    expect(html).toContain("Test payment — no real money moves");
    expect(html).toContain(plan.name);
    expect(html).toContain(parent.email);
    expect(html).toContain(`Pay ${formatPrice(plan.amountMinor * 2, market("GB"))}`);
    for (const card of Object.values(CARDS)) expect(html).toContain(card);
    expect((await callAs(null)("/pay/test/cs_test_doesnotexist")).status).toBe(404);
  });

  it("the success card pays: on to the success page, the webhook marks the order paid, the credits come once", async () => {
    const parent = await makeAccount();
    const { orderId, payPath } = await started(parent);
    const paid = await callAs(null)(payPath, { method: "POST", body: new URLSearchParams({ intent: "pay", card: CARDS.succeeds }) });
    expect(paid.status).toBe(302);
    expect(new URL(paid.headers.get("Location")!).pathname + new URL(paid.headers.get("Location")!).search).toBe(`/checkout/success?order=${orderId}`);
    // the provider's webhook arrives a moment later
    expect(
      await until(
        () => completedEvents(orderId),
        (n) => n === 1,
      ),
    ).toBe(1);
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await balanceOf(parent)).toBe(5);
    for (let i = 0; i < 2; i++) {
      const page = await parent.call(`/checkout/success?order=${orderId}`);
      expect(page.status).toBe(200);
      expect(await pageText(page)).toContain("Thank you! 5 credits were added. Your balance is now 5.");
    }
    expect(await balanceOf(parent)).toBe(5);
  });

  it("the declined card charges nothing: the order stays pending and the balance as it was", async () => {
    const parent = await makeAccount();
    const { orderId, payPath } = await started(parent);
    const res = await callAs(null)(payPath, { method: "POST", body: new URLSearchParams({ intent: "pay", card: CARDS.declined }) });
    expect(res.status).toBe(402);
    expect(await pageText(res)).toContain("Your card was declined. Nothing was charged");
    const page = await parent.call(`/checkout/success?order=${orderId}`);
    expect(await pageText(page)).toContain("Confirming your payment…");
    expect(await orderStatus(orderId)).toBe("pending");
    expect(await balanceOf(parent)).toBe(0);
  });

  it("the confirmation card asks the bank first: refused charges nothing, confirmed pays", async () => {
    const parent = await makeAccount();
    const { orderId, payPath } = await started(parent);
    const post = (fields: Record<string, string>) => callAs(null)(payPath, { method: "POST", body: new URLSearchParams(fields) });
    const asked = await post({ intent: "pay", card: CARDS.confirm });
    expect(asked.status).toBe(200);
    expect(await pageText(asked)).toContain("Your bank asks you to confirm this payment");
    const refused = await post({ intent: "refuse" });
    expect(refused.status).toBe(402);
    expect(await orderStatus(orderId)).toBe("pending");
    const confirmed = await post({ intent: "confirm" });
    expect(confirmed.status).toBe(302);
    expect(
      await until(
        () => balanceOf(parent),
        (n) => n === 5,
      ),
    ).toBe(5);
  });

  it("two presses of Pay at once pay once: one completed checkout, the credits once", async () => {
    const parent = await makeAccount();
    const { orderId, payPath } = await started(parent);
    const answers = await Promise.all(
      [1, 2, 3].map(() => callAs(null)(payPath, { method: "POST", body: new URLSearchParams({ intent: "pay", card: CARDS.succeeds }) })),
    );
    expect(answers.map((a) => a.status)).toEqual([302, 302, 302]);
    await until(
      () => completedEvents(orderId),
      (n) => n > 0,
    );
    // a later delivery would have arrived by now
    await new Promise((r) => setTimeout(r, 1500));
    expect(await completedEvents(orderId)).toBe(1);
    expect(await count(`credit_ledger where order_id = ?`, orderId)).toBe(1);
    expect(await balanceOf(parent)).toBe(5);
  });

  it("Cancel and go back closes the checkout and returns to the cancel link", async () => {
    const parent = await makeAccount();
    const { orderId, payPath } = await started(parent);
    const res = await callAs(null)(payPath, { method: "POST", body: new URLSearchParams({ intent: "cancel" }) });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("Location")!);
    expect(back.pathname).toBe("/checkout");
    expect(back.searchParams.get("cancelled")).toBe(orderId);
    expect(await orderStatus(orderId)).toBe("cancelled");
    const again = await callAs(null)(payPath, { method: "POST", body: new URLSearchParams({ intent: "pay", card: CARDS.succeeds }) });
    expect(again.status).toBe(409);
    expect(await balanceOf(parent)).toBe(0);
  });
});

describe("/checkout/success", () => {
  it("answers 404 for another parent's order, an unknown one and a malformed one, and sends a visitor to sign in", async () => {
    const parent = await makeAccount();
    const other = await makeAccount();
    const { orderId } = await started(parent);
    expect((await other.call(`/checkout/success?order=${orderId}`)).status).toBe(404);
    expect((await parent.call(`/checkout/success?order=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await parent.call(`/checkout/success?order=nope`)).status).toBe(404);
    expect((await callAs(null)(`/checkout/success?order=${orderId}`)).status).toBe(302);
  });

  it("while the order is pending, says so, reloads itself without JavaScript, and stops after a minute", async () => {
    const parent = await makeAccount();
    const { orderId } = await started(parent);
    const html = await pageText(await parent.call(`/checkout/success?order=${orderId}`));
    expect(html).toContain("Confirming your payment…");
    expect(html).toContain(`2;url=/checkout/success?order=${orderId}&wait=1`);
    const late = await pageText(await parent.call(`/checkout/success?order=${orderId}&wait=30`));
    expect(late).toContain("still being confirmed");
    expect(late).toContain(`href="/order/${orderId}"`);
  });
});

async function subscribed(parent: TestAccount): Promise<string> {
  const { payPath } = await started(parent, "storyteller-monthly");
  await callAs(null)(payPath, { method: "POST", body: new URLSearchParams({ intent: "pay", card: CARDS.succeeds }) });
  const row = await until(
    () => env.DB.prepare(`SELECT id FROM subscriptions WHERE user_profile_id = ? AND status = 'active'`).bind(parent.profileId).first<{ id: string }>(),
    (r) => r !== null,
  );
  expect(row).not.toBeNull();
  return row!.id;
}

const cancelFlag = async (id: string) =>
  (await env.DB.prepare(`SELECT cancel_at_period_end AS c FROM subscriptions WHERE id = ?`).bind(id).first<{ c: number }>())?.c;

describe("/mysubscriptions", () => {
  it("an empty list leads to the plans", async () => {
    const parent = await makeAccount();
    const res = await parent.call("/mysubscriptions");
    expect(res.status).toBe(200);
    const html = await pageText(res);
    expect(html).toContain("You have no subscription");
    expect(html).toContain('href="/pricing"');
    expect((await callAs(null)("/mysubscriptions")).status).toBe(302);
  });

  it("lists the subscription; cancel at the end of the period and resume change it; someone else's id is 404", async () => {
    const parent = await makeAccount();
    const id = await subscribed(parent);
    const price = await priceInGB("storyteller-monthly");
    const list = await pageText(await parent.call("/mysubscriptions"));
    expect(list).toContain("Storyteller Monthly");
    expect(list).toContain(`${price.formatted} a month`);
    expect(list).toContain("4 credits a month");
    expect(list).toContain("Renews on ");

    const cancelled = await parent.post("/mysubscriptions", { intent: "cancel", subscriptionId: id });
    expect(cancelled.status).toBe(200);
    expect(await pageText(cancelled)).toContain("Ends on ");
    expect(await cancelFlag(id)).toBe(1);

    const other = await makeAccount();
    expect((await other.post("/mysubscriptions", { intent: "resume", subscriptionId: id })).status).toBe(404);
    expect((await other.post("/mysubscriptions", { intent: "resume", subscriptionId: "not-an-id" })).status).toBe(404);
    expect(await cancelFlag(id)).toBe(1);
    expect((await parent.post("/mysubscriptions", { intent: "pause", subscriptionId: id })).status).toBe(400);

    const resumed = await parent.post("/mysubscriptions", { intent: "resume", subscriptionId: id });
    expect(resumed.status).toBe(200);
    expect(await pageText(resumed)).toContain("Renews on ");
    expect(await cancelFlag(id)).toBe(0);
  });
});
