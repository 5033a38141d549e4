import { Hono } from "hono";
import { isBookId } from "../../app/domain/story/book-view";
import { pageNumberSchema } from "../../app/domain/story/edit";
import type { ApiEnv } from "./index";

/**
 * Editing a finished book through the API: POST /api/books/{bookId}/pages/{n}/picture draws that
 * page's picture again (owner only; anyone else, an odd id or a page outside 1–24 gets 404).
 * Answers 200 {status: "drawn", url, interactionIndex} when the new picture is in place, or 202
 * {status: "drawing"} while another request is already drawing it (poll GET /api/books/{bookId}).
 * The illustrator runs here, in code wrangler bundles, never in a Remix route module.
 */
export const bookEdits = new Hono<ApiEnv>().post("/:bookId/pages/:pageNumber/picture", async (c) => {
  const bookId = c.req.param("bookId");
  const page = pageNumberSchema.safeParse(c.req.param("pageNumber"));
  if (!isBookId(bookId) || !page.success || !/^\d+$/.test(c.req.param("pageNumber"))) return c.json({ error: "Book not found" }, 404);
  const { services, owner } = c.get("app");
  const result = await services.edits.regeneratePicture(owner, bookId, page.data, c.req.raw.signal);
  if (!result.ok) return c.json({ error: result.message }, result.status);
  return c.json(result, result.status === "drawn" ? 200 : 202, { "Cache-Control": "no-store" });
});
