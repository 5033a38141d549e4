import type { Identity } from "../auth/identity.server";
import type { Db } from "../db/client.server";
import { sweepLeases, sweepQuotas, takeQuota } from "../db/limits.server";

/**
 * Daily quotas on the AI endpoints (POST /api/{provider}/chat and the three image endpoints), per
 * visitor, or per account when signed in (a parent's quota is the account's, on every browser). A
 * UTC day; each use is counted by one conditional upsert (takeQuota), so many requests at once
 * cannot spend more than the quota.
 */
export const DAILY_QUOTAS = {
  /** chat completions: a long conversation with Nino is about 50 turns */
  chat: { visitor: 60, account: 200 },
  /** pictures: each one is a paid image with a key set, or a second of CPU offline */
  images: { visitor: 10, account: 30 },
} as const;

export type QuotaGroup = keyof typeof DAILY_QUOTAS;

export const QUOTA_SPENT = "You have used today's allowance for this. Please try again tomorrow.";

/** The UTC day of `now` as YYYY-MM-DD. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Whole seconds until the next UTC midnight (at least 1): the Retry-After of a spent quota. */
export function secondsUntilTomorrow(now: number): number {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((next.getTime() - now) / 1000));
}

export type QuotaResult = { ok: true; used: number; limit: number } | { ok: false; limit: number; retryAfterSeconds: number };

/** Spends one use of `group` for whoever is asking, or says when it can be tried again. */
export async function spendDailyQuota(db: Db, identity: Identity, group: QuotaGroup, now = Date.now()): Promise<QuotaResult> {
  const signedIn = identity.isAuthenticated && identity.userId !== null;
  const subject = signedIn ? `account:${identity.userId}` : `visitor:${identity.visitorId}`;
  const limit = signedIn ? DAILY_QUOTAS[group].account : DAILY_QUOTAS[group].visitor;
  const used = await takeQuota(db, { subject, bucket: group, day: utcDay(now), limit });
  if (used === null) return { ok: false, limit, retryAfterSeconds: secondsUntilTomorrow(now) };
  return { ok: true, used, limit };
}

/** The cron trigger's housekeeping: quota rows of past days and leases whose expiry has passed. */
export async function sweepLimits(db: Db, now = Date.now()): Promise<{ quotas: number; leases: number }> {
  return { quotas: await sweepQuotas(db, utcDay(now)), leases: await sweepLeases(db, now) };
}
