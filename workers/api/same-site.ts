import type { MiddlewareHandler } from "hono";
import { isCrossSiteRequest } from "../../app/services/auth/same-origin.server";
import type { ApiEnv } from "./env";

/**
 * The API answers this site's own pages only. A request that changes something (POST, PUT, DELETE,
 * PATCH) from another site's page is refused with 403 before any route runs: the browser names the
 * page in Origin (or Sec-Fetch-Site), the same rule as the pages' forms. No cross-origin header is
 * ever sent, so another site cannot read an answer either; its preflight is refused. A request
 * without either header is not from another site's page (a server, a tool, a test) and goes on: the
 * payment provider's events, which carry their own signature, are such requests.
 */
export const API_CROSS_SITE = "This API answers only StoryNest's own pages.";

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * The AI endpoints check the page's Origin themselves, after their body and with their own answer
 * (costly-guard.ts): a malformed request is a 400 first wherever it comes from, and the chat's every
 * refusal carries `fallback: true`. Another site's request is still refused there, with 403.
 */
const ORIGIN_CHECKED_BY_ROUTE = /^\/api\/(?:[^/]+\/chat|image-generation|image-generation-proxy|generate-image)\/?$/;

export const sameSiteOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const request = c.req.raw;
  if (request.method === "OPTIONS") {
    // A browser asks first only for another site's page (its own pages need no preflight).
    const origin = request.headers.get("Origin");
    const own = request.headers.get("Host") ?? new URL(request.url).host;
    if (origin !== null && hostOf(origin) !== own) return c.json({ error: API_CROSS_SITE }, 403);
    return c.body(null, 204);
  }
  if (isCrossSiteRequest(request) && !ORIGIN_CHECKED_BY_ROUTE.test(new URL(request.url).pathname)) return c.json({ error: API_CROSS_SITE }, 403);
  await next();
};
