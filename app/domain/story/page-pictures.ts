/**
 * The reader's page pictures: square copies of the whole picture, as WebP for a browser that takes
 * it. A phone fetches about the pixels it shows (480 or 640 px), and a sharp phone screen (about
 * three device pixels to a CSS pixel) the full 1024 px, still as WebP: a provider's 1024 px PNG is
 * often about 1 MB, its WebP copy a tenth of that or less. Any other width is refused. Each copy is
 * drawn on the server on its first request and kept; the reader asks for the page in view and its
 * neighbours, so at most a few are drawn at once. The page grid's tiles keep the originals: opening
 * it would ask for 24 draws at once.
 */
export const PAGE_PICTURE_WIDTHS = [480, 640, 1024] as const;
export type PagePictureWidth = (typeof PAGE_PICTURE_WIDTHS)[number];

/** The stored page pictures' width: a copy this wide for a browser that does not take WebP is the picture itself. */
export const PAGE_PICTURE_FULL = 1024;

/** How wide the reader's picture is on screen: half of the spread from 1024 px, else the book's column (40rem at most) less its margins. */
export const PAGE_PICTURE_SIZES = "(min-width: 1024px) 32rem, (min-width: 680px) 38rem, calc(100vw - 3.25rem)";

export function isPagePictureWidth(n: number): n is PagePictureWidth {
  return (PAGE_PICTURE_WIDTHS as readonly number[]).includes(n);
}

/** A page picture's address asking for its square copy of that width (keeps any pass already on the address). */
export function pagePictureUrl(pictureUrl: string, width: PagePictureWidth): string {
  return `${pictureUrl}${pictureUrl.includes("?") ? "&" : "?"}sq=${width}`;
}

/** The `srcset` of a reader's picture: its square copies. */
export function pagePictureSrcSet(pictureUrl: string): string {
  return PAGE_PICTURE_WIDTHS.map((w) => `${pagePictureUrl(pictureUrl, w)} ${w}w`).join(", ");
}

/** The `<img>` attributes of a page picture in the reader: its copies and sizes (a picture given inline as a `data:` address is used as it is). */
export function readerPicture(pictureUrl: string): { src: string; srcSet?: string; sizes?: string } {
  return pictureUrl.startsWith("data:")
    ? { src: pictureUrl }
    : { src: pagePictureUrl(pictureUrl, 640), srcSet: pagePictureSrcSet(pictureUrl), sizes: PAGE_PICTURE_SIZES };
}
