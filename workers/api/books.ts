import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { isBookId } from "../../app/domain/story/book-view";
import type { ApiEnv } from "./index";

const idempotencyHeader = z.string().regex(/^[A-Za-z0-9-]{8,80}$/).optional();

/** How often the live stream looks for changes, and how long one stream may stay open. */
export const EVENTS_POLL_MS = 700;
export const EVENTS_MAX_MS = 15 * 60 * 1000;

/**
 * The books API: POST /api/books (the form data as JSON → 201 {bookId}), GET /api/books/{id}
 * (the Book data), GET /api/books/{id}/events (server-sent `snapshot` events while it is made),
 * POST /api/books/{id}/retry, DELETE /api/books/{id} (204; 409 while it is being made). A book
 * belongs to the visitor cookie; anyone else gets 404.
 */
export const books = new Hono<ApiEnv>()
  .post("/", async (c) => {
    const { services, owner } = c.get("app");
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: "The request body must be JSON: the story form's fields." }, 400);
    }
    const key = idempotencyHeader.safeParse(c.req.header("Idempotency-Key") ?? undefined);
    if (!key.success) return c.json({ error: "Idempotency-Key must be 8 to 80 letters, digits or dashes." }, 400);
    const result = await services.books.create(owner, body, { idempotencyKey: key.data });
    if (result.ok) return c.json({ bookId: result.bookId }, result.created ? 201 : 200);
    if (result.status === 400) return c.json({ error: "Please check the form.", fieldErrors: result.fieldErrors }, 400);
    if (result.status === 402) return c.json({ error: result.message, pricingUrl: result.pricingUrl }, 402);
    return c.json({ error: result.message, field: result.field }, 422);
  })
  .get("/:bookId", async (c) => {
    const bookId = c.req.param("bookId");
    const { services, owner } = c.get("app");
    const book = isBookId(bookId) ? await services.books.get(owner, bookId) : null;
    if (!book) return c.json({ error: "Book not found" }, 404);
    if (book.status !== "complete" && book.status !== "failed") c.executionCtx.waitUntil(services.books.resumeIfStalled(bookId).catch(() => undefined));
    return c.json(book, 200, { "Cache-Control": "private, no-store" });
  })
  .delete("/:bookId", async (c) => {
    const bookId = c.req.param("bookId");
    const { services, owner } = c.get("app");
    if (!isBookId(bookId)) return c.json({ error: "Book not found" }, 404);
    const result = await services.books.remove(owner, bookId);
    if (!result.ok) return c.json({ error: result.message }, result.status);
    return c.body(null, 204);
  })
  .post("/:bookId/retry", async (c) => {
    const bookId = c.req.param("bookId");
    const { services, owner } = c.get("app");
    if (!isBookId(bookId)) return c.json({ error: "Book not found" }, 404);
    const result = await services.books.retry(owner, bookId);
    if (!result.ok) return c.json({ error: result.message }, result.status);
    return c.json({ bookId, status: "draft" }, 202);
  })
  .get("/:bookId/events", async (c) => {
    const bookId = c.req.param("bookId");
    const { services, owner } = c.get("app");
    if (!isBookId(bookId) || !(await services.books.version(owner, bookId))) return c.json({ error: "Book not found" }, 404);
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
