import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common";

/**
 * The built-in test payment provider's own records (app/services/payments/test-provider.server.ts):
 * what a payment provider keeps on its side. It plays the provider when no Stripe keys are set, so
 * a purchase runs end to end with no network; nothing else reads these tables.
 */
export const testCheckouts = sqliteTable(
  "test_checkouts",
  {
    /** the checkout session id, cs_test_… */
    id: text("id").primaryKey(),
    mode: text("mode", { enum: ["payment", "subscription"] }).notNull(),
    /** open → complete, or expired */
    status: text("status", { enum: ["open", "complete", "expired"] })
      .notNull()
      .default("open"),
    paymentStatus: text("payment_status", { enum: ["unpaid", "paid"] })
      .notNull()
      .default("unpaid"),
    productName: text("product_name").notNull(),
    unitAmountMinor: integer("unit_amount_minor").notNull(),
    quantity: integer("quantity").notNull(),
    amountTotalMinor: integer("amount_total_minor").notNull(),
    currency: text("currency").notNull(),
    interval: text("interval"),
    customerEmail: text("customer_email"),
    clientReferenceId: text("client_reference_id"),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    /** JSON object of strings, given back on every event */
    metadata: text("metadata").notNull().default("{}"),
    paymentIntentId: text("payment_intent_id"),
    subscriptionId: text("subscription_id"),
    /** Unix seconds: an open session can no longer be paid after this (24 hours, as Stripe's) */
    expiresAt: integer("expires_at"),
    createdAt: createdAt(),
  },
  (t) => [index("test_checkouts_subscription_idx").on(t.subscriptionId)],
);

export const testSubscriptions = sqliteTable(
  "test_subscriptions",
  {
    /** sub_test_… */
    id: text("id").primaryKey(),
    checkoutId: text("checkout_id").notNull(),
    status: text("status", { enum: ["active", "canceled"] })
      .notNull()
      .default("active"),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    /** Unix seconds, like the provider's API */
    currentPeriodStart: integer("current_period_start").notNull(),
    currentPeriodEnd: integer("current_period_end").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    metadata: text("metadata").notNull().default("{}"),
    createdAt: createdAt(),
  },
  (t) => [index("test_subscriptions_period_idx").on(t.status, t.currentPeriodEnd)],
);
