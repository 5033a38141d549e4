import { checkSize, concat, PhotoRejected, u16be } from "./bytes";

/**
 * A JPEG rebuilt from the segments a picture needs, after walking the whole file: SOI, the
 * quantisation and Huffman tables, the restart interval, one baseline or progressive frame (SOF0,
 * SOF1, SOF2), every scan with its entropy-coded data, EOI. Everything else is left out: every APPn
 * segment (EXIF with GPS, XMP, ICC, maker notes, thumbnails, Photoshop IRB) except Adobe's APP14
 * (12 bytes of colour-transform flags, nothing personal), every comment, and any bytes after EOI. A
 * fresh JFIF header is written (unless Adobe's says how the colours are stored), and the photo's
 * EXIF orientation, when it had one, is kept as a 1-entry EXIF of its own, so the photo stays upright.
 * Anything malformed (a segment running past the end, a scan without a frame or tables, a truncated
 * scan, no EOI, lossless/hierarchical/arithmetic coding) is refused.
 */
export function cleanJpeg(b: Uint8Array): Uint8Array {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) throw new PhotoRejected("no JPEG start");
  const kept: Uint8Array[] = [];
  let orientation = 1;
  let adobe = false;
  let frame: { components: number[] } | null = null;
  const dc = new Set<number>();
  const ac = new Set<number>();
  let quant = 0;
  let scans = 0;
  let pos = 2;
  for (;;) {
    if (pos >= b.length || b[pos] !== 0xff) throw new PhotoRejected("a JPEG segment does not start with a marker");
    while (pos < b.length && b[pos] === 0xff) pos++; // fill bytes
    if (pos >= b.length) throw new PhotoRejected("JPEG ends inside a marker");
    const marker = b[pos];
    pos++;
    if (marker === 0xd9) break; // EOI: anything after it is dropped
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) throw new PhotoRejected("JPEG marker out of place");
    if (pos + 2 > b.length) throw new PhotoRejected("JPEG segment length missing");
    const length = u16be(b, pos);
    if (length < 2 || pos + length > b.length) throw new PhotoRejected("JPEG segment runs past the end");
    const body = b.subarray(pos + 2, pos + length);
    const segment = b.subarray(pos - 2, pos + length);
    pos += length;
    if (marker >= 0xe0 && marker <= 0xef) {
      if (marker === 0xe1) orientation = exifOrientation(body) ?? orientation;
      if (marker === 0xee && body.length === 12 && String.fromCharCode(...body.subarray(0, 5)) === "Adobe") {
        adobe = true;
        kept.push(segment);
      }
      continue;
    }
    if (marker === 0xfe) continue; // comment
    if (marker === 0xdb) {
      quant += checkQuantTables(body);
      kept.push(segment);
    } else if (marker === 0xc4) {
      checkHuffmanTables(body, dc, ac);
      kept.push(segment);
    } else if (marker === 0xdd) {
      if (body.length !== 2) throw new PhotoRejected("JPEG restart interval malformed");
      kept.push(segment);
    } else if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      if (frame) throw new PhotoRejected("JPEG has two frames");
      frame = checkFrame(body);
      kept.push(segment);
    } else if (marker === 0xda) {
      if (!frame || quant === 0) throw new PhotoRejected("JPEG scan before its frame or tables");
      checkScan(body, frame.components, dc, ac);
      const end = scanEnd(b, pos);
      if (end === pos) throw new PhotoRejected("JPEG scan is empty");
      kept.push(segment, b.subarray(pos, end));
      pos = end;
      scans++;
    } else {
      throw new PhotoRejected(`JPEG marker 0x${marker.toString(16)} not supported`);
    }
  }
  if (!frame || scans === 0) throw new PhotoRejected("JPEG has no picture");
  const head: Uint8Array[] = [new Uint8Array([0xff, 0xd8])];
  if (!adobe) head.push(JFIF);
  if (orientation !== 1) head.push(orientationExif(orientation));
  return concat([...head, ...kept, new Uint8Array([0xff, 0xd9])]);
}

