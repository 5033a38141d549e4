// One subscription per parent and plan, with the built-in test provider: checkouts opened and paid
// at once end with one running subscription, billed once; a second one the provider took all the
// same is cancelled there and refunded at once.
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { parseEnv } from "~/services/env.server";
import { TEST_CARDS } from "~/services/payments/test-provider.server";
import { signWebhook } from "~/services/payments/webhook.server";
import { createServices } from "~/services/services.server";
import { count, makeAccount, pageText, type TestAccount } from "./account-helpers";
import { balanceOf, market, services, SITE, startPurchase, type Purchase } from "./payments-helpers";

const PLAN = "storyteller-monthly";

/** What the parent ends with: running subscriptions, money kept (paid less refunded), credits, orders still waiting. */
async function outcome(parent: TestAccount) {
  const kept = await env.DB.prepare(
    `SELECT coalesce(sum(total_minor - refunded_minor), 0) AS n FROM orders WHERE user_profile_id = ? AND status IN ('paid', 'refunded')`,
  )
    .bind(parent.profileId)
    .first<{ n: number }>();
  return {
    running: await count(`subscriptions where user_profile_id = ? and status in ('active', 'past_due')`, parent.profileId),
    billedMinor: kept?.n ?? 0,
    balance: await balanceOf(parent),
    waiting: await count(`orders where user_profile_id = ? and status = 'pending'`, parent.profileId),
  };
}

/** The price of one period, as the parent's orders were priced. */
async function periodPrice(parent: TestAccount): Promise<number> {
  const row = await env.DB.prepare(`SELECT max(total_minor) AS n FROM orders WHERE user_profile_id = ?`).bind(parent.profileId).first<{ n: number }>();
  return row!.n;
}

/** Subscriptions the test provider still bills (its own records) among the parent's checkouts. */
const billedAtProvider = (purchases: Purchase[]) =>
  count(`test_subscriptions where status = 'active' and checkout_id in (${purchases.map(() => "?").join(", ")})`, ...purchases.map((p) => p.sessionId));

describe("one subscription per parent and plan", () => {
  it("five checkouts opened at once and paid at once end with one subscription, billed once", async () => {
    const parent = await makeAccount();
    const s = services();
    // Each tab opens its checkout and pays at once: the payments race the checkouts that replace them.
    const tries = await Promise.allSettled(
      Array.from({ length: 5 }, async () => {
        const p = await startPurchase(PLAN, "GB", 1, parent);
        await s.testPayments!.pay(p.sessionId, TEST_CARDS.succeeds);
        return p;
      }),
    );
    const opened = tries.flatMap((t) => (t.status === "fulfilled" ? [t.value] : []));
    expect(opened.length).toBeGreaterThan(0);
    const price = await periodPrice(parent);
    const expected = { running: 1, billedMinor: price, balance: 4, waiting: 0 };
    await expect.poll(() => outcome(parent), { timeout: 8000, interval: 200 }).toEqual(expected);
    // later deliveries change nothing
    await new Promise((r) => setTimeout(r, 1200));
    expect(await outcome(parent)).toEqual(expected);
    expect(await billedAtProvider(opened)).toBe(1);
  }, 20_000);
});

