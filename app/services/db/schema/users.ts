import { sql } from "drizzle-orm";
import { check, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, lowercased, newId, updatedAt } from "./common";

/** users: the signed-in identity. E-mail is stored lower-cased and unique. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    email: text("email").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), check("users_email_lowercase", lowercased(t.email))],
);

/**
 * user_profiles: what the product shows about a signed-in parent. One profile per
 * user; storybooks, credits, orders and subscriptions belong to the profile (`user_profile_id`).
 * country is a two-letter upper-case code (ISO 3166-1 alpha-2, or EU for the European market).
 */
export const userProfiles = sqliteTable(
  "user_profiles",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    fullName: text("full_name"),
    avatarUrl: text("avatar_url"),
    country: text("country"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("user_profiles_user_id_unique").on(t.userId),
    uniqueIndex("user_profiles_email_unique").on(t.email),
    check("user_profiles_email_lowercase", lowercased(t.email)),
    check("user_profiles_country_code", sql`${t.country} IS NULL OR (length(${t.country}) = 2 AND ${t.country} = upper(${t.country}))`),
  ],
);
