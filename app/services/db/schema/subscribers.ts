import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, lowercased, updatedAt } from "./common";

/** subscribers: the newsletter list. E-mail is stored lower-cased and unique. */
export const subscribers = sqliteTable(
  "subscribers",
  {
    id: integer("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    source: text("source").notNull().default("website"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    metadata: text("metadata").notNull().default("{}"),
    /**
     * Double opt-in: set when the address's owner opened the confirmation link. Nothing but that
     * confirmation is sent before it; a reactivation clears it, so it is asked again.
     */
    confirmedAt: text("confirmed_at"),
    /** when the last confirmation e-mail went out (at most one every few minutes per address) */
    confirmationSentAt: text("confirmation_sent_at"),
    unsubscribedAt: text("unsubscribed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("subscribers_email_unique").on(t.email), check("subscribers_email_lowercase", lowercased(t.email))],
);
