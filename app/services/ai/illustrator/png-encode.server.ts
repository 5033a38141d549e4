/**
 * PNG encoding of finished RGBA pixels with the runtime's own deflate (CompressionStream, native
 * code) instead of the rasteriser's WebAssembly one: the same file format resvg writes (8-bit RGBA,
 * non-interlaced, each row filtered with "Sub"), at a fraction of the CPU, and asynchronous.
 */
import { crc32 } from "~/services/books/photo-clean/bytes";

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(raw: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Encodes `width × height` RGBA pixels (straight alpha) as a PNG. */
export async function encodePng(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  if (rgba.length !== width * height * 4) throw new RangeError("encodePng needs width × height × 4 bytes");
  const stride = width * 4;
  const raw = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const from = y * stride;
    const to = y * (stride + 1);
    raw[to] = 1; // Sub: each byte minus the byte one pixel to its left
    for (let i = 0; i < 4; i++) raw[to + 1 + i] = rgba[from + i];
    for (let i = 4; i < stride; i++) raw[to + 1 + i] = (rgba[from + i] - rgba[from + i - 4]) & 255;
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit, RGBA, deflate, adaptive filtering, no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflate(raw)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
