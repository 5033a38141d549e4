import { Hono } from "hono";
import { analyticsBatchSchema } from "../../app/domain/analytics/events";
import { analyticsConsented } from "../../app/domain/analytics/consent";
import type { ApiEnv } from "./env";
import { TOO_MANY_REQUESTS } from "./rate-limit";
import { zodValidator } from "./validate";

/**
 * POST /api/analytics: the browser tracker's batch `{ visitor?, events }` (app/domain/analytics).
 * - Without the granted consent cookie, or with `Sec-GPC: 1`: 204 and nothing is read or written.
 * - A body that is not a valid batch: 400 with its issues; over 32 KB: 413 (workers/body-limits.ts).
 * - More than 300 events a minute from one visitor: 429, and the batch is dropped.
 * - Otherwise 202 `{ accepted: n }` at once; the rows are written after the answer (waitUntil).
 * The visitor is the server's own (the sn_vid cookie): the client never names it.
 */
export const analytics = new Hono<ApiEnv>().post(
  "/",
  async (c, next) => {
    if (!analyticsConsented(c.req.raw.headers)) return c.body(null, 204, { "Cache-Control": "no-store" });
    await next();
  },
  zodValidator("json", analyticsBatchSchema, {
    unreadable: "The analytics batch must be JSON: { visitor?, events: [...] }.",
    invalid: (issues) => ({ error: "Invalid analytics batch", issues }),
  }),
  async (c) => {
    const batch = c.req.valid("json");
    const { services, identity, log, waitUntil } = c.get("app");
    const accepted = batch.events.length + (batch.visitor ? 1 : 0);
    if (accepted === 0) return c.json({ accepted: 0 }, 202);
    if (!(await services.analytics.allow(identity.visitorId, accepted))) {
      return c.json({ error: TOO_MANY_REQUESTS }, 429, { "Retry-After": "60" });
    }
    waitUntil(
      services.analytics.record(identity.visitorId, batch).catch((error: unknown) => {
        log.warn("analytics batch not written", { error: error instanceof Error ? error.message : String(error) });
      }),
    );
    return c.json({ accepted }, 202, { "Cache-Control": "no-store" });
  },
);
