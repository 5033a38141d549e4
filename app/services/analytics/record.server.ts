import { sql } from "drizzle-orm";
import { ANALYTICS_LIMITS, type ActivityEvent, type AnalyticsBatch, type VisitorMeta } from "~/domain/analytics/events";
import { analyticsConsented } from "~/domain/analytics/consent";
import type { Db } from "../db/client.server";
import { takeQuota } from "../db/limits.server";
import { fingerprintVisitors, userActivity, userEvents } from "../db/schema/index";
import type { Logger } from "../log.server";
import { idDigest } from "../id-digests.server";

/**
 * First-party analytics, written only for a visitor who chose Accept All (the consent cookie) and
 * whose browser does not send the Global Privacy Control signal:
 * - the tracker's batches (POST /api/analytics): the visitor's registration in fingerprint_visitors
 *   (device metadata, never an identity: the row's id is the server's own visitor cookie) and page
 *   views in user_events;
 * - activity (user_activity) where it happens: in a request, with the request's consent; for what
 *   finishes later without a request (a book's Workflow, a payment's webhook), only when its start
 *   was recorded, so a visitor who declined is never recorded at all.
 */

/** Data carried by an activity row: a few short values (ids, a theme, a plan). */
export type ActivityData = Record<string, string | number | boolean | null>;

export interface ActivityWho {
  visitorId: string;
  userProfileId: string | null;
}

/** The key an activity's follow-ups find their start by. */
export type ActivityKey = { bookId: string } | { orderId: string };

export interface AnalyticsRecorder {
  /** Takes `events` from the visitor's minute allowance (ANALYTICS_LIMITS.perMinute); false when spent. */
  allow(visitorId: string, events: number, now?: number): Promise<boolean>;
  /** Writes one accepted batch (the caller has checked consent and the allowance). */
  record(visitorId: string, batch: AnalyticsBatch, now?: Date): Promise<void>;
  /**
   * Records an activity of a request: only with the request's consent (cookie granted, no GPC).
   * Never throws: analytics must not fail what the parent was doing. True when written.
   */
  activity(headers: Headers, who: ActivityWho, event: ActivityEvent, input: { sourcePage?: string | null; data?: ActivityData }): Promise<boolean>;
  /**
   * Records what follows an activity without a request of the visitor's (a book finished, a payment
   * confirmed): only when `start` was recorded for the same key, and once. Never throws.
   */
  followUp(start: ActivityEvent, event: ActivityEvent, key: ActivityKey, data?: ActivityData): Promise<boolean>;
}

const MINUTE_BUCKET = "analytics";

/** The UTC minute of `now` ("YYYY-MM-DDTHH:MM"): sorts after its day, so the daily quota sweep removes it the next day. */
export function utcMinute(now: number): string {
  return new Date(now).toISOString().slice(0, 16);
}

const cap = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

function cleanData(data: ActivityData | undefined): string {
  const out: ActivityData = {};
  for (const [k, v] of Object.entries(data ?? {})) out[k.slice(0, 40)] = typeof v === "string" ? v.slice(0, ANALYTICS_LIMITS.text) : v;
  return JSON.stringify(out);
}

function visitorMetadata(meta: VisitorMeta): string {
  return JSON.stringify(meta);
}

export function createAnalytics(db: Db, log: Logger): AnalyticsRecorder {
  const safely = async (what: string, work: () => Promise<boolean>): Promise<boolean> => {
    try {
      return await work();
    } catch (error) {
      log.warn("analytics: not recorded", { what, error: error instanceof Error ? error.message : String(error) });
      return false;
    }
  };

  return {
    async allow(visitorId, events, now = Date.now()) {
      const used = await takeQuota(db, {
        subject: `visitor:${visitorId}`,
        bucket: MINUTE_BUCKET,
        day: utcMinute(now),
        limit: ANALYTICS_LIMITS.perMinute,
        amount: Math.max(1, events),
      });
      return used !== null;
    },

    async record(visitorId, batch, now = new Date()) {
      const at = now.toISOString();
      const statements = [];
      if (batch.visitor) {
        const metadata = visitorMetadata(batch.visitor);
        statements.push(
          db
            .insert(fingerprintVisitors)
            .values({ visitorId, firstSeenAt: at, lastSeenAt: at, metadata })
            .onConflictDoUpdate({ target: fingerprintVisitors.visitorId, set: { lastSeenAt: at, metadata } }),
        );
      }
      for (const event of batch.events) {
        const { name, sessionId, ...data } = event;
        statements.push(db.insert(userEvents).values({ visitorId, eventName: name, eventData: JSON.stringify(data), sessionId, createdAt: at }));
      }
      const [first, ...rest] = statements;
      if (first) await db.batch([first, ...rest]);
    },

    activity(headers, who, event, input) {
      if (!analyticsConsented(headers)) return Promise.resolve(false);
      return safely(event, async () => {
        await db.insert(userActivity).values({
          visitorId: who.visitorId,
          userProfileId: who.userProfileId,
          eventName: event,
          eventData: cleanData(input.data),
          sourcePage: cap(input.sourcePage, ANALYTICS_LIMITS.url),
        });
        return true;
      });
    },

    followUp(start, event, key, data) {
      const [keyName, keyValue] = "bookId" in key ? ["bookId", key.bookId] : ["orderId", key.orderId];
      const path = `$.${keyName}`;
      return safely(event, async () => {
        const result = await db.run(sql`
          INSERT INTO user_activity (visitor_id, user_profile_id, session_id, event_name, event_data, source_page)
          SELECT visitor_id, user_profile_id, session_id, ${event}, ${cleanData({ ...data, [keyName]: keyValue })}, source_page
          FROM user_activity
          WHERE event_name = ${start} AND json_extract(event_data, ${path}) = ${keyValue}
            AND NOT EXISTS (SELECT 1 FROM user_activity WHERE event_name = ${event} AND json_extract(event_data, ${path}) = ${keyValue})
          LIMIT 1`);
        return (result.meta.changes ?? 0) > 0;
      });
    },
  };
}

/**
 * The visitor id a page may show to its own scripts (the navigation-refresh event): stable for a
 * visitor but derived one way from the cookie, which stays HttpOnly and never appears in a page.
 */
export async function publicVisitorId(visitorId: string): Promise<string> {
  return await idDigest("navigation-refresh", visitorId, 12);
}

/** The page an activity came from: the request's own path for a page's form, else the same-site Referer's path. */
export function sourcePageOf(request: Request): string | null {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/api/")) return url.pathname.replace(/\.data$/, "");
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.host === url.host ? from.pathname : null;
  } catch {
    return null;
  }
}

/** What a request's handler hands over: its services, who is asking, and the Worker's waitUntil. */
export interface ActivityContext {
  services: { analytics: AnalyticsRecorder };
  identity: { visitorId: string; userProfileId: string | null };
  waitUntil(work: Promise<unknown>): void;
}

/**
 * Records an activity of this request (with the request's consent; never fails the request): the
 * one call the places where things happen make.
 */
export function recordActivity(context: ActivityContext, request: Request, event: ActivityEvent, data?: ActivityData): Promise<boolean> {
  const who = { visitorId: context.identity.visitorId, userProfileId: context.identity.userProfileId };
  const written = context.services.analytics.activity(request.headers, who, event, { sourcePage: sourcePageOf(request), data });
  context.waitUntil(written);
  // A start that later events depend on (book_started, checkout_started) is awaited by its caller.
  return written;
}
