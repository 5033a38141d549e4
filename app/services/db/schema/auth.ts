import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, oneOf } from "./common";
import { users } from "./users";

/**
 * auth_sessions: one signed-in browser. The cookie holds a random token; the row's id is the
 * SHA-256 of it (hex), so a copy of the table signs nobody in. A session ends at expires_at (30 days
 * after it was last used, and never later than absolute_expires_at), at sign-out, or when the
 * parent ends it from /myaccount, changes the password or deletes the account.
 */
export const authSessions = sqliteTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: text("last_seen_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    absoluteExpiresAt: text("absolute_expires_at").notNull(),
    /** a short description of the browser ("Chrome on Android"), shown on /myaccount */
    device: text("device").notNull().default(""),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId, t.lastSeenAt), index("auth_sessions_expires_idx").on(t.expiresAt)],
);

export const AUTH_TOKEN_PURPOSES = ["confirm-email", "reset-password", "change-email", "stop-email-change"] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/**
 * auth_tokens: the single-use links we e-mail (confirm the address, reset the password, confirm a
 * new address). The row's id is the SHA-256 of the token in the link; used_at is set by the one
 * UPDATE that spends it, so a link works once.
 */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    /**
     * change-email: the address to move to once the link is opened; stop-email-change (sent to the
     * old address): the address to go back to.
     */
    newEmail: text("new_email"),
    /**
     * confirm-email only: the password chosen at sign-up, set on the account when the link is opened.
     * Until then the account has none, so whoever signs up with someone else's address gets nothing.
     */
    passwordHash: text("password_hash"),
    /**
     * confirm-email and change-email: the visitor (browser) that asked for the link. Only that browser
     * confirms with one tap and brings along what it made before signing in; any other must type the
     * password, and brings nothing.
     */
    visitorId: text("visitor_id"),
    /** confirm-email only: the page of this site the new account goes to once confirmed (where it signed up from) */
    returnTo: text("return_to"),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("auth_tokens_user_purpose_idx").on(t.userId, t.purpose), check("auth_tokens_purpose", oneOf(t.purpose, AUTH_TOKEN_PURPOSES))],
);

/**
 * rate_limits: fixed-window counters (sign-in, sign-up, reset and resend attempts per client address
 * and per account; anonymous welcome credits per address and day). One atomic upsert counts a hit.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [check("rate_limits_count", sql`${t.count} >= 0`)],
);

/**
 * welcome_grants: the e-mail addresses (their SHA-256, not the address) that have had their welcome
 * credits. It outlives a deleted account on purpose: deleting and signing up again gives nothing new.
 */
export const welcomeGrants = sqliteTable("welcome_grants", {
  emailHash: text("email_hash").primaryKey(),
  /** the account that confirmed the address first (no foreign key: the row outlives the account) */
  userId: text("user_id"),
  createdAt: createdAt(),
});