describe("a second subscription paid all the same, with the test provider", () => {
  it("is cancelled at the provider and refunded at once, and the pages say so", async () => {
    const parent = await makeAccount();
    const s = services();
    const first = await startPurchase(PLAN, "GB", 1, parent);
    expect(await s.testPayments!.pay(first.sessionId, TEST_CARDS.succeeds)).toMatchObject({ outcome: "paid" });
    // Another tab opens and pays its own checkout before the first payment has reached us (its events come a moment later).
    const second = await startPurchase(PLAN, "GB", 1, parent);
    expect(await s.testPayments!.pay(second.sessionId, TEST_CARDS.succeeds)).toMatchObject({ outcome: "paid" });
    const price = await periodPrice(parent);
    await expect.poll(() => outcome(parent), { timeout: 8000, interval: 200 }).toEqual({ running: 1, billedMinor: price, balance: 4, waiting: 0 });
    // the provider's own record of the cancel may land a moment after ours
    await expect.poll(() => billedAtProvider([first, second]), { timeout: 8000, interval: 200 }).toBe(1);
    const orders = await env.DB.prepare(`SELECT status, refunded_minor AS refunded FROM orders WHERE user_profile_id = ? ORDER BY status`)
      .bind(parent.profileId)
      .all<{ status: string; refunded: number }>();
    expect(orders.results).toEqual([
      { status: "paid", refunded: 0 },
      { status: "refunded", refunded: price },
    ]);
    // one receipt: the refunded payment sends none
    expect(await count(`email_outbox where kind = 'plan-purchase' and "to" like ?`, `%${parent.email}%`)).toBe(1);

    const subscriptions = await pageText(await parent.call("/mysubscriptions"));
    expect(subscriptions).toContain("Active");
    expect(subscriptions).toContain("Cancelled and refunded: you already had this subscription");
    const list = await pageText(await parent.call("/myorders"));
    expect(list).toContain("Refunded");
    const duplicate = await env.DB.prepare(`SELECT id FROM orders WHERE user_profile_id = ? AND status = 'refunded'`)
      .bind(parent.profileId)
      .first<{ id: string }>();
    const page = await pageText(await parent.call(`/order/${duplicate!.id}`));
    expect(page).toContain("You already had this subscription, so this second payment was refunded in full.");
    const landing = await pageText(await parent.call(`/checkout/success?order=${duplicate!.id}`));
    expect(landing).toContain("You already have this subscription");
  }, 20_000);
});

