import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
    // Written by the service with millisecond precision, so "newest first" is exact.
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("email_outbox_created_at_idx").on(t.createdAt)],
);
