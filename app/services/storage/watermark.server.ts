/**
 * The copyright watermark every picture gets before it is stored: semi-transparent text in the
 * bottom right corner, a copyright line carrying the product's brand. Works on any
 * PNG or JPEG, the offline pictures and a provider's alike: the picture is drawn into an SVG of the
 * same size with the text on top, and rendered back to PNG by resvg. An opaque 8-bit RGB/RGBA PNG
 * (what providers return) takes a cheaper path with the same look: see `watermarkDecoded`.
 */
import { z } from "zod";
import { renderPixels, renderPng } from "~/services/ai/illustrator/render.server";
import { encodePng } from "~/services/ai/illustrator/png-encode.server";
import { decodePng } from "~/services/ai/illustrator/png-decode.server";

export const watermarkOptionsSchema = z.object({
  brand: z.string().trim().min(1).max(60),
  year: z.number().int().min(2000).max(2200),
});
export type WatermarkOptions = z.infer<typeof watermarkOptionsSchema>;

export interface ImageSize {
  width: number;
  height: number;
  type: "png" | "jpeg";
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Reads an image's size from its header; throws for anything that is not a PNG or a JPEG. */
export function imageSize(bytes: Uint8Array): ImageSize {
  if (bytes.length >= 24 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") throw new Error("Invalid PNG: no IHDR chunk");
    return { width: view.getUint32(16), height: view.getUint32(20), type: "png" };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) {
        i++;
        continue;
      }
      const marker = bytes[i + 1];
      const length = (bytes[i + 2] << 8) | bytes[i + 3];
      // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: (bytes[i + 5] << 8) | bytes[i + 6], width: (bytes[i + 7] << 8) | bytes[i + 8], type: "jpeg" };
      }
      i += 2 + length;
    }
    throw new Error("Invalid JPEG: no frame header");
  }
  throw new Error("Not a PNG or JPEG image");
}

