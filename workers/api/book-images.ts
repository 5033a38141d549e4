import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "./env";
import { notFoundBody } from "./errors";
import { bookParams, zodValidator } from "./validate";

/** `{bookId}/{interactionIndex}/page-{n}.png`; any other path names no picture (404). */
const imageParams = bookParams.extend({ index: z.string().regex(/^[0-9]{1,4}$/), file: z.string().regex(/^page-[0-9]{1,2}\.png$/) });

/**
 * GET /api/images/{bookId}/{interactionIndex}/page-{n}.png: a page's picture from R2, with cache
 * headers. The path is unguessable (the book id) and a redraw gets a new interaction index, so a
 * cached picture is never stale. Uploaded photos are not served here.
 */
export const bookImages = new Hono<ApiEnv>().get(
  "/:bookId/:index/:file",
  zodValidator("param", imageParams, { status: 404, invalid: (_issues, c) => notFoundBody(c) }),
  async (c) => {
    const { bookId, index, file } = c.req.valid("param");
    const key = `${bookId}/${index}/${file}`;
    const etag = c.req.header("If-None-Match");
    const obj = await c.env.BOOK_IMAGES.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag.replace(/"/g, "") } } : undefined);
    if (!obj) return c.json({ error: "Image not found" }, 404);
    const headers = new Headers({ "Content-Type": "image/png", "Cache-Control": "public, max-age=3600", ETag: obj.httpEtag });
    if (!("body" in obj) || !obj.body) return new Response(null, { status: 304, headers });
    return new Response(obj.body, { headers });
  },
);
