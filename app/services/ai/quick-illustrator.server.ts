import type { IllustrationRequest, Illustrator } from "./image";
import { renderPng } from "./illustrator/render.server";

/** The quick illustrator's pictures are this many pixels square. */
export const QUICK_PAGE_WIDTH = 256;

const esc = (value: string) => value.replace(/[^#0-9a-zA-Z]/g, "");

/**
 * A plain picture of the page: the hero (the character sheet's skin, hair and outfit colours) on a
 * sky and ground whose colours move with the page number, so every page differs. It is real output,
 * watermarked and stored like any other, drawn and rendered in a few milliseconds.
 */
function quickSvg(request: IllustrationRequest): string {
  const w = QUICK_PAGE_WIDTH;
  const { sheet, pageNumber } = request;
  const hue = (pageNumber * 37) % 360;
  const x = 64 + ((pageNumber * 29) % 128);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}" viewBox="0 0 ${w} ${w}">` +
    `<rect width="${w}" height="${w}" fill="hsl(${hue} 70% 82%)"/>` +
    `<rect y="${w * 0.7}" width="${w}" height="${w * 0.3}" fill="hsl(${(hue + 120) % 360} 45% 55%)"/>` +
    `<rect x="${x - 22}" y="${w * 0.45}" width="44" height="60" rx="14" fill="${esc(sheet.outfitColor)}"/>` +
    `<circle cx="${x}" cy="${w * 0.38}" r="26" fill="${esc(sheet.skinTone)}"/>` +
    `<path d="M${x - 27} ${w * 0.36} a27 27 0 0 1 54 0 z" fill="${esc(sheet.hairColor)}"/>` +
    `</svg>`
  );
}

/**
 * The quick illustrator, chosen by the setting ILLUSTRATOR=quick outside production: for test runs
 * whose subject is not the pictures. A 24-page book is drawn in about a second, where the offline
 * illustrator takes the runtime's one thread for tens of seconds and every other request waits.
 */
export const quickIllustrator: Illustrator = {
  name: "quick",
  draw: (request) => renderPng(quickSvg(request), { width: QUICK_PAGE_WIDTH }),
  drawSvg: (request) => ({ svg: quickSvg(request), width: QUICK_PAGE_WIDTH, height: QUICK_PAGE_WIDTH }),
};
