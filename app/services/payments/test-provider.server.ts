import { randomId } from "~/domain/ids";
import type { Db } from "../db/client.server";
import type { Logger } from "../log.server";
import { signWebhook } from "./webhook.server";
import { readSubscriptionState } from "./events";
import { ORDER_METADATA_KEY, type CheckoutRequest, type CheckoutState, type PaymentProvider } from "./types";

/**
 * The built-in test payment provider: what runs when no Stripe keys are set (never in production).
 * It keeps its own records (tables test_checkouts and test_subscriptions), hosts its own checkout
 * page (/pay/test/{sessionId}) with test cards, and reports what happened the way Stripe does:
 * Stripe-shaped events, signed with the webhook secret, handed to the same webhook handler the
 * real provider's deliveries reach, a moment later. It also does what a provider does on its own:
 * renews subscriptions at the end of their period (the cron sweep) and refunds.
 */
export const TEST_WEBHOOK_SECRET = "whsec_storynest_test_provider_offline";

/** A session can be paid for 24 hours, as Stripe's by default; then it expires. */
export const TEST_SESSION_LIFETIME_S = 24 * 60 * 60;

/** What the page says of a session whose time ran out. */
export const EXPIRED_CHECKOUT_MESSAGE = "This checkout has expired: a payment page stays open for 24 hours. Nothing was charged.";

/** The test cards the checkout page lists. */
export const TEST_CARDS = {
  succeeds: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  confirm: "4000 0027 6000 3184",
} as const;

export type PayOutcome =
  { outcome: "paid"; successUrl: string } | { outcome: "declined"; message: string } | { outcome: "confirm" } | { outcome: "closed"; message: string };

