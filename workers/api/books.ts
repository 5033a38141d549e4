import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { storyFormSchema } from "../../app/domain/story/form";
import { notifyEmailSchema } from "../../app/domain/story/notify-email";
import { resolveSite } from "../../app/domain/story/links";
import { fieldErrors } from "../../app/domain/validation";
import { clientKey } from "../../app/services/auth/identity.server";
import type { ApiEnv } from "./env";
import { recordActivity } from "../../app/services/analytics/record.server";
import { bookIdParam, zodValidator } from "./validate";

const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9-]{8,80}$/)
    .optional(),
});

/**
 * The story form's fields, and `notifyEmail`: the address a visitor without an account may leave
 * for "E-mail me when it's ready" (optional; empty means none). A signed-in parent's e-mail goes to
 * the account's confirmed address, so theirs is ignored.
 */
const newBookBody = storyFormSchema.extend({ notifyEmail: notifyEmailSchema.nullish() });

/** How often the live stream looks for changes, and how long one stream may stay open. */
export const EVENTS_POLL_MS = 700;
export const EVENTS_MAX_MS = 15 * 60 * 1000;

/**
 * The books API: POST /api/books (the form data as JSON → 201 {bookId}), GET /api/books/{id}
 * (the Book data), GET /api/books/{id}/events (server-sent `snapshot` events while it is made),
 * POST /api/books/{id}/retry (402 without a credit to spare), DELETE /api/books/{id} (204; 409 while it is being made). A book
 * belongs to its owner (the signed-in profile, else the visitor cookie); anyone else gets 404.
 * Out of credits, POST answers 402 with `signupUrl` (a visitor) or `pricingUrl` (a signed-in parent);
 * too many books started or made (app/services/books/book-limits.server.ts), 429 with Retry-After.
 */
export const books = new Hono<ApiEnv>()
  .post(
    "/",
    zodValidator("json", newBookBody, {
      unreadable: "The request body must be JSON: the story form's fields.",
      invalid: (issues) => ({ error: "Please check the form.", fieldErrors: fieldErrors(issues) }),
    }),
    zodValidator("header", idempotencyHeaders, { invalid: () => ({ error: "Idempotency-Key must be 8 to 80 letters, digits or dashes." }) }),
    async (c) => {
      const { services, owner, identity, env } = c.get("app");
      const { notifyEmail, ...form } = c.req.valid("json");
      const result = await services.books.create(owner, form, {
        idempotencyKey: c.req.valid("header")["idempotency-key"],
        client: clientKey(c.req.raw, identity.visitorId),
        notifyEmail: owner.kind === "visitor" ? (notifyEmail ?? null) : null,
        site: resolveSite(env.secrets.WEBSITE_URL, c.req.url),
      });
      if (result.ok) {
        if (result.created) await recordActivity(c.get("app"), c.req.raw, "book_started", { bookId: result.bookId });
        return c.json({ bookId: result.bookId }, result.created ? 201 : 200);
      }
      if (result.status === 400) return c.json({ error: "Please check the form.", fieldErrors: result.fieldErrors }, 400);
      // out of credits: a visitor is led to sign up (signupUrl), a signed-in parent to the credit packs (pricingUrl)
      if (result.status === 402) return c.json({ error: result.message, [result.lead.kind === "signup" ? "signupUrl" : "pricingUrl"]: result.lead.url }, 402);
      if (result.status === 429) return c.json({ error: result.message }, 429, { "Retry-After": String(result.retryAfterS) });
      return c.json({ error: result.message, field: result.field }, 422);
    },
  )
  .get("/:bookId", bookIdParam, async (c) => {
    const { bookId } = c.req.valid("param");
    const { services, owner } = c.get("app");
    const book = await services.books.get(owner, bookId);
    if (!book) return c.json({ error: "Book not found" }, 404);
    if (book.status !== "complete" && book.status !== "failed") c.executionCtx.waitUntil(services.books.resumeIfStalled(bookId).catch(() => undefined));
    return c.json(book, 200, { "Cache-Control": "private, no-store" });
  })
  .delete("/:bookId", bookIdParam, async (c) => {
    const { bookId } = c.req.valid("param");
    const { services, owner } = c.get("app");
    const result = await services.books.remove(owner, bookId);
    if (!result.ok) return c.json({ error: result.message }, result.status);
    return c.body(null, 204);
  })
  .post("/:bookId/retry", bookIdParam, async (c) => {
    const { bookId } = c.req.valid("param");
    const { services, owner, identity } = c.get("app");
    const result = await services.books.retry(owner, bookId, { client: clientKey(c.req.raw, identity.visitorId) });
    if (!result.ok) {
      if (result.status === 402) return c.json({ error: result.message, [result.lead.kind === "signup" ? "signupUrl" : "pricingUrl"]: result.lead.url }, 402);
      if (result.status === 429) return c.json({ error: result.message }, 429, { "Retry-After": String(result.retryAfterS) });
      return c.json({ error: result.message }, result.status);
    }
    return c.json({ bookId, status: "draft" }, 202);
  })
  .get("/:bookId/events", bookIdParam, async (c) => {
    const { bookId } = c.req.valid("param");
    const { services, owner } = c.get("app");
    if (!(await services.books.version(owner, bookId))) return c.json({ error: "Book not found" }, 404);
    c.header("Cache-Control", "no-store");
    return streamSSE(c, async (stream) => {
      let sent: string | null = null;
      const started = Date.now();
      let aborted = false;
      stream.onAbort(() => {
        aborted = true;
      });
      let checked = 0;
      while (!aborted && Date.now() - started < EVENTS_MAX_MS) {
        // Someone is watching: make sure the book is still being made (every 10 s).
        if (Date.now() - checked > 10_000) {
          checked = Date.now();
          await services.books.resumeIfStalled(bookId).catch(() => undefined);
        }
        const version = await services.books.version(owner, bookId);
        if (!version) break;
        if (version !== sent) {
          const book = await services.books.get(owner, bookId);
          if (!book) break;
          await stream.writeSSE({ event: "snapshot", data: JSON.stringify(book), id: version });
          sent = version;
          if (book.status === "complete" || book.status === "failed") break;
        }
        await stream.sleep(EVENTS_POLL_MS);
      }
    });
  });
