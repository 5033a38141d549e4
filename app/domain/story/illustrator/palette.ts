/**
 * Estimates hair, skin and eye colours from a child's photo, for the CharacterSheet's photoPalette.
 * An honest, simple heuristic (no face detection): a portrait photo usually has the face in the
 * middle and hair above it. Skin is read from the central band, hair from the upper band, eyes
 * from the darker pixels of the face's upper half. Every estimate is clamped to realistic tones,
 * and a region without a believable colour gives no estimate rather than a wild one.
 * Decoding the uploaded JPEG/PNG/WebP into RGBA pixels is the caller's job.
 */
import { hslToHex, rgbToHsl, type Hsl } from "./color";

export interface PhotoPalette {
  hair?: string;
  skin?: string;
  eyes?: string;
}

type Px = [number, number, number];

function region(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, x0: number, y0: number, x1: number, y1: number): Px[] {
  const out: Px[] = [];
  const sx = Math.max(1, Math.floor((x1 - x0) / 48));
  const sy = Math.max(1, Math.floor((y1 - y0) / 48));
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, y1); y += sy) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, x1); x += sx) {
      const i = (y * width + x) * 4;
      if (rgba[i + 3] < 128) continue;
      out.push([rgba[i], rgba[i + 1], rgba[i + 2]]);
    }
  }
  return out;
}

const isSkinLike = ([r, g, b]: Px) => {
  // a classic RGB skin rule, wide enough for every skin tone from very light to very dark
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  return r > 45 && g > 25 && b > 12 && r >= g && r >= b && max - min > 8 && r - b > 10 && !(r > 250 && g > 250 && b > 250);
};

function median(px: Px[]): Px | undefined {
  if (px.length === 0) return undefined;
  const ch = (k: 0 | 1 | 2) => {
    const v = px.map((p) => p[k]).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)];
  };
  return [ch(0), ch(1), ch(2)];
}

const lum = ([r, g, b]: Px) => 0.299 * r + 0.587 * g + 0.114 * b;

function clampHsl(c: Hsl, h: [number, number], s: [number, number], l: [number, number]): Hsl {
  const hue = c.h < h[0] || c.h > h[1] ? (Math.abs(c.h - h[0]) < Math.abs(c.h - h[1]) || c.h > 300 ? h[0] : h[1]) : c.h;
  return { h: hue, s: Math.min(s[1], Math.max(s[0], c.s)), l: Math.min(l[1], Math.max(l[0], c.l)) };
}

/** Skin: warm hues (orange-red to yellow), light to very dark. */
export function clampSkin([r, g, b]: Px): string {
  return hslToHex(clampHsl(rgbToHsl(r, g, b), [12, 40], [0.25, 0.65], [0.22, 0.86]));
}

/** Hair: black, browns, auburn, ginger, blond, or grey/white (low saturation). */
export function clampHair([r, g, b]: Px): string {
  const c = rgbToHsl(r, g, b);
  if (c.s < 0.12 && c.l > 0.55) return hslToHex({ h: c.h, s: c.s, l: Math.min(0.9, c.l) }); // grey or white
  return hslToHex(clampHsl(c, [5, 48], [0.15, 0.8], [0.06, 0.72]));
}

/** Eyes: brown, hazel, green, blue or grey, never neon. */
export function clampEyes([r, g, b]: Px): string {
  const c = rgbToHsl(r, g, b);
  const s = Math.min(0.6, Math.max(0.12, c.s));
  const l = Math.min(0.5, Math.max(0.14, c.l));
  if (c.h >= 180 && c.h <= 250) return hslToHex({ h: c.h, s, l }); // blue / grey-blue
  if (c.h > 70 && c.h < 180) return hslToHex({ h: Math.min(150, c.h), s, l }); // green / hazel
  return hslToHex({ h: Math.min(40, Math.max(15, c.h > 300 ? 20 : c.h)), s, l: Math.min(0.42, l) }); // brown
}

export function paletteFromPixels(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): PhotoPalette {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) throw new RangeError("width and height must be positive integers");
  if (rgba.length < width * height * 4) throw new RangeError("rgba must hold width × height × 4 bytes");
  const palette: PhotoPalette = {};
  // skin: the centre of the picture (cheeks and forehead of a centred face)
  const centre = region(rgba, width, height, width * 0.3, height * 0.35, width * 0.7, height * 0.7).filter(isSkinLike);
  const skinPx = median(centre);
  const total = region(rgba, width, height, width * 0.3, height * 0.35, width * 0.7, height * 0.7).length;
  if (skinPx && centre.length >= Math.max(4, total * 0.2)) palette.skin = clampSkin(skinPx);
  // hair: the upper band, minus pixels that look like skin or like a plain bright background
  const skinLum = skinPx ? lum(skinPx) : 160;
  const top = region(rgba, width, height, width * 0.25, height * 0.05, width * 0.75, height * 0.3).filter((p) => {
    const hsl = rgbToHsl(...p);
    const bright = lum(p) > 235 || (hsl.s < 0.1 && lum(p) > 200);
    const skyish = hsl.h > 180 && hsl.h < 260 && hsl.s > 0.25;
    const skinish = skinPx ? isSkinLike(p) && Math.abs(lum(p) - skinLum) < 25 : false;
    return !bright && !skyish && !skinish;
  });
  const hairPx = median(top);
  if (hairPx && top.length >= 4) palette.hair = clampHair(hairPx);
  // eyes: the darkest, non-skin pixels in the upper half of the face
  const eyeBand = region(rgba, width, height, width * 0.3, height * 0.36, width * 0.7, height * 0.5)
    .filter((p) => !isSkinLike(p) || lum(p) < skinLum - 60)
    .sort((a, b) => lum(a) - lum(b));
  const darkest = eyeBand.slice(0, Math.max(1, Math.floor(eyeBand.length * 0.3)));
  const eyePx = median(darkest.filter((p) => lum(p) > 15 || darkest.length < 3));
  if (eyePx && eyeBand.length >= 3) palette.eyes = clampEyes(eyePx);
  return palette;
}
