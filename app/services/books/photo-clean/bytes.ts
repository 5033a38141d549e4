/** Byte helpers shared by the photo cleaners. */

/** Why a photo was refused, for the log; the parent is told one plain sentence (PHOTO_ERRORS.unreadable). */
export class PhotoRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "PhotoRejected";
  }
}

/** The longest side a photo may have, and the most pixels (a 12-megapixel phone photo is 12 million). */
const PHOTO_MAX_SIDE = 16384;
const PHOTO_MAX_PIXELS = 40_000_000;

export function checkSize(width: number, height: number, format: string): void {
  if (width === 0 || height === 0 || width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE || width * height > PHOTO_MAX_PIXELS)
    throw new PhotoRejected(`${format} size out of range`);
}

export const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
export const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
export const u32le = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
export const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

export function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 as PNG uses it. */
export function crc32(b: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < b.length; i++) c = CRC_TABLE[(c ^ b[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
