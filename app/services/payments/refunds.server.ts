import type { Db } from "../db/client.server";
import type { Owner } from "../db/owner.server";
import type { orders } from "../db/schema/index";
import type { Notifications } from "../email/notifications.server";
import type { Logger } from "../log.server";
import { orderNumber } from "./credit-history.server";
import type { Fulfilment } from "./fulfilment.server";
import type { OrderView, Seller } from "./order-views.server";
import type { PaymentProvider } from "./types";

/**
 * A parent's refund of the unused credits of a credit pack (decision 051). Money goes out once:
 * the order is claimed by one conditional update (paid, nothing refunded or asked before, inside
 * the window, the credits still on the balance) before the provider is asked, with one idempotency
 * key per order; a claim the provider could not honour is given back so the parent can try again.
 * The refund is applied by the same fulfilment as the provider's charge.refunded event (which may
 * come too, and then changes nothing), so credits are taken back by the one refund rule.
 */
export type RefundErrorCode = "not-found" | "not-refundable" | "already" | "window" | "used" | "unavailable" | "provider-failed";

export class RefundError extends Error {
  constructor(
    readonly code: RefundErrorCode,
    message: string,
    readonly status: 404 | 409 | 502 | 503,
  ) {
    super(message);
    this.name = "RefundError";
  }
}

export const REFUND_MESSAGES = {
  "not-found": "There is no order at this address in your account.",
  "not-refundable":
    "Only a credit pack you paid for can be refunded here. A monthly plan is stopped on My subscriptions; for anything else, write to us from the contact page.",
  already: "This order has been refunded already.",
  unavailable: "Refunds are not available right now. Please try again later.",
  "provider-failed": "We could not reach the payment service, so nothing was refunded. Please try again in a moment.",
} as const;

export interface RefundDeps {
  db: Db;
  provider: PaymentProvider | null;
  fulfilment: Fulfilment | null;
  notifications: Notifications;
  log: Logger;
  seller: Seller;
  now: () => Promise<number>;
  views: (rows: (typeof orders.$inferSelect)[], owner: Owner) => Promise<OrderView[]>;
}

export function createRefunds(deps: RefundDeps) {
  const d1 = deps.db.$client;

  /** Refunds the unused credits of `row` (the owner's order, or null), or throws a RefundError in words. */
  return async function refundUnused(row: typeof orders.$inferSelect | null, owner: Owner, site: string): Promise<OrderView> {
    if (!row || owner.kind !== "profile") throw new RefundError("not-found", REFUND_MESSAGES["not-found"], 404);
    const { provider, fulfilment } = deps;
    if (!provider || !fulfilment || row.provider !== provider.name) throw new RefundError("unavailable", REFUND_MESSAGES.unavailable, 503);
    const [view] = await deps.views([row], owner);
    const offer = view.refund;
    if (!offer) {
      const refunded = row.refundRequestedAt !== null || row.refundedMinor > 0 || row.status === "refunded";
      throw refunded ? new RefundError("already", REFUND_MESSAGES.already, 409) : new RefundError("not-refundable", REFUND_MESSAGES["not-refundable"], 409);
    }
    if (!offer.available) throw new RefundError(/within/.test(offer.reason) ? "window" : "used", offer.reason, 409);

    // The claim: one statement decides which of many requests at once goes to the provider.
    const claimed = await d1
      .prepare(
        `UPDATE orders SET refund_requested_at = ?1, refund_requested_minor = ?2, updated_at = ?1
         WHERE id = ?3 AND user_profile_id = ?4 AND status = 'paid' AND refunded_minor = 0 AND refund_requested_at IS NULL AND payment_ref IS NOT NULL
           AND ?1 <= ?5
           AND (SELECT coalesce(sum(delta), 0) FROM credit_ledger WHERE affects_balance = 1 AND user_profile_id = ?4) >= ?6
         RETURNING payment_ref AS paymentRef`,
      )
      .bind(new Date(await deps.now()).toISOString(), offer.amountMinor, row.id, owner.userProfileId, offer.until, offer.credits)
      .first<{ paymentRef: string }>();
    if (!claimed) throw new RefundError("already", REFUND_MESSAGES.already, 409);

    let refundId: string;
    try {
      ({ id: refundId } = await provider.refund(claimed.paymentRef, offer.amountMinor, `self-refund:${row.id}`));
    } catch (error) {
      deps.log.error("refund: the payment provider failed", { orderId: row.id, error: error instanceof Error ? error.message : String(error) });
      await d1.prepare(`UPDATE orders SET refund_requested_at = NULL, refund_requested_minor = NULL WHERE id = ? AND refunded_minor = 0`).bind(row.id).run();
      throw new RefundError("provider-failed", REFUND_MESSAGES["provider-failed"], 502);
    }
    // What the provider's charge.refunded event does, now, so the page shows it at once (the event, when it comes, changes nothing).
    await fulfilment.apply({ kind: "refund", id: `self-refund:${refundId}`, paymentRef: claimed.paymentRef, amountRefundedMinor: offer.amountMinor });
    await deps.notifications
      .refundConfirmed(
        {
          orderId: row.id,
          orderNumber: orderNumber(row.id),
          userProfileId: owner.userProfileId,
          amount: offer.amount,
          credits: offer.credits,
          seller: deps.seller.name,
        },
        site,
      )
      .catch((error: unknown) => {
        deps.log.error("refund e-mail could not be queued", { orderId: row.id, error: error instanceof Error ? error.message : String(error) });
      });
    const [after] = await deps.views([{ ...row, ...(await current(row.id)) }], owner);
    return after;
  };

  async function current(orderId: string) {
    const r = await d1
      .prepare(`SELECT status, refunded_minor AS refundedMinor, refund_requested_at AS refundRequestedAt FROM orders WHERE id = ?`)
      .bind(orderId)
      .first<{ status: (typeof orders.$inferSelect)["status"]; refundedMinor: number; refundRequestedAt: string | null }>();
    return r ?? {};
  }
}
