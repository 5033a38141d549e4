import { inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { analyticsDaily, userActivity, userEvents } from "../db/schema/index";

/**
 * How long analytics are kept (the privacy and cookies pages say the same): page views and
 * activity 13 months, the dashboard's daily totals (counts only, nobody in them) 25 months. A
 * visitor's registration (fingerprint_visitors) goes with the visitor, 12 months after the last
 * visit (app/services/retention.server.ts).
 */
export const ANALYTICS_RETENTION = { eventsMonths: 13, dailyMonths: 25 } as const;

/** At most this many rows of each table a sweep: the cron trigger runs every few minutes. */
const SWEEP_BATCH = 5000;

/** `now` moved back by whole calendar months, as an ISO timestamp. */
export function monthsBefore(now: number, months: number): string {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
}

/** The cron trigger's analytics sweep: deletes what is older than the retention above. */
export async function sweepAnalytics(db: Db, now = Date.now()): Promise<{ events: number; activity: number; daily: number }> {
  const eventsCutoff = monthsBefore(now, ANALYTICS_RETENTION.eventsMonths);
  const dailyCutoff = monthsBefore(now, ANALYTICS_RETENTION.dailyMonths).slice(0, 10);
  const [events, activity, daily] = await db.batch([
    db
      .delete(userEvents)
      .where(inArray(userEvents.id, db.select({ id: userEvents.id }).from(userEvents).where(lt(userEvents.createdAt, eventsCutoff)).limit(SWEEP_BATCH))),
    db
      .delete(userActivity)
      .where(
        inArray(userActivity.id, db.select({ id: userActivity.id }).from(userActivity).where(lt(userActivity.timestamp, eventsCutoff)).limit(SWEEP_BATCH)),
      ),
    db.delete(analyticsDaily).where(lt(analyticsDaily.day, dailyCutoff)),
  ]);
  return { events: events.meta.changes ?? 0, activity: activity.meta.changes ?? 0, daily: daily.meta.changes ?? 0 };
}
