/**
 * Card thumbnails of the page pictures: the library shows a book's cover in a 4:3 card, so instead of
 * the 1024 px page picture (about 1 MB) it gets a small 4:3 picture cut from the top of the picture,
 * the part the card shows. Each size is drawn once, on its first request, and kept in R2 next to the
 * picture ({bookId}/{index}/thumb-{width}/page-{n}.png or .webp), so it is deleted with the book and
 * a redraw (a new interaction index) gets new addresses. Works for every stored picture, PNG or
 * JPEG: the picture is placed in an SVG of the thumbnail's size and rendered by resvg, as the
 * watermark does.
 *
 * Each copy exists as WebP (lossy, quality 80: about a fifth of the PNG's bytes, for a browser that
 * says it takes WebP) and as PNG (for one that does not); the two are separate objects, drawn when
 * first asked for.
 */
import { Resvg } from "@resvg/resvg-wasm";
import { initRenderer, renderPng } from "~/services/ai/illustrator/render.server";
import { encodeWebp, unpremultiply } from "~/services/images/webp.server";
import { log } from "~/services/log.server";
import type { BookAccess } from "~/services/books/access.server";
import { imageSize } from "~/services/storage/watermark.server";
import { CARD_THUMB_RATIO, type CardThumbWidth } from "~/domain/story/thumbnails";
import type { PagePictureWidth } from "~/domain/story/page-pictures";

/**
 * A smaller copy of a page picture: a card's 4:3 cut of its top, or the reader's whole square picture
 * (`?sq=`, the same picture in fewer pixels).
 */
export type ThumbnailShape = "card" | "square";
export type ThumbnailWidth = CardThumbWidth | PagePictureWidth;
/** The copy's file format: WebP for a browser that takes it, PNG otherwise. */
export type ThumbnailFormat = "webp" | "png";

export const THUMBNAIL_CONTENT_TYPE: Record<ThumbnailFormat, string> = { webp: "image/webp", png: "image/png" };

/**
 * WebP when the request's Accept header names it (every current browser's picture requests do),
 * else PNG: a client that names no image type, or only a wildcard, gets the format every client reads.
 */
export function thumbnailFormat(accept: string | undefined): ThumbnailFormat {
  for (const range of (accept ?? "").split(",")) {
    const [type, ...params] = range.split(";").map((x) => x.trim().toLowerCase());
    if (type !== "image/webp") continue;
    const q = params.find((p) => p.startsWith("q="));
    return q !== undefined && !(Number(q.slice(2)) > 0) ? "png" : "webp";
  }
  return "png";
}

/** Where a thumbnail of a page picture is kept in R2 (inside the book's folder; a WebP copy ends in .webp). */
export function thumbnailKey(pictureKey: string, width: ThumbnailWidth, shape: ThumbnailShape = "card", format: ThumbnailFormat = "png"): string {
  const slash = pictureKey.lastIndexOf("/");
  const file = format === "webp" ? pictureKey.slice(slash).replace(/\.[a-z]+$/i, ".webp") : pictureKey.slice(slash);
  return `${pictureKey.slice(0, slash)}/${shape === "card" ? "thumb" : "square"}-${width}${file}`;
}

/**
 * How long a thumbnail may be kept, by why it was shown. Its address never names another picture
 * (a redraw gets a new one), so the owner's browser and a shared cache (sample books only) may keep
 * it for a year; whatever can be revoked (a link, an e-mail, a direct share) is asked again every time.
 */
export const THUMBNAIL_CACHE: Record<BookAccess, string> = {
  owner: "private, max-age=31536000, immutable",
  sample: "public, max-age=31536000, immutable",
  link: "private, no-cache",
  email: "private, no-cache",
  shared: "private, no-cache",
};

const SOURCE = "https://storynest.invalid/thumbnail-source";

