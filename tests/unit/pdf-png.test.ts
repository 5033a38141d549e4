import { deflateSync, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { filenameFrom, pdfErrorMessage } from "~/components/book-actions/PdfDownload";
import { pngToPdfImage, readPng, unfilter } from "~/services/pdf/png.server";
import { pdfFilename } from "~/services/pdf/filename";

/** PNG's forward filters, written independently of the decoder under test. */
function filterRows(raw: Uint8Array, width: number, height: number, bpp: number, pick: (y: number) => number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(height * (stride + 1));
  const at = (x: number, y: number) => (x < 0 || y < 0 ? 0 : raw[y * stride + x]);
  for (let y = 0; y < height; y++) {
    const f = pick(y);
    out[y * (stride + 1)] = f;
    for (let x = 0; x < stride; x++) {
      const v = raw[y * stride + x];
      const a = at(x - bpp, y);
      const b = at(x, y - 1);
      const c = at(x - bpp, y - 1);
      let pred = 0;
      if (f === 1) pred = a;
      else if (f === 2) pred = b;
      else if (f === 3) pred = (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[y * (stride + 1) + 1 + x] = (v - pred) & 0xff;
    }
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  out.set(data, 8);
  return out; // CRC left zero: the reader does not need it
}

/** A PNG of the given pixels, its data split over several IDAT chunks. */
function png(raw: Uint8Array, width: number, height: number, colorType: number, bpp: number, pick: (y: number) => number): Uint8Array {
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr.set([8, colorType, 0, 0, 0], 8);
  const z = deflateSync(filterRows(raw, width, height, bpp, pick));
  const half = Math.floor(z.length / 2);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", z.subarray(0, half)),
    chunk("IDAT", z.subarray(half)),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function pixels(width: number, height: number, channels: number, alpha: (x: number, y: number) => number): Uint8Array {
  const raw = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      raw[i] = (x * 37 + y * 11) & 0xff;
      if (channels >= 3) {
        raw[i + 1] = (x * y + 90) & 0xff;
        raw[i + 2] = (255 - x * 5 + y) & 0xff;
      }
      if (channels === 4 || channels === 2) raw[i + channels - 1] = alpha(x, y);
    }
  return raw;
}

const W = 29;
const H = 17;
const byRow = (y: number) => y % 5; // every filter type, row by row

describe("PNG data for the PDF", () => {
  it("embeds an RGB PNG's own compressed data, untouched, with the PNG predictor", async () => {
    const raw = pixels(W, H, 3, () => 255);
    const file = png(raw, W, H, 2, 3, byRow);
    const parts = await pngToPdfImage(file);
    expect(parts).toMatchObject({ width: W, height: H, colorSpace: "DeviceRGB", predictorColumns: W, path: "passthrough" });
    expect(Buffer.from(parts!.data).equals(Buffer.from(readPng(file).data))).toBe(true);
    // a PDF reader un-predicts it back to the same pixels
    expect(Buffer.from(unfilter(inflateSync(parts!.data), W, H, 3)).equals(Buffer.from(raw))).toBe(true);
  });

  it("drops a fully opaque alpha channel and keeps every colour value of an RGBA PNG", async () => {
    const raw = pixels(W, H, 4, () => 255);
    const parts = await pngToPdfImage(png(raw, W, H, 6, 4, byRow));
    expect(parts).toMatchObject({ colorSpace: "DeviceRGB", path: "split" });
    expect(parts!.alpha).toBeUndefined();
    expect(parts!.predictorColumns).toBeUndefined();
    const rgb = inflateSync(parts!.data);
    expect(rgb.length).toBe(W * H * 3);
    for (let i = 0; i < W * H; i++) expect([rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]]).toEqual([raw[i * 4], raw[i * 4 + 1], raw[i * 4 + 2]]);
  });

  it("keeps real transparency as a soft mask", async () => {
    const raw = pixels(W, H, 4, (x) => (x * 9) & 0xff);
    const parts = await pngToPdfImage(png(raw, W, H, 6, 4, byRow));
    const alpha = inflateSync(parts!.alpha!);
    expect(alpha.length).toBe(W * H);
    expect(alpha[3]).toBe(27);
    const grey = await pngToPdfImage(
      png(
        pixels(W, H, 2, () => 128),
        W,
        H,
        4,
        2,
        byRow,
      ),
    );
    expect(grey).toMatchObject({ colorSpace: "DeviceGray", path: "split" });
    expect(inflateSync(grey!.alpha!).every((a) => a === 128)).toBe(true);
  });

  it("leaves palette and interlaced PNGs to pdf-lib, and refuses what is not a PNG", async () => {
    const palette = png(new Uint8Array(W * H), W, H, 3, 1, () => 0);
    expect(await pngToPdfImage(palette)).toBeNull();
    expect(() => readPng(new TextEncoder().encode("%PDF-1.7 not a picture at all, clearly"))).toThrow("Not a PNG image");
    const broken = png(
      pixels(W, H, 3, () => 255),
      W,
      H,
      2,
      3,
      () => 7,
    );
    await expect(pngToPdfImage(broken).then((p) => unfilter(inflateSync(p!.data), W, H, 3))).rejects.toThrow("unknown row filter 7");
  });
});

describe("the PDF's file name", () => {
  it("is the title made safe, never empty", () => {
    expect(pdfFilename('Zoë and the Whale: a "big" day/night')).toBe("Zoe and the Whale a big day night.pdf");
    expect(pdfFilename("   ")).toBe("StoryNest book.pdf");
    expect(pdfFilename("🐳🐳")).toBe("StoryNest book.pdf");
    expect(pdfFilename("x".repeat(200))).toHaveLength(84);
  });

  it("is read back from Content-Disposition, preferring the exact UTF-8 name", () => {
    expect(filenameFrom(`attachment; filename="Zoe.pdf"; filename*=UTF-8''Zo%C3%AB.pdf`, "f.pdf")).toBe("Zoë.pdf");
    expect(filenameFrom(`attachment; filename="Mia's Moon.pdf"`, "f.pdf")).toBe("Mia's Moon.pdf");
    expect(filenameFrom(null, "f.pdf")).toBe("f.pdf");
  });

  it("explains failures in plain words", () => {
    expect(pdfErrorMessage(409, "This book is still being made.")).toBe("This book is still being made.");
    expect(pdfErrorMessage(0, undefined)).toContain("connection");
    expect(pdfErrorMessage(500, "TypeError: x is undefined")).not.toContain("TypeError");
  });
});
