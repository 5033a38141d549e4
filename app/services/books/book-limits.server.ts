import { sql, type SQL } from "drizzle-orm";
import type { Limit } from "../auth/rate-limit.server";
import type { Db } from "../db/client.server";
import type { Owner } from "../db/owner.server";

/**
 * How fast books may be started (docs: the engine's draft decision). Credits bound how many books
 * anyone gets; these limits bound how fast, so a script with many credits (or many free ones from
 * many addresses) cannot flood the writer and the illustrator:
 * - per minute: BOOKS_PER_MINUTE starts (a create or a retry that passed the form's checks) per
 *   client address and per owner, counted by the BOOK_LIMITER binding (wrangler.toml; Cloudflare's
 *   rate limiting, approximate and per location, a guard against bursts);
 * - per day: books actually made, BOOK_DAY_LIMITS per client address and per owner, counted in D1
 *   in the same batch as the book's conditional insert, so parallel requests cannot pass it.
 */
export const BOOKS_PER_MINUTE = 10;

export const BOOK_DAY_LIMITS = {
  /** a shared address (a school, a carrier) holds several families */
  perAddress: { max: 30, windowS: 24 * 60 * 60 },
  /** the biggest credit pack is 12 books */
  perOwner: { max: 20, windowS: 24 * 60 * 60 },
} as const satisfies Record<string, Limit>;

export const TOO_MANY_BOOKS_NOW = "You have started a lot of books in the last minute. Please wait a minute and try again.";
export const TOO_MANY_BOOKS_TODAY = "That is as many books as we can make for you today. Please try again tomorrow.";

/** An over-the-limit answer: 429 with Retry-After. */
export interface Throttled {
  status: 429;
  message: string;
  retryAfterS: number;
}

const ownerKey = (owner: Owner) => (owner.kind === "profile" ? `profile:${owner.userProfileId}` : `visitor:${owner.visitorId}`);

/**
 * Counts one start for `action` under the owner and, when it is an address (`ip:…`, from
 * clientKey), the client address; null when both are within BOOKS_PER_MINUTE.
 */
export async function perMinute(limiter: RateLimit | undefined, action: "create" | "retry", owner: Owner, client?: string): Promise<Throttled | null> {
  if (!limiter) return null;
  const keys = [`${action}:${ownerKey(owner)}`, ...(client?.startsWith("ip:") ? [`${action}:${client}`] : [])];
  const results = await Promise.all(keys.map((key) => limiter.limit({ key })));
  return results.every((r) => r.success) ? null : { status: 429, message: TOO_MANY_BOOKS_NOW, retryAfterS: 60 };
}

interface DayCap {
  key: string;
  limit: Limit;
}

/** The day windows a new book counts in: its owner's, and its client address's when there is one. */
export function dayCaps(owner: Owner, client?: string): DayCap[] {
  const caps: DayCap[] = [{ key: `books-day:${ownerKey(owner)}`, limit: BOOK_DAY_LIMITS.perOwner }];
  if (client?.startsWith("ip:")) caps.push({ key: `books-day:${client}`, limit: BOOK_DAY_LIMITS.perAddress });
  return caps;
}

const windowOf = (limit: Limit, now: number) => {
  const nowS = Math.floor(now / 1000);
  return { nowS, oldest: nowS - limit.windowS };
};

/** SQL that holds while every cap still has room (for the insert's WHERE). */
export function withinDayCaps(caps: DayCap[], now: number): SQL {
  const parts = caps.map((c) => {
    const { oldest } = windowOf(c.limit, now);
    return sql`NOT EXISTS (SELECT 1 FROM rate_limits WHERE rate_limits.key = ${c.key} AND rate_limits.window_start > ${oldest} AND rate_limits.count >= ${c.limit.max})`;
  });
  return sql.join(parts, sql` AND `);
}

/** The statements that count the book in each cap, only when the book's row exists (run in the insert's batch). */
export function countBook(db: Db, caps: DayCap[], bookId: string, now: number): D1PreparedStatement[] {
  return caps.map((c) => {
    const { nowS, oldest } = windowOf(c.limit, now);
    return db.$client
      .prepare(
        `INSERT INTO rate_limits (key, window_start, count) SELECT ?1, ?2, 1 WHERE EXISTS (SELECT 1 FROM storybooks WHERE book_id = ?4)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.window_start <= ?3 THEN 1 ELSE rate_limits.count + 1 END,
           window_start = CASE WHEN rate_limits.window_start <= ?3 THEN ?2 ELSE rate_limits.window_start END`,
      )
      .bind(c.key, nowS, oldest, bookId);
  });
}

/** After a refused insert: the day cap that is full, as a 429, or null when none is. */
export async function dayCapReached(db: Db, caps: DayCap[], now: number): Promise<Throttled | null> {
  let wait = 0;
  for (const c of caps) {
    const { nowS, oldest } = windowOf(c.limit, now);
    const row = await db.$client
      .prepare("SELECT window_start, count FROM rate_limits WHERE key = ? AND window_start > ?")
      .bind(c.key, oldest)
      .first<{ window_start: number; count: number }>();
    if (row && row.count >= c.limit.max) wait = Math.max(wait, row.window_start + c.limit.windowS - nowS);
  }
  return wait > 0 ? { status: 429, message: TOO_MANY_BOOKS_TODAY, retryAfterS: wait } : null;
}
