import { ascii, checkSize, concat, PhotoRejected, u32le } from "./bytes";

/**
 * A still WebP rebuilt from its image chunk (and its alpha chunk), after walking the whole RIFF
 * container: the RIFF size, every chunk inside it, exactly one VP8 (lossy: a key frame with its
 * start code and a first partition that fits) or VP8L (lossless: its signature and version) whose
 * size matches the VP8X canvas, when there is one. EXIF, XMP, ICC and unknown chunks are left out,
 * and so is anything after the RIFF; an animation is refused (a photo is one picture).
 */
export function cleanWebp(b: Uint8Array): Uint8Array {
  if (b.length < 20 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 12) !== "WEBP") throw new PhotoRejected("no WebP header");
  const riffEnd = 8 + u32le(b, 4);
  if (riffEnd > b.length || riffEnd < 20) throw new PhotoRejected("WebP size does not match the file");
  let canvas: { width: number; height: number } | null = null;
  let image: { chunk: Uint8Array; width: number; height: number } | null = null;
  let alpha: Uint8Array | null = null;
  let pos = 12;
  let first = true;
  while (pos < riffEnd) {
    if (pos + 8 > riffEnd) throw new PhotoRejected("WebP ends inside a chunk");
    const type = ascii(b, pos, pos + 4);
    const size = u32le(b, pos + 4);
    const end = pos + 8 + size + (size & 1);
    if (pos + 8 + size > riffEnd) throw new PhotoRejected("WebP chunk runs past the end");
    const data = b.subarray(pos + 8, pos + 8 + size);
    const chunk = b.subarray(pos, Math.min(end, riffEnd));
    if (type === "VP8X") {
      if (!first || size < 10) throw new PhotoRejected("WebP extended header out of place");
      if (data[0] & 0x02) throw new PhotoRejected("WebP animation is not a photo");
      canvas = { width: 1 + (data[4] | (data[5] << 8) | (data[6] << 16)), height: 1 + (data[7] | (data[8] << 8) | (data[9] << 16)) };
    } else if (type === "VP8 " || type === "VP8L") {
      if (image) throw new PhotoRejected("WebP has two pictures");
      image = { chunk, ...(type === "VP8 " ? lossySize(data) : losslessSize(data)) };
    } else if (type === "ALPH") {
      if (!canvas || image || alpha || size < 1) throw new PhotoRejected("WebP alpha out of place");
      alpha = chunk;
    } else if (type === "ANIM" || type === "ANMF") {
      throw new PhotoRejected("WebP animation is not a photo");
    } else if (first) {
      throw new PhotoRejected("WebP does not start with a picture");
    }
    // ICCP, EXIF, XMP and unknown chunks: skipped
    first = false;
    pos = end;
  }
  if (!image) throw new PhotoRejected("WebP has no picture");
  const { width, height } = image;
  checkSize(width, height, "WebP");
  if (canvas && (canvas.width !== width || canvas.height !== height)) throw new PhotoRejected("WebP canvas does not match its picture");
  const chunks = alpha ? [vp8x(width, height), alpha, image.chunk] : [image.chunk];
  const body = concat(chunks.map(padded));
  const head = new Uint8Array(12);
  head.set([0x52, 0x49, 0x46, 0x46], 0);
  new DataView(head.buffer).setUint32(4, 4 + body.length, true);
  head.set([0x57, 0x45, 0x42, 0x50], 8);
  return concat([head, body]);
}

/** A chunk with its padding byte when its size is odd (the last chunk of a file may lack it). */
function padded(chunk: Uint8Array): Uint8Array {
  const size = u32le(chunk, 4);
  const full = 8 + size + (size & 1);
  if (chunk.length === full) return chunk;
  const out = new Uint8Array(full);
  out.set(chunk.subarray(0, Math.min(chunk.length, full)));
  return out;
}

/** A VP8X header saying only "this picture has alpha". */
function vp8x(width: number, height: number): Uint8Array {
  const out = new Uint8Array(18);
  out.set([0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, 0x10, 0, 0, 0]);
  const w = width - 1;
  const h = height - 1;
  out.set([w & 255, (w >> 8) & 255, (w >> 16) & 255, h & 255, (h >> 8) & 255, (h >> 16) & 255], 12);
  return out;
}

/** A lossy picture's size, read from its key frame header (RFC 6386, 9.1). */
function lossySize(d: Uint8Array): { width: number; height: number } {
  if (d.length < 10) throw new PhotoRejected("WebP lossy frame too short");
  const tag = d[0] | (d[1] << 8) | (d[2] << 16);
  const keyFrame = (tag & 1) === 0;
  const version = (tag >> 1) & 7;
  const show = (tag >> 4) & 1;
  const partition = tag >> 5;
  if (!keyFrame || version > 3 || !show) throw new PhotoRejected("WebP lossy frame is not a key frame");
  if (d[3] !== 0x9d || d[4] !== 0x01 || d[5] !== 0x2a) throw new PhotoRejected("WebP lossy start code missing");
  if (partition === 0 || partition > d.length - 10) throw new PhotoRejected("WebP lossy partition runs past the end");
  const width = (d[6] | (d[7] << 8)) & 0x3fff;
  const height = (d[8] | (d[9] << 8)) & 0x3fff;
  if (width === 0 || height === 0) throw new PhotoRejected("WebP lossy size is zero");
  return { width, height };
}

/** A lossless picture's size, read from its header (signature 0x2f, 14-bit sizes, version 0). */
function losslessSize(d: Uint8Array): { width: number; height: number } {
  if (d.length < 6 || d[0] !== 0x2f) throw new PhotoRejected("WebP lossless signature missing");
  const bits = u32le(d, 1);
  const width = (bits & 0x3fff) + 1;
  const height = ((bits >>> 14) & 0x3fff) + 1;
  if (bits >>> 29 !== 0) throw new PhotoRejected("WebP lossless version not supported");
  return { width, height };
}