/** The SVG that cuts the picture to the thumbnail's box: covering it, aligned to the top (a card's 4:3 shows the picture's top). */
function thumbnailSvg(width: number, height: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<image href="${SOURCE}" x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="xMidYMin slice"/>` +
    `</svg>`
  );
}

/** The thumbnail's pixels (RGBA, straight alpha), drawn by resvg. */
async function renderPixels(svg: string, width: number, picture: Uint8Array): Promise<{ rgba: Uint8Array; width: number; height: number }> {
  await initRenderer();
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: width } });
  try {
    resvg.resolveImage(SOURCE, picture);
    const rendered = resvg.render();
    try {
      return { rgba: unpremultiply(rendered.pixels), width: rendered.width, height: rendered.height };
    } finally {
      rendered.free();
    }
  } finally {
    resvg.free();
  }
}

/** Draws a thumbnail of a PNG or JPEG picture; throws for anything else. */
async function drawThumbnail(picture: Uint8Array, width: ThumbnailWidth, shape: ThumbnailShape, format: ThumbnailFormat): Promise<Uint8Array<ArrayBuffer>> {
  const size = imageSize(picture);
  if (size.width < 16 || size.height < 16 || size.width > 4096 || size.height > 4096)
    throw new RangeError(`Image size ${size.width}×${size.height} is outside 16–4096 pixels`);
  const height = shape === "card" ? Math.round(width / CARD_THUMB_RATIO) : width;
  if (format === "png") return renderPng(thumbnailSvg(width, height), { width }, { [SOURCE]: picture });
  const drawn = await renderPixels(thumbnailSvg(width, height), width, picture);
  return encodeWebp(drawn.rgba, drawn.width, drawn.height);
}

export interface StoredThumbnail {
  body: ReadableStream | Uint8Array<ArrayBuffer> | null;
  httpEtag: string;
  /** the body's media type (the picture's own when it could not be made smaller) */
  contentType: string;
  /** true when the picture could not be made smaller (not a PNG or JPEG it can read): this is the picture itself */
  original?: boolean;
}

/** Thumbnails being drawn in this isolate, so requests that arrive together draw it once. */
const drawing = new Map<string, Promise<StoredThumbnail | null>>();

async function drawAndStore(
  bucket: R2Bucket,
  pictureKey: string,
  key: string,
  width: ThumbnailWidth,
  shape: ThumbnailShape,
  format: ThumbnailFormat,
): Promise<StoredThumbnail | null> {
  const picture = await bucket.get(pictureKey);
  if (!picture) return null;
  const bytes = new Uint8Array(await picture.arrayBuffer());
  let thumb: Uint8Array<ArrayBuffer>;
  try {
    thumb = await drawThumbnail(bytes, width, shape, format);
  } catch (error) {
    // a picture it cannot read is still the owner's picture: shown as it is, and not kept as a thumbnail
    log.warn("thumbnail not drawn", { pictureKey, width, shape, format, message: error instanceof Error ? error.message : String(error) });
    return { body: bytes, httpEtag: picture.httpEtag, contentType: picture.httpMetadata?.contentType ?? "image/png", original: true };
  }
  const contentType = THUMBNAIL_CONTENT_TYPE[format];
  const stored = await bucket.put(key, thumb, { httpMetadata: { contentType }, customMetadata: { source: pictureKey } });
  return { body: thumb, httpEtag: stored.httpEtag, contentType };
}

/**
 * A thumbnail (a card's, or the reader's square copy) of a stored page picture, in the asked format,
 * drawn and stored on its first request; null when the picture does not exist. With `etag`, a stored
 * thumbnail that still matches comes back with no body.
 */
export async function storedThumbnail(
  bucket: R2Bucket,
  pictureKey: string,
  width: ThumbnailWidth,
  shape: ThumbnailShape,
  etag?: string,
  format: ThumbnailFormat = "png",
): Promise<StoredThumbnail | null> {
  const key = thumbnailKey(pictureKey, width, shape, format);
  const kept = await bucket.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag.replace(/"/g, "") } } : undefined);
  if (kept) return { body: "body" in kept ? kept.body : null, httpEtag: kept.httpEtag, contentType: THUMBNAIL_CONTENT_TYPE[format] };
  let pending = drawing.get(key);
  if (!pending) {
    pending = drawAndStore(bucket, pictureKey, key, width, shape, format).finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}
