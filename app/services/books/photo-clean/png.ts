import { ascii, checkSize, concat, crc32, PhotoRejected, u32be } from "./bytes";

const SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Ancillary chunks that say only how to show the colours; every other one is left out. */
const KEEP = new Set(["tRNS", "gAMA", "cHRM", "sRGB"]);

/** The most image data a PNG may inflate to (a 12-megapixel RGBA photo is 48 MB; inflating 100 MB takes about a second). */
const PNG_MAX_RAW_BYTES = 100 * 1024 * 1024;

/** Bits per pixel for each colour type and the bit depths it allows. */
const COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/**
 * A PNG rebuilt from the chunks a picture needs, after checking the whole file: the signature,
 * every chunk's length and CRC, a valid IHDR, PLTE where the colour type needs one, consecutive IDAT
 * chunks whose zlib stream inflates to exactly the number of bytes the header promises (with a
 * valid filter byte on every row), and IEND. Only IHDR, PLTE, IDAT, IEND and the colour chunks
 * tRNS, gAMA, cHRM and sRGB are kept: text (tEXt, zTXt, iTXt), EXIF (eXIf), times, ICC profiles,
 * animation and any private chunk are left out, and so is anything after IEND.
 */
export async function cleanPng(b: Uint8Array): Promise<Uint8Array> {
  if (b.length < 8 || !SIGNATURE.every((v, i) => b[i] === v)) throw new PhotoRejected("no PNG signature");
  const out: Uint8Array[] = [SIGNATURE];
  const idat: Uint8Array[] = [];
  let header: { width: number; height: number; depth: number; colour: number; interlaced: boolean } | null = null;
  let palette = false;
  let idatDone = false;
  let pos = 8;
  for (;;) {
    if (pos + 12 > b.length) throw new PhotoRejected("PNG ends inside a chunk");
    const length = u32be(b, pos);
    if (length > 0x7fffffff || pos + 12 + length > b.length) throw new PhotoRejected("PNG chunk runs past the end");
    const type = ascii(b, pos + 4, pos + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new PhotoRejected("PNG chunk type malformed");
    if (crc32(b.subarray(pos + 4, pos + 8 + length)) !== u32be(b, pos + 8 + length)) throw new PhotoRejected(`PNG chunk ${type} has a bad CRC`);
    const data = b.subarray(pos + 8, pos + 8 + length);
    const chunk = b.subarray(pos, pos + 12 + length);
    pos += 12 + length;
    if (!header && type !== "IHDR") throw new PhotoRejected("PNG does not start with IHDR");
    if (idat.length > 0 && type !== "IDAT") idatDone = true;
    if (type === "IHDR") {
      if (header) throw new PhotoRejected("PNG has two headers");
      header = readHeader(data);
      out.push(chunk);
    } else if (type === "PLTE") {
      if (palette || idat.length > 0 || length === 0 || length % 3 !== 0 || length > 768) throw new PhotoRejected("PNG palette malformed");
      palette = true;
      out.push(chunk);
    } else if (type === "IDAT") {
      if (idatDone) throw new PhotoRejected("PNG image data is not in one run");
      idat.push(data);
      out.push(chunk);
    } else if (type === "IEND") {
      if (length !== 0) throw new PhotoRejected("PNG end malformed");
      out.push(chunk);
      break;
    } else if (type.charCodeAt(0) < 0x61) {
      throw new PhotoRejected(`PNG critical chunk ${type} not supported`);
    } else if (KEEP.has(type) && idat.length === 0) {
      out.push(chunk);
    }
  }
  if (!header || idat.length === 0) throw new PhotoRejected("PNG has no picture");
  if (header.colour === 3 && !palette) throw new PhotoRejected("PNG palette missing");
  await checkPixels(concat(idat), header);
  return concat(out);
}

function readHeader(d: Uint8Array) {
  if (d.length !== 13) throw new PhotoRejected("PNG header malformed");
  const width = u32be(d, 0);
  const height = u32be(d, 4);
  const [depth, colour, compression, filter, interlace] = d.subarray(8, 13);
  checkSize(width, height, "PNG");
  if (!COLOUR_TYPES[colour]?.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1)
    throw new PhotoRejected("PNG header values malformed");
  return { width, height, depth, colour, interlaced: interlace === 1 };
}

/** The rows of each pass, as [width, height] (one pass unless Adam7-interlaced). */
function passes(width: number, height: number, interlaced: boolean): Array<[number, number]> {
  if (!interlaced) return [[width, height]];
  const adam7 = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  return adam7.map(([x0, y0, dx, dy]): [number, number] => [Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)]).filter(([w, h]) => w > 0 && h > 0);
}

/**
 * Inflates the image data as a stream (never holding the pixels) and checks it is exactly the
 * rows the header promises, each starting with a filter byte of 0 to 4.
 */
async function checkPixels(zlib: Uint8Array<ArrayBuffer>, h: { width: number; height: number; depth: number; colour: number; interlaced: boolean }) {
  const bits = COLOUR_TYPES[h.colour].channels * h.depth;
  const rows: number[] = [];
  for (const [w, count] of passes(h.width, h.height, h.interlaced)) for (let r = 0; r < count; r++) rows.push(1 + Math.ceil((w * bits) / 8));
  const expected = rows.reduce((n, r) => n + r, 0);
  // inflating costs CPU: a small file that claims a huge picture is refused before it is tried
  if (expected > PNG_MAX_RAW_BYTES) throw new PhotoRejected("PNG image data too large");
  let row = 0;
  let left = rows[0];
  let seen = 0;
  const stream = new Blob([zlib]).stream().pipeThrough(new DecompressionStream("deflate"));
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen += value.length;
      if (seen > expected) throw new PhotoRejected("PNG image data longer than its size");
      let i = 0;
      while (i < value.length) {
        if (left === rows[row] && value[i] > 4) throw new PhotoRejected("PNG row filter malformed");
        const take = Math.min(left, value.length - i);
        i += take;
        left -= take;
        if (left === 0) left = rows[++row] ?? 0;
      }
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (error instanceof PhotoRejected) throw error;
    throw new PhotoRejected("PNG image data does not inflate");
  }
  if (seen !== expected) throw new PhotoRejected("PNG image data shorter than its size");
}
