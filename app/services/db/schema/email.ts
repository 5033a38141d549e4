import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { storybooks } from "./books";
import { createdAt, lowercased, nowIso, oneOf } from "./common";

/**
 * email_outbox: the offline e-mail provider. Without RESEND_API_KEY every e-mail the product would
 * send is kept here instead, and developers read it at /dev/outbox. `to` is a JSON list of addresses.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    provider: text("provider").notNull().default("outbox"),
    status: text("status").notNull().default("stored"),
    /** JSON object of extra headers (List-Unsubscribe ...), shown at /dev/outbox */
    headers: text("headers").notNull().default("{}"),
    /** the sender's idempotency key: a second message with the same key is not stored again */
    idempotencyKey: text("idempotency_key"),
    // Written by the service with millisecond precision, so "newest first" is exact.
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("email_outbox_created_at_idx").on(t.createdAt), uniqueIndex("email_outbox_idempotency_key_unique").on(t.idempotencyKey)],
);

export const DELIVERY_STATUSES = ["pending", "sending", "sent", "failed", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The lists a person can leave with one click (the List-Unsubscribe header of RFC 8058). */
export const EMAIL_LISTS = ["newsletter", "notifications"] as const;
export type EmailList = (typeof EMAIL_LISTS)[number];

/**
 * email_deliveries: every e-mail the server sends on its own (story ready, PDF link, purchase,
 * newsletter confirmation), kept until it is delivered. The id is the message's idempotency key,
 * made from what the message is about (`story-ready:{bookId}`, `plan-purchase:{orderId}` ...): a
 * second INSERT OR IGNORE of the same message does nothing, so a retried step never sends twice, and
 * the key goes to the provider so a retried call is not sent twice either. A failed attempt waits
 * (next_attempt_at) and the cron sweep tries again, with a growing delay, until it is sent or given up.
 */
export const emailDeliveries = sqliteTable(
  "email_deliveries",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** JSON object of extra headers (List-Unsubscribe ...) */
    headers: text("headers").notNull().default("{}"),
    /** the list the message belongs to, when one click on its unsubscribe link leaves it */
    list: text("list", { enum: EMAIL_LISTS }),
    /** the book the message is about: deleted with it (the address of a visitor is the book's) */
    bookId: text("book_id").references(() => storybooks.bookId, { onDelete: "cascade" }),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull().default(nowIso),
    /** while status is sending: when the attempt is taken to have died (a crash mid-send) */
    leaseUntil: text("lease_until"),
    lastError: text("last_error"),
    provider: text("provider"),
    providerId: text("provider_id"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
  },
  (t) => [
    index("email_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("email_deliveries_book_idx").on(t.bookId),
    check("email_deliveries_status", oneOf(t.status, DELIVERY_STATUSES)),
  ],
);

export const EMAIL_TOKEN_PURPOSES = ["read-book", "book-cover", "book-pdf", "unsubscribe", "confirm-newsletter"] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/**
 * email_tokens: the links in e-mails that work without signing in: a read-only link to a book, the
 * book's PDF, leaving a list, confirming the newsletter. The id is the SHA-256 of the token in the
 * link (the database never holds a working link); each expires, and a book's go with the book.
 */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    bookId: text("book_id").references(() => storybooks.bookId, { onDelete: "cascade" }),
    /** unsubscribe and confirm-newsletter: the address (lower-cased) */
    email: text("email"),
    /** unsubscribe: the list to leave */
    list: text("list", { enum: EMAIL_LISTS }),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    index("email_tokens_book_idx").on(t.bookId),
    index("email_tokens_expires_idx").on(t.expiresAt),
    check("email_tokens_purpose", oneOf(t.purpose, EMAIL_TOKEN_PURPOSES)),
  ],
);

/**
 * email_suppressions: addresses that left the notification e-mails (story ready, and later the
 * family digests) with the unsubscribe link. The newsletter's own state is subscribers.is_active.
 */
export const emailSuppressions = sqliteTable(
  "email_suppressions",
  {
    email: text("email").notNull(),
    list: text("list", { enum: EMAIL_LISTS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.list] }), check("email_suppressions_email_lowercase", lowercased(t.email))],
);
