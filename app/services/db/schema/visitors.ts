import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, nowIso, ownerPresent } from "./common";
import { userProfiles } from "./users";

/**
 * fingerprint_visitors: one row per anonymous browser. metadata is JSON text
 * (device components, user agent, language, platform, screen size, timezone and offset, referrer,
 * url, timestamp), validated by the repository.
 */
export const fingerprintVisitors = sqliteTable("fingerprint_visitors", {
  visitorId: text("visitor_id").primaryKey(),
  firstSeenAt: text("first_seen_at").notNull().default(nowIso),
  lastSeenAt: text("last_seen_at").notNull().default(nowIso),
  metadata: text("metadata").notNull().default("{}"),
});

/**
 * user_events, e.g. page_view. visitor_id has no foreign key: events may arrive
 * before the visitor's registration does, and analytics must never fail a page.
 */
export const userEvents = sqliteTable(
  "user_events",
  {
    id: integer("id").primaryKey(),
    visitorId: text("visitor_id").notNull(),
    eventName: text("event_name").notNull(),
    eventData: text("event_data").notNull().default("{}"),
    sessionId: text("session_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("user_events_visitor_created_idx").on(t.visitorId, t.createdAt),
    index("user_events_session_idx").on(t.sessionId),
    // the dashboard's live day and the 13-month retention sweep
    index("user_events_created_idx").on(t.createdAt, t.eventName),
    check("user_events_event_name", sql`length(${t.eventName}) BETWEEN 1 AND 100`),
  ],
);

/** user_activity: activity of a visitor or a signed-in profile. */
export const userActivity = sqliteTable(
  "user_activity",
  {
    id: integer("id").primaryKey(),
    visitorId: text("visitor_id"),
    userProfileId: text("user_profile_id").references(() => userProfiles.id, { onDelete: "cascade" }),
    sessionId: text("session_id"),
    eventName: text("event_name").notNull(),
    eventData: text("event_data").notNull().default("{}"),
    sourcePage: text("source_page"),
    timestamp: text("timestamp").notNull().default(nowIso),
  },
  (t) => [
    index("user_activity_visitor_idx").on(t.visitorId, t.timestamp),
    index("user_activity_profile_idx").on(t.userProfileId, t.timestamp),
    index("user_activity_timestamp_idx").on(t.timestamp, t.eventName),
    check("user_activity_owner", ownerPresent(t.visitorId, t.userProfileId)),
    check("user_activity_event_name", sql`length(${t.eventName}) BETWEEN 1 AND 100`),
  ],
);

/**
 * analytics_daily: the dashboard's daily roll-ups, one row per day, metric and dimension (for
 * example 2026-11-25 · page_views · /pricing). Past days are computed once from user_events and
 * user_activity by the cron sweep (recomputing a day replaces its rows); today is read live.
 */
export const analyticsDaily = sqliteTable(
  "analytics_daily",
  {
    day: text("day").notNull(),
    metric: text("metric").notNull(),
    dimension: text("dimension").notNull().default(""),
    value: integer("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.dimension] }), index("analytics_daily_metric_day_idx").on(t.metric, t.day)],
);
