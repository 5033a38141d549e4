import type { Context, MiddlewareHandler } from "hono";
import type { ApiEnv } from "./env";
// Who is asking: the client address (a limit per address holds even for a caller that drops its cookie).
import { clientKey } from "../../app/services/auth/identity.server";

export const TOO_MANY_REQUESTS = "Too many requests. Please wait a minute and try again.";

/** True when this client has asked `group` more than the COSTLY_LIMITER binding allows (20 a minute). */
export async function overCostlyLimit(c: Context<ApiEnv>, group: string): Promise<boolean> {
  return overCostlyLimitFor(c.env.COSTLY_LIMITER, group, clientKey(c.req.raw, c.get("app").identity.visitorId));
}

/** The same count for a caller known by its client key (Nino's turns, counted in its Durable Object). */
export async function overCostlyLimitFor(limiter: RateLimit, group: string, client: string): Promise<boolean> {
  const { success } = await limiter.limit({ key: `${group}:${client}` });
  return !success;
}

/**
 * A per-client limit (the COSTLY_LIMITER binding: 20 a minute) for a group of POST endpoints that
 * spend a provider's money or much CPU: pictures, chat, transcription, drawing a page again. Each
 * group counts on its own. Over the limit: 429 with Retry-After and a plain message (plus whatever
 * the endpoint's callers expect on failure, e.g. `fallback: true` for the chat).
 */
export function costlyLimit(group: string, extra: Record<string, unknown> = {}): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    if (await overCostlyLimit(c, group)) return c.json({ error: TOO_MANY_REQUESTS, ...extra }, 429, { "Retry-After": "60" });
    return next();
  };
}
