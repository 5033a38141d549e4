import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { readPaymentEvent } from "~/services/payments/events";

// Stripe's events as Stripe sends them with the current API version (2026-10-28): whole objects,
// with the fields that older versions had and this one no longer has (an invoice's `subscription`
// and `payment_intent`, a subscription's `current_period_*`) left out, as Stripe leaves them out.

const ORDER = "6f1c2a9e-4b7d-4e1a-9c3f-2d8b5e7a1c40";
const SUB_ORDER = "a2d4f6b8-1c3e-4a5b-8d7f-9e0c1b2a3d4e";

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(__dirname, "stripe-events", `${name}.json`), "utf8"));
}

describe("reading Stripe's events", () => {
  it("checkout.session.completed, paid in payment mode", () => {
    expect(readPaymentEvent(fixture("checkout.session.completed.payment"))).toEqual({
      kind: "checkout-paid",
      id: "evt_1SbQ9bA1b2C3d4E5pay",
      sessionId: "cs_test_a1PayMode0123456789",
      orderId: ORDER,
      paymentRef: "pi_3SbQ9aA1b2C3d4E50",
      subscriptionRef: null,
    });
  });

  it("checkout.session.completed in subscription mode names the subscription, not a payment", () => {
    expect(readPaymentEvent(fixture("checkout.session.completed.subscription"))).toEqual({
      kind: "checkout-paid",
      id: "evt_1SbQ7kA1b2C3d4E5sub",
      sessionId: "cs_test_b1SubMode0123456789",
      orderId: SUB_ORDER,
      paymentRef: null,
      subscriptionRef: "sub_1SbQ7hA1b2C3d4E5",
    });
  });

  it("a completed checkout still waiting for its money is ignored; the later async success pays", () => {
    expect(readPaymentEvent(fixture("checkout.session.completed.unpaid"))).toEqual({
      kind: "ignored",
      id: "evt_1SbQ9cA1b2C3d4E5unp",
      type: "checkout.session.completed",
    });
    expect(readPaymentEvent(fixture("checkout.session.async_payment_succeeded"))).toMatchObject({
      kind: "checkout-paid",
      sessionId: "cs_test_c1Transfer0123456789",
      orderId: ORDER,
      paymentRef: "pi_3SbQ9cA1b2C3d4E52",
    });
  });

  it("checkout.session.expired gives the order up: closed before its time, or expired once its time was up", () => {
    // this session was closed through the API five minutes after it opened (its expires_at is a day on)
    const closed = fixture("checkout.session.expired");
    expect(readPaymentEvent(closed)).toEqual({
      kind: "checkout-failed",
      id: "evt_1SbQ9eA1b2C3d4E5exp",
      sessionId: "cs_test_d1Expired01234567890",
      orderId: ORDER,
      reason: "closed",
    });
    const session = (closed.data as { object: { expires_at: number } }).object;
    expect(readPaymentEvent({ ...closed, created: session.expires_at + 30 })).toMatchObject({ kind: "checkout-failed", reason: "expired" });
  });

  it("invoice.paid: the subscription and order id from parent.subscription_details, the period from the line", () => {
    const first = fixture("invoice.paid.subscription_create");
    const line = (first.data as { object: { lines: { data: { period: { start: number; end: number } }[] } } }).object.lines.data[0];
    expect(readPaymentEvent(first)).toEqual({
      kind: "invoice-paid",
      id: "evt_1SbQ7lA1b2C3d4E5inv",
      invoiceId: "in_1SbQ7iA1b2C3d4E5",
      subscriptionRef: "sub_1SbQ7hA1b2C3d4E5",
      orderId: SUB_ORDER,
      periodStart: line.period.start,
      periodEnd: line.period.end,
      amountPaidMinor: 1099,
      currency: "GBP",
      // the invoice no longer names its payment (see payments.server.ts: the provider is asked)
      paymentRef: null,
      firstPeriod: true,
    });
    const renewal = readPaymentEvent(fixture("invoice.paid.subscription_cycle"));
    expect(renewal).toMatchObject({ kind: "invoice-paid", invoiceId: "in_1ScZ2lA1b2C3d4E5", subscriptionRef: "sub_1SbQ7hA1b2C3d4E5", firstPeriod: false });
  });

  it("an invoice that is not a subscription's is ignored", () => {
    const raw = fixture("invoice.paid.subscription_cycle");
    const object = (raw.data as { object: Record<string, unknown> }).object;
    object.parent = null;
    expect(readPaymentEvent(raw)).toEqual({ kind: "ignored", id: raw.id, type: "invoice.paid" });
  });

  it("the older shape (the subscription and payment on the invoice itself) is still read", () => {
    const raw = fixture("invoice.paid.subscription_cycle");
    const object = (raw.data as { object: Record<string, unknown> }).object;
    object.parent = null;
    object.subscription = "sub_old_shape";
    object.payment_intent = "pi_old_shape";
    expect(readPaymentEvent(raw)).toMatchObject({ kind: "invoice-paid", subscriptionRef: "sub_old_shape", paymentRef: "pi_old_shape" });
  });

  it("charge.refunded: the payment and how much of it is refunded so far", () => {
    expect(readPaymentEvent(fixture("charge.refunded"))).toEqual({
      kind: "refund",
      id: "evt_3SbQAaA1b2C3d4E5ref",
      paymentRef: "pi_3SbQ9aA1b2C3d4E50",
      amountRefundedMinor: 1599,
    });
  });

  it("customer.subscription.updated: the period from the subscription's item", () => {
    const raw = fixture("customer.subscription.updated.cancel_at_period_end");
    const item = (raw.data as { object: { items: { data: { current_period_start: number; current_period_end: number }[] } } }).object.items.data[0];
    expect(readPaymentEvent(raw)).toEqual({
      kind: "subscription-updated",
      id: "evt_1SdA1aA1b2C3d4E5upd",
      subscriptionRef: "sub_1SbQ7hA1b2C3d4E5",
      status: "active",
      cancelAtPeriodEnd: true,
      periodStart: item.current_period_start,
      periodEnd: item.current_period_end,
    });
  });

  it("a cancellation made in Stripe's portal (cancel_at at the period's end, no flag) ends at the period's end", () => {
    expect(readPaymentEvent(fixture("customer.subscription.updated.cancel_at"))).toMatchObject({ kind: "subscription-updated", cancelAtPeriodEnd: true });
    const resumed = fixture("customer.subscription.updated.cancel_at");
    (resumed.data as { object: Record<string, unknown> }).object.cancel_at = null;
    expect(readPaymentEvent(resumed)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it("customer.subscription.deleted ends the subscription", () => {
    expect(readPaymentEvent(fixture("customer.subscription.deleted"))).toEqual({
      kind: "subscription-ended",
      id: "evt_1SeB2aA1b2C3d4E5del",
      subscriptionRef: "sub_1SbQ7hA1b2C3d4E5",
    });
  });

  it("events fulfilment does not act on are acknowledged and ignored", () => {
    expect(readPaymentEvent(fixture("payment_intent.succeeded"))).toEqual({ kind: "ignored", id: "evt_3SbQ9fA1b2C3d4E5pis", type: "payment_intent.succeeded" });
    expect(readPaymentEvent(fixture("invoice_payment.paid"))).toMatchObject({ kind: "ignored" });
  });

  it("an event we act on that lacks what it should carry is a ZodError", () => {
    const raw = fixture("invoice.paid.subscription_create");
    (raw.data as { object: Record<string, unknown> }).object.lines = { object: "list", data: [] };
    expect(() => readPaymentEvent(raw)).toThrow(ZodError);
    expect(() => readPaymentEvent({ id: "evt_1", type: "charge.refunded", data: { object: { payment_intent: "pi_1" } } })).toThrow(ZodError);
    expect(() => readPaymentEvent({ type: "checkout.session.completed" })).toThrow(ZodError);
  });
});
