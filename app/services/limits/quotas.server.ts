import { z } from "zod";
import type { Identity } from "../auth/identity.server";
import type { Db } from "../db/client.server";
import { quotasUsed, sweepLeases, sweepQuotas, takeQuotaBlock, takeQuotas } from "../db/limits.server";

/**
 * Daily quotas on the AI endpoints (POST /api/{provider}/chat and the three image endpoints) and on
 * Nino's turns over the WebSocket: per visitor, or per account when signed in (a parent's quota is
 * the account's, on every browser), and per client address, since a new cookie is a new visitor. A
 * UTC day; each use is counted by one conditional statement for both (takeQuotas), so many requests
 * at once cannot spend more than either quota.
 */
export const DAILY_QUOTAS = {
  /** chat completions, and Nino's turns when the model may say them: a long conversation is about 50 turns */
  chat: { visitor: 60, account: 200, address: 300 },
  /** pictures: each one is a paid image with a key set, or a second of CPU offline */
  images: { visitor: 10, account: 30, address: 50 },
  /** Nino's scripted turns (no model): a few milliseconds of CPU and storage each, so ten long conversations */
  nino: { visitor: 500, account: 1000, address: 2500 },
} as const;
// address = 5 × visitor: a home's signed-in parent and a child's own browser (account + visitor) fit; a script minting cookies does not.

export type QuotaGroup = keyof typeof DAILY_QUOTAS;

export const QUOTA_SPENT = "You have used today's allowance for this. Please try again tomorrow.";

/** Who spends a quota: the visitor, the signed-in account (null for a visitor) and the client address (clientKey). */
export const quotaHolderSchema = z.object({ visitorId: z.string().min(1), userId: z.string().min(1).nullable(), client: z.string().min(1) });
export type QuotaHolder = z.infer<typeof quotaHolderSchema>;

export function quotaHolder(identity: Identity, client: string): QuotaHolder {
  const signedIn = identity.isAuthenticated && identity.userId !== null;
  return { visitorId: identity.visitorId, userId: signedIn ? identity.userId : null, client };
}

/** The two rows a use is counted in, with their limits: the visitor's or account's, and the address's. */
export function quotaSubjects(holder: QuotaHolder, group: QuotaGroup): { subject: string; limit: number }[] {
  const quota = DAILY_QUOTAS[group];
  const own =
    holder.userId !== null ? { subject: `account:${holder.userId}`, limit: quota.account } : { subject: `visitor:${holder.visitorId}`, limit: quota.visitor };
  // "client:" keeps a local run's address (the visitor itself) apart from the visitor's own row
  return [own, { subject: `client:${holder.client}`, limit: quota.address }];
}

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

/**
 * Spends one use of `group` for whoever is asking, or says when it can be tried again; `limit` is
 * the holder's own, or the address's when that is the one reached.
 */
export async function spendDailyQuota(db: Db, holder: QuotaHolder, group: QuotaGroup, now = Date.now()): Promise<QuotaResult> {
  const limits = quotaSubjects(holder, group);
  const [own, address] = limits;
  const day = utcDay(now);
  const taken = await takeQuotas(db, { bucket: group, day, limits });
  if (taken) return { ok: true, used: taken.get(own.subject) ?? 1, limit: own.limit };
  // refused: which count was full (read after the decision, only to say which limit it was)
  const used = await quotasUsed(db, { bucket: group, day, subjects: [own.subject, address.subject] });
  const reached = (used.get(own.subject) ?? 0) >= own.limit ? own : address;
  return { ok: false, limit: reached.limit, retryAfterSeconds: secondsUntilTomorrow(now) };
}

/**
 * Up to `most` uses of `group` at once for whoever is asking (both counts, as spendDailyQuota), for
 * a caller that spends them itself later (Nino's conversation object: workers/nino-turn-limits.ts);
 * fewer when less is left today. Returns how many were taken (0: a quota is spent).
 */
export async function reserveDailyQuota(db: Db, holder: QuotaHolder, group: QuotaGroup, most: number, now = Date.now()): Promise<number> {
  return takeQuotaBlock(db, { bucket: group, day: utcDay(now), limits: quotaSubjects(holder, group), most });
}

/** The cron trigger's housekeeping: quota rows of past days and leases whose expiry has passed. */
export async function sweepLimits(db: Db, now = Date.now()): Promise<{ quotas: number; leases: number }> {
  return { quotas: await sweepQuotas(db, utcDay(now)), leases: await sweepLeases(db, now) };
}
