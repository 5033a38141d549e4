/**
 * PNG → PDF image without pdf-lib's pure-JavaScript decoder. A PDF image can carry PNG's own
 * compressed data: FlateDecode with the PNG predictors (/Predictor 15) is the same encoding as a PNG's
 * IDAT chunks. So:
 *  - RGB or grey PNGs (8 bits, not interlaced) are embedded byte for byte: the stored picture itself,
 *    no decoding at all;
 *  - PNGs with an alpha channel (resvg writes RGBA) are inflated and re-deflated with the runtime's
 *    native zlib, un-filtered once in JavaScript, and split into colour and alpha; a
 *    fully opaque alpha channel (every page picture) is dropped instead of becoming a soft mask.
 * Pixels are never scaled or changed: the PDF shows the picture at full resolution.
 * Anything else (palette, 16-bit, interlaced) returns null and the caller uses pdf-lib's embedPng.
 */

import { deflateSync, inflateSync } from "node:zlib";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA */
  colorType: number;
  interlace: number;
}

export interface PngChunks {
  header: PngHeader;
  /** the IDAT chunks' data joined: one zlib stream of filtered scanlines */
  data: Uint8Array;
}

/** Reads a PNG's header and joins its IDAT data; throws a clear error for anything that is not a PNG. */
export function readPng(bytes: Uint8Array): PngChunks {
  if (bytes.length < 33 || !SIGNATURE.every((b, i) => bytes[i] === b)) throw new Error("Not a PNG image");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: PngHeader | undefined;
  const parts: Uint8Array[] = [];
  let total = 0;
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]);
    const start = at + 8;
    const end = start + length;
    if (end + 4 > bytes.length) throw new Error(`Damaged PNG: the ${type} chunk runs past the end of the file`);
    if (type === "IHDR") {
      header = {
        width: view.getUint32(start),
        height: view.getUint32(start + 4),
        bitDepth: bytes[start + 8],
        colorType: bytes[start + 9],
        interlace: bytes[start + 12],
      };
    } else if (type === "IDAT") {
      parts.push(bytes.subarray(start, end));
      total += length;
    } else if (type === "IEND") {
      break;
    }
    at = end + 4; // skip the CRC
  }
  if (!header) throw new Error("Damaged PNG: no IHDR chunk");
  if (header.width < 1 || header.height < 1) throw new Error("Damaged PNG: empty image");
  if (parts.length === 0) throw new Error("Damaged PNG: no image data");
  const data = parts.length === 1 ? parts[0] : new Uint8Array(total);
  if (parts.length > 1) {
    let o = 0;
    for (const p of parts) {
      data.set(p, o);
      o += p.length;
    }
  }
  return { header, data };
}

/**
 * zlib through node:zlib (native in workerd with nodejs_compat, and in Node): the synchronous calls
 * are 3–5× faster than piping through (De)CompressionStream, and level 1 deflates a page 4–7× faster
 * than the default level 6 for about 40 % more bytes, which leaves the PDF about as large as the PNGs
 * it came from (see docs/decisions/015-pdf.md for the measurements).
 */
export const DEFLATE_LEVEL = 1;
export const inflate = async (bytes: Uint8Array): Promise<Uint8Array> => new Uint8Array(inflateSync(bytes));
export const deflate = async (bytes: Uint8Array): Promise<Uint8Array> => new Uint8Array(deflateSync(bytes, { level: DEFLATE_LEVEL }));

/**
 * Lets the isolate answer other requests before the next step of a long conversion (a timer of this
 * request's own, so the runtime never takes it for a hung request).
 */
export const yieldToOthers = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Reverses PNG's per-scanline filters in place order; returns the raw pixels (rows × stride). */
export function unfilter(filtered: Uint8Array, width: number, height: number, bytesPerPixel: number): Uint8Array {
  const stride = width * bytesPerPixel;
  if (filtered.length < height * (stride + 1)) throw new Error("Damaged PNG: the image data is too short");
  const out = new Uint8Array(height * stride);
  const bpp = bytesPerPixel;
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const prev = row - stride;
    switch (filter) {
      case 0:
        out.set(filtered.subarray(src, src + stride), row);
        break;
      case 1:
        for (let x = 0; x < stride; x++) out[row + x] = (filtered[src + x] + (x >= bpp ? out[row + x - bpp] : 0)) & 0xff;
        break;
      case 2:
        for (let x = 0; x < stride; x++) out[row + x] = (filtered[src + x] + (y > 0 ? out[prev + x] : 0)) & 0xff;
        break;
      case 3:
        for (let x = 0; x < stride; x++) {
          const left = x >= bpp ? out[row + x - bpp] : 0;
          const up = y > 0 ? out[prev + x] : 0;
          out[row + x] = (filtered[src + x] + ((left + up) >> 1)) & 0xff;
        }
        break;
      case 4:
        for (let x = 0; x < stride; x++) {
          const a = x >= bpp ? out[row + x - bpp] : 0;
          const b = y > 0 ? out[prev + x] : 0;
          const c = x >= bpp && y > 0 ? out[prev + x - bpp] : 0;
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          const pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          out[row + x] = (filtered[src + x] + pred) & 0xff;
        }
        break;
      default:
        throw new Error(`Damaged PNG: unknown row filter ${filter}`);
    }
  }
  return out;
}

/** An image XObject's parts, ready to become PDF streams (data already Flate-compressed). */
export interface PdfImageParts {
  width: number;
  height: number;
  colorSpace: "DeviceRGB" | "DeviceGray";
  data: Uint8Array;
  /** set when the data still carries PNG row filters (embedded as stored) */
  predictorColumns?: number;
  /** the alpha channel, when the picture is not fully opaque */
  alpha?: Uint8Array;
  /** how the parts were made, for the bench and tests */
  path: "passthrough" | "split";
}

/**
 * The PDF image parts of a PNG, or null when this PNG needs pdf-lib's general decoder
 * (palette, 16-bit, interlaced).
 */
export async function pngToPdfImage(bytes: Uint8Array): Promise<PdfImageParts | null> {
  const { header, data } = readPng(bytes);
  const { width, height, bitDepth, colorType, interlace } = header;
  if (bitDepth !== 8 || interlace !== 0) return null;
  if (colorType === 2 || colorType === 0) {
    const colors = colorType === 2 ? 3 : 1;
    return { width, height, colorSpace: colors === 3 ? "DeviceRGB" : "DeviceGray", data, predictorColumns: width, path: "passthrough" };
  }
  if (colorType !== 6 && colorType !== 4) return null;
  const channels = colorType === 6 ? 4 : 2;
  const colors = channels - 1;
  const inflated = await inflate(data);
  await yieldToOthers();
  const raw = unfilter(inflated, width, height, channels);
  await yieldToOthers();
  const pixels = width * height;
  const color = new Uint8Array(pixels * colors);
  const alpha = new Uint8Array(pixels);
  let opaque = true;
  for (let i = 0, s = 0, c = 0; i < pixels; i++) {
    for (let k = 0; k < colors; k++) color[c++] = raw[s++];
    const a = raw[s++];
    alpha[i] = a;
    if (a !== 255) opaque = false;
  }
  await yieldToOthers();
  const colorZ = await deflate(color);
  const alphaZ = opaque ? undefined : (await yieldToOthers(), await deflate(alpha));
  return { width, height, colorSpace: colors === 3 ? "DeviceRGB" : "DeviceGray", data: colorZ, alpha: alphaZ, path: "split" };
}
