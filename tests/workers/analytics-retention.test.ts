import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { monthsBefore } from "~/services/analytics/retention.server";
import worker from "../../workers/app";
import { uid } from "./db-helpers";

// The cron trigger's sweep deletes page views and activity older than 13 months and the daily
// totals older than 25 months; anything younger stays.

const DAY = 24 * 60 * 60 * 1000;

async function sweep() {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("analytics retention", () => {
  it("deletes page views and activity after 13 months and daily totals after 25, keeping the rest", async () => {
    const visitorId = uid("ret");
    const now = Date.now();
    const old = new Date(Date.parse(monthsBefore(now, 13)) - DAY).toISOString();
    const kept = new Date(Date.parse(monthsBefore(now, 13)) + DAY).toISOString();
    const insertEvent = (at: string) =>
      env.DB.prepare("INSERT INTO user_events (visitor_id, event_name, event_data, created_at) VALUES (?, 'page_view', '{}', ?)").bind(visitorId, at);
    const insertActivity = (at: string) =>
      env.DB.prepare("INSERT INTO user_activity (visitor_id, event_name, event_data, timestamp) VALUES (?, 'book_started', '{}', ?)").bind(visitorId, at);
    const metric = `test_${visitorId}`;
    const oldDay = new Date(Date.parse(monthsBefore(now, 25)) - 2 * DAY).toISOString().slice(0, 10);
    const keptDay = new Date(Date.parse(monthsBefore(now, 25)) + 2 * DAY).toISOString().slice(0, 10);
    const insertDaily = (day: string) => env.DB.prepare("INSERT INTO analytics_daily (day, metric, dimension, value) VALUES (?, ?, '', 1)").bind(day, metric);
    await env.DB.batch([insertEvent(old), insertEvent(kept), insertActivity(old), insertActivity(kept), insertDaily(oldDay), insertDaily(keptDay)]);

    await sweep();

    expect(await count("SELECT count(*) AS n FROM user_events WHERE visitor_id = ?", visitorId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM user_events WHERE visitor_id = ? AND created_at = ?", visitorId, kept)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM user_activity WHERE visitor_id = ?", visitorId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM user_activity WHERE visitor_id = ? AND timestamp = ?", visitorId, kept)).toBe(1);
    const days = await env.DB.prepare("SELECT day FROM analytics_daily WHERE metric = ?").bind(metric).all<{ day: string }>();
    expect(days.results.map((r) => r.day)).toEqual([keptDay]);
  });

  it("counts calendar months", () => {
    expect(monthsBefore(Date.UTC(2026, 10, 26, 12), 13)).toBe("2025-10-26T12:00:00.000Z");
    expect(monthsBefore(Date.UTC(2026, 10, 26), 25)).toBe("2024-10-26T00:00:00.000Z");
  });
});