/** The line drawn on every picture, e.g. "© 2026 StoryNest". */
export function copyrightLine({ brand, year }: WatermarkOptions): string {
  return `© ${year} ${brand}`;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The copyright line as SVG text for a picture of `size` pixels, in the picture's own coordinates. */
function markText(size: Pick<ImageSize, "width" | "height">, options: WatermarkOptions): string {
  const { width, height } = size;
  const fontSize = Math.max(11, Math.round(Math.min(width, height) * 0.028));
  const margin = Math.round(fontSize * 0.9);
  // a soft dark halo under white text reads on light and dark pictures alike; both semi-transparent
  return (
    `<text x="${width - margin}" y="${height - margin}" text-anchor="end" font-family="Fredoka, sans-serif" font-weight="600" font-size="${fontSize}" ` +
    `fill="#ffffff" fill-opacity="0.78" stroke="#2b1d2e" stroke-opacity="0.45" stroke-width="${Math.max(2, Math.round(fontSize / 6))}" stroke-linejoin="round" paint-order="stroke">${esc(copyrightLine(options))}</text>`
  );
}

/**
 * The SVG that puts the picture and the copyright line together (exported for tests). The picture is
 * drawn at its own size, pixel for pixel, so the nearest pixel (optimizeSpeed) is the exact one and
 * cheaper to find than a bicubic blend: the same pixels for less CPU.
 */
export function watermarkSvg(size: ImageSize, href: string, options: WatermarkOptions): string {
  const { width, height } = size;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<image href="${esc(href)}" x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="none" image-rendering="optimizeSpeed"/>` +
    markText(size, options) +
    `</svg>`
  );
}

const SOURCE = "https://storynest.invalid/watermark-source";

/** Draws the semi-transparent copyright line at the bottom right; returns a PNG of the same size. */
export async function watermark(image: Uint8Array, options: WatermarkOptions): Promise<Uint8Array<ArrayBuffer>> {
  const opts = watermarkOptionsSchema.parse(options);
  if (!(image instanceof Uint8Array) || image.length === 0) throw new TypeError("watermark needs the image's bytes");
  const size = imageSize(image);
  if (size.width < 16 || size.height < 16 || size.width > 4096 || size.height > 4096)
    throw new RangeError(`Image size ${size.width}×${size.height} is outside 16–4096 pixels`);
  if (size.type === "png") {
    const fast = await watermarkDecoded(image, size, opts);
    if (fast) return fast;
  }
  return watermarkRendered(image, size, opts);
}

/** The general path: the picture drawn into an SVG with the line on top, rendered by resvg (exported for tests). */
export function watermarkRendered(image: Uint8Array, size: ImageSize, options: WatermarkOptions): Promise<Uint8Array<ArrayBuffer>> {
  return renderPng(watermarkSvg(size, SOURCE, options), { width: size.width }, { [SOURCE]: image });
}

/** The copyright line alone, premultiplied RGBA, cropped to the pixels it covers. */
interface MarkPatch {
  x: number;
  y: number;
  w: number;
  h: number;
  pixels: Uint8Array;
}

/** Patches per isolate, by size and line; at most 4. */
const patches = new Map<string, Promise<MarkPatch>>();

async function drawPatch(width: number, height: number, options: WatermarkOptions): Promise<MarkPatch> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${markText({ width, height }, options)}</svg>`;
  const all = await renderPixels(svg, width);
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (all[(y * width + x) * 4 + 3] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return { x: 0, y: 0, w: 0, h: 0, pixels: new Uint8Array(0) };
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const pixels = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) pixels.set(all.subarray(((y0 + y) * width + x0) * 4, ((y0 + y) * width + x1 + 1) * 4), y * w * 4);
  return { x: x0, y: y0, w, h, pixels };
}

function patchFor(width: number, height: number, options: WatermarkOptions): Promise<MarkPatch> {
  const key = `${width}x${height}|${copyrightLine(options)}`;
  let patch = patches.get(key);
  if (!patch) {
    patch = drawPatch(width, height, options);
    patch.catch(() => patches.delete(key));
    if (patches.size >= 4) patches.delete(patches.keys().next().value as string);
    patches.set(key, patch);
  }
  return patch;
}

/** tiny-skia's 8-bit source-over of premultiplied `s` onto `d`: s + (d × (255 − sa) + 255) >> 8. */
const over = (s: number, d: number, inv: number) => s + ((d * inv + 255) >> 8);

/**
 * The fast path for an opaque 8-bit RGB/RGBA PNG (what providers return): decoded with the
 * runtime's inflate, the line (rendered once per size and isolate) laid over its corner with the
 * same 8-bit source-over resvg uses, encoded with the runtime's deflate. The same picture as the
 * general path within a level of rounding, for a fraction of the CPU. Null for anything else.
 */
export async function watermarkDecoded(image: Uint8Array, size: ImageSize, options: WatermarkOptions): Promise<Uint8Array<ArrayBuffer> | null> {
  const decoded = await decodePng(image);
  if (!decoded || !decoded.opaque || decoded.width !== size.width || decoded.height !== size.height) return null;
  const { width, height, rgba } = decoded;
  const patch = await patchFor(width, height, options);
  for (let y = 0; y < patch.h; y++) {
    for (let x = 0; x < patch.w; x++) {
      const s = (y * patch.w + x) * 4;
      const inv = 255 - patch.pixels[s + 3];
      if (inv === 255) continue;
      const d = ((patch.y + y) * width + patch.x + x) * 4;
      rgba[d] = over(patch.pixels[s], rgba[d], inv);
      rgba[d + 1] = over(patch.pixels[s + 1], rgba[d + 1], inv);
      rgba[d + 2] = over(patch.pixels[s + 2], rgba[d + 2], inv);
    }
  }
  return encodePng(rgba, width, height);
}

/** The size of a picture drawn as SVG: its viewBox, which is also its size in pixels once rendered. */
export interface VectorSize {
  width: number;
  height: number;
}

/**
 * An SVG picture (the offline illustrator's, whose viewBox is its size in pixels) with the same
 * copyright line drawn on top, rendered to PNG in one pass: one rasterisation and one PNG encoding
 * instead of rendering the picture, then decoding, drawing and encoding it again.
 */
export async function watermarkVector(svg: string, size: VectorSize, options: WatermarkOptions): Promise<Uint8Array<ArrayBuffer>> {
  const opts = watermarkOptionsSchema.parse(options);
  const end = typeof svg === "string" ? svg.lastIndexOf("</svg>") : -1;
  if (end < 0) throw new TypeError("watermarkVector needs SVG text");
  if (!(size.width >= 16 && size.height >= 16 && size.width <= 4096 && size.height <= 4096))
    throw new RangeError(`Picture size ${size.width}×${size.height} is outside 16–4096 pixels`);
  return renderPng(svg.slice(0, end) + markText(size, opts) + svg.slice(end), { width: size.width });
}

/** Marks every picture the same way: a finished PNG or JPEG (a provider's), or an SVG picture in one render. */
export interface Watermarker {
  png(image: Uint8Array): Promise<Uint8Array>;
  vector(svg: string, size: VectorSize): Promise<Uint8Array>;
  /** Makes the renderer ready in the background, once per isolate (see `warmOnce`). */
  warm?(): void;
}

let warmed = false;

/**
 * The first watermark of an isolate costs several times the next ones (the renderer's start, the
 * font, the runtime compiling the hot code). A provider's book calls this while its first pictures
 * are being made: one blank 1024 px picture is watermarked in the background and thrown away.
 */
function warmOnce(options: WatermarkOptions): void {
  if (warmed) return;
  warmed = true;
  setTimeout(() => {
    const size = 1024;
    const blank = new Uint8Array(size * size * 4).fill(255);
    encodePng(blank, size, size)
      .then((png) => watermark(png, options))
      .catch(() => {
        warmed = false; // a later page tries again; a warm-up never fails a book
      });
  }, 50);
}

export function createWatermarker(options: WatermarkOptions): Watermarker {
  return { png: (image) => watermark(image, options), vector: (svg, size) => watermarkVector(svg, size, options), warm: () => warmOnce(options) };
}
