import { Hono } from "hono";
import { z } from "zod";
import { NEWSLETTER_MESSAGES } from "../../app/domain/newsletter";
import { resolveSite } from "../../app/domain/story/links";
import { clientKey } from "../../app/services/auth/identity.server";
import type { ApiEnv } from "./env";
import { methodNotAllowed } from "./errors";
import { zodValidator } from "./validate";

/** The body is an object; each field's rules (and their words) are the service's. */
const body = z.looseObject({});

/**
 * POST /api/subscribe-newsletter: email, firstName, lastName, source (website unless given) and
 * metadata (timestamp, url; at most 2 KB). Answers `{ success, message }`: 200 for a new, a
 * reactivated or an existing subscription (the message says which), with `confirmationSent` when
 * the confirmation e-mail went out; 400 for a bad address ('Invalid email address') or oversized
 * metadata; 429 past 10 sign-ups an hour from one client; 500 with the fixed words on a failure.
 */
export const newsletter = new Hono<ApiEnv>()
  .post(
    "/",
    zodValidator("json", body, {
      extra: { success: false },
      unreadable: "Request body must be JSON",
      invalid: () => ({ error: NEWSLETTER_MESSAGES.invalid, message: NEWSLETTER_MESSAGES.invalid }),
    }),
    async (c) => {
      const app = c.get("app");
      const input = c.req.valid("json");
      try {
        const site = resolveSite(app.env.secrets.WEBSITE_URL, c.req.url);
        const result = await app.services.newsletter.subscribe(input, site, {
          client: clientKey(c.req.raw, app.identity.visitorId),
          userAgent: c.req.header("User-Agent"),
        });
        if (!result.ok && result.reason === "rate-limited") {
          return c.json({ success: false, message: result.message, error: result.message }, 429, { "Retry-After": String(result.retryAfterS) });
        }
        if (!result.ok) return c.json({ success: false, message: result.message, error: result.message }, 400);
        return c.json({
          success: true,
          message: result.message,
          status: result.status,
          confirmationSent: result.confirmationSent,
          confirmed: result.confirmed,
        });
      } catch (error) {
        const errorId = app.requestId;
        app.log.error("newsletter sign-up failed", {
          errorId,
          message: error instanceof Error ? error.message : String(error),
          cause: error instanceof Error ? error.cause : undefined,
        });
        return c.json({ success: false, message: NEWSLETTER_MESSAGES.failed, error: "Internal server error", errorId }, 500);
      }
    },
  )
  .all("/", methodNotAllowed(["POST", "OPTIONS"], { success: false }));
