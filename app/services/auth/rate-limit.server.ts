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
  /** asking for a new address (each sends two e-mails): a family changes its address rarely */
  emailChangePerAccount: { max: 3, windowS: 24 * 60 * 60 },
  /** changing the password, which checks the current one */
  passwordCheckPerAccount: { max: 10, windowS: 15 * 60 },
  /** an anonymous visitor's free book credit: three new visitors per client address a day */
  visitorWelcomePerAddress: { max: 3, windowS: 24 * 60 * 60 },
} as const satisfies Record<string, Limit>;

export type HitResult = { ok: true } | { ok: false; retryAfterS: number };

/**
 * The one counting rule: a key's window starts at its first hit and lasts `windowS`; a hit after it
 * starts a new window at 1. `source` gives the row to insert (?1 key, ?2 now in seconds; ?3 is the
 * oldest window start still live).
 */
const countHit = (source: string) =>
  `INSERT INTO rate_limits (key, window_start, count) ${source}
   ON CONFLICT (key) DO UPDATE SET
     count = CASE WHEN rate_limits.window_start <= ?3 THEN 1 ELSE rate_limits.count + 1 END,
     window_start = CASE WHEN rate_limits.window_start <= ?3 THEN ?2 ELSE rate_limits.window_start END
   RETURNING window_start, count`;

const seconds = (now: number, limit: Limit) => {
  const nowS = Math.floor(now / 1000);
  return { nowS, oldest: nowS - limit.windowS };
};

export async function hit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<HitResult> {
  const { nowS, oldest } = seconds(now, limit);
  const row = await db.$client.prepare(countHit("VALUES (?1, ?2, 1)")).bind(key, nowS, oldest).first<{ window_start: number; count: number }>();
  if (!row || row.count <= limit.max) return { ok: true };
  return { ok: false, retryAfterS: Math.max(1, row.window_start + limit.windowS - nowS) };
}

/**
 * For a batch that grants something only within a limit (one transaction, so parallel requests
 * cannot slip past it): `reached` is SQL, with its parameters, that is true while the key's live
 * window has used up the limit; `countIf` is the statement that counts one hit, only when the
 * row with `id` exists in `table` (the grant earlier in the same batch happened).
 */
export function limitInBatch(db: Db, key: string, limit: Limit, now = Date.now()) {
  const { nowS, oldest } = seconds(now, limit);
  return {
    reached: {
      sql: "EXISTS (SELECT 1 FROM rate_limits WHERE rate_limits.key = ? AND rate_limits.window_start > ? AND rate_limits.count >= ?)",
      params: [key, oldest, limit.max] as const,
    },
    countIf: (table: "credit_ledger", id: string): D1PreparedStatement =>
      db.$client.prepare(countHit(`SELECT ?1, ?2, 1 WHERE EXISTS (SELECT 1 FROM ${table} WHERE id = ?4)`)).bind(key, nowS, oldest, id),
  };
}

/** Whether one more hit under `key` would be within the limit, without counting it. */
export async function wouldPass(db: Db, key: string, limit: Limit, now = Date.now()): Promise<boolean> {
  const { oldest } = seconds(now, limit);
  const row = await db.$client.prepare("SELECT count FROM rate_limits WHERE key = ? AND window_start > ?").bind(key, oldest).first<{ count: number }>();
  return !row || row.count < limit.max;
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
