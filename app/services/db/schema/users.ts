import { sql } from "drizzle-orm";
import { check, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, lowercased, newId, updatedAt } from "./common";

/**
 * users: the signed-in identity (an account). E-mail is stored lower-cased and unique. An account
 * signs in with a password (password_hash, "pbkdf2-sha256$<iterations>$<salt>$<hash>"), with Google
 * (google_sub, the stable Google account id), or both. email_verified_at is set when the address was
 * confirmed by a link we sent, or Google vouched for it; an unconfirmed account cannot sign in.
 */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    emailVerifiedAt: text("email_verified_at"),
    googleSub: text("google_sub"),
    /** when the account had its one welcome grant (or its chance of it): set once, at its first confirmed address */
    welcomeGrantedAt: text("welcome_granted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    check("users_email_lowercase", lowercased(t.email)),
  ],
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
    /** "/profile/avatar" for a picture the parent uploaded, or the picture Google gave at sign-in */
    avatarUrl: text("avatar_url"),
    /** the R2 key of the uploaded picture (avatars/{profile id}/{random}); null when there is none */
    avatarKey: text("avatar_key"),
    country: text("country"),
    /** when the parent last changed their names or avatar: a change within 60 s of it is ignored */
    detailsUpdatedAt: text("details_updated_at"),
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
