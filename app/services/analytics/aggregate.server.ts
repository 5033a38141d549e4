import { SAMPLE_OWNER_ID } from "../books/samples.server";

/**
 * The dashboard's numbers, counted from the raw tables for a span of whole UTC days: one row per
 * day, metric and dimension, exactly the rows analytics_daily keeps. Used by the roll-up (past days,
 * written once) and by the dashboard (today, and any day not rolled yet, read live).
 *
 *   page_views · ""          page_view events
 *   visitors   · ""          distinct visitors with a page_view that day
 *   page       · path        page_view events per path (the funnel's "form opened" is /createstory + /customstory)
 *   referrer   · host        page_view events whose referrer is another site, per host
 *   activity   · event_name  user_activity rows (book_started, book_finished, purchase_completed, nino_started, …)
 *   books_theme · theme, books_style · art style ("" when none), books_status · status: the
 *               storybooks families created that day (the sample books left out), the status as counted
 *   orders     · "paid"      orders paid that day (paid_at; one later refunded still counts)
 *   orders     · "refunded"  orders given money back that day (a provider's refund event, whole or part)
 *   nino       · ""          Nino conversations opened that day (nino_conversations)
 * The first four come from the tracker and activity rows, so only from browsers that accepted
 * analytics; the others from the product's own records, so for everyone.
 */
export type Metric = "page_views" | "visitors" | "page" | "referrer" | "activity" | "books_theme" | "books_style" | "books_status" | "orders" | "nino";

export interface MetricRow {
  day: string;
  metric: Metric;
  dimension: string;
  value: number;
}

/** The host part of a URL-valued SQL expression ("" when it has none), lower-cased, without path, query or fragment. */
function hostOf(column: string): string {
  const rest = `substr(${column}, instr(${column}, '://') + 3)`;
  const end = `min(instr(${rest} || '/', '/'), instr(${rest} || '?', '?'), instr(${rest} || '#', '#'))`;
  return `CASE WHEN instr(${column}, '://') > 0 THEN lower(substr(${rest}, 1, ${end} - 1)) ELSE '' END`;
}

/** A JSON field of event_data as text ("" when missing or the JSON is not valid). */
const field = (name: string) => `coalesce(CAST(CASE WHEN json_valid(event_data) THEN json_extract(event_data, '$.${name}') END AS TEXT), '')`;

const EVENTS_SQL = `
WITH pv AS (
  SELECT substr(created_at, 1, 10) AS day, visitor_id, ${field("path")} AS path, ${field("referrer")} AS ref, ${field("url")} AS url
  FROM user_events WHERE created_at >= ?1 AND created_at < ?2 AND event_name = 'page_view'
),
refs AS (SELECT day, ${hostOf("ref")} AS host, ${hostOf("url")} AS own FROM pv WHERE ref <> '')
SELECT day, 'page_views' AS metric, '' AS dimension, count(*) AS value FROM pv GROUP BY day
UNION ALL SELECT day, 'visitors', '', count(DISTINCT visitor_id) FROM pv GROUP BY day
UNION ALL SELECT day, 'page', path, count(*) FROM pv GROUP BY day, path
UNION ALL SELECT day, 'referrer', host, count(*) FROM refs WHERE host <> '' AND host <> own GROUP BY day, host`;

const ACTIVITY_SQL = `
SELECT substr(timestamp, 1, 10) AS day, 'activity' AS metric, event_name AS dimension, count(*) AS value FROM user_activity
WHERE timestamp >= ?1 AND timestamp < ?2 GROUP BY 1, 3`;

// The sample books are the product's own (seeded on every server), not a family's.
const FAMILY_BOOKS = `WITH b AS (SELECT substr(created_at, 1, 10) AS day, theme, art_style, status FROM storybooks
WHERE created_at >= ?1 AND created_at < ?2 AND coalesce(visitor_id, '') <> '${SAMPLE_OWNER_ID}')`;

const BOOKS_SQL = `${FAMILY_BOOKS}
SELECT day, 'books_theme' AS metric, theme AS dimension, count(*) AS value FROM b GROUP BY 1, 3
UNION ALL SELECT day, 'books_style', coalesce(art_style, ''), count(*) FROM b GROUP BY 1, 3
UNION ALL SELECT day, 'books_status', status, count(*) FROM b GROUP BY 1, 3`;

const RECORDS_SQL = `
SELECT substr(paid_at, 1, 10) AS day, 'orders' AS metric, 'paid' AS dimension, count(*) AS value FROM orders
WHERE paid_at >= ?1 AND paid_at < ?2 AND status IN ('paid', 'refunded') GROUP BY 1
UNION ALL SELECT substr(created_at, 1, 10), 'orders', 'refunded', count(DISTINCT order_id) FROM payment_events
WHERE created_at >= ?1 AND created_at < ?2 AND type = 'refund' AND order_id IS NOT NULL GROUP BY 1
UNION ALL SELECT substr(created_at, 1, 10), 'nino', '', count(*) FROM nino_conversations
WHERE created_at >= ?1 AND created_at < ?2 GROUP BY 1`;

/**
 * Each statement answers day, metric, dimension, value over [?1, ?2) (ISO day strings, the end
 * excluded), reading its tables by their time column (user_events by created_at, user_activity by
 * timestamp). Four statements, not one: D1 allows only a few terms in a compound SELECT.
 */
export const AGGREGATE_SQL = [EVENTS_SQL, ACTIVITY_SQL, BOOKS_SQL, RECORDS_SQL];

const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) of a moment. */
export function dayOf(moment: Date | number | string): string {
  return new Date(moment).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The raw tables' rows for the days from `from` to `to` (both included). */
export async function aggregateDays(d1: D1Database, from: string, to: string): Promise<MetricRow[]> {
  const parts = await d1.batch<MetricRow>(AGGREGATE_SQL.map((sql) => d1.prepare(sql).bind(from, addDays(to, 1))));
  return parts.flatMap((part) => part.results);
}
