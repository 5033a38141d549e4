import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { authTokens, type AuthTokenPurpose } from "../db/schema/index";
import { randomToken, sha256Hex } from "./crypto.server";

/** How long each kind of e-mailed link works. */
export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  "confirm-email": 24 * 60 * 60 * 1000,
  "reset-password": 60 * 60 * 1000,
  "change-email": 24 * 60 * 60 * 1000,
  /** the old address's "stop this change": as long as a parent may take to read their old inbox */
  "stop-email-change": 7 * 24 * 60 * 60 * 1000,
};

/**
 * Makes a single-use link token. Earlier unused tokens of the same purpose for the account stop
 * working (only the newest link in the inbox works), except the old address's "stop this change"
 * links: each stays live, so a later change cannot retire the link that would undo an earlier one.
 */
export async function issueToken(
  db: Db,
  input: { userId: string; purpose: AuthTokenPurpose; newEmail?: string; passwordHash?: string | null; visitorId?: string; returnTo?: string | null },
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  const nowIso = now.toISOString();
  const insert = db.insert(authTokens).values({
    id: await sha256Hex(token),
    userId: input.userId,
    purpose: input.purpose,
    newEmail: input.newEmail ?? null,
    passwordHash: input.passwordHash ?? null,
    visitorId: input.visitorId ?? null,
    returnTo: input.returnTo ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[input.purpose]).toISOString(),
  });
  if (input.purpose === "stop-email-change") {
    await insert;
    return token;
  }
  const retire = db
    .update(authTokens)
    .set({ usedAt: nowIso })
    .where(and(eq(authTokens.userId, input.userId), eq(authTokens.purpose, input.purpose), isNull(authTokens.usedAt)));
  await db.batch([retire, insert]);
  return token;
}

export interface SpentToken {
  userId: string;
  purpose: AuthTokenPurpose;
  newEmail: string | null;
  passwordHash: string | null;
  visitorId: string | null;
  returnTo: string | null;
}

/**
 * Spends a link token: one UPDATE marks it used only if it is unused and not expired, so of two
 * clicks at once exactly one gets the token. Null when the token is unknown, used or expired.
 */
export async function spendToken(db: Db, token: string, purposes: readonly AuthTokenPurpose[], now = new Date()): Promise<SpentToken | null> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
  const nowIso = now.toISOString();
  const placeholders = purposes.map(() => "?").join(", ");
  const row = await db.$client
    .prepare(
      `UPDATE auth_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ? AND purpose IN (${placeholders})
       RETURNING user_id, purpose, new_email, password_hash, visitor_id, return_to`,
    )
    .bind(nowIso, await sha256Hex(token), nowIso, ...purposes)
    .first<TokenRow>();
  return row ? fromRow(row) : null;
}

type TokenRow = {
  user_id: string;
  purpose: AuthTokenPurpose;
  new_email: string | null;
  password_hash: string | null;
  visitor_id: string | null;
  return_to: string | null;
};
const fromRow = (row: TokenRow): SpentToken => ({
  userId: row.user_id,
  purpose: row.purpose,
  newEmail: row.new_email,
  passwordHash: row.password_hash,
  visitorId: row.visitor_id,
  returnTo: row.return_to,
});

/** What a live token stands for, without spending it (the confirm page reads it before its button is pressed). */
export async function readLiveToken(db: Db, token: string, purposes: readonly AuthTokenPurpose[], now = new Date()): Promise<SpentToken | null> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
  const placeholders = purposes.map(() => "?").join(", ");
  const row = await db.$client
    .prepare(
      `SELECT user_id, purpose, new_email, password_hash, visitor_id, return_to FROM auth_tokens
       WHERE id = ? AND used_at IS NULL AND expires_at > ? AND purpose IN (${placeholders})`,
    )
    .bind(await sha256Hex(token), now.toISOString(), ...purposes)
    .first<TokenRow>();
  return row ? fromRow(row) : null;
}

/**
 * Ends every unused link of these purposes for the account: after a password reset or change, no
 * reset link sent before it works, nor a sign-up link that carries an older password.
 */
export async function endTokens(db: Db, userId: string, purposes: readonly AuthTokenPurpose[], now = new Date()): Promise<void> {
  const placeholders = purposes.map(() => "?").join(", ");
  await db.$client
    .prepare(`UPDATE auth_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL AND purpose IN (${placeholders})`)
    .bind(now.toISOString(), userId, ...purposes)
    .run();
}

/** Whether a token would still work (the reset page checks before showing its form); spends nothing. */
export async function tokenIsLive(db: Db, token: string, purpose: AuthTokenPurpose, now = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return false;
  const [row] = await db
    .select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.id, await sha256Hex(token)), eq(authTokens.purpose, purpose)))
    .limit(1);
  return !!row && row.usedAt === null && row.expiresAt > now.toISOString();
}

/**
 * The latest sign-up of an unconfirmed account: the password chosen then, the browser that chose
 * it and the page it signed up from. A resent link carries them on, so a link resent from another
 * browser still asks for that password there, and still leads back to that page.
 */
export async function pendingSignUp(db: Db, userId: string): Promise<{ passwordHash: string | null; visitorId: string | null; returnTo: string | null }> {
  const [row] = await db
    .select({ passwordHash: authTokens.passwordHash, visitorId: authTokens.visitorId, returnTo: authTokens.returnTo })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "confirm-email")))
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return { passwordHash: row?.passwordHash ?? null, visitorId: row?.visitorId ?? null, returnTo: row?.returnTo ?? null };
}

/**
 * After a "stop this change" link is used: the stop links sent after it die (they were sent to
 * addresses the account moved to later), while earlier ones stay live, so the first address's link
 * always has the last word.
 */
export async function endLaterStopLinks(db: Db, token: string, now = new Date()): Promise<void> {
  await db.$client
    .prepare(
      `UPDATE auth_tokens SET used_at = ?1 WHERE purpose = 'stop-email-change' AND used_at IS NULL
         AND user_id = (SELECT user_id FROM auth_tokens WHERE id = ?2)
         AND created_at >= (SELECT created_at FROM auth_tokens WHERE id = ?2)`,
    )
    .bind(now.toISOString(), await sha256Hex(token))
    .run();
}