/** A JFIF APP0 header: version 1.01, no density, no thumbnail. */
const JFIF = new Uint8Array([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);

function checkFrame(body: Uint8Array): { components: number[] } {
  if (body.length < 6) throw new PhotoRejected("JPEG frame too short");
  const [precision] = body;
  const height = u16be(body, 1);
  const width = u16be(body, 3);
  const count = body[5];
  if (precision !== 8) throw new PhotoRejected("JPEG precision not 8 bits");
  checkSize(width, height, "JPEG");
  if (![1, 3, 4].includes(count) || body.length !== 6 + 3 * count) throw new PhotoRejected("JPEG components malformed");
  const components: number[] = [];
  for (let i = 0; i < count; i++) {
    const sampling = body[7 + 3 * i];
    const h = sampling >> 4;
    const v = sampling & 15;
    if (h < 1 || h > 4 || v < 1 || v > 4 || body[8 + 3 * i] > 3) throw new PhotoRejected("JPEG component malformed");
    components.push(body[6 + 3 * i]);
  }
  return { components };
}

/** Every table of a DQT segment: 64 entries of 1 or 2 bytes. Returns how many. */
function checkQuantTables(body: Uint8Array): number {
  let i = 0;
  let n = 0;
  while (i < body.length) {
    const pq = body[i] >> 4;
    if (pq > 1 || (body[i] & 15) > 3) throw new PhotoRejected("JPEG quantisation table malformed");
    i += 1 + 64 * (pq + 1);
    n++;
  }
  if (i !== body.length || n === 0) throw new PhotoRejected("JPEG quantisation table malformed");
  return n;
}

function checkHuffmanTables(body: Uint8Array, dc: Set<number>, ac: Set<number>): void {
  let i = 0;
  while (i < body.length) {
    if (i + 17 > body.length) throw new PhotoRejected("JPEG Huffman table malformed");
    const tc = body[i] >> 4;
    const th = body[i] & 15;
    if (tc > 1 || th > 3) throw new PhotoRejected("JPEG Huffman table malformed");
    let codes = 0;
    for (let k = 1; k <= 16; k++) codes += body[i + k];
    if (codes === 0 || codes > 256) throw new PhotoRejected("JPEG Huffman table malformed");
    i += 17 + codes;
    (tc === 0 ? dc : ac).add(th);
  }
  if (i !== body.length) throw new PhotoRejected("JPEG Huffman table malformed");
}

function checkScan(body: Uint8Array, components: number[], dc: Set<number>, ac: Set<number>): void {
  const count = body[0];
  if (count < 1 || count > 4 || body.length !== 4 + 2 * count) throw new PhotoRejected("JPEG scan header malformed");
  if (dc.size + ac.size === 0) throw new PhotoRejected("JPEG scan without Huffman tables");
  for (let i = 0; i < count; i++) {
    if (!components.includes(body[1 + 2 * i])) throw new PhotoRejected("JPEG scan names an unknown component");
  }
}

/** Where a scan's entropy-coded data ends: the next marker that is not a stuffed 0xFF00 or a restart. */
function scanEnd(b: Uint8Array, from: number): number {
  let i = from;
  while (i < b.length) {
    if (b[i] !== 0xff) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < b.length && b[j] === 0xff) j++;
    if (j >= b.length) break;
    const next = b[j];
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
      i = j + 1;
      continue;
    }
    return i;
  }
  throw new PhotoRejected("JPEG ends inside a scan");
}

/** The orientation (1–8) in an APP1 EXIF segment's first directory, or null. Never throws. */
export function exifOrientation(body: Uint8Array): number | null {
  if (body.length < 14 || String.fromCharCode(...body.subarray(0, 4)) !== "Exif" || body[4] !== 0 || body[5] !== 0) return null;
  const t = body.subarray(6);
  const little = t[0] === 0x49 && t[1] === 0x49;
  if (!little && !(t[0] === 0x4d && t[1] === 0x4d)) return null;
  const view = new DataView(t.buffer, t.byteOffset, t.byteLength);
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > t.length) return null;
  const entries = view.getUint16(ifd, little);
  for (let k = 0; k < entries; k++) {
    const at = ifd + 2 + 12 * k;
    if (at + 12 > t.length) return null;
    if (view.getUint16(at, little) === 0x0112 && view.getUint16(at + 2, little) === 3) {
      const value = view.getUint16(at + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 EXIF segment holding only the orientation (big-endian TIFF, one entry in IFD0). */
function orientationExif(orientation: number): Uint8Array {
  return new Uint8Array([
    0xff,
    0xe1,
    0x00,
    0x22,
    0x45,
    0x78,
    0x69,
    0x66,
    0x00,
    0x00, // "Exif\0\0"
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // MM, 42, IFD0 at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00, // Orientation, SHORT, 1
    0x00,
    0x00,
    0x00,
    0x00, // no next directory
  ]);
}
