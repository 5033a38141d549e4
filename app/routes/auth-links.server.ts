import { eq } from "drizzle-orm";
import type { Db } from "~/services/db/client.server";
import { authTokens, users, type AuthTokenPurpose } from "~/services/db/schema/index";
import { sha256Hex } from "~/services/auth/crypto.server";
import { tokenIsLive } from "~/services/auth/tokens.server";

/**
 * The e-mailed links' pages look at a token without spending it (a mail scanner that opens the link
 * must not use it up): whether it still works, and for the reset page the account's address, which
 * a password manager files the new password under.
 */
export async function liveLink(db: Db, token: string | null, purposes: readonly AuthTokenPurpose[]): Promise<boolean> {
  if (!token) return false;
  for (const purpose of purposes) if (await tokenIsLive(db, token, purpose)) return true;
  return false;
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
