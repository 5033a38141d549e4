import type { MiddlewareHandler } from "hono";
import { resolveSite } from "../../app/domain/story/links";
import { clientKey } from "../../app/services/auth/identity.server";
import { QUOTA_SPENT, quotaHolder, spendDailyQuota, type QuotaGroup } from "../../app/services/limits/quotas.server";
import type { ApiEnv } from "./env";
import { overCostlyLimit, TOO_MANY_REQUESTS } from "./rate-limit";

/**
 * The AI endpoints (POST /api/{provider}/chat, /api/image-generation, /api/image-generation-proxy,
 * /api/generate-image) answer only this site's own pages, for a visitor the site already knows (or a
 * signed-in parent), within a daily quota. Their body is checked first (the route's validator), then,
 * in this order: the page's Origin (403), a known visitor (401), the per-address limit a minute
 * (429, rate-limit.ts), the daily quota per visitor or account and per address (429 with Retry-After
 * until midnight UTC).
 */

export const OWN_PAGES_ONLY = "This endpoint answers only StoryNest's own pages.";
export const VISITOR_UNKNOWN = "Open StoryNest in your browser first: this endpoint answers only visitors the site knows.";

/** The site's origin: WEBSITE_URL's when it is set, else the request's own. */
export function siteOrigin(websiteUrl: string | undefined, requestUrl: string): string {
  return new URL(resolveSite(websiteUrl, requestUrl)).origin;
}

/** True when `origin` (the request's Origin header) is exactly the site's origin. */
export function isOwnOrigin(origin: string | undefined, websiteUrl: string | undefined, requestUrl: string): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).origin === siteOrigin(websiteUrl, requestUrl);
  } catch {
    return false;
  }
}

/**
 * After the route's validator: Origin, known visitor, per-address limit, daily quota. `extra` is what
 * every refusal carries besides `error` (the chat's `fallback: true`).
 */
export function costlyGuard(group: QuotaGroup, extra: Record<string, unknown> = {}): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const { identity, services, env } = c.get("app");
    if (!isOwnOrigin(c.req.header("Origin"), env.secrets.WEBSITE_URL, c.req.url)) return c.json({ ...extra, error: OWN_PAGES_ONLY }, 403);
    if (identity.newVisitor && !identity.isAuthenticated) return c.json({ ...extra, error: VISITOR_UNKNOWN }, 401);
    if (await overCostlyLimit(c, group)) return c.json({ error: TOO_MANY_REQUESTS, ...extra }, 429, { "Retry-After": "60" });
    const quota = await spendDailyQuota(services.db, quotaHolder(identity, clientKey(c.req.raw, identity.visitorId)), group);
    if (!quota.ok) return c.json({ ...extra, error: QUOTA_SPENT, limit: quota.limit }, 429, { "Retry-After": String(quota.retryAfterSeconds) });
    await next();
  };
}
