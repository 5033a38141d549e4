/**
 * The library cards' pictures: small 4:3 thumbnails of a book's cover, cut from the top of the page
 * picture (what the card shows), in a few widths the browser picks from with `srcset`/`sizes`.
 */

/** The widths a card thumbnail is drawn in; any other width is refused. */
export const CARD_THUMB_WIDTHS = [320, 480, 640] as const;
export type CardThumbWidth = (typeof CARD_THUMB_WIDTHS)[number];

/** width / height of a card thumbnail (the card's picture box is 4:3). */
export const CARD_THUMB_RATIO = 4 / 3;

/** The width the `src` names, for a browser that ignores `srcset`. */
export const CARD_THUMB_DEFAULT: CardThumbWidth = 480;

/** How wide the card's picture is on screen: one column on a phone, two from 640 px, three from 1024 px. */
export const CARD_THUMB_SIZES = "(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 92vw";

export function isCardThumbWidth(n: number): n is CardThumbWidth {
  return (CARD_THUMB_WIDTHS as readonly number[]).includes(n);
}

/** A page picture's address asking for its card thumbnail (keeps any pass already on the address). */
export function cardThumbUrl(pictureUrl: string, width: CardThumbWidth): string {
  return `${pictureUrl}${pictureUrl.includes("?") ? "&" : "?"}w=${width}`;
}

/** The `srcset` of a card's picture. */
export function cardThumbSrcSet(pictureUrl: string): string {
  return CARD_THUMB_WIDTHS.map((w) => `${cardThumbUrl(pictureUrl, w)} ${w}w`).join(", ");
}
