import { env, SELF } from "cloudflare:test";
import { describe, expect, it, onTestFinished } from "vitest";
import { CheckoutError, type StartCheckout } from "~/services/payments/payments.server";
import { TEST_WEBHOOK_SECRET } from "~/services/payments/test-provider.server";
import { signWebhook } from "~/services/payments/webhook.server";
import { count, makeAccount, type TestAccount } from "./account-helpers";
import { balanceOf, deliver, event, market, orderStatus, paidInvoice, paidSession, services, SITE, startPurchase } from "./payments-helpers";

// What a checkout refuses (and that a refusal writes nothing), what the webhook refuses, and that
// a parent cannot end up buying the same subscription twice once one is paid.

function checkout(parent: TestAccount, input: Partial<Omit<StartCheckout, "buyer">> = {}) {
  return services().payments.startCheckout({
    buyer: {
      owner: { kind: "profile", userProfileId: parent.profileId },
      visitorId: `visitor${parent.profileId.replace(/-/g, "")}`,
      email: parent.email,
      fullName: "Sam Parent",
    },
    planId: "family-pack",
    quantity: 1,
    market: market("GB"),
    site: SITE,
    ...input,
  });
}

/** The CheckoutError a promise is refused with. */
async function refusal(promise: Promise<unknown>): Promise<CheckoutError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CheckoutError);
  return error as CheckoutError;
}

