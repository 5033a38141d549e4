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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("subscribers_email_unique").on(t.email), check("subscribers_email_lowercase", lowercased(t.email))],
);