describe("a second subscription paid all the same, with Stripe", () => {
  const stripeUrl = () => inject("fakeStripeUrl");
  const secret = "whsec_test_one_subscription_0123456789";

  async function stripeCalls(key: string) {
    const res = await fetch(`${stripeUrl()}/__calls/${encodeURIComponent(key)}`);
    return (await res.json()) as { method: string; path: string; headers: Record<string, string>; body: Record<string, unknown> }[];
  }

  /** The events Stripe sends for a paid subscription checkout: the session, then its first invoice. */
  function paidEvents(orderId: string, sessionId: string, paid: { subscription: string; invoice: string }, amountMinor: number) {
    const start = Math.floor(Date.now() / 1000);
    return [
      {
        type: "checkout.session.completed",
        object: {
          id: sessionId,
          object: "checkout.session",
          mode: "subscription",
          payment_status: "paid",
          status: "complete",
          metadata: { orderId },
          subscription: paid.subscription,
        },
      },
      {
        type: "invoice.paid",
        object: {
          id: paid.invoice,
          object: "invoice",
          billing_reason: "subscription_create",
          amount_paid: amountMinor,
          currency: "gbp",
          parent: { type: "subscription_details", subscription_details: { subscription: paid.subscription, metadata: { orderId } } },
          lines: { object: "list", data: [{ metadata: {}, period: { start, end: start + 30 * 86400 } }] },
        },
      },
    ];
  }

  /** A parent buying through Stripe (the fake), whose pages are paid there before any webhook arrives. */
  async function stripeParent() {
    const key = `sk_test_${crypto.randomUUID().replace(/-/g, "")}`;
    const s = createServices(parseEnv({ ...env, STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_URL: stripeUrl() } as Env));
    const parent = await makeAccount();
    const buyer = {
      owner: { kind: "profile" as const, userProfileId: parent.profileId },
      visitorId: `v${parent.profileId}`,
      email: parent.email,
      fullName: "Sam",
    };
    return {
      key,
      parent,
      /** opens a checkout and pays it at Stripe; opening the next one cannot close it there then (it is complete), as with Stripe */
      async payOne() {
        const { orderId, url } = await s.payments.startCheckout({ buyer, planId: PLAN, quantity: 1, market: market("GB"), site: SITE });
        const sessionId = url.split("/").pop()!;
        const res = await fetch(`${stripeUrl()}/__control/pay`, { method: "POST", body: JSON.stringify({ key, session: sessionId }) });
        return { orderId, sessionId, ...((await res.json()) as { subscription: string; invoice: string }) };
      },
      async deliver(type: string, object: Record<string, unknown>, id = `evt_${crypto.randomUUID().replace(/-/g, "")}`) {
        const raw = JSON.stringify({ id, object: "event", api_version: "2026-10-28.endive", type, data: { object } });
        return s.payments.handleWebhook(raw, await signWebhook(raw, secret), SITE);
      },
      async atStripe(subscription: string) {
        const res = await fetch(`${stripeUrl()}/v1/subscriptions/${subscription}`, { headers: { authorization: `Bearer ${key}` } });
        return ((await res.json()) as { status: string }).status;
      },
    };
  }

  it("five checkouts paid at Stripe before any webhook arrived: four are cancelled and refunded there, one is billed", async () => {
    const { key, parent, payOne, deliver, atStripe } = await stripeParent();
    const paid: Awaited<ReturnType<typeof payOne>>[] = [];
    for (let i = 0; i < 5; i++) paid.push(await payOne());
    const price = await periodPrice(parent);
    // The five payments' webhooks, all at once.
    await Promise.all(
      paid.map(async (p) => {
        for (const e of paidEvents(p.orderId, p.sessionId, p, price)) await deliver(e.type, e.object);
      }),
    );

    expect(await outcome(parent)).toEqual({ running: 1, billedMinor: price, balance: 4, waiting: 0 });
    const kept = await env.DB.prepare(`SELECT provider_ref AS ref FROM subscriptions WHERE user_profile_id = ? AND duplicate_of IS NULL`)
      .bind(parent.profileId)
      .first<{ ref: string }>();
    const duplicates = paid.filter((p) => p.subscription !== kept!.ref);
    expect(duplicates).toHaveLength(4);
    // At Stripe: the four others cancelled now and their payments refunded, each once; the kept one untouched.
    const calls = await stripeCalls(key);
    expect(
      calls
        .filter((c) => c.method === "DELETE")
        .map((c) => c.path)
        .sort(),
    ).toEqual(duplicates.map((d) => `/v1/subscriptions/${d.subscription}`).sort());
    const refunds = calls.filter((c) => c.path === "/v1/refunds");
    expect(refunds).toHaveLength(4);
    expect(refunds.map((r) => r.headers["idempotency-key"]).sort()).toEqual(duplicates.map((d) => `duplicate-subscription:${d.orderId}`).sort());
    expect(await Promise.all(paid.map((p) => atStripe(p.subscription)))).toEqual(paid.map((p) => (p.subscription === kept!.ref ? "active" : "canceled")));

    // Stripe's own word on the refunds, and the invoices delivered again, change nothing and ask for nothing more.
    for (const r of refunds) await deliver("charge.refunded", { id: "ch_x", object: "charge", payment_intent: r.body.payment_intent, amount_refunded: price });
    for (const d of duplicates) await deliver("invoice.paid", paidEvents(d.orderId, d.sessionId, d, price)[1].object);
    expect(await outcome(parent)).toEqual({ running: 1, billedMinor: price, balance: 4, waiting: 0 });
    const settling = (all: { method: string; path: string }[]) => all.filter((c) => c.method === "DELETE" || c.path === "/v1/refunds");
    expect(settling(await stripeCalls(key))).toHaveLength(8);
  }, 30_000);

  it("when Stripe fails the cancel, the webhook fails, and Stripe's retry of it settles the second subscription", async () => {
    const { key, parent, payOne, deliver, atStripe } = await stripeParent();
    const first = await payOne();
    const second = await payOne();
    const price = await periodPrice(parent);
    for (const e of paidEvents(first.orderId, first.sessionId, first, price)) await deliver(e.type, e.object);
    // Stripe answers 500 to the cancel and to both of its retries.
    await fetch(`${stripeUrl()}/__control/fail-next`, { method: "POST", body: JSON.stringify({ key, status: 500, count: 3 }) });
    const [completed, invoice] = paidEvents(second.orderId, second.sessionId, second, price);
    await expect(deliver(completed.type, completed.object, "evt_second_completed")).rejects.toThrow();
    expect(await atStripe(second.subscription)).toBe("active");
    // recorded all the same: it grants nothing and is not running
    expect(await outcome(parent)).toMatchObject({ running: 1, balance: 4 });

    expect(await deliver(completed.type, completed.object, "evt_second_completed")).toEqual({ applied: false, reason: "duplicate" });
    expect(await atStripe(second.subscription)).toBe("canceled");
    await deliver(invoice.type, invoice.object);
    expect(await outcome(parent)).toEqual({ running: 1, billedMinor: price, balance: 4, waiting: 0 });
    expect(await atStripe(first.subscription)).toBe("active");
  }, 30_000);
});