async function ordersOf(parent: TestAccount): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM orders WHERE user_profile_id = ?`).bind(parent.profileId).first<{ n: number }>();
  return row?.n ?? 0;
}

describe("startCheckout refuses bad input and writes nothing", () => {
  it("an unknown plan is 404", async () => {
    const parent = await makeAccount();
    const e = await refusal(checkout(parent, { planId: "golden-pack" }));
    expect([e.status, e.code]).toEqual([404, "unknown-plan"]);
    expect(await ordersOf(parent)).toBe(0);
  });

  it("a plan that is not on sale is 404", async () => {
    const parent = await makeAccount();
    // the catalogue is loaded, then a plan of our own is added and taken off sale (and removed after:
    // the files after this one share the database and its catalogue)
    await services().pricing.activePlans();
    onTestFinished(async () => void (await env.DB.prepare("DELETE FROM plans WHERE id = 'retired-pack'").run()));
    await env.DB.prepare(
      `INSERT INTO plans (id, kind, name, description, credits, price_minor, currency, is_active, sort_order) VALUES ('retired-pack', 'credit_pack', 'Retired Pack', 'Old', 3, 999, 'USD', 1, 9)`,
    ).run();
    expect((await services().pricing.pricedPlan("retired-pack", market("GB")))?.id).toBe("retired-pack");
    await env.DB.prepare(`UPDATE plans SET is_active = 0 WHERE id = 'retired-pack'`).run();
    const e = await refusal(checkout(parent, { planId: "retired-pack" }));
    expect([e.status, e.code]).toEqual([404, "unknown-plan"]);
    expect(await ordersOf(parent)).toBe(0);
  });

  it.each([0, 11, 1.5, -1, Number.NaN])("a pack quantity of %d is 400", async (quantity) => {
    const parent = await makeAccount();
    const e = await refusal(checkout(parent, { quantity }));
    expect([e.status, e.code]).toEqual([400, "quantity"]);
    expect(e.message).toBe("Choose between 1 and 10 packs.");
    expect(await ordersOf(parent)).toBe(0);
  });

  it("a subscription is bought one at a time", async () => {
    const parent = await makeAccount();
    const e = await refusal(checkout(parent, { planId: "storyteller-monthly", quantity: 2 }));
    expect([e.status, e.code, e.message]).toEqual([400, "quantity", "A subscription is bought one at a time."]);
    expect(await ordersOf(parent)).toBe(0);
  });

  it("a price that is no longer the price (amount or currency) is 409 and names the price now", async () => {
    const parent = await makeAccount();
    const plan = (await services().pricing.pricedPlan("family-pack", market("GB")))!;
    const amount = await refusal(checkout(parent, { expected: { amountMinor: plan.amountMinor - 100, currencyCode: "GBP" } }));
    expect([amount.status, amount.code]).toEqual([409, "price-changed"]);
    expect(amount.message).toContain(plan.formatted);
    const currency = await refusal(checkout(parent, { expected: { amountMinor: plan.amountMinor, currencyCode: "EUR" } }));
    expect([currency.status, currency.code]).toEqual([409, "price-changed"]);
    expect(await ordersOf(parent)).toBe(0);
    // the price the parent saw, in the market's currency (in any case), goes through
    const ok = await checkout(parent, { expected: { amountMinor: plan.amountMinor, currencyCode: "gbp" } });
    expect(await orderStatus(ok.orderId)).toBe("pending");
    const row = await env.DB.prepare(`SELECT currency, total_minor AS total FROM orders WHERE id = ?`).bind(ok.orderId).first();
    expect(row).toEqual({ currency: "GBP", total: plan.amountMinor });
  });

  it("the same subscription again while one is active is 409", async () => {
    const p = await startPurchase("storyteller-monthly");
    const sub = `sub_${crypto.randomUUID().slice(0, 10)}`;
    await deliver(paidSession(p, undefined, sub));
    const before = await ordersOf(p.parent);
    const e = await refusal(checkout(p.parent, { planId: "storyteller-monthly" }));
    expect([e.status, e.code]).toEqual([409, "already-subscribed"]);
    expect(await ordersOf(p.parent)).toBe(before);
    // packs are still for sale
    expect((await checkout(p.parent, { planId: "single-story" })).orderId).toBeTruthy();
  });
});

describe("the webhook refuses or ignores what is not for us", () => {
  it("an event for an order taken by another provider changes nothing", async () => {
    const parent = await makeAccount();
    const orderId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO orders (id, user_profile_id, currency, subtotal_minor, total_minor, provider, provider_ref) VALUES (?, ?, 'GBP', 1599, 1599, 'stripe', 'cs_live_elsewhere')`,
      ).bind(orderId, parent.profileId),
      env.DB.prepare(
        `INSERT INTO order_items (order_id, plan_id, description, quantity, unit_price_minor, credits, total_minor) VALUES (?, 'family-pack', 'Family Pack', 1, 1599, 5, 1599)`,
      ).bind(orderId),
    ]);
    const res = await deliver(
      event("checkout.session.completed", {
        id: "cs_live_elsewhere",
        payment_status: "paid",
        client_reference_id: orderId,
        metadata: { orderId },
        payment_intent: "pi_x",
      }),
    );
    expect(res.status).toBe(200);
    expect(await orderStatus(orderId)).toBe("pending");
    expect(await balanceOf(parent)).toBe(0);
  });

  it("an event for an order that does not exist is acknowledged and changes nothing", async () => {
    const orderId = crypto.randomUUID();
    const res = await deliver(
      event("checkout.session.completed", { id: "cs_unknown", payment_status: "paid", metadata: { orderId }, payment_intent: "pi_unknown" }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    expect(await orderStatus(orderId)).toBeUndefined();
    const invoice = await deliver(
      paidInvoice({ parent: await makeAccount(), orderId, sessionId: "cs_unknown" }, "sub_unknown", Math.floor(Date.now() / 1000), "subscription_cycle"),
    );
    expect(invoice.status).toBe(200);
    expect(
      (await env.DB.prepare(`SELECT count(*) AS n FROM orders WHERE provider_ref LIKE 'in_%' AND user_profile_id IS NULL`).first<{ n: number }>())?.n,
    ).toBe(0);
  });

  it("a body over 256 KiB is 413, counted in bytes", async () => {
    const p = await startPurchase("single-story");
    const big = { ...paidSession(p), padding: "x".repeat(256 * 1024) };
    expect((await deliver(big)).status).toBe(413);
    // 150,000 characters that are 300,000 bytes in UTF-8
    const wide = { ...paidSession(p), padding: "é".repeat(150_000) };
    expect((await deliver(wide)).status).toBe(413);
    // the same, streamed without a declared length
    const raw = JSON.stringify(wide);
    const bytes = new TextEncoder().encode(raw);
    const streamed = await SELF.fetch(`${SITE}/api/payments/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": await signWebhook(raw, TEST_WEBHOOK_SECRET) },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 65_536) controller.enqueue(bytes.subarray(i, i + 65_536));
          controller.close();
        },
      }),
    });
    expect(streamed.status).toBe(413);
    expect(await orderStatus(p.orderId)).toBe("pending");
  });

  it("a GET is 405", async () => {
    const res = await SELF.fetch(`${SITE}/api/payments/webhook`);
    expect(res.status).toBe(405);
  });

  it("a signed body that is not an event is 400", async () => {
    expect((await deliver({ hello: "world" })).status).toBe(400);
    expect((await deliver("not json at all")).status).toBe(400);
    expect((await deliver(event("checkout.session.completed", { payment_status: "paid" }))).status).toBe(400);
  });
});

describe("one subscription per parent", () => {
  it("ten checkouts at once leave one waiting, and once it is paid no other subscription checkout opens", async () => {
    const parent = await makeAccount();
    const started = await Promise.allSettled(Array.from({ length: 10 }, () => checkout(parent, { planId: "storyteller-monthly" })));
    // Each checkout replaced the one before it, in D1; a page replaced while it was being opened says so.
    for (const s of started) if (s.status === "rejected") expect(s.reason).toMatchObject({ status: 409, code: "replaced" });
    const statuses = await env.DB.prepare(`SELECT status, count(*) AS n FROM orders WHERE user_profile_id = ? GROUP BY status ORDER BY status`)
      .bind(parent.profileId)
      .all();
    expect(statuses.results).toEqual([
      { status: "cancelled", n: 9 },
      { status: "pending", n: 1 },
    ]);
    const waiting = await env.DB.prepare(`SELECT id, provider_ref AS ref, checkout_url AS url FROM orders WHERE user_profile_id = ? AND status = 'pending'`)
      .bind(parent.profileId)
      .first<{ id: string; ref: string; url: string }>();
    expect(started.some((s) => s.status === "fulfilled" && s.value.url === waiting!.url)).toBe(true);
    // the pages of the nine replaced checkouts are closed at the provider
    expect(
      await count(`test_checkouts where client_reference_id in (select id from orders where user_profile_id = ?) and status = 'open'`, parent.profileId),
    ).toBe(1);

    const first = { parent, orderId: waiting!.id, sessionId: waiting!.ref };
    const sub = `sub_${crypto.randomUUID().slice(0, 10)}`;
    await deliver(paidSession(first, undefined, sub));
    await deliver(paidInvoice(first, sub, Math.floor(Date.now() / 1000), "subscription_create"));
    expect(await balanceOf(parent)).toBe(4);

    const again = await Promise.allSettled(Array.from({ length: 5 }, () => checkout(parent, { planId: "storyteller-monthly" })));
    for (const a of again) {
      expect(a.status).toBe("rejected");
      expect((a as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: "already-subscribed" });
    }
    expect(await ordersOf(parent)).toBe(10);
    // no page offers to pay for it again
    const views = await services().payments.orders({ kind: "profile", userProfileId: parent.profileId });
    expect(views.map((v) => v.status).sort()).toEqual([...Array(9).fill("cancelled"), "paid"]);
    expect(views.filter((v) => v.checkoutUrl !== null)).toEqual([]);
  });

  it("a parent's pending pack checkouts and another parent's subscription checkouts are left alone", async () => {
    const parent = await makeAccount();
    const pack = await checkout(parent, { planId: "family-pack" });
    const sub = await checkout(parent, { planId: "storyteller-monthly" });
    const other = await makeAccount();
    const theirs = await checkout(other, { planId: "storyteller-monthly" });
    const ref = `sub_${crypto.randomUUID().slice(0, 10)}`;
    await deliver(paidSession({ parent, orderId: sub.orderId, sessionId: sub.url.split("/").pop()! }, undefined, ref));
    expect(await orderStatus(sub.orderId)).toBe("paid");
    expect(await orderStatus(pack.orderId)).toBe("pending");
    expect(await orderStatus(theirs.orderId)).toBe("pending");
  });
});
