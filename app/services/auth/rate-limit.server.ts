import type { Db } from "../db/client.server";

/**
 * Fixed-window counters in D1 (the rate_limits table): `hit` counts one attempt under a key and says
 * whether it is within the limit. One statement does the count (an upsert that starts a new window
 * when the old one is over), so parallel attempts cannot slip past it.
 */
export interface Limit {
  /** attempts allowed in one window */
  max: number;
  windowS: number;
}

/** The account limits: per client address and per account (the e-mail address). */
export const AUTH_LIMITS = {
  signInPerAddress: { max: 20, windowS: 15 * 60 },
  signInPerAccount: { max: 10, windowS: 15 * 60 },
  signUpPerAddress: { max: 10, windowS: 60 * 60 },
  /** reset and resend: each sends an e-mail */
  emailPerAddress: { max: 10, windowS: 60 * 60 },
  emailPerAccount: { max: 3, windowS: 60 * 60 },
  /** changing the password, which checks the current one */
  passwordCheckPerAccount: { max: 10, windowS: 15 * 60 },
} as const satisfies Record<string, Limit>;

export type HitResult = { ok: true } | { ok: false; retryAfterS: number };

export async function hit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<HitResult> {
  const nowS = Math.floor(now / 1000);
  const oldest = nowS - limit.windowS;
  const row = await db.$client
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start <= ?3 THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.window_start <= ?3 THEN ?2 ELSE rate_limits.window_start END
       RETURNING window_start, count`,
    )
    .bind(key, nowS, oldest)
    .first<{ window_start: number; count: number }>();
  if (!row || row.count <= limit.max) return { ok: true };
  return { ok: false, retryAfterS: Math.max(1, row.window_start + limit.windowS - nowS) };
}

/** Counts one attempt under each key; the first that is over its limit answers (all are counted). */
export async function hitAll(db: Db, hits: { key: string; limit: Limit }[], now = Date.now()): Promise<HitResult> {
  const results = await Promise.all(hits.map((h) => hit(db, h.key, h.limit, now)));
  const over = results.filter((r): r is { ok: false; retryAfterS: number } => !r.ok);
  return over.length === 0 ? { ok: true } : { ok: false, retryAfterS: Math.max(...over.map((r) => r.retryAfterS)) };
}

/** Forgets the counters of a key (a successful sign-in clears that account's failures). */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.$client.prepare("DELETE FROM rate_limits WHERE key = ?").bind(key).run();
}

/** Deletes windows that ended long ago (the cron's sweep). */
export async function sweepRateLimits(db: Db, now = Date.now()): Promise<void> {
  const dayAgoS = Math.floor(now / 1000) - 2 * 24 * 60 * 60;
  await db.$client.prepare("DELETE FROM rate_limits WHERE window_start < ?").bind(dayAgoS).run();
}
