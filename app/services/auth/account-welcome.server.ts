import type { Db } from "../db/client.server";
import { newId } from "../db/schema/common";
import { sha256Hex } from "./crypto.server";

import { ACCOUNT_WELCOME_CREDITS } from "~/domain/story/credits";

/** Credits a person gets once, ever, for their first confirmed address (an anonymous visitor's free book is apart from these). */
export { ACCOUNT_WELCOME_CREDITS };

/**
 * The welcome credits belong to the person, once ever: an account has one chance (its first
 * confirmed address sets users.welcome_granted_at), and an address has one (its hash in
 * welcome_grants, kept after the account is deleted). So neither a new account with an old address
 * nor a new address on an old account earns them again. One D1 batch (one transaction):
 *   1. the address's hash is recorded, with this account, unless it is known already;
 *   2. the account's chance is taken, unless it was taken before;
 *   3. the credits are written only if both happened in this batch (the stamp is this batch's).
 * Parallel confirmations of one account or one address therefore grant once.
 */
export async function grantAccountWelcome(db: Db, who: { userId: string; userProfileId: string; address: string }, now: Date): Promise<boolean> {
  const d1 = db.$client;
  const emailHash = await sha256Hex(who.address);
  // unique to this batch, so step 3 sees only its own step 2
  const stamp = `${now.toISOString()} ${newId()}`;
  const results = await d1.batch([
    d1.prepare("INSERT INTO welcome_grants (email_hash, user_id) VALUES (?, ?) ON CONFLICT (email_hash) DO NOTHING").bind(emailHash, who.userId),
    d1.prepare("UPDATE users SET welcome_granted_at = ? WHERE id = ? AND welcome_granted_at IS NULL").bind(stamp, who.userId),
    d1
      .prepare(
        `INSERT INTO credit_ledger (id, user_profile_id, delta, reason, idempotency_key, note)
         SELECT ?1, ?2, ?3, 'bonus', ?4, 'Welcome credits for a confirmed e-mail address'
         WHERE EXISTS (SELECT 1 FROM users WHERE id = ?5 AND welcome_granted_at = ?6)
           AND EXISTS (SELECT 1 FROM welcome_grants WHERE email_hash = ?7 AND user_id = ?5)
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(newId(), who.userProfileId, ACCOUNT_WELCOME_CREDITS, `welcome:email:${emailHash}`, who.userId, stamp, emailHash),
  ]);
  return (results[2]?.meta.changes ?? 0) > 0;
}
