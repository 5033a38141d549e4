/**
 * PNG decoding with the runtime's own inflate (DecompressionStream, native code) for the common
 * shape of a picture: 8-bit RGB or RGBA, not interlaced. Anything else (palette, grey, 16-bit,
 * interlaced, broken) returns null so the caller takes its general path.
 */
import { unfilter } from "~/services/pdf/png.server";

export interface DecodedPng {
  width: number;
  height: number;
  /** Straight RGBA, 8 bits a channel. */
  rgba: Uint8Array<ArrayBuffer>;
  /** Whether every pixel is fully opaque. */
  opaque: boolean;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function inflate(parts: Uint8Array[]): Promise<Uint8Array | null> {
  try {
    const stream = new Blob(parts as Uint8Array<ArrayBuffer>[]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

/** The raw pixels (rows × stride) with PNG's row filters undone; null for an unknown filter or short data. */
function unfiltered(raw: Uint8Array, width: number, height: number, bpp: number): Uint8Array | null {
  try {
    return unfilter(raw, width, height, bpp);
  } catch {
    return null;
  }
}

/** Decodes an 8-bit RGB/RGBA non-interlaced PNG; null for any other kind (or a damaged file). */
export async function decodePng(bytes: Uint8Array): Promise<DecodedPng | null> {
  if (bytes.length < 33 || !SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length !== length) return null;
    if (type === "IHDR") {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      const [depth, colour, compression, filter, interlace] = data.subarray(8, 13);
      if (depth !== 8 || (colour !== 2 && colour !== 6) || compression !== 0 || filter !== 0 || interlace !== 0) return null;
      channels = colour === 6 ? 4 : 3;
    } else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  if (!channels || !width || !height || idat.length === 0) return null;
  const stride = width * channels;
  const inflated = await inflate(idat);
  const raw = inflated && unfiltered(inflated, width, height, channels);
  if (!raw) return null;
  const rgba = new Uint8Array(width * height * 4);
  let opaque = true;
  for (let y = 0; y < height; y++) {
    let from = y * stride;
    let to = y * width * 4;
    if (channels === 4) {
      rgba.set(raw.subarray(from, from + stride), to);
      for (let i = 3; i < stride; i += 4) if (raw[from + i] !== 255) opaque = false;
    } else {
      for (let x = 0; x < width; x++, from += 3, to += 4) {
        rgba[to] = raw[from];
        rgba[to + 1] = raw[from + 1];
        rgba[to + 2] = raw[from + 2];
        rgba[to + 3] = 255;
      }
    }
  }
  return { width, height, rgba, opaque };
}
