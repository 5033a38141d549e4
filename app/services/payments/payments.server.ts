import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { MARKETS, type Market } from "~/domain/pricing/markets";
import { formatPrice } from "~/domain/pricing/prices";
import { includedTaxMinor, taxRuleFor } from "~/domain/pricing/tax";
import type { Db } from "../db/client.server";
import { creditBalance } from "../db/credits.server";
import { ownedBy, type Owner } from "../db/owner.server";
import { orderItems, orders, subscriptions, plans } from "../db/schema/index";
import type { Notifications } from "../email/notifications.server";
import type { AnalyticsRecorder } from "../analytics/record.server";
import type { Logger } from "../log.server";
import type { PricingService } from "../pricing/pricing.server";
import { createFulfilment, type ApplyResult } from "./fulfilment.server";
import { holdSubscriptionCheckout, settleDuplicate, type ReplacedCheckout } from "./one-subscription.server";
import type { PaymentProvider } from "./types";
import { creditHistory } from "./credit-history.server";
import { createOrderViews, type OrderView, type Seller } from "./order-views.server";
import { createRefunds } from "./refunds.server";
import { verifyWebhook } from "./webhook.server";

/** A pack can be bought up to ten at a time; a subscription once. */
export const MAX_PACK_QUANTITY = 10;

export type CheckoutErrorCode = "unknown-plan" | "quantity" | "price-changed" | "already-subscribed" | "replaced" | "unavailable" | "provider-failed";

/** Why a checkout could not start, in words a parent reads. */
export class CheckoutError extends Error {
  constructor(
    readonly code: CheckoutErrorCode,
    message: string,
    readonly status: 400 | 404 | 409 | 502 | 503,
  ) {
    super(message);
    this.name = "CheckoutError";
  }
}

export interface Buyer {
  owner: Owner & { kind: "profile" };
  visitorId: string;
  email: string;
  fullName: string;
}

export interface StartCheckout {
  buyer: Buyer;
  planId: string;
  quantity: number;
  market: Market;
  /** what the parent saw: when given, it must still be the price (else "price-changed", nothing written) */
  expected?: { amountMinor: number; currencyCode: string };
  /** the site's address, for the provider's return links */
  site: string;
  /** the buyer's country (where the request came from, else the profile's): picks the euro area's VAT */
  buyerCountry?: string | null;
}

/** The longest a checkout waits for its payment: the provider's session, 24 hours at most. */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60_000;

export type { OrderView } from "./order-views.server";

export interface SubscriptionView {
  id: string;
  planId: string;
  planName: string;
  status: "pending" | "active" | "past_due" | "cancelled" | "expired";
  credits: number;
  price: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** a second subscription to a plan the parent already had, paid all the same: cancelled and refunded */
  duplicate: boolean;
}

export { orderNumber } from "./credit-history.server";

export interface PaymentDeps {
  db: Db;
  /** null when payments are not available (production without Stripe keys) */
  provider: PaymentProvider | null;
  webhookSecret: string | null;
  pricing: PricingService;
  notifications: Notifications;
  log: Logger;
  /** records purchase_completed for an order whose checkout_started was recorded (consent) */
  analytics: Pick<AnalyticsRecorder, "followUp">;
  /** who sells, as receipts name them */
  seller: Seller;
  /** the time that decides a checkout's expiry and the refund window (the movable clock outside production) */
  now?: () => Promise<number>;
}

