import { eq } from "drizzle-orm";
import type { Db } from "~/services/db/client.server";
import { authTokens, users, type AuthTokenPurpose } from "~/services/db/schema/index";
import { sha256Hex } from "~/services/auth/crypto.server";
import { readLiveToken, tokenIsLive } from "~/services/auth/tokens.server";

/**
 * The e-mailed links' pages look at a token without spending it (a mail scanner that opens the link
 * must not use it up): whether it still works, and for the reset page the account's address, which
 * a password manager files the new password under.
 */

/**
 * What the confirm page shows before its button is pressed: the address being confirmed (a new
 * account's, or the new address of an account), and whether this browser must type the password
 * (it is not the browser that asked for the link). Null when the link no longer works.
 */
export async function confirmLinkView(db: Db, token: string | null, visitorId: string): Promise<{ email: string; needsPassword: boolean } | null> {
  const live = token ? await readLiveToken(db, token, ["confirm-email", "change-email"]) : null;
  if (!live) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, live.userId)).limit(1);
  const email = live.purpose === "change-email" ? live.newEmail : user?.email;
  if (!email) return null;
  return { email, needsPassword: live.visitorId === null || live.visitorId !== visitorId };
}

/** The address of the account a live link belongs to, or null when the link no longer works. */
export async function liveLinkEmail(db: Db, token: string | null, purpose: AuthTokenPurpose): Promise<string | null> {
  if (!token || !(await tokenIsLive(db, token, purpose))) return null;
  const [row] = await db
    .select({ email: users.email })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.id, await sha256Hex(token)))
    .limit(1);
  return row?.email ?? null;
}

/** The old address a live "stop this change" link would keep, or null when the link no longer works. */
export async function stopLinkEmail(db: Db, token: string | null): Promise<string | null> {
  const live = token ? await readLiveToken(db, token, ["stop-email-change"]) : null;
  return live?.newEmail ?? null;
}
