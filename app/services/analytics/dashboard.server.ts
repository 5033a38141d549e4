import { addDays, aggregateDays, dayOf, daysBetween, type Metric, type MetricRow } from "./aggregate.server";
import { finalDays } from "./rollup.server";
import type { Counted, Dashboard, DashboardRange, FunnelStep } from "~/domain/analytics/dashboard";

export type { Dashboard, DashboardRange } from "~/domain/analytics/dashboard";

export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 400;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(text: string): boolean {
  return DAY.test(text) && dayOf(Date.parse(`${text}T00:00:00Z`) || 0) === text;
}

/**
 * The range a form's `from` and `to` ask for (YYYY-MM-DD), made valid: missing means the last 30
 * days; a date that is not one is replaced by the default; the end is today at the latest; the
 * ends are swapped when reversed; more than MAX_DAYS is cut to the last MAX_DAYS. Each change is said in words.
 */
export function parseRange(params: URLSearchParams, now = new Date()): DashboardRange {
  const today = dayOf(now);
  const notes: string[] = [];
  const asked = (name: "from" | "to") => (params.get(name) ?? "").trim();
  let to = asked("to");
  let from = asked("from");
  if (to !== "" && !isDay(to)) notes.push(`“${to.slice(0, 20)}” is not a date (YYYY-MM-DD): the range ends today.`);
  if (!isDay(to)) to = today;
  if (to > today) {
    notes.push("The range cannot end after today: it ends today.");
    to = today;
  }
  if (from !== "" && !isDay(from)) notes.push(`“${from.slice(0, 20)}” is not a date (YYYY-MM-DD): the range starts ${DEFAULT_DAYS} days before its end.`);
  if (!isDay(from)) from = addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) {
    notes.push("The start was after the end: the two dates were swapped.");
    [from, to] = [to, from];
  }
  if (daysBetween(from, to).length > MAX_DAYS) {
    from = addDays(to, -(MAX_DAYS - 1));
    notes.push(`At most ${MAX_DAYS} days at a time: the range starts ${from}.`);
  }
  return { from, to, notes };
}

const TOP = 10;
export const FORM_PATHS = ["/createstory", "/customstory"];

/** The metrics summed over the range (all but the two daily series). */
const SUMMED: Metric[] = ["page", "referrer", "activity", "books_theme", "books_style", "books_status", "orders", "nino"];

/** Sums of the roll-up's rows for days [from, to], per metric and dimension, and the two daily series. */
async function rolledRows(d1: D1Database, from: string, to: string): Promise<MetricRow[]> {
  const [series, totals] = await d1.batch<MetricRow>([
    d1
      .prepare("SELECT day, metric, dimension, value FROM analytics_daily WHERE metric IN ('visitors', 'page_views') AND day >= ?1 AND day <= ?2")
      .bind(from, to),
    d1
      .prepare(
        "SELECT '' AS day, metric, dimension, sum(value) AS value FROM analytics_daily " +
          `WHERE metric IN (${SUMMED.map((m) => `'${m}'`).join(", ")}) AND day >= ?1 AND day <= ?2 GROUP BY metric, dimension`,
      )
      .bind(from, to),
  ]);
  return [...series.results, ...totals.results];
}

function sorted(map: Map<string, number> | undefined, limit = Infinity): Counted[] {
  return [...(map ?? new Map<string, number>())]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/**
 * The dashboard for a range: past days whose count is final come from analytics_daily; the first
 * day without one (usually today) and every day after it are counted live from the raw tables.
 */
export async function loadDashboard(d1: D1Database, range: DashboardRange, now = new Date()): Promise<Dashboard> {
  const { from, to } = range;
  const today = dayOf(now);
  const pastEnd = [to, addDays(today, -1)].sort()[0];
  const final = from <= pastEnd ? await finalDays(d1, from, pastEnd) : new Set<string>();
  const liveFrom = daysBetween(from, to).find((day) => !final.has(day)) ?? null;
  const rolledTo = liveFrom ? addDays(liveFrom, -1) : to;
  const [rolled, live] = await Promise.all([
    from <= rolledTo ? rolledRows(d1, from, rolledTo) : Promise.resolve([]),
    liveFrom ? aggregateDays(d1, liveFrom, to) : Promise.resolve([]),
  ]);
  const series = new Map<string, { visitors: number; pageViews: number }>();
  const totals = new Map<Metric, Map<string, number>>();
  for (const row of [...rolled, ...live]) {
    if (row.metric === "visitors" || row.metric === "page_views") {
      const day = series.get(row.day) ?? { visitors: 0, pageViews: 0 };
      day[row.metric === "visitors" ? "visitors" : "pageViews"] += row.value;
      series.set(row.day, day);
      continue;
    }
    const byName = totals.get(row.metric) ?? new Map<string, number>();
    byName.set(row.dimension, (byName.get(row.dimension) ?? 0) + row.value);
    totals.set(row.metric, byName);
  }
  const days = daysBetween(from, to).map((day) => ({ day, ...(series.get(day) ?? { visitors: 0, pageViews: 0 }) }));
  const activity = (name: string) => totals.get("activity")?.get(name) ?? 0;
  const formOpened = FORM_PATHS.reduce((sum, path) => sum + (totals.get("page")?.get(path) ?? 0), 0);
  const step = (name: string, count: number): FunnelStep => ({ name, count, percent: formOpened > 0 ? Math.round((count / formOpened) * 100) : null });
  const themes = sorted(totals.get("books_theme"));
  const count = (metric: Metric, dimension: string) => totals.get(metric)?.get(dimension) ?? 0;
  const booksCreated = themes.reduce((sum, t) => sum + t.count, 0);
  const booksFinished = count("books_status", "complete");
  const booksFailed = count("books_status", "failed");
  return {
    range,
    days,
    pageViews: days.reduce((sum, d) => sum + d.pageViews, 0),
    visitors: days.reduce((sum, d) => sum + d.visitors, 0),
    topPages: sorted(totals.get("page"), TOP),
    topReferrers: sorted(totals.get("referrer"), TOP),
    funnel: [
      step("Form opened", formOpened),
      step("Book started", activity("book_started")),
      step("Book finished", activity("book_finished")),
      step("Purchase", activity("purchase_completed")),
    ],
    themes,
    artStyles: sorted(totals.get("books_style")).map((s) => ({ ...s, name: s.name || "(none)" })),
    books: { created: booksCreated, finished: booksFinished, failed: booksFailed, making: booksCreated - booksFinished - booksFailed },
    purchases: count("orders", "paid"),
    refunds: count("orders", "refunded"),
    ninoConversations: count("nino", ""),
    ninoHandoffs: activity("nino_story_handoff"),
    rolledDays: liveFrom ? daysBetween(from, rolledTo).length : daysBetween(from, to).length,
    liveFrom,
  };
}
