import { Hono } from "hono";
import { z } from "zod";
import { pageNumberSchema } from "../../app/domain/story/edit";
import type { ApiEnv } from "./env";
import { BOOK_NOT_FOUND, bookParams, zodValidator } from "./validate";

/** A page is named by its number in digits: "1.5" or "1e1" name no page. */
const pageParams = bookParams.extend({ pageNumber: z.preprocess((v) => (typeof v === "string" && /^\d+$/.test(v) ? v : undefined), pageNumberSchema) });

/**
 * Editing a finished book through the API: POST /api/books/{bookId}/pages/{n}/picture draws that
 * page's picture again (owner only; anyone else, an odd id or a page outside 1–24 gets 404).
 * Answers 200 {status: "drawn", url, interactionIndex} when the new picture is in place, or 202
 * {status: "drawing"} while another request is already drawing it (poll GET /api/books/{bookId}).
 * The illustrator runs here, in code wrangler bundles, never in a Remix route module.
 */
export const bookEdits = new Hono<ApiEnv>().post("/:bookId/pages/:pageNumber/picture", zodValidator("param", pageParams, BOOK_NOT_FOUND), async (c) => {
  const { bookId, pageNumber } = c.req.valid("param");
  const { services, owner } = c.get("app");
  const result = await services.edits.regeneratePicture(owner, bookId, pageNumber, c.req.raw.signal);
  if (!result.ok) return c.json({ error: result.message }, result.status);
  return c.json(result, result.status === "drawn" ? 200 : 202, { "Cache-Control": "no-store" });
});
