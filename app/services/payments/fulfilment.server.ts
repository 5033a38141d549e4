import type { Db } from "../db/client.server";
import type { PaymentEvent } from "./events";

/**
 * Fulfilment: what a provider's event does to orders, subscriptions and the credit ledger, exactly
 * once. Each event is applied in one D1 batch (one transaction) that starts by recording the event's
 * id: a repeated delivery fails on that key and the whole batch changes nothing. Every effect is
 * also idempotent on its own (an order moves only from the states it may leave, a ledger entry has
 * a unique key), so the same payment reported twice by different events (the webhook and the
 * success page, checkout.session.completed and invoice.paid) still grants once:
 * - a credit pack's credits: key `order:{orderId}:grant`;
 * - a subscription's credits for one period: key `subscription:{subscriptionId}:{periodStart}`;
 * - a refund takes back the refunded share of the credits, never more than the balance still
 *   holds (credits spent on books stay spent): key `order:{orderId}:refund:{refundedSoFar}`.
 */
export type ApplyResult = { applied: false; reason: "duplicate" } | { applied: true; ordersPaid: string[] };

type Statement = D1PreparedStatement;

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** Credits a subscription grants per period need the plan kind: packs grant on payment, subscriptions per invoice. */
const IS_SUBSCRIPTION_ORDER = `EXISTS (SELECT 1 FROM order_items i JOIN plans p ON p.id = i.plan_id WHERE i.order_id = orders.id AND p.kind = 'subscription')`;

