import { AGGREGATE_SQL, addDays, dayOf, daysBetween } from "./aggregate.server";

/**
 * The daily roll-up (called by the cron sweep): each past UTC day is counted once from the raw
 * tables into analytics_daily, in one batch per day (its old rows deleted, its new rows and its
 * marker written together, so a day is never half there). A day's marker (metric "_rolled") holds
 * when it was counted; a day counted less than FINAL_AFTER_S after it ended (yesterday, at the
 * first sweep after midnight) is counted again by a later sweep, so events that arrived late are in.
 */
export const ROLLED = "_rolled";
/** A day counted at least this long after its end is final. */
const FINAL_AFTER_S = 30 * 60;
/** At most this many days a sweep, oldest first (a first sweep over a year of events catches up in a few runs). */
const DAYS_PER_SWEEP = 60;
/** Nothing older than this is counted (the events themselves are kept 13 months). */
const OLDEST_DAYS = 400;

/** The first moment (unix seconds) at which a day's count is final. */
export function finalAfter(day: string): number {
  return Date.parse(`${addDays(day, 1)}T00:00:00Z`) / 1000 + FINAL_AFTER_S;
}

/** Counts one day into analytics_daily (replacing what it held for that day). */
export async function rollUpDay(d1: D1Database, day: string, now: Date): Promise<void> {
  await d1.batch([
    d1.prepare("DELETE FROM analytics_daily WHERE day = ?1").bind(day),
    ...AGGREGATE_SQL.map((sql) => d1.prepare(`INSERT INTO analytics_daily (day, metric, dimension, value) SELECT * FROM (${sql})`).bind(day, addDays(day, 1))),
    d1.prepare("INSERT INTO analytics_daily (day, metric, dimension, value) VALUES (?1, ?2, '', ?3)").bind(day, ROLLED, Math.floor(now.getTime() / 1000)),
  ]);
}

/** The days before today whose count is final. */
export async function finalDays(d1: D1Database, from: string, to: string): Promise<Set<string>> {
  const { results } = await d1
    .prepare("SELECT day, value FROM analytics_daily WHERE metric = ?1 AND day >= ?2 AND day <= ?3")
    .bind(ROLLED, from, to)
    .all<{ day: string; value: number }>();
  return new Set(results.filter((r) => r.value >= finalAfter(r.day)).map((r) => r.day));
}

/**
 * The cron's roll-up: every past day since the first event (at most OLDEST_DAYS back) that has no
 * final count yet, oldest first, DAYS_PER_SWEEP at most. Answers the days counted.
 */
export async function rollUpAnalytics(d1: D1Database, now = new Date()): Promise<string[]> {
  const yesterday = addDays(dayOf(now), -1);
  const first = await d1
    .prepare("SELECT min(created_at) AS at FROM user_events UNION ALL SELECT min(timestamp) FROM user_activity")
    .all<{ at: string | null }>();
  const earliest = first.results
    .map((r) => r.at?.slice(0, 10))
    .filter((d): d is string => !!d)
    .sort()[0];
  if (!earliest) return [];
  const from = [earliest, addDays(yesterday, -OLDEST_DAYS)].sort()[1];
  if (from > yesterday) return [];
  const done = await finalDays(d1, from, yesterday);
  const due = daysBetween(from, yesterday)
    .filter((day) => !done.has(day))
    .slice(0, DAYS_PER_SWEEP);
  for (const day of due) await rollUpDay(d1, day, now);
  return due;
}
