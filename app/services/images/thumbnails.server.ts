/**
 * Card thumbnails of the page pictures: the library shows a book's cover in a 4:3 card, so instead of
 * the 1024 px page picture (about 1 MB) it gets a small 4:3 PNG cut from the top of the picture, the
 * part the card shows. Each size is drawn once, on its first request, and kept in R2 next to the
 * picture ({bookId}/{index}/thumb-{width}/page-{n}.png), so it is deleted with the book and a redraw
 * (a new interaction index) gets new addresses. Works for every stored picture, PNG or JPEG: the
 * picture is placed in an SVG of the thumbnail's size and rendered by resvg, as the watermark does.
 */
import { renderPng } from "~/services/ai/illustrator/render.server";
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

/** Where a thumbnail of a page picture is kept in R2 (inside the book's folder). */
export function thumbnailKey(pictureKey: string, width: ThumbnailWidth, shape: ThumbnailShape = "card"): string {
  const slash = pictureKey.lastIndexOf("/");
  return `${pictureKey.slice(0, slash)}/${shape === "card" ? "thumb" : "square"}-${width}${pictureKey.slice(slash)}`;
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
  public: "private, no-cache",
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

/** Draws a thumbnail of a PNG or JPEG picture; throws for anything else. */
async function drawThumbnail(picture: Uint8Array, width: ThumbnailWidth, shape: ThumbnailShape): Promise<Uint8Array<ArrayBuffer>> {
  const size = imageSize(picture);
  if (size.width < 16 || size.height < 16 || size.width > 4096 || size.height > 4096)
    throw new RangeError(`Image size ${size.width}×${size.height} is outside 16–4096 pixels`);
  const height = shape === "card" ? Math.round(width / CARD_THUMB_RATIO) : width;
  return renderPng(thumbnailSvg(width, height), { width }, { [SOURCE]: picture });
}

export interface StoredThumbnail {
  body: ReadableStream | Uint8Array<ArrayBuffer> | null;
  httpEtag: string;
  /** true when the picture could not be made smaller (not a PNG or JPEG it can read): this is the picture itself */
  original?: boolean;
}

/** Thumbnails being drawn in this isolate, so requests that arrive together draw it once. */
const drawing = new Map<string, Promise<StoredThumbnail | null>>();

async function drawAndStore(bucket: R2Bucket, pictureKey: string, key: string, width: ThumbnailWidth, shape: ThumbnailShape): Promise<StoredThumbnail | null> {
  const picture = await bucket.get(pictureKey);
  if (!picture) return null;
  const bytes = new Uint8Array(await picture.arrayBuffer());
  let thumb: Uint8Array<ArrayBuffer>;
  try {
    thumb = await drawThumbnail(bytes, width, shape);
  } catch (error) {
    // a picture it cannot read is still the owner's picture: shown as it is, and not kept as a thumbnail
    log.warn("thumbnail not drawn", { pictureKey, width, shape, message: error instanceof Error ? error.message : String(error) });
    return { body: bytes, httpEtag: picture.httpEtag, original: true };
  }
  const stored = await bucket.put(key, thumb, { httpMetadata: { contentType: "image/png" }, customMetadata: { source: pictureKey } });
  return { body: thumb, httpEtag: stored.httpEtag };
}

/**
 * A thumbnail (a card's, or the reader's square copy) of a stored page picture, drawn and stored on
 * its first request; null when the picture does not exist. With `etag`, a stored thumbnail that still
 * matches comes back with no body.
 */
export async function storedThumbnail(
  bucket: R2Bucket,
  pictureKey: string,
  width: ThumbnailWidth,
  shape: ThumbnailShape,
  etag?: string,
): Promise<StoredThumbnail | null> {
  const key = thumbnailKey(pictureKey, width, shape);
  const kept = await bucket.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag.replace(/"/g, "") } } : undefined);
  if (kept) return { body: "body" in kept ? kept.body : null, httpEtag: kept.httpEtag };
  let pending = drawing.get(key);
  if (!pending) {
    pending = drawAndStore(bucket, pictureKey, key, width, shape).finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}
