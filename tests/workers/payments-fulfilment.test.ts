import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TEST_CARDS } from "~/services/payments/test-provider.server";
import { balanceOf, deliver, event, orderStatus, paidInvoice, paidSession, services, startPurchase } from "./payments-helpers";

describe("fulfilment: credits reach the ledger once per paid order", () => {
  it("a paid checkout grants the pack's credits once, however often the event is delivered", async () => {
    const p = await startPurchase("family-pack");
    expect(await orderStatus(p.orderId)).toBe("pending");
    const paid = paidSession(p);
    const first = await deliver(paid);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await deliver(paid);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await orderStatus(p.orderId)).toBe("paid");
    expect(await balanceOf(p.parent)).toBe(5);
  });

  it("ten deliveries at once of the same payment, under different event ids, grant once", async () => {
    const p = await startPurchase("family-pack", "GB", 2);
    const pi = "pi_same_payment";
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(paidSession(p, pi))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await balanceOf(p.parent)).toBe(10);
    const emails = await env.DB.prepare(`SELECT count(*) AS n FROM email_outbox WHERE kind = 'plan-purchase' AND "to" LIKE ?`)
      .bind(`%${p.parent.email}%`)
      .first<{ n: number }>();
    expect(emails?.n).toBe(1);
  });

  it("a bad signature, a stale one and an unsigned body are 400 and grant nothing", async () => {
    const p = await startPurchase("single-story");
    const body = JSON.stringify(paidSession(p));
    expect((await deliver(body, "t=1,v1=deadbeef")).status).toBe(400);
    const stale = `t=${Math.floor(Date.now() / 1000) - 3600},v1=00`;
    expect((await deliver(body, stale)).status).toBe(400);
    expect((await deliver(body, "")).status).toBe(400);
    expect(await orderStatus(p.orderId)).toBe("pending");
    expect(await balanceOf(p.parent)).toBe(0);
  });

  it("an expired checkout cancels the order and grants nothing; a payment after that still counts", async () => {
    const p = await startPurchase("single-story");
    await deliver(event("checkout.session.expired", { id: p.sessionId, payment_status: "unpaid", metadata: { orderId: p.orderId } }));
    expect(await orderStatus(p.orderId)).toBe("cancelled");
    expect(await balanceOf(p.parent)).toBe(0);
    await deliver(paidSession(p));
    expect(await orderStatus(p.orderId)).toBe("paid");
    expect(await balanceOf(p.parent)).toBe(1);
  });

  it("a refund takes the credits back, never below what was already spent", async () => {
    const p = await startPurchase("family-pack");
    await deliver(paidSession(p, "pi_refund_me"));
    expect(await balanceOf(p.parent)).toBe(5);
    // half refunded: 3 of 5 credits (rounded up) go back
    const total = (await env.DB.prepare(`SELECT total_minor AS t FROM orders WHERE id = ?`).bind(p.orderId).first<{ t: number }>())!.t;
    await deliver(event("charge.refunded", { payment_intent: "pi_refund_me", amount_refunded: Math.floor(total / 2) }));
    expect(await balanceOf(p.parent)).toBe(2);
    expect(await orderStatus(p.orderId)).toBe("paid");
    // the parent spends one credit on a book, then the rest is refunded: only what is left goes back
    await env.DB.prepare(`INSERT INTO credit_ledger (id, user_profile_id, delta, reason, idempotency_key) VALUES (?, ?, -1, 'adjustment', ?)`)
      .bind(crypto.randomUUID(), p.parent.profileId, `spent:${p.orderId}`)
      .run();
    await deliver(event("charge.refunded", { payment_intent: "pi_refund_me", amount_refunded: total }));
    expect(await balanceOf(p.parent)).toBe(0);
    expect(await orderStatus(p.orderId)).toBe("refunded");
  });

  it("a subscription grants its monthly credits once per period, whatever order the events come in", async () => {
    const p = await startPurchase("storyteller-monthly");
    const sub = `sub_${crypto.randomUUID().slice(0, 10)}`;
    const start = Math.floor(Date.now() / 1000);
    // the first invoice before the checkout's own event
    const firstInvoice = paidInvoice(p, sub, start, "subscription_create");
    await deliver(firstInvoice);
    await deliver(paidSession(p, undefined, sub));
    await deliver(firstInvoice);
    expect(await orderStatus(p.orderId)).toBe("paid");
    expect(await balanceOf(p.parent)).toBe(4);
    // the renewal, delivered twice, and a second event id for the same period
    const renewal = paidInvoice(p, sub, start + 30 * 86400, "subscription_cycle");
    await Promise.all([deliver(renewal), deliver(renewal), deliver({ ...renewal, id: "evt_other_id_same_period" })]);
    expect(await balanceOf(p.parent)).toBe(8);
    const orders = await env.DB.prepare(`SELECT count(*) AS n FROM orders WHERE user_profile_id = ? AND status = 'paid'`)
      .bind(p.parent.profileId)
      .first<{ n: number }>();
    expect(orders?.n).toBe(2);
    const row = await env.DB.prepare(`SELECT status, credits FROM subscriptions WHERE provider_ref = ?`).bind(sub).first<{ status: string; credits: number }>();
    expect(row).toEqual({ status: "active", credits: 4 });
    await deliver(event("customer.subscription.deleted", { id: sub, status: "canceled", cancel_at_period_end: false }));
    expect((await env.DB.prepare(`SELECT status FROM subscriptions WHERE provider_ref = ?`).bind(sub).first<{ status: string }>())?.status).toBe("cancelled");
  });
});