export function createFulfilment(db: Db, provider: string) {
  const d1 = db.$client;

  const recordEvent = (event: PaymentEvent, orderId: string | null): Statement =>
    d1.prepare(`INSERT INTO payment_events (provider, event_id, type, order_id) VALUES (?, ?, ?, ?)`).bind(provider, event.id, event.kind, orderId);

  /** pending (or given up) → paid; a payment that arrives after a cancel is still a payment */
  const markPaid = (orderId: string, paymentRef: string | null): Statement =>
    d1
      .prepare(
        `UPDATE orders SET status = 'paid', paid_at = coalesce(paid_at, ${NOW}), payment_ref = coalesce(payment_ref, ?), checkout_url = NULL, updated_at = ${NOW}
         WHERE id = ? AND provider = ? AND status IN ('pending', 'failed', 'cancelled')`,
      )
      .bind(paymentRef, orderId, provider);

  /**
   * Once a parent's subscription is paid, their other checkouts of the same subscription that are
   * still waiting are given up, so no page offers to pay for it a second time.
   */
  const giveUpOtherSubscriptionCheckouts = (paidOrderId: string): Statement =>
    d1
      .prepare(
        `UPDATE orders SET status = 'cancelled', checkout_url = NULL, updated_at = ${NOW}
         WHERE provider = ? AND status = 'pending' AND id != ? AND subscription_id IS NULL
           AND user_profile_id = (SELECT user_profile_id FROM orders WHERE id = ? AND status = 'paid') AND ${IS_SUBSCRIPTION_ORDER}
           AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = orders.id AND i.plan_id IN (SELECT plan_id FROM order_items WHERE order_id = ?))`,
      )
      .bind(provider, paidOrderId, paidOrderId, paidOrderId);

  /** a paid credit-pack order's credits, once */
  const grantPack = (orderId: string): Statement =>
    d1
      .prepare(
        `INSERT INTO credit_ledger (id, visitor_id, user_profile_id, delta, reason, affects_balance, idempotency_key, order_id, note)
         SELECT ?, orders.visitor_id, orders.user_profile_id, (SELECT sum(quantity * credits) FROM order_items WHERE order_id = orders.id),
                'purchase', 1, 'order:' || orders.id || ':grant', orders.id, 'Credits bought'
         FROM orders WHERE orders.id = ? AND orders.provider = ? AND orders.status IN ('paid', 'refunded') AND NOT ${IS_SUBSCRIPTION_ORDER}
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(crypto.randomUUID(), orderId, provider);

  /**
   * The subscription row of a paid subscription order, made once; a later period moves it forward.
   * When the parent already has another running subscription to the plan (two checkouts paid one
   * after the other), the row is made cancelled, as a duplicate of that one: it grants nothing, and
   * the payment service cancels and refunds it at the provider (one-subscription.server.ts).
   */
  const upsertSubscription = (orderId: string, subscriptionRef: string, periodStart: number, periodEnd: number): Statement =>
    d1
      .prepare(
        `INSERT INTO subscriptions (id, visitor_id, user_profile_id, plan_id, status, current_period_start, current_period_end, credits, currency, amount_minor, order_id, provider, provider_ref, duplicate_of)
         SELECT ?1, visitor_id, user_profile_id, plan_id, CASE WHEN kept IS NULL THEN 'active' ELSE 'cancelled' END, ?2, ?3, credits, currency, total_minor, order_id, provider, ?4, kept
         FROM (SELECT orders.visitor_id, orders.user_profile_id, order_items.plan_id, order_items.quantity * order_items.credits AS credits, orders.currency,
                      orders.total_minor, orders.id AS order_id, orders.provider,
                      (SELECT s.id FROM subscriptions s WHERE s.user_profile_id = orders.user_profile_id AND s.plan_id = order_items.plan_id
                         AND s.status IN ('active', 'past_due') AND s.duplicate_of IS NULL AND NOT (s.provider = orders.provider AND s.provider_ref = ?4)
                       ORDER BY s.created_at LIMIT 1) AS kept
               FROM orders JOIN order_items ON order_items.order_id = orders.id
               WHERE orders.id = ?5 AND orders.provider = ?6 AND ${IS_SUBSCRIPTION_ORDER}
               LIMIT 1)
         WHERE true
         ON CONFLICT (provider, provider_ref) DO UPDATE SET
           current_period_start = max(current_period_start, excluded.current_period_start),
           current_period_end = max(current_period_end, excluded.current_period_end),
           status = CASE WHEN status IN ('pending', 'past_due') THEN 'active' ELSE status END,
           updated_at = ${NOW}`,
      )
      .bind(crypto.randomUUID(), iso(periodStart), iso(periodEnd), subscriptionRef, orderId, provider);

  /** one period's credits of a subscription, once, recorded against the order that paid for it (or the invoice's renewal order); a duplicate's none */
  const grantPeriod = (subscriptionRef: string, periodStart: number, orderId: string | null, invoiceId: string): Statement =>
    d1
      .prepare(
        `INSERT INTO credit_ledger (id, visitor_id, user_profile_id, delta, reason, affects_balance, idempotency_key, order_id, subscription_id, note)
         SELECT ?, visitor_id, user_profile_id, credits, 'subscription_grant', 1, 'subscription:' || id || ':' || ?,
                coalesce(?, (SELECT o.id FROM orders o WHERE o.provider = ? AND o.provider_ref = ?)), id, 'Monthly credits'
         FROM subscriptions WHERE provider = ? AND provider_ref = ? AND duplicate_of IS NULL
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(crypto.randomUUID(), periodStart, orderId, provider, invoiceId, provider, subscriptionRef);

  /** a renewal's own paid order (so it shows in the parent's orders), once per invoice */
  const renewalOrder = (
    orderId: string,
    subscriptionRef: string,
    invoiceId: string,
    amountMinor: number,
    currency: string,
    paymentRef: string | null,
  ): Statement[] => [
    d1
      .prepare(
        // a renewal is taxed by the rule of the checkout that started the subscription; the tax is inside the amount
        `INSERT INTO orders (id, visitor_id, user_profile_id, status, currency, subtotal_minor, tax_minor, total_minor, provider, provider_ref, payment_ref, market_country, tax_country, tax_rate_bp, subscription_id, paid_at)
         SELECT ?1, s.visitor_id, s.user_profile_id, 'paid', ?2, ?3 - tax.n, tax.n, ?3, s.provider, ?4, ?5, o.market_country, o.tax_country, o.tax_rate_bp, s.id, ${NOW}
         FROM subscriptions s LEFT JOIN orders o ON o.id = s.order_id,
              (SELECT CAST(round(?3 * coalesce(o2.tax_rate_bp, 0) / (10000.0 + coalesce(o2.tax_rate_bp, 0))) AS INTEGER) AS n
               FROM subscriptions s2 LEFT JOIN orders o2 ON o2.id = s2.order_id WHERE s2.provider = ?6 AND s2.provider_ref = ?7) AS tax
         WHERE s.provider = ?6 AND s.provider_ref = ?7
         ON CONFLICT (provider, provider_ref) DO NOTHING`,
      )
      .bind(orderId, currency, amountMinor, invoiceId, paymentRef, provider, subscriptionRef),
    d1
      .prepare(
        `INSERT INTO order_items (order_id, plan_id, description, quantity, unit_price_minor, credits, total_minor)
         SELECT ?, s.plan_id, p.name || ' renewal', 1, ?, s.credits, ?
         FROM subscriptions s JOIN plans p ON p.id = s.plan_id
         WHERE s.provider = ? AND s.provider_ref = ? AND EXISTS (SELECT 1 FROM orders WHERE id = ?)`,
      )
      .bind(orderId, amountMinor, amountMinor, provider, subscriptionRef, orderId),
  ];

  /** the order id a provider reference belongs to */
  async function orderOfCheckout(sessionId: string): Promise<string | null> {
    const row = await d1.prepare(`SELECT id FROM orders WHERE provider = ? AND provider_ref = ?`).bind(provider, sessionId).first<{ id: string }>();
    return row?.id ?? null;
  }

  async function run(statements: Statement[]): Promise<D1Result[] | null> {
    try {
      return await d1.batch(statements);
    } catch (error) {
      if (isDuplicateEvent(error)) return null;
      throw error;
    }
  }

  async function paidOrders(orderIds: string[]): Promise<string[]> {
    const ids = [...new Set(orderIds.filter(Boolean))];
    if (ids.length === 0) return [];
    // A duplicate subscription's payments are being refunded: no purchase e-mail for them.
    const rows = await d1
      .prepare(
        `SELECT id FROM orders WHERE provider = ? AND status = 'paid' AND id IN (${ids.map(() => "?").join(", ")})
           AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.duplicate_of IS NOT NULL AND (s.order_id = orders.id OR s.id = orders.subscription_id))`,
      )
      .bind(provider, ...ids)
      .all<{ id: string }>();
    return rows.results.map((r) => r.id);
  }

  /** Applies one verified event, exactly once. */
  async function apply(event: PaymentEvent): Promise<ApplyResult> {
    switch (event.kind) {
      case "checkout-paid": {
        const orderId = (await orderOfCheckout(event.sessionId)) ?? event.orderId;
        if (!orderId) return (await run([recordEvent(event, null)])) ? { applied: true, ordersPaid: [] } : { applied: false, reason: "duplicate" };
        const statements = [recordEvent(event, orderId), markPaid(orderId, event.paymentRef), grantPack(orderId)];
        // A subscription's row exists from its first payment; its credits come with each paid invoice.
        if (event.subscriptionRef)
          statements.push(upsertSubscription(orderId, event.subscriptionRef, nowSeconds(), nowSeconds() + 1), giveUpOtherSubscriptionCheckouts(orderId));
        if (!(await run(statements))) return { applied: false, reason: "duplicate" };
        return { applied: true, ordersPaid: await paidOrders([orderId]) };
      }
      case "checkout-failed": {
        const orderId = (await orderOfCheckout(event.sessionId)) ?? event.orderId;
        const statements = [recordEvent(event, orderId)];
        if (orderId)
          statements.push(
            d1
              .prepare(
                `UPDATE orders SET status = ?, expired_at = CASE WHEN ? THEN ${NOW} END, checkout_url = NULL, updated_at = ${NOW} WHERE id = ? AND provider = ? AND status = 'pending'`,
              )
              .bind(event.reason === "failed" ? "failed" : "cancelled", event.reason === "expired" ? 1 : 0, orderId, provider),
          );
        return (await run(statements)) ? { applied: true, ordersPaid: [] } : { applied: false, reason: "duplicate" };
      }
      case "invoice-paid": {
        const statements = [recordEvent(event, event.orderId)];
        let paidOrderId = event.orderId;
        if (event.orderId && event.firstPeriod) {
          // The first invoice is the checkout's own payment: it may arrive before checkout.session.completed.
          statements.push(
            markPaid(event.orderId, event.paymentRef),
            upsertSubscription(event.orderId, event.subscriptionRef, event.periodStart, event.periodEnd),
          );
          statements.push(giveUpOtherSubscriptionCheckouts(event.orderId));
          // The checkout's own event names no payment for a subscription: the invoice's is the order's.
          if (event.paymentRef)
            statements.push(
              d1
                .prepare(`UPDATE orders SET payment_ref = coalesce(payment_ref, ?), updated_at = ${NOW} WHERE id = ? AND provider = ?`)
                .bind(event.paymentRef, event.orderId, provider),
            );
        } else {
          if (event.orderId) statements.push(upsertSubscription(event.orderId, event.subscriptionRef, event.periodStart, event.periodEnd));
          paidOrderId = crypto.randomUUID();
          statements.push(...renewalOrder(paidOrderId, event.subscriptionRef, event.invoiceId, event.amountPaidMinor, event.currency, event.paymentRef));
          statements.push(
            d1
              .prepare(
                `UPDATE subscriptions SET current_period_start = max(current_period_start, ?), current_period_end = max(current_period_end, ?),
                   status = CASE WHEN status IN ('pending', 'past_due') THEN 'active' ELSE status END, updated_at = ${NOW}
                 WHERE provider = ? AND provider_ref = ?`,
              )
              .bind(iso(event.periodStart), iso(event.periodEnd), provider, event.subscriptionRef),
          );
        }
        // The period's credits, against the order that paid for it: the checkout's, or the renewal's.
        statements.push(grantPeriod(event.subscriptionRef, event.periodStart, event.firstPeriod ? event.orderId : null, event.invoiceId));
        if (!(await run(statements))) return { applied: false, reason: "duplicate" };
        const renewal = event.firstPeriod
          ? null
          : await d1.prepare(`SELECT id FROM orders WHERE provider = ? AND provider_ref = ?`).bind(provider, event.invoiceId).first<{ id: string }>();
        return { applied: true, ordersPaid: await paidOrders([paidOrderId ?? "", renewal?.id ?? ""]) };
      }
      case "refund": {
        const order = await d1.prepare(`SELECT id FROM orders WHERE provider = ? AND payment_ref = ?`).bind(provider, event.paymentRef).first<{ id: string }>();
        const statements = [recordEvent(event, order?.id ?? null)];
        if (order) statements.push(...refundStatements(order.id, event.amountRefundedMinor));
        return (await run(statements)) ? { applied: true, ordersPaid: [] } : { applied: false, reason: "duplicate" };
      }
      case "subscription-updated": {
        const statements = [
          recordEvent(event, null),
          // a duplicate stays cancelled whatever its updates say on their way to the cancel
          d1
            .prepare(
              `UPDATE subscriptions SET cancel_at_period_end = ?,
                 status = CASE ? WHEN 'active' THEN 'active' WHEN 'trialing' THEN 'active' WHEN 'past_due' THEN 'past_due' WHEN 'unpaid' THEN 'past_due'
                   WHEN 'canceled' THEN 'cancelled' WHEN 'incomplete_expired' THEN 'expired' ELSE status END,
                 current_period_start = CASE WHEN ? IS NULL THEN current_period_start ELSE max(current_period_start, ?) END,
                 current_period_end = CASE WHEN ? IS NULL THEN current_period_end ELSE max(current_period_end, ?) END,
                 updated_at = ${NOW}
               WHERE provider = ? AND provider_ref = ? AND duplicate_of IS NULL`,
            )
            .bind(
              event.cancelAtPeriodEnd ? 1 : 0,
              event.status,
              event.periodStart,
              event.periodStart === null ? null : iso(event.periodStart),
              event.periodEnd,
              event.periodEnd === null ? null : iso(event.periodEnd),
              provider,
              event.subscriptionRef,
            ),
        ];
        return (await run(statements)) ? { applied: true, ordersPaid: [] } : { applied: false, reason: "duplicate" };
      }
      case "subscription-ended": {
        const statements = [
          recordEvent(event, null),
          d1
            .prepare(
              `UPDATE subscriptions SET status = 'cancelled', cancelled_at = coalesce(cancelled_at, ${NOW}), updated_at = ${NOW} WHERE provider = ? AND provider_ref = ?`,
            )
            .bind(provider, event.subscriptionRef),
        ];
        return (await run(statements)) ? { applied: true, ordersPaid: [] } : { applied: false, reason: "duplicate" };
      }
      case "ignored":
        return (await run([recordEvent(event, null)])) ? { applied: true, ordersPaid: [] } : { applied: false, reason: "duplicate" };
    }
  }

  /**
   * A refund of `refundedSoFar` (cumulative) of an order's total: the order records it (refunded
   * when whole) and the ledger takes back the refunded share of the order's credits, rounded up,
   * less what earlier refunds took, and never more than the owner's balance.
   */
  function refundStatements(orderId: string, refundedSoFar: number): Statement[] {
    return [
      d1
        .prepare(
          `UPDATE orders SET refunded_minor = max(refunded_minor, min(?, total_minor)),
             status = CASE WHEN max(refunded_minor, min(?, total_minor)) >= total_minor THEN 'refunded' ELSE status END, updated_at = ${NOW}
           WHERE id = ? AND status IN ('paid', 'refunded')`,
        )
        .bind(refundedSoFar, refundedSoFar, orderId),
      d1
        .prepare(
          `WITH o AS (SELECT id, visitor_id, user_profile_id, total_minor, refunded_minor FROM orders WHERE id = ?),
           granted AS (SELECT coalesce(sum(delta), 0) AS n FROM credit_ledger WHERE order_id = (SELECT id FROM o) AND reason IN ('purchase', 'subscription_grant')),
           taken AS (SELECT coalesce(-sum(delta), 0) AS n FROM credit_ledger WHERE order_id = (SELECT id FROM o) AND reason = 'refund' AND delta < 0),
           balance AS (SELECT coalesce(sum(l.delta), 0) AS n FROM credit_ledger l, o WHERE l.affects_balance = 1
             AND ((o.user_profile_id IS NOT NULL AND l.user_profile_id = o.user_profile_id) OR (o.user_profile_id IS NULL AND l.visitor_id = o.visitor_id AND l.user_profile_id IS NULL))),
           take AS (SELECT min((granted.n * o.refunded_minor + o.total_minor - 1) / o.total_minor - taken.n, balance.n) AS n FROM o, granted, taken, balance WHERE o.total_minor > 0)
           INSERT INTO credit_ledger (id, visitor_id, user_profile_id, delta, reason, affects_balance, idempotency_key, order_id, note)
           SELECT ?, o.visitor_id, o.user_profile_id, -take.n, 'refund', 1, 'order:' || o.id || ':refund:' || o.refunded_minor, o.id, 'Order refunded'
           FROM o, take WHERE take.n > 0
           ON CONFLICT (idempotency_key) DO NOTHING`,
        )
        .bind(orderId, crypto.randomUUID()),
    ];
  }

  return { apply };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function isDuplicateEvent(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  return /UNIQUE constraint failed: payment_events/i.test(text);
}
