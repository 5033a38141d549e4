import { Hono } from "hono";
import type { ApiEnv } from "./index";

/**
 * GET /api/images/{bookId}/{interactionIndex}/page-{n}.png: a page's picture from R2, with cache
 * headers. The path is unguessable (the book id) and a redraw gets a new interaction index, so a
 * cached picture is never stale. Uploaded photos are not served here.
 */
export const bookImages = new Hono<ApiEnv>().get("/:bookId{[A-Za-z0-9]{1,64}}/:index{[0-9]{1,4}}/:file{page-[0-9]{1,2}\\.png}", async (c) => {
  const { bookId, index, file } = c.req.param();
  const key = `${bookId}/${index}/${file}`;
  const etag = c.req.header("If-None-Match");
  const obj = await c.env.BOOK_IMAGES.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag.replace(/"/g, "") } } : undefined);
  if (!obj) return c.json({ error: "Image not found" }, 404);
  const headers = new Headers({ "Content-Type": "image/png", "Cache-Control": "public, max-age=3600", ETag: obj.httpEtag });
  if (!("body" in obj) || !obj.body) return new Response(null, { status: 304, headers });
  return new Response(obj.body, { headers });
});