export function createPaymentService(deps: PaymentDeps) {
  const { db, provider } = deps;
  const fulfilment = provider ? createFulfilment(db, provider.name) : null;
  const now = deps.now ?? (() => Promise.resolve(Date.now()));
  const views = createOrderViews({ db, seller: deps.seller, now });
  const refunds = createRefunds({ db, provider, fulfilment, notifications: deps.notifications, log: deps.log, seller: deps.seller, now, views });

  function marketFormat(currency: string) {
    const market = MARKETS.find((m) => m.currencyCode === currency);
    return (minor: number) => formatPrice(minor, market ?? { currencyCode: currency, currencySymbol: currency });
  }

  /** The purchase e-mail, once per paid order (the e-mail's id is the order's: a second call sends nothing). */
  async function sendPurchaseEmails(orderIds: string[], site: string): Promise<void> {
    for (const orderId of orderIds) {
      const claimed = await db.$client
        .prepare(
          `UPDATE orders SET email_sent_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ? AND status = 'paid' AND email_sent_at IS NULL RETURNING user_profile_id AS profileId`,
        )
        .bind(orderId)
        .first<{ profileId: string | null }>();
      if (!claimed?.profileId) continue;
      try {
        await purchaseEmail({ orderId, userProfileId: claimed.profileId }, site);
      } catch (error) {
        deps.log.error("purchase e-mail could not be queued", { orderId, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  /** The purchase e-mail of a paid order with its receipt (sent once: its id is the order's). */
  async function purchaseEmail(order: { orderId: string; userProfileId: string }, site: string) {
    const owner: Owner = { kind: "profile", userProfileId: order.userProfileId };
    const row = await orderRow(order.orderId, owner);
    const view = row ? (await views([row], owner))[0] : null;
    if (!view?.receipt) return null;
    return deps.notifications.planPurchase({ orderId: view.id, orderNumber: view.number, userProfileId: order.userProfileId, receipt: view.receipt }, site);
  }

  /** Stripe's own receipt of a paid order, kept with it (a provider that fails leaves it for the next look). */
  async function keepProviderReceipts(orderIds: string[]): Promise<void> {
    if (!provider?.receiptUrl) return;
    for (const orderId of orderIds) {
      const row = await db.select({ paymentRef: orders.paymentRef, receiptUrl: orders.receiptUrl }).from(orders).where(eq(orders.id, orderId)).get();
      if (!row?.paymentRef || row.receiptUrl) continue;
      const url = await provider.receiptUrl(row.paymentRef).catch((error: unknown) => {
        deps.log.warn("payments: the provider's receipt could not be read", { orderId, error: error instanceof Error ? error.message : String(error) });
        return null;
      });
      if (url && /^https:\/\//.test(url)) await db.update(orders).set({ receiptUrl: url }).where(eq(orders.id, orderId));
    }
  }

  /**
   * Waiting checkouts past their time end as expired, as the provider's page has (its own event may
   * come late or never): the owner's when their orders are read, everyone's from the cron sweep.
   */
  async function sweepExpired(owner?: Owner): Promise<number> {
    const at = new Date(await now()).toISOString();
    const done = await db
      .update(orders)
      .set({ status: "cancelled", expiredAt: at, checkoutUrl: null, updatedAt: at })
      .where(and(eq(orders.status, "pending"), sql`${orders.expiresAt} <= ${at}`, owner ? ownedBy(orders, owner) : undefined))
      .returning({ id: orders.id });
    return done.length;
  }

  async function applied(result: ApplyResult, site: string): Promise<ApplyResult> {
    if (result.applied && result.ordersPaid.length > 0) {
      await keepProviderReceipts(result.ordersPaid);
      await sendPurchaseEmails(result.ordersPaid, site);
      for (const orderId of result.ordersPaid) await deps.analytics.followUp("checkout_started", "purchase_completed", { orderId });
    }
    return result;
  }

  async function orderRow(orderId: string, owner: Owner) {
    if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), ownedBy(orders, owner)))
      .limit(1);
    return row ?? null;
  }

  /**
   * A parent came back from the provider's page without paying: the order is given up and the
   * provider's page closed (a payment that got through all the same still counts).
   */
  async function abandonOrder(orderId: string, owner: Owner): Promise<void> {
    const row = await orderRow(orderId, owner);
    if (!row || row.status !== "pending") return;
    await db
      .update(orders)
      .set({ status: "cancelled", checkoutUrl: null })
      .where(and(eq(orders.id, row.id), eq(orders.status, "pending")));
    await closeAtProvider(row);
  }

  /** The provider's page of a given-up order closes too, so it cannot be paid later from another tab. */
  async function closeAtProvider(row: ReplacedCheckout): Promise<void> {
    if (!row.providerRef || !provider || row.provider !== provider.name) return;
    await provider.expireCheckout(row.providerRef).catch((error: unknown) => {
      deps.log.warn("checkout: the provider's page could not be closed", { orderId: row.id, error: error instanceof Error ? error.message : String(error) });
    });
  }

  /** A second subscription to a plan, paid all the same, is cancelled and refunded at the provider (nothing else is touched). */
  async function settle(subscriptionRef: string | null): Promise<void> {
    if (subscriptionRef && provider && fulfilment) await settleDuplicate({ db, provider, fulfilment, log: deps.log }, subscriptionRef);
  }

  return {
    /** whether anything can be bought here */
    available: provider !== null,
    providerName: provider?.name ?? null,

    /**
     * Starts a purchase: checks the plan, the quantity and the price the parent saw, writes a pending
     * order priced in the market's currency, and opens the provider's checkout. Returns where to pay.
     */
    async startCheckout(input: StartCheckout): Promise<{ orderId: string; url: string }> {
      if (!provider) throw new CheckoutError("unavailable", "Payments are not available right now. Please try again later.", 503);
      const plan = await deps.pricing.pricedPlan(input.planId, input.market);
      if (!plan) throw new CheckoutError("unknown-plan", "This plan is not on sale. Please choose one on the pricing page.", 404);
      const maxQuantity = plan.kind === "subscription" ? 1 : MAX_PACK_QUANTITY;
      if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > maxQuantity)
        throw new CheckoutError(
          "quantity",
          plan.kind === "subscription" ? "A subscription is bought one at a time." : `Choose between 1 and ${MAX_PACK_QUANTITY} packs.`,
          400,
        );
      if (input.expected && (input.expected.currencyCode.toUpperCase() !== plan.currencyCode || input.expected.amountMinor !== plan.amountMinor))
        throw new CheckoutError("price-changed", `The price is now ${plan.formatted}. Please check it and pay again.`, 409);
      const orderId = crypto.randomUUID();
      const total = plan.amountMinor * input.quantity;
      // The shown price includes the market's VAT or GST where its law wants it so: the receipt says how much.
      const taxRule = taxRuleFor(input.market.country, input.buyerCountry);
      const taxRateBp = taxRule.kind === "included" ? taxRule.rateBp : null;
      const tax = { taxMinor: includedTaxMinor(total, taxRateBp), taxCountry: taxRule.country || null, taxRateBp };
      if (plan.kind === "subscription") {
        // One waiting checkout per parent and plan, decided in D1: this one replaces the parent's earlier one (another tab).
        const held = await holdSubscriptionCheckout(db, {
          orderId,
          visitorId: input.buyer.visitorId,
          userProfileId: input.buyer.owner.userProfileId,
          planId: plan.id,
          description: plan.name,
          unitPriceMinor: plan.amountMinor,
          credits: plan.credits,
          currency: plan.currencyCode,
          provider: provider.name,
          marketCountry: input.market.country,
          ...tax,
        });
        if (!held.opened) throw new CheckoutError("already-subscribed", "You already have this subscription. You can manage it under My subscriptions.", 409);
        for (const replaced of held.replaced) await closeAtProvider(replaced);
      } else {
        await db.batch([
          db.insert(orders).values({
            id: orderId,
            visitorId: input.buyer.visitorId,
            userProfileId: input.buyer.owner.userProfileId,
            currency: plan.currencyCode,
            subtotalMinor: total - tax.taxMinor,
            totalMinor: total,
            provider: provider.name,
            marketCountry: input.market.country,
            ...tax,
          }),
          db.insert(orderItems).values({
            orderId,
            planId: plan.id,
            description: plan.name,
            quantity: input.quantity,
            unitPriceMinor: plan.amountMinor,
            credits: plan.credits,
            totalMinor: total,
          }),
        ]);
      }
      const site = input.site.replace(/\/+$/, "");
      try {
        const session = await provider.createCheckout({
          orderId,
          mode: plan.kind === "subscription" ? "subscription" : "payment",
          productName: plan.name,
          description: plan.description,
          unitAmountMinor: plan.amountMinor,
          quantity: input.quantity,
          currency: plan.currencyCode.toLowerCase(),
          interval: plan.interval ?? undefined,
          customerEmail: input.buyer.email,
          successUrl: `${site}/checkout/success?order=${orderId}`,
          cancelUrl: `${site}/checkout?plan=${encodeURIComponent(plan.id)}&cancelled=${orderId}`,
        });
        // A checkout opened again in another tab while this page was being made has replaced this one.
        // It waits for its payment as long as the provider's page, 24 hours at most.
        const expiresAt = new Date(Math.min(session.expiresAt * 1000, (await now()) + CHECKOUT_LIFETIME_MS)).toISOString();
        const [kept] = await db
          .update(orders)
          .set({ providerRef: session.id, expiresAt, checkoutUrl: sql`CASE WHEN ${orders.status} = 'pending' THEN ${session.url} END` })
          .where(eq(orders.id, orderId))
          .returning({ status: orders.status });
        if (kept?.status === "pending") return { orderId, url: session.url };
        await closeAtProvider({ id: orderId, provider: provider.name, providerRef: session.id });
        throw new CheckoutError("replaced", "This subscription's checkout was opened again in another window. Please finish paying there.", 409);
      } catch (error) {
        if (error instanceof CheckoutError) throw error;
        deps.log.error("checkout: the payment provider failed", { orderId, error: error instanceof Error ? error.message : String(error) });
        await db
          .update(orders)
          .set({ status: "failed" })
          .where(and(eq(orders.id, orderId), eq(orders.status, "pending")));
        throw new CheckoutError("provider-failed", "The payment page could not be opened. Nothing was charged. Please try again in a moment.", 502);
      }
    },

    /** A signed webhook delivery: verified, then applied once. Throws WebhookSignatureError on a bad signature. */
    async handleWebhook(rawBody: string, signature: string | null, site: string): Promise<ApplyResult> {
      if (!fulfilment || !deps.webhookSecret) throw new CheckoutError("unavailable", "Payments are not available.", 503);
      let event = await verifyWebhook(rawBody, signature, deps.webhookSecret);
      if (event.kind === "subscription-updated" && provider) {
        // Updates can arrive out of order (a cancel's event after the resume that followed it): the provider's state now wins.
        const subscriptionRef = event.subscriptionRef;
        const now = await provider.retrieveSubscription(subscriptionRef).catch((error: unknown) => {
          deps.log.warn("webhook: the subscription could not be read again; the event's copy is used", {
            subscriptionRef,
            error: error instanceof Error ? error.message : String(error),
          });
          return null;
        });
        if (now) event = { ...event, ...now };
      }
      if (event.kind === "invoice-paid" && !event.paymentRef && provider?.invoicePaymentRef) {
        // Without the payment a later refund of this invoice could not find its order.
        const invoiceId = event.invoiceId;
        const paymentRef = await provider.invoicePaymentRef(invoiceId).catch((error: unknown) => {
          deps.log.warn("webhook: the invoice's payment could not be read", { invoiceId, error: error instanceof Error ? error.message : String(error) });
          return null;
        });
        event = { ...event, paymentRef };
      }
      const result = await fulfilment.apply(event);
      // Also on a repeated delivery: a settlement the provider failed last time is tried again.
      if (event.kind === "checkout-paid" || event.kind === "invoice-paid") await settle(event.subscriptionRef);
      return applied(result, site);
    },

    /**
     * The success page asks the provider about a pending order (racing the webhook, which may be
     * late); a paid checkout is applied exactly as its webhook event would be. Returns the order.
     */
    async confirmOrder(orderId: string, owner: Owner, site: string): Promise<OrderView | null> {
      await sweepExpired(owner);
      let row = await orderRow(orderId, owner);
      if (!row) return null;
      if (row.status === "pending" && row.providerRef && provider && fulfilment) {
        const state = await provider.retrieveCheckout(row.providerRef).catch(() => null);
        if (state?.paid) {
          await applied(
            await fulfilment.apply({
              kind: "checkout-paid",
              id: `confirm:${state.id}`,
              sessionId: state.id,
              orderId: row.id,
              paymentRef: state.paymentRef,
              subscriptionRef: state.subscriptionRef,
            }),
            site,
          );
          // The webhook settles it too: a provider that fails here does not stop the page.
          await settle(state.subscriptionRef).catch((error: unknown) => {
            deps.log.warn("checkout: a second subscription could not be settled yet", {
              orderId,
              error: error instanceof Error ? error.message : String(error),
            });
          });
          row = (await orderRow(orderId, owner))!;
        }
      }
      return (await views([row], owner))[0];
    },

    abandonOrder,
    sweepExpired,
    purchaseEmail,

    /** A parent's refund of an order's unused credits (throws a RefundError in words when there is none to give). */
    async refundUnused(orderId: string, owner: Owner, site: string): Promise<OrderView> {
      return refunds(await orderRow(orderId, owner), owner, site);
    },

    async order(orderId: string, owner: Owner): Promise<OrderView | null> {
      await sweepExpired(owner);
      const row = await orderRow(orderId, owner);
      if (row && row.status === "paid" && !row.receiptUrl) {
        // Stripe's receipt, if it could not be read when the payment came
        await keepProviderReceipts([row.id]);
        return (await views([(await orderRow(orderId, owner))!], owner))[0];
      }
      return row ? (await views([row], owner))[0] : null;
    },

    /** The owner's orders, newest first, whatever their state. */
    async orders(owner: Owner, limit = 50): Promise<OrderView[]> {
      await sweepExpired(owner);
      const rows = await db.select().from(orders).where(ownedBy(orders, owner)).orderBy(desc(orders.createdAt)).limit(limit);
      return views(rows, owner);
    },

    async subscriptions(owner: Owner): Promise<SubscriptionView[]> {
      const rows = await db
        .select({ s: subscriptions, planName: plans.name })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(ownedBy(subscriptions, owner))
        .orderBy(desc(subscriptions.createdAt));
      return rows.map(({ s, planName }) => ({
        id: s.id,
        planId: s.planId,
        planName,
        status: s.status,
        credits: s.credits,
        price: marketFormat(s.currency)(s.amountMinor),
        currentPeriodStart: s.currentPeriodStart,
        currentPeriodEnd: s.currentPeriodEnd,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        duplicate: s.duplicateOf !== null,
      }));
    },

    /** Cancel at the end of the period (true) or resume (false): the provider first, then our copy. Null when not the owner's. */
    async setCancelAtPeriodEnd(subscriptionId: string, owner: Owner, cancel: boolean): Promise<SubscriptionView | null> {
      if (!provider) throw new CheckoutError("unavailable", "Payments are not available right now. Please try again later.", 503);
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, subscriptionId), ownedBy(subscriptions, owner)))
        .limit(1);
      if (!row || !row.providerRef || row.provider !== provider.name) return null;
      if (row.status === "active" || row.status === "past_due") {
        try {
          await provider.setCancelAtPeriodEnd(row.providerRef, cancel);
        } catch (error) {
          deps.log.error("subscriptions: the payment provider failed", {
            subscriptionId: row.id,
            error: error instanceof Error ? error.message : String(error),
          });
          throw new CheckoutError("provider-failed", "We could not reach the payment service, so nothing changed. Please try again in a moment.", 502);
        }
        await db.update(subscriptions).set({ cancelAtPeriodEnd: cancel }).where(eq(subscriptions.id, row.id));
      }
      return (await this.subscriptions(owner)).find((s) => s.id === row.id) ?? null;
    },

    /**
     * Ends every running subscription of an owner at once, at the provider first (the parent is
     * deleting the account: nothing may be charged after that). Throws when the provider fails, so
     * the account is not deleted while a subscription would go on charging.
     */
    async cancelAllNow(owner: Owner): Promise<number> {
      const running = await db
        .select({ id: subscriptions.id, provider: subscriptions.provider, providerRef: subscriptions.providerRef })
        .from(subscriptions)
        // a second subscription not yet cancelled at the provider (it failed) could still charge
        .where(
          and(
            ownedBy(subscriptions, owner),
            or(inArray(subscriptions.status, ["pending", "active", "past_due"]), and(isNotNull(subscriptions.duplicateOf), isNull(subscriptions.cancelledAt))),
          ),
        );
      for (const s of running) {
        if (s.providerRef && provider && s.provider === provider.name) await provider.cancelNow(s.providerRef);
        await db.update(subscriptions).set({ status: "cancelled", cancelledAt: new Date().toISOString() }).where(eq(subscriptions.id, s.id));
      }
      return running.length;
    },

    balance: (owner: Owner) => creditBalance(db, owner),

    /** The owner's credit history, newest first, in plain words. */
    history: (owner: Owner, limit = 100) => creditHistory(db, owner, limit),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
