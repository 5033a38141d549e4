import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, newId, oneOf, ownerPresent, updatedAt } from "./common";
import { storybooks } from "./books";
import { userProfiles } from "./users";

/**
 * Commerce: plans, orders, subscriptions and the credit ledger. Money is an integer count of minor
 * units (cents; the whole yen or won for currencies without minor units) with an ISO 4217 currency
 * code beside it; the catalogue is priced in one base currency and every order in the local
 * currency of its market (app/domain/pricing). Owners follow the same rule as storybooks: a visitor
 * id, and a user profile once known.
 */
export const BASE_CURRENCY = "USD";

export const PLAN_KINDS = ["credit_pack", "subscription"] as const;
export const PLAN_INTERVALS = ["month", "year"] as const;
export const ORDER_STATUSES = ["pending", "paid", "failed", "cancelled", "refunded"] as const;
export const SUBSCRIPTION_STATUSES = ["pending", "active", "past_due", "cancelled", "expired"] as const;
export const LEDGER_REASONS = [
  /** credits bought with a credit pack */
  "purchase",
  /** credits granted for a subscription period */
  "subscription_grant",
  /** one book made */
  "book_deduction",
  /** credits given back (a book that could not be made, a refunded order) */
  "refund",
  /** a gift, e.g. a welcome credit */
  "bonus",
  /** a correction by support */
  "adjustment",
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

const currencyCode = (column: unknown) => sql`length(${column}) = 3 AND ${column} = upper(${column})`;

/** plans: the catalogue of credit packs and subscriptions. */
export const plans = sqliteTable(
  "plans",
  {
    /** a readable slug, e.g. family-pack */
    id: text("id").primaryKey(),
    kind: text("kind", { enum: PLAN_KINDS }).notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** credits per purchase (credit pack) or per period (subscription) */
    credits: integer("credits").notNull(),
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull().default(BASE_CURRENCY),
    /** subscriptions only */
    interval: text("interval", { enum: PLAN_INTERVALS }),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    popular: integer("popular", { mode: "boolean" }).notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("plans_active_sort_idx").on(t.isActive, t.sortOrder),
    check("plans_kind", oneOf(t.kind, PLAN_KINDS)),
    check("plans_credits", sql`${t.credits} > 0`),
    check("plans_price", sql`${t.priceMinor} >= 0`),
    check("plans_currency", currencyCode(t.currency)),
    check(
      "plans_interval",
      // IS NOT NULL first: a NULL inside IN would make the whole CHECK NULL, which SQLite lets pass
      sql`(${t.kind} = 'subscription' AND ${t.interval} IS NOT NULL AND ${t.interval} IN ('month', 'year')) OR (${t.kind} = 'credit_pack' AND ${t.interval} IS NULL)`,
    ),
  ],
);

/**
 * orders: one checkout. Amounts are in the charged currency; total = subtotal - discount + tax.
 * (provider, provider_ref) is unique so a payment provider's webhook can be applied at most once.
 */
export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    visitorId: text("visitor_id"),
    userProfileId: text("user_profile_id").references(() => userProfiles.id),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    currency: text("currency").notNull(),
    subtotalMinor: integer("subtotal_minor").notNull(),
    discountMinor: integer("discount_minor").notNull().default(0),
    taxMinor: integer("tax_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull(),
    /** the payment provider, e.g. stripe, razorpay or offline */
    provider: text("provider").notNull(),
    /** the provider's id for this payment (checkout session, or invoice for a renewal) once known */
    providerRef: text("provider_ref"),
    /** the provider's payment (payment intent) once paid: refunds name it */
    paymentRef: text("payment_ref"),
    /** the market the price was shown in (app/domain/pricing/markets.ts) */
    marketCountry: text("market_country"),
    /** the provider's hosted page for paying this order, while it is pending */
    checkoutUrl: text("checkout_url"),
    /** the subscription a renewal order paid for */
    subscriptionId: text("subscription_id"),
    /** the plan a subscription checkout starts: a parent has one waiting checkout per plan (the index below) */
    subscriptionPlanId: text("subscription_plan_id"),
    /** how much of the total has been refunded */
    refundedMinor: integer("refunded_minor").notNull().default(0),
    /** when the purchase e-mail went out (it goes once) */
    emailSentAt: text("email_sent_at"),
    /** the country whose tax rule the receipt states, and its rate in basis points (null: no tax charged) */
    taxCountry: text("tax_country"),
    taxRateBp: integer("tax_rate_bp"),
    /** the provider's own receipt of the payment (Stripe's charge receipt_url) */
    receiptUrl: text("receipt_url"),
    /** when a waiting checkout ends (the provider's session, 24 hours at most); expiredAt marks one that ran out */
    expiresAt: text("expires_at"),
    expiredAt: text("expired_at"),
    /** a parent's refund of unused credits, claimed once before the provider is asked, and its amount */
    refundRequestedAt: text("refund_requested_at"),
    refundRequestedMinor: integer("refund_requested_minor"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: text("paid_at"),
  },
  (t) => [
    uniqueIndex("orders_provider_ref_unique").on(t.provider, t.providerRef),
    index("orders_payment_ref_idx").on(t.provider, t.paymentRef),
    index("orders_profile_created_idx").on(t.userProfileId, t.createdAt),
    index("orders_visitor_created_idx").on(t.visitorId, t.createdAt),
    // two tabs cannot both hold an open checkout of the same subscription: the second replaces the first in one batch
    uniqueIndex("orders_one_subscription_checkout")
      .on(t.userProfileId, t.subscriptionPlanId)
      .where(sql`${t.status} = 'pending' and ${t.subscriptionPlanId} is not null`),
    index("orders_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check("orders_owner", ownerPresent(t.visitorId, t.userProfileId)),
    check("orders_status", oneOf(t.status, ORDER_STATUSES)),
    check("orders_currency", currencyCode(t.currency)),
    check(
      "orders_amounts",
      sql`${t.subtotalMinor} >= 0 AND ${t.discountMinor} >= 0 AND ${t.taxMinor} >= 0 AND ${t.totalMinor} = ${t.subtotalMinor} - ${t.discountMinor} + ${t.taxMinor} AND ${t.totalMinor} >= 0`,
    ),
    check("orders_paid_at", sql`${t.status} NOT IN ('paid', 'refunded') OR ${t.paidAt} IS NOT NULL`),
  ],
);

/** order_items: what an order bought, copied from the plan at the time of purchase. */
export const orderItems = sqliteTable(
  "order_items",
  {
    id: integer("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    /** credits per unit, as the plan granted them when bought */
    credits: integer("credits").notNull(),
    totalMinor: integer("total_minor").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_quantity", sql`${t.quantity} > 0`),
    check("order_items_amounts", sql`${t.unitPriceMinor} >= 0 AND ${t.credits} >= 0 AND ${t.totalMinor} = ${t.quantity} * ${t.unitPriceMinor}`),
  ],
);

/** subscriptions: a recurring plan; credits are granted per period through the ledger. */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    visitorId: text("visitor_id"),
    userProfileId: text("user_profile_id").references(() => userProfiles.id),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("pending"),
    currentPeriodStart: text("current_period_start").notNull(),
    currentPeriodEnd: text("current_period_end").notNull(),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    cancelledAt: text("cancelled_at"),
    /** credits granted each period, and the price of a period, as bought */
    credits: integer("credits").notNull(),
    currency: text("currency").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    /** the order that started it */
    orderId: text("order_id").references(() => orders.id),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    /**
     * A second subscription to the same plan that was paid all the same (two checkouts racing): the
     * subscription kept. It grants nothing, and is cancelled and refunded at the provider.
     */
    duplicateOf: text("duplicate_of"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_provider_ref_unique").on(t.provider, t.providerRef),
    index("subscriptions_profile_idx").on(t.userProfileId, t.status),
    index("subscriptions_visitor_idx").on(t.visitorId, t.status),
    check("subscriptions_owner", ownerPresent(t.visitorId, t.userProfileId)),
    check("subscriptions_status", oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check("subscriptions_period", sql`${t.currentPeriodEnd} > ${t.currentPeriodStart}`),
  ],
);

/**
 * credit_ledger: append-only. The balance of an owner is the sum of `delta` over its entries that
 * affect the balance. `idempotency_key` is unique: the same business event (e.g. "book:{bookId}:deduct",
 * "order:{orderId}:grant") can be written at most once, however often it is retried.
 */
export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    visitorId: text("visitor_id"),
    userProfileId: text("user_profile_id").references(() => userProfiles.id),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: LEDGER_REASONS }).notNull(),
    /** false for entries kept for the record only (e.g. a book made on a free promotion) */
    affectsBalance: integer("affects_balance", { mode: "boolean" }).notNull().default(true),
    idempotencyKey: text("idempotency_key").notNull(),
    bookId: text("book_id").references(() => storybooks.bookId, { onDelete: "set null" }),
    orderId: text("order_id").references(() => orders.id),
    subscriptionId: text("subscription_id").references(() => subscriptions.id),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_ledger_idempotency_key_unique").on(t.idempotencyKey),
    index("credit_ledger_profile_created_idx").on(t.userProfileId, t.createdAt),
    index("credit_ledger_visitor_created_idx").on(t.visitorId, t.createdAt),
    check("credit_ledger_owner", ownerPresent(t.visitorId, t.userProfileId)),
    check("credit_ledger_reason", oneOf(t.reason, LEDGER_REASONS)),
    check("credit_ledger_delta", sql`${t.delta} <> 0`),
    check(
      "credit_ledger_sign",
      sql`(${t.reason} NOT IN ('purchase', 'subscription_grant', 'bonus') OR ${t.delta} > 0) AND (${t.reason} <> 'book_deduction' OR ${t.delta} < 0)`,
    ),
  ],
);

/**
 * payment_events: every provider event applied, by the provider's event id. The row is written in
 * the same D1 batch as the event's effects, so a repeated delivery fails on the primary key and
 * changes nothing.
 */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderId: text("order_id"),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index("payment_events_order_idx").on(t.orderId)],
);