describe("deleting an account ends its subscription at the provider", () => {
  it("a running subscription is cancelled now, and the account's orders and subscriptions go", async () => {
    const p = await startPurchase("storyteller-monthly");
    const s = services();
    expect(await s.testPayments!.pay(p.sessionId, TEST_CARDS.succeeds)).toMatchObject({ outcome: "paid" });
    // the provider's events arrive a moment later
    await expect.poll(() => balanceOf(p.parent), { timeout: 5000 }).toBe(4);
    const sub = await env.DB.prepare(`SELECT provider_ref AS ref FROM subscriptions WHERE order_id = ?`).bind(p.orderId).first<{ ref: string }>();
    expect(sub?.ref).toMatch(/^sub_test_/);

    const deleted = await s.accountDeletion.deleteAccount({ userId: p.parent.userId, userProfileId: p.parent.profileId });
    expect(deleted.ok).toBe(true);
    const atProvider = await env.DB.prepare(`SELECT status FROM test_subscriptions WHERE id = ?`).bind(sub!.ref).first<{ status: string }>();
    expect(atProvider?.status).toBe("canceled");
    const left = await env.DB.prepare(`SELECT (SELECT count(*) FROM subscriptions WHERE order_id = ?1) + (SELECT count(*) FROM orders WHERE id = ?1) AS n`)
      .bind(p.orderId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

describe("subscription updates that arrive out of order", () => {
  it("a cancel's late event does not undo the resume that followed it: the provider's state now wins", async () => {
    const p = await startPurchase("storyteller-monthly");
    const s = services();
    await s.testPayments!.pay(p.sessionId, TEST_CARDS.succeeds);
    await expect.poll(() => balanceOf(p.parent), { timeout: 5000 }).toBe(4);
    const row = await env.DB.prepare(`SELECT id, provider_ref AS ref FROM subscriptions WHERE order_id = ?`)
      .bind(p.orderId)
      .first<{ id: string; ref: string }>();
    const owner = { kind: "profile" as const, userProfileId: p.parent.profileId };
    await s.payments.setCancelAtPeriodEnd(row!.id, owner, true);
    await s.payments.setCancelAtPeriodEnd(row!.id, owner, false);
    // the cancel's event, delivered after the resume
    const stale = event("customer.subscription.updated", { id: row!.ref, object: "subscription", status: "active", cancel_at_period_end: true });
    expect((await deliver(stale)).status).toBe(200);
    const now = await env.DB.prepare(`SELECT cancel_at_period_end AS c FROM subscriptions WHERE id = ?`).bind(row!.id).first<{ c: number }>();
    expect(now?.c).toBe(0);
  });
});

describe("one open subscription checkout at a time", () => {
  it("a second subscription checkout gives up the first and closes its page, so it cannot be paid as well", async () => {
    const first = await startPurchase("storyteller-monthly");
    const second = await startPurchase("storyteller-monthly", "GB", 1, first.parent);
    expect(await orderStatus(first.orderId)).toBe("cancelled");
    expect(await orderStatus(second.orderId)).toBe("pending");
    const s = services();
    expect(await s.testPayments!.pay(first.sessionId, TEST_CARDS.succeeds)).toMatchObject({ outcome: "closed" });
    expect(await s.testPayments!.pay(second.sessionId, TEST_CARDS.succeeds)).toMatchObject({ outcome: "paid" });
    await expect.poll(() => balanceOf(first.parent), { timeout: 5000 }).toBe(4);
  });
});
