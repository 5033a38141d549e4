import type { Db } from "../db/client.server";
import { sweepRateLimits } from "./rate-limit.server";
import { sweepExpiredSessions } from "./sessions.server";

/** An account whose address was never confirmed is deleted this long after it was made. */
export const UNCONFIRMED_ACCOUNT_DAYS = 14;

/**
 * The accounts' housekeeping (the cron, every few minutes): ended sessions, spent or expired link
 * tokens, old rate-limit windows, and sign-ups never confirmed (no profile, nothing owned).
 */
export async function sweepAccounts(db: Db, now = new Date()): Promise<{ sessions: number; unconfirmed: number }> {
  const nowIso = now.toISOString();
  const sessions = await sweepExpiredSessions(db, now);
  await sweepRateLimits(db, now.getTime());
  const cutoff = new Date(now.getTime() - UNCONFIRMED_ACCOUNT_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const [, unconfirmed] = await db.$client.batch([
    db.$client.prepare("DELETE FROM auth_tokens WHERE expires_at < ? OR used_at IS NOT NULL").bind(nowIso),
    db.$client
      .prepare(
        `DELETE FROM users WHERE email_verified_at IS NULL AND google_sub IS NULL AND created_at < ?
           AND NOT EXISTS (SELECT 1 FROM user_profiles WHERE user_profiles.user_id = users.id)`,
      )
      .bind(cutoff),
  ]);
  return { sessions, unconfirmed: unconfirmed.meta.changes ?? 0 };
}
