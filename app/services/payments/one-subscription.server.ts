import type { Db } from "../db/client.server";
import type { Logger } from "../log.server";
import type { Fulfilment } from "./fulfilment.server";
import type { PaymentProvider } from "./types";

/**
 * One subscription per parent and plan. Two guards, each decided in D1 in one batch or statement:
 * - a parent holds at most one waiting checkout of a plan (the unique index
 *   orders_one_subscription_checkout): a new one replaces the waiting one, and none opens while a
 *   subscription to the plan is running;
 * - a second subscription paid all the same (a checkout paid on the provider's page just as it was
 *   replaced) is recorded by fulfilment as a duplicate of the first; `settle` cancels it at the
 *   provider and refunds what it charged, so the parent is billed once.
 */
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";

/** ?1 the profile, ?2 the plan */
const RUNNING = `SELECT 1 FROM subscriptions WHERE user_profile_id = ?1 AND plan_id = ?2 AND status IN ('active', 'past_due') AND duplicate_of IS NULL`;

export interface SubscriptionOrder {
  orderId: string;
  visitorId: string;
  userProfileId: string;
  planId: string;
  description: string;
  unitPriceMinor: number;
  credits: number;
  currency: string;
  provider: string;
  marketCountry: string;
  /** the tax inside the price, by the market's rule (orders.tax_*) */
  taxMinor: number;
  taxCountry: string | null;
  taxRateBp: number | null;
}

export interface ReplacedCheckout {
  id: string;
  provider: string;
  providerRef: string | null;
}

/**
 * Writes a pending subscription order unless the parent already subscribes to the plan, giving up
 * the parent's waiting checkout of it in the same batch. Returns whether the order was written and
 * the checkouts it replaced (their provider pages still need closing).
 */
export async function holdSubscriptionCheckout(db: Db, o: SubscriptionOrder): Promise<{ opened: boolean; replaced: ReplacedCheckout[] }> {
  const d1 = db.$client;
  const [replaced, inserted] = await d1.batch([
    d1
      .prepare(
        `UPDATE orders SET status = 'cancelled', checkout_url = NULL, updated_at = ${NOW}
         WHERE user_profile_id = ?1 AND subscription_plan_id = ?2 AND status = 'pending' AND NOT EXISTS (${RUNNING})
         RETURNING id, provider, provider_ref AS providerRef`,
      )
      .bind(o.userProfileId, o.planId),
    d1
      .prepare(
        `INSERT INTO orders (id, visitor_id, user_profile_id, currency, subtotal_minor, tax_minor, total_minor, provider, market_country, subscription_plan_id, tax_country, tax_rate_bp)
         SELECT ?3, ?4, ?1, ?5, ?6 - ?9, ?9, ?6, ?7, ?8, ?2, ?10, ?11 WHERE NOT EXISTS (${RUNNING})`,
      )
      .bind(
        o.userProfileId,
        o.planId,
        o.orderId,
        o.visitorId,
        o.currency,
        o.unitPriceMinor,
        o.provider,
        o.marketCountry,
        o.taxMinor,
        o.taxCountry,
        o.taxRateBp,
      ),
    d1
      .prepare(
        `INSERT INTO order_items (order_id, plan_id, description, quantity, unit_price_minor, credits, total_minor)
         SELECT ?1, ?2, ?3, 1, ?4, ?5, ?4 WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?1)`,
      )
      .bind(o.orderId, o.planId, o.description, o.unitPriceMinor, o.credits),
  ]);
  return { opened: (inserted.meta.changes ?? 0) > 0, replaced: (replaced.results ?? []) as ReplacedCheckout[] };
}

export interface SettleDeps {
  db: Db;
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  log: Logger;
}

/**
 * Settles a duplicate subscription at the provider: cancelled now (once), and every payment it took
 * refunded in full. The refund the provider accepted is applied through fulfilment at once (its own
 * charge.refunded event, arriving later, then changes nothing). Does nothing for any other
 * subscription. Throws when the provider fails, so the webhook is retried and settles it then.
 */
export async function settleDuplicate(deps: SettleDeps, subscriptionRef: string): Promise<void> {
  const { provider } = deps;
  const d1 = deps.db.$client;
  const sub = await d1
    .prepare(
      `SELECT id, order_id AS orderId, cancelled_at AS cancelledAt FROM subscriptions WHERE provider = ? AND provider_ref = ? AND duplicate_of IS NOT NULL`,
    )
    .bind(provider.name, subscriptionRef)
    .first<{ id: string; orderId: string | null; cancelledAt: string | null }>();
  if (!sub) return;
  if (!sub.cancelledAt) {
    await provider.cancelNow(subscriptionRef);
    await d1.prepare(`UPDATE subscriptions SET cancelled_at = coalesce(cancelled_at, ${NOW}), updated_at = ${NOW} WHERE id = ?`).bind(sub.id).run();
    deps.log.warn("payments: a second subscription to the same plan was cancelled at the provider", { subscriptionId: sub.id });
  }
  // Its first order, and any renewal the provider billed before the cancel reached it.
  const owed = await d1
    .prepare(
      `SELECT id, payment_ref AS paymentRef, total_minor AS totalMinor FROM orders
       WHERE provider = ? AND (id = ? OR subscription_id = ?) AND status = 'paid' AND payment_ref IS NOT NULL AND refunded_minor < total_minor`,
    )
    .bind(provider.name, sub.orderId, sub.id)
    .all<{ id: string; paymentRef: string; totalMinor: number }>();
  for (const order of owed.results) {
    const refund = await provider.refundInFull(order.paymentRef, order.totalMinor, `duplicate-subscription:${order.id}`);
    await deps.fulfilment.apply({ kind: "refund", id: `refund:${refund.id}`, paymentRef: order.paymentRef, amountRefundedMinor: order.totalMinor });
    deps.log.warn("payments: a second subscription's payment was refunded", { subscriptionId: sub.id, orderId: order.id });
  }
}