export interface TestCheckoutView {
  id: string;
  mode: "payment" | "subscription";
  status: "open" | "complete" | "expired";
  productName: string;
  quantity: number;
  amountTotalMinor: number;
  currency: string;
  interval: string | null;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

interface CheckoutRow {
  id: string;
  mode: "payment" | "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  product_name: string;
  unit_amount_minor: number;
  quantity: number;
  amount_total_minor: number;
  currency: string;
  interval: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  metadata: string;
  payment_intent_id: string | null;
  subscription_id: string | null;
  expires_at: number | null;
}

interface SubscriptionRow {
  id: string;
  checkout_id: string;
  status: "active" | "canceled";
  cancel_at_period_end: number;
  current_period_start: number;
  current_period_end: number;
  amount_minor: number;
  currency: string;
  metadata: string;
}

export interface TestProviderDeps {
  db: Db;
  /** hands a signed event to the webhook handler (the same one POST /api/payments/webhook runs) */
  deliver: (rawBody: string, signature: string) => Promise<unknown>;
  /** keeps the Worker alive for a delivery after the response */
  waitUntil: (work: Promise<unknown>) => void;
  log: Logger;
  /** how long after a payment its events arrive (default 600 ms, like a real provider's short delay) */
  deliveryDelayMs?: number;
  now?: () => number;
  /** the time that decides when a session expires (the movable clock outside production); default `now` */
  clock?: () => Promise<number>;
}

const digits = (card: string) => card.replace(/[\s-]/g, "");

export function addMonth(unixSeconds: number, interval: string | null): number {
  const d = new Date(unixSeconds * 1000);
  if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

export function createTestProvider(deps: TestProviderDeps) {
  const d1 = deps.db.$client;
  const now = deps.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const delay = deps.deliveryDelayMs ?? 600;
  const clockSeconds = async () => Math.floor((deps.clock ? await deps.clock() : now()) / 1000);

  const checkout = (id: string) => d1.prepare(`SELECT * FROM test_checkouts WHERE id = ?`).bind(id).first<CheckoutRow>();
  const subscription = (id: string) => d1.prepare(`SELECT * FROM test_subscriptions WHERE id = ?`).bind(id).first<SubscriptionRow>();

  function event(type: string, object: Record<string, unknown>, created = seconds()) {
    return { id: `evt_test_${randomId(24)}`, object: "event", type, created, livemode: false, api_version: "test", data: { object } };
  }

  async function send(events: ReturnType<typeof event>[]): Promise<void> {
    for (const e of events) {
      const body = JSON.stringify(e);
      try {
        await deps.deliver(body, await signWebhook(body, TEST_WEBHOOK_SECRET));
      } catch (error) {
        deps.log.error("test payment provider: a webhook delivery failed", { type: e.type, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  /** Delivers events a moment later, after the response, as a provider's webhook would. */
  function deliverLater(events: ReturnType<typeof event>[]): void {
    deps.waitUntil(new Promise((resolve) => setTimeout(resolve, delay)).then(() => send(events)));
  }

  const sessionObject = (row: CheckoutRow, extra: Partial<Record<string, unknown>> = {}) => ({
    id: row.id,
    object: "checkout.session",
    mode: row.mode,
    status: row.status,
    payment_status: row.payment_status,
    amount_total: row.amount_total_minor,
    currency: row.currency,
    client_reference_id: row.client_reference_id,
    customer_email: row.customer_email,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    payment_intent: row.payment_intent_id,
    subscription: row.subscription_id,
    expires_at: row.expires_at,
    ...extra,
  });

  const subscriptionObject = (row: SubscriptionRow) => ({
    id: row.id,
    object: "subscription",
    status: row.status,
    cancel_at_period_end: row.cancel_at_period_end === 1,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    items: { data: [{ current_period_start: row.current_period_start, current_period_end: row.current_period_end }] },
  });

  const invoiceObject = (row: SubscriptionRow, billingReason: "subscription_create" | "subscription_cycle", paymentIntent: string) => {
    const metadata = JSON.parse(row.metadata) as Record<string, string>;
    return {
      id: `in_test_${randomId(24)}`,
      object: "invoice",
      billing_reason: billingReason,
      status: "paid",
      amount_paid: row.amount_minor,
      currency: row.currency,
      parent: { type: "subscription_details", subscription_details: { subscription: row.id, metadata } },
      lines: { data: [{ period: { start: row.current_period_start, end: row.current_period_end }, metadata }] },
      payments: { data: [{ payment: { type: "payment_intent", payment_intent: paymentIntent } }] },
    };
  };

  /** The checkout is paid: record it on the provider's side and report it. */
  async function complete(row: CheckoutRow): Promise<PayOutcome> {
    const paymentIntent = `pi_test_${randomId(24)}`;
    const subscriptionId = row.mode === "subscription" ? `sub_test_${randomId(24)}` : null;
    const claimed = await d1
      .prepare(
        `UPDATE test_checkouts SET status = 'complete', payment_status = 'paid', payment_intent_id = ?, subscription_id = ? WHERE id = ? AND status = 'open'`,
      )
      .bind(row.mode === "payment" ? paymentIntent : null, subscriptionId, row.id)
      .run();
    // A second press of "Pay" (or a second tab) finds it paid already: nothing is charged twice.
    if ((claimed.meta.changes ?? 0) === 0) {
      const current = await checkout(row.id);
      return current?.payment_status === "paid"
        ? { outcome: "paid", successUrl: successUrl(current) }
        : { outcome: "closed", message: "This checkout is closed." };
    }
    const paid = (await checkout(row.id))!;
    const events = [event("checkout.session.completed", sessionObject(paid))];
    if (subscriptionId) {
      const start = seconds();
      await d1
        .prepare(
          `INSERT INTO test_subscriptions (id, checkout_id, current_period_start, current_period_end, amount_minor, currency, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(subscriptionId, row.id, start, addMonth(start, row.interval), row.amount_total_minor, row.currency, row.metadata)
        .run();
      const sub = (await subscription(subscriptionId))!;
      events.push(event("invoice.paid", invoiceObject(sub, "subscription_create", paymentIntent)));
    }
    deliverLater(events);
    return { outcome: "paid", successUrl: successUrl(paid) };
  }

  /** Closes an open checkout (once) and says so with checkout.session.expired. Returns the checkout, or null. */
  async function expire(sessionId: string): Promise<CheckoutRow | null> {
    const row = await checkout(sessionId);
    if (!row) return null;
    const closed = await d1.prepare(`UPDATE test_checkouts SET status = 'expired' WHERE id = ? AND status = 'open'`).bind(sessionId).run();
    if ((closed.meta.changes ?? 0) > 0) await send([event("checkout.session.expired", sessionObject({ ...row, status: "expired" }))]);
    return row;
  }

  /**
   * An open session past its time expires, as Stripe's do on their own (checked whenever it is
   * looked at): the event says so at the session's own time. Returns the session as it is now.
   */
  async function expireIfDue(row: CheckoutRow): Promise<CheckoutRow> {
    const at = await clockSeconds();
    if (row.status !== "open" || row.expires_at === null || row.expires_at > at) return row;
    const closed = await d1.prepare(`UPDATE test_checkouts SET status = 'expired' WHERE id = ? AND status = 'open'`).bind(row.id).run();
    if ((closed.meta.changes ?? 0) > 0) await send([event("checkout.session.expired", sessionObject({ ...row, status: "expired" }), at)]);
    return (await checkout(row.id)) ?? row;
  }

  /** A refund of a payment, `amountRefundedMinor` of it so far (cumulative, as the provider reports it). */
  async function sendRefund(paymentRef: string, amountRefundedMinor: number): Promise<void> {
    await send([
      event("charge.refunded", {
        id: `ch_test_${randomId(24)}`,
        object: "charge",
        payment_intent: paymentRef,
        amount_refunded: amountRefundedMinor,
        refunded: true,
      }),
    ]);
  }

  /** What paying a session that is no longer open answers: paid already, expired by time, or closed. */
  const notOpen = (row: CheckoutRow, at: number): PayOutcome =>
    row.payment_status === "paid"
      ? { outcome: "paid", successUrl: successUrl(row) }
      : { outcome: "closed", message: row.expires_at !== null && row.expires_at <= at ? EXPIRED_CHECKOUT_MESSAGE : "This checkout is closed." };

  const successUrl = (row: CheckoutRow) => row.success_url.replace("{CHECKOUT_SESSION_ID}", row.id);

  const provider: PaymentProvider = {
    name: "test",
    async createCheckout(request: CheckoutRequest) {
      const id = `cs_test_${randomId(32)}`;
      const expiresAt = (await clockSeconds()) + TEST_SESSION_LIFETIME_S;
      await d1
        .prepare(
          `INSERT INTO test_checkouts (id, mode, product_name, unit_amount_minor, quantity, amount_total_minor, currency, interval, customer_email, client_reference_id, success_url, cancel_url, metadata, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          id,
          request.mode,
          request.productName,
          request.unitAmountMinor,
          request.quantity,
          request.unitAmountMinor * request.quantity,
          request.currency.toLowerCase(),
          request.interval ?? null,
          request.customerEmail,
          request.orderId,
          request.successUrl,
          request.cancelUrl,
          JSON.stringify({ [ORDER_METADATA_KEY]: request.orderId }),
          expiresAt,
        )
        .run();
      // The provider's page is on this site: a path is enough to go there.
      return { id, url: `/pay/test/${id}`, expiresAt };
    },
    async retrieveCheckout(sessionId): Promise<CheckoutState> {
      const row = await checkout(sessionId);
      if (!row) throw new Error(`No test checkout ${sessionId}`);
      return {
        id: row.id,
        status: row.status,
        paid: row.payment_status === "paid",
        orderId: row.client_reference_id,
        paymentRef: row.payment_intent_id,
        subscriptionRef: row.subscription_id,
      };
    },
    async expireCheckout(sessionId) {
      await expire(sessionId);
    },
    async setCancelAtPeriodEnd(subscriptionRef, cancel) {
      await d1
        .prepare(`UPDATE test_subscriptions SET cancel_at_period_end = ? WHERE id = ? AND status = 'active'`)
        .bind(cancel ? 1 : 0, subscriptionRef)
        .run();
      const row = await subscription(subscriptionRef);
      if (!row) throw new Error(`No test subscription ${subscriptionRef}`);
      deliverLater([event("customer.subscription.updated", subscriptionObject(row))]);
    },
    async retrieveSubscription(subscriptionRef) {
      const row = await subscription(subscriptionRef);
      if (!row) throw new Error(`No test subscription ${subscriptionRef}`);
      return readSubscriptionState(subscriptionObject(row));
    },
    async cancelNow(subscriptionRef) {
      const done = await d1.prepare(`UPDATE test_subscriptions SET status = 'canceled' WHERE id = ? AND status = 'active'`).bind(subscriptionRef).run();
      const row = await subscription(subscriptionRef);
      if ((done.meta.changes ?? 0) > 0 && row) await send([event("customer.subscription.deleted", subscriptionObject(row))]);
    },
    async refundInFull(paymentRef, amountMinor) {
      const id = `re_test_${randomId(24)}`;
      await sendRefund(paymentRef, amountMinor);
      return { id };
    },
    async refund(paymentRef, amountMinor) {
      // none of the payment was refunded before (the payment service's rule), so this is the cumulative amount too
      const id = `re_test_${randomId(24)}`;
      await sendRefund(paymentRef, amountMinor);
      return { id };
    },
  };

  return {
    provider,

    /** What the checkout page shows, or null for an unknown session. */
    async view(sessionId: string): Promise<TestCheckoutView | null> {
      const found = await checkout(sessionId);
      if (!found) return null;
      const row = await expireIfDue(found);
      return {
        id: row.id,
        mode: row.mode,
        status: row.status,
        productName: row.product_name,
        quantity: row.quantity,
        amountTotalMinor: row.amount_total_minor,
        currency: row.currency.toUpperCase(),
        interval: row.interval,
        customerEmail: row.customer_email,
        successUrl: successUrl(row),
        cancelUrl: row.cancel_url,
      };
    },

    /** Pays with a test card: the first succeeds, the second is declined, the third asks for the bank's confirmation. */
    async pay(sessionId: string, card: string): Promise<PayOutcome> {
      const found = await checkout(sessionId);
      if (!found) return { outcome: "closed", message: "This checkout does not exist." };
      const row = await expireIfDue(found);
      if (row.status !== "open") return notOpen(row, await clockSeconds());
      switch (digits(card)) {
        case digits(TEST_CARDS.succeeds):
          return complete(row);
        case digits(TEST_CARDS.declined):
          return { outcome: "declined", message: "Your card was declined. Nothing was charged: try another card." };
        case digits(TEST_CARDS.confirm):
          return { outcome: "confirm" };
        default:
          return { outcome: "declined", message: "Use one of the test cards listed on this page." };
      }
    },

    /** The bank's extra step: approved pays, refused leaves the checkout open and charges nothing. */
    async confirm(sessionId: string, approve: boolean): Promise<PayOutcome> {
      const found = await checkout(sessionId);
      if (!found) return { outcome: "closed", message: "This checkout is closed." };
      const row = await expireIfDue(found);
      if (row.status !== "open") return notOpen(row, await clockSeconds());
      if (!approve) return { outcome: "declined", message: "Your bank did not confirm the payment. Nothing was charged." };
      return complete(row);
    },

    /** The parent leaves the checkout page: the session expires and says so. Returns where to go back to. */
    async cancel(sessionId: string): Promise<string | null> {
      return (await expire(sessionId))?.cancel_url ?? null;
    },

    /**
     * Bills subscriptions whose period has ended, as a provider does on its own: a subscription set
     * to cancel ends; any other starts its next period, paid (an invoice.paid and an update).
     */
    async renewDue(): Promise<{ renewed: number; ended: number }> {
      const due = await d1
        .prepare(`SELECT * FROM test_subscriptions WHERE status = 'active' AND current_period_end <= ? ORDER BY current_period_end LIMIT 50`)
        .bind(seconds())
        .all<SubscriptionRow>();
      let renewed = 0;
      let ended = 0;
      for (const row of due.results) {
        if (row.cancel_at_period_end === 1) {
          const done = await d1.prepare(`UPDATE test_subscriptions SET status = 'canceled' WHERE id = ? AND status = 'active'`).bind(row.id).run();
          if ((done.meta.changes ?? 0) === 0) continue;
          ended += 1;
          await send([event("customer.subscription.deleted", subscriptionObject({ ...row, status: "canceled" }))]);
          continue;
        }
        const parent = await checkout(row.checkout_id);
        const start = row.current_period_end;
        const moved = await d1
          .prepare(`UPDATE test_subscriptions SET current_period_start = ?, current_period_end = ? WHERE id = ? AND current_period_end = ?`)
          .bind(start, addMonth(start, parent?.interval ?? "month"), row.id, row.current_period_end)
          .run();
        if ((moved.meta.changes ?? 0) === 0) continue;
        renewed += 1;
        const next = (await subscription(row.id))!;
        await send([
          event("invoice.paid", invoiceObject(next, "subscription_cycle", `pi_test_${randomId(24)}`)),
          event("customer.subscription.updated", subscriptionObject(next)),
        ]);
      }
      return { renewed, ended };
    },

    /** Ends a subscription's current period now, so the next renewal is due (tests and local trials). */
    async endPeriodNow(subscriptionRef: string): Promise<boolean> {
      const done = await d1
        .prepare(`UPDATE test_subscriptions SET current_period_end = max(current_period_start + 1, ?) WHERE id = ? AND status = 'active'`)
        .bind(seconds(), subscriptionRef)
        .run();
      return (done.meta.changes ?? 0) > 0;
    },

    /** Refunds a payment, all of it or part (cumulative, as the provider reports it). */
    refund: sendRefund,
  };
}

export type TestProvider = ReturnType<typeof createTestProvider>;
