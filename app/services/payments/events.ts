import { z } from "zod";
import { ORDER_METADATA_KEY } from "./types";

/**
 * The webhook events fulfilment acts on, read from the provider's event (Stripe's shape; the test
 * provider sends the same). Everything else is acknowledged and ignored.
 */
export type PaymentEvent =
  | { kind: "checkout-paid"; id: string; sessionId: string; orderId: string | null; paymentRef: string | null; subscriptionRef: string | null }
  /** expired: the session ran out of time; closed: it was closed before (the parent cancelled, another tab replaced it) */
  | { kind: "checkout-failed"; id: string; sessionId: string; orderId: string | null; reason: "expired" | "closed" | "failed" }
  | {
      kind: "invoice-paid";
      id: string;
      invoiceId: string;
      subscriptionRef: string;
      orderId: string | null;
      /** Unix seconds */
      periodStart: number;
      periodEnd: number;
      amountPaidMinor: number;
      currency: string;
      paymentRef: string | null;
      firstPeriod: boolean;
    }
  | { kind: "refund"; id: string; paymentRef: string; amountRefundedMinor: number }
  | ({ kind: "subscription-updated"; id: string } & SubscriptionState)
  | { kind: "subscription-ended"; id: string; subscriptionRef: string }
  | { kind: "ignored"; id: string; type: string };

const id = z.string().min(1).max(255);
const ref = z.union([id, z.object({ id })]).transform((v) => (typeof v === "string" ? v : v.id));
const metadata = z.record(z.string(), z.string()).nullish();
const envelope = z.object({ id, type: z.string(), created: z.number().int().nullish(), data: z.object({ object: z.record(z.string(), z.unknown()) }) });

const session = z.object({
  id,
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  metadata,
  payment_intent: ref.nullish(),
  subscription: ref.nullish(),
  expires_at: z.number().int().nullish(),
});
const period = z.object({ start: z.number().int(), end: z.number().int() });
const invoice = z.object({
  id,
  billing_reason: z.string().nullish(),
  amount_paid: z.number().int(),
  currency: z.string(),
  // newer API versions keep the subscription under parent.subscription_details, older ones on the invoice
  subscription: ref.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: ref.nullish(), metadata }).nullish() }).nullish(),
  lines: z.object({ data: z.array(z.object({ period, metadata })).min(1) }),
  payment_intent: ref.nullish(),
  payments: z.object({ data: z.array(z.object({ payment: z.object({ payment_intent: ref.nullish() }).nullish() })) }).nullish(),
});
const charge = z.object({ payment_intent: ref.nullish(), amount_refunded: z.number().int().min(0) });
const subscription = z.object({
  id,
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  // a cancellation made in Stripe's Dashboard or customer portal sets the date instead of the flag
  cancel_at: z.number().int().nullish(),
  // newer API versions keep the period on the subscription's items
  current_period_start: z.number().int().nullish(),
  current_period_end: z.number().int().nullish(),
  items: z.object({ data: z.array(z.object({ current_period_start: z.number().int().nullish(), current_period_end: z.number().int().nullish() })) }).nullish(),
});

/** A subscription as the provider holds it (an event's copy, or the provider's answer now). */
export interface SubscriptionState {
  subscriptionRef: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** Unix seconds */
  periodStart: number | null;
  periodEnd: number | null;
}

/** Reads a provider's subscription object (Stripe's shape). */
export function readSubscriptionState(object: unknown): SubscriptionState {
  const s = subscription.parse(object);
  const item = s.items?.data[0];
  const periodEnd = s.current_period_end ?? item?.current_period_end ?? null;
  return {
    subscriptionRef: s.id,
    status: s.status,
    // set to end on (or before) the period's last day: it ends at the period's end, as with the flag
    cancelAtPeriodEnd: s.cancel_at_period_end || (s.cancel_at != null && periodEnd !== null && s.cancel_at <= periodEnd),
    periodStart: s.current_period_start ?? item?.current_period_start ?? null,
    periodEnd,
  };
}

/** A session's expiry event came when its time was up (not when it was closed before, through the API). */
function ranOut(created: number | null | undefined, expiresAt: number | null | undefined): boolean {
  return created != null && expiresAt != null && created >= expiresAt;
}

/** Reads a verified event; throws a ZodError when an event we act on lacks what it should carry. */
export function readPaymentEvent(raw: unknown): PaymentEvent {
  const event = envelope.parse(raw);
  const object = event.data.object;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const s = session.parse(object);
      // A completed checkout whose payment is still on its way (a bank transfer) is paid later.
      if (s.payment_status !== "paid" && s.payment_status !== "no_payment_required") return { kind: "ignored", id: event.id, type: event.type };
      return {
        kind: "checkout-paid",
        id: event.id,
        sessionId: s.id,
        orderId: s.metadata?.[ORDER_METADATA_KEY] ?? s.client_reference_id ?? null,
        paymentRef: s.payment_intent ?? null,
        subscriptionRef: s.subscription ?? null,
      };
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const s = session.parse(object);
      return {
        kind: "checkout-failed",
        id: event.id,
        sessionId: s.id,
        orderId: s.metadata?.[ORDER_METADATA_KEY] ?? s.client_reference_id ?? null,
        reason: event.type !== "checkout.session.expired" ? "failed" : ranOut(event.created, s.expires_at) ? "expired" : "closed",
      };
    }
    case "invoice.paid": {
      const i = invoice.parse(object);
      const subscriptionRef = i.parent?.subscription_details?.subscription ?? i.subscription;
      if (!subscriptionRef) return { kind: "ignored", id: event.id, type: event.type };
      const line = i.lines.data[0];
      return {
        kind: "invoice-paid",
        id: event.id,
        invoiceId: i.id,
        subscriptionRef,
        orderId: i.parent?.subscription_details?.metadata?.[ORDER_METADATA_KEY] ?? line.metadata?.[ORDER_METADATA_KEY] ?? null,
        periodStart: line.period.start,
        periodEnd: line.period.end,
        amountPaidMinor: i.amount_paid,
        currency: i.currency.toUpperCase(),
        paymentRef: i.payment_intent ?? i.payments?.data[0]?.payment?.payment_intent ?? null,
        firstPeriod: i.billing_reason === "subscription_create",
      };
    }
    case "charge.refunded": {
      const c = charge.parse(object);
      if (!c.payment_intent) return { kind: "ignored", id: event.id, type: event.type };
      return { kind: "refund", id: event.id, paymentRef: c.payment_intent, amountRefundedMinor: c.amount_refunded };
    }
    case "customer.subscription.updated":
      return { kind: "subscription-updated", id: event.id, ...readSubscriptionState(object) };
    case "customer.subscription.deleted":
      return { kind: "subscription-ended", id: event.id, subscriptionRef: subscription.parse(object).id };
    default:
      return { kind: "ignored", id: event.id, type: event.type };
  }
}
