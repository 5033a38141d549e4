// Shared by the analytics-*.test.ts files: batches as the browser's tracker sends them, and reads of
// what reached D1.
import { env } from "cloudflare:test";
import { postCostly, uniqueIp, visitorCookie } from "./costly-helpers";

export const GRANTED = "story-app-cookie-consent=granted";
export const DENIED = "story-app-cookie-consent=denied";

/** A fresh visitor: its id and the Cookie header carrying it with a consent choice (or none). */
export function visitor(consent: string | null = GRANTED): { id: string; cookie: string } {
  const vid = visitorCookie();
  return { id: vid.slice("sn_vid=".length), cookie: consent ? `${vid}; ${consent}` : vid };
}

export function pageView(path = "/pricing", extra: Record<string, unknown> = {}) {
  return {
    name: "page_view",
    sessionId: "tab_abcdefgh12",
    path,
    referrer: "https://search.example/",
    url: `https://example.com${path}`,
    title: "Pricing | StoryNest",
    screen: { width: 390, height: 844 },
    userAgent: "Mozilla/5.0 (test)",
    language: "en-GB",
    ...extra,
  };
}

export function visitorMeta(extra: Record<string, unknown> = {}) {
  return {
    components: { fonts: '["Arial"]', hardwareConcurrency: 8, touchSupport: null },
    userAgent: "Mozilla/5.0 (test)",
    language: "en-GB",
    platform: "Linux x86_64",
    screen: { width: 1280, height: 800 },
    timezone: "Europe/London",
    timezoneOffset: 0,
    referrer: "",
    url: "https://example.com/",
    timestamp: 1_764_000_000_000,
    ...extra,
  };
}

export function sendBatch(body: unknown, cookie: string | null, headers: { gpc?: boolean; ip?: string } = {}): Promise<Response> {
  return postCostly("analytics", body, { cookie, ip: headers.ip ?? uniqueIp(), vars: {}, ...(headers.gpc ? { extraHeaders: { "Sec-GPC": "1" } } : {}) });
}

export async function eventsOf(visitorId: string): Promise<{ event_name: string; event_data: string; session_id: string | null }[]> {
  const { results } = await env.DB.prepare("SELECT event_name, event_data, session_id FROM user_events WHERE visitor_id = ? ORDER BY id").bind(visitorId).all();
  return results as never;
}

export async function visitorRow(visitorId: string): Promise<{ metadata: string; first_seen_at: string; last_seen_at: string } | null> {
  return env.DB.prepare("SELECT metadata, first_seen_at, last_seen_at FROM fingerprint_visitors WHERE visitor_id = ?").bind(visitorId).first();
}

export async function activityOf(
  visitorId: string,
): Promise<{ event_name: string; event_data: string; source_page: string | null; user_profile_id: string | null }[]> {
  const { results } = await env.DB.prepare("SELECT event_name, event_data, source_page, user_profile_id FROM user_activity WHERE visitor_id = ? ORDER BY id")
    .bind(visitorId)
    .all();
  return results as never;
}
