import { Hono } from "hono";
import { z } from "zod";
import { CARD_THUMB_WIDTHS, isCardThumbWidth } from "../../app/domain/story/thumbnails";
import { isPagePictureWidth, PAGE_PICTURE_FULL, PAGE_PICTURE_WIDTHS } from "../../app/domain/story/page-pictures";
import { PICTURE_CACHE } from "../../app/services/books/access.server";
import { storedThumbnail, THUMBNAIL_CACHE, thumbnailFormat, type ThumbnailShape, type ThumbnailWidth } from "../../app/services/images/thumbnails.server";
import type { ApiEnv } from "./env";
import { notFoundBody } from "./errors";
import { bookParams, zodValidator } from "./validate";

/** `{bookId}/{interactionIndex}/page-{n}.png`; any other path names no picture (404). */
const imageParams = bookParams.extend({ index: z.string().regex(/^[0-9]{1,4}$/), file: z.string().regex(/^page-[0-9]{1,2}\.png$/) });

/** The pass a link put on the address (share = a public link's slug, read = an e-mail's read token); anything else is ignored. */
const passQuery = z.object({ share: z.string().max(120).optional().catch(undefined), read: z.string().max(64).optional().catch(undefined) });

const NOT_FOUND = "Image not found";

type ThumbnailAsk = { shape: ThumbnailShape; width: ThumbnailWidth };

/**
 * `w` asks for a card thumbnail of that width instead of the picture, `sq` for the reader's square
 * copy; only the drawn widths exist, and one of the two at most.
 */
function thumbnailAsked(w: string | undefined, sq: string | undefined): ThumbnailAsk | null | { error: string; field: string } {
  if (w !== undefined && sq !== undefined) return { error: "Ask for w or sq, not both", field: "sq" };
  const raw = w ?? sq;
  if (raw === undefined) return null;
  const n = /^[0-9]{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (w !== undefined) return isCardThumbWidth(n) ? { shape: "card", width: n } : { error: `w must be one of ${CARD_THUMB_WIDTHS.join(", ")}`, field: "w" };
  return isPagePictureWidth(n) ? { shape: "square", width: n } : { error: `sq must be one of ${PAGE_PICTURE_WIDTHS.join(", ")}`, field: "sq" };
}

/**
 * GET /api/images/{bookId}/{interactionIndex}/page-{n}.png[?share={slug}|?read={token}]: a page's
 * picture from R2, only for a viewer who may see the book (its owner; anyone for a sample book;
 * through the book's live public link or a live e-mail read link; a signed-in parent a live direct
 * share was addressed to, by their session: access.server.ts). Anyone else
 * gets the same 404 as for a picture that does not exist, so a book id alone opens nothing, and
 * "Stop sharing" closes the pictures at once. Cache-Control follows why the picture was shown
 * (PICTURE_CACHE): never `public` except for the sample books. A redraw gets a new interaction
 * index, so an address never names two pictures. Uploaded photos are not served here.
 *
 * `?w=320|480|640`: the picture's 4:3 card thumbnail of that width instead (thumbnails.server.ts);
 * `?sq=480|640|1024`: the whole square picture in that width (the reader's `srcset`). Each is drawn
 * once on its first request, to exactly the viewers who may see the picture; 400 for another width
 * (before anything about the book is looked at). A copy is WebP when the request's Accept names WebP
 * (a browser's picture request does), else PNG, so it varies on Accept; `?sq=1024` as PNG is the
 * picture itself.
 */
export const bookImages = new Hono<ApiEnv>().get(
  "/:bookId/:index/:file",
  zodValidator("param", imageParams, { status: 404, invalid: (_issues, c) => notFoundBody(c) }),
  async (c) => {
    const { bookId, index, file } = c.req.valid("param");
    const { services, owner, account } = c.get("app");
    const pass = passQuery.parse({ share: c.req.query("share"), read: c.req.query("read") });
    const noStore = { "Cache-Control": "private, no-store" };
    const asked = thumbnailAsked(c.req.query("w"), c.req.query("sq"));
    if (asked && "error" in asked) return c.json(asked, 400, noStore);
    const access = await services.sharing.whoMaySee(bookId, { owner, pass, account });
    if (!access) return c.json({ error: NOT_FOUND }, 404, noStore);
    const etag = c.req.header("If-None-Match");
    const format = thumbnailFormat(c.req.header("Accept"));
    // the full width for a browser that does not take WebP: the picture itself, nothing to draw
    if (asked && !(asked.shape === "square" && asked.width === PAGE_PICTURE_FULL && format === "png")) {
      const thumb = await storedThumbnail(c.env.BOOK_IMAGES, `${bookId}/${index}/${file}`, asked.width, asked.shape, etag, format);
      if (!thumb) return c.json({ error: NOT_FOUND }, 404, noStore);
      const cache = thumb.original ? PICTURE_CACHE[access] : THUMBNAIL_CACHE[access];
      const headers = new Headers({ "Content-Type": thumb.contentType, "Cache-Control": cache, ETag: thumb.httpEtag });
      headers.set("Vary", access === "sample" ? "Accept" : "Cookie, Accept");
      return new Response(thumb.body, { status: thumb.body ? 200 : 304, headers });
    }
    const obj = await c.env.BOOK_IMAGES.get(`${bookId}/${index}/${file}`, etag ? { onlyIf: { etagDoesNotMatch: etag.replace(/"/g, "") } } : undefined);
    if (!obj) return c.json({ error: NOT_FOUND }, 404, noStore);
    const headers = new Headers({ "Content-Type": "image/png", "Cache-Control": PICTURE_CACHE[access], ETag: obj.httpEtag });
    // the owner's copy depends on the cookie: a shared cache must never hand it to someone else;
    // the same copy's address gives WebP to a browser that takes it
    const vary = [...(access !== "sample" ? ["Cookie"] : []), ...(asked ? ["Accept"] : [])];
    if (vary.length) headers.set("Vary", vary.join(", "));
    if (!("body" in obj) || !obj.body) return new Response(null, { status: 304, headers });
    return new Response(obj.body, { headers });
  },
);
