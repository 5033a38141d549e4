/**
 * The copyright watermark every picture gets before it is stored: semi-transparent text in the
 * bottom right corner, a copyright line carrying the product's brand. Works on any
 * PNG or JPEG, the offline pictures and a provider's alike: the picture is drawn into an SVG of the
 * same size with the text on top, and rendered back to PNG by resvg.
 */
import { z } from "zod";
import { renderPng } from "~/services/ai/illustrator/render.server";
import { encodePng } from "~/services/ai/illustrator/png-encode.server";

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
  return renderPng(watermarkSvg(size, SOURCE, opts), { width: size.width }, { [SOURCE]: image });
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
