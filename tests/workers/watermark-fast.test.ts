import { decode, encode } from "fast-png";
import { describe, expect, it } from "vitest";
import { decodePng } from "~/services/ai/illustrator/png-decode.server";
import { renderPng } from "~/services/ai/illustrator/render.server";
import { imageSize, watermark, watermarkDecoded, watermarkRendered } from "~/services/storage/watermark.server";
import { GPS_JPEG_BASE64 } from "./photo-fixtures";

const OPTIONS = { brand: "StoryNest", year: 2026 };

/** A picture like a provider's: smooth gradients with fine noise (so every row filter gets used). */
function picture(width: number, height: number, channels: 3 | 4, seed = 7): Uint8Array {
  const data = new Uint8Array(width * height * channels);
  let s = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const i = (y * width + x) * channels;
      data[i] = (x * 255) / width + ((s >>> 16) & 15);
      data[i + 1] = (y * 200) / height + ((s >>> 20) & 7);
      data[i + 2] = ((x + y) * 97) % 256;
      if (channels === 4) data[i + 3] = 255;
    }
  }
  return encode({ width, height, data, channels, depth: 8 });
}

/** Mean and largest difference per channel (RGB) between two same-sized RGBA pictures. */
function difference(a: Uint8Array, b: Uint8Array): { mean: number; max: number } {
  let sum = 0;
  let max = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(a[i + c] - b[i + c]);
      sum += d;
      if (d > max) max = d;
    }
  }
  return { mean: sum / ((a.length / 4) * 3), max };
}

/** How many pixels of a rectangle differ (any channel, alpha included) between two RGBA pictures. */
function changedIn(a: Uint8Array, b: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = Math.floor(y0); y < y1; y++) {
    for (let x = Math.floor(x0); x < x1; x++) {
      const i = (y * width + x) * 4;
      if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) n++;
    }
  }
  return n;
}

const rgba = (png: Uint8Array) => {
  const d = decode(png);
  expect(d.channels).toBe(4);
  return d.data as Uint8Array;
};

describe("watermark fast path", () => {
  it("decodes RGB and RGBA PNGs exactly, and declines kinds it does not handle", async () => {
    for (const channels of [3, 4] as const) {
      const png = picture(97, 61, channels);
      const ours = await decodePng(png);
      const theirs = decode(png);
      expect(ours).not.toBeNull();
      expect([ours!.width, ours!.height, ours!.opaque]).toEqual([97, 61, true]);
      let same = 0;
      for (let p = 0; p < 97 * 61; p++) for (let c = 0; c < 3; c++) if (ours!.rgba[p * 4 + c] === theirs.data[p * channels + c]) same++;
      expect(same).toBe(97 * 61 * 3);
    }
    const grey = encode({ width: 20, height: 20, data: new Uint8Array(400).fill(90), channels: 1, depth: 8 });
    expect(await decodePng(grey)).toBeNull();
    const deep = encode({ width: 20, height: 20, data: new Uint16Array(1200).fill(900), channels: 3, depth: 16 });
    expect(await decodePng(deep)).toBeNull();
    expect(await decodePng(new Uint8Array(64))).toBeNull();
  });

  it("gives a provider's 1024 px picture the same look as the resvg path, within a level of rounding", { timeout: 60_000 }, async () => {
    for (const channels of [3, 4] as const) {
      const source = picture(1024, 1024, channels);
      const marked = await watermark(source, OPTIONS);
      // the fast path is the one taken (the general path encodes with resvg's own encoder: other bytes)
      const direct = await watermarkDecoded(source, imageSize(source), OPTIONS);
      expect(direct).not.toBeNull();
      expect(Array.from(direct!)).toEqual(Array.from(marked));
      const fast = rgba(marked);
      const slow = rgba(await watermarkRendered(source, imageSize(source), OPTIONS));
      const { mean, max } = difference(fast, slow);
      expect(mean).toBeLessThan(0.01);
      expect(max).toBeLessThanOrEqual(3);
      // and the mark is there: the corner changed, the rest is the source's pixels
      const original = decode(source).data;
      let changedCorner = 0;
      for (let y = 960; y < 1024; y++) {
        for (let x = 700; x < 1024; x++) if (fast[(y * 1024 + x) * 4] !== original[(y * 1024 + x) * channels]) changedCorner++;
      }
      expect(changedCorner).toBeGreaterThan(1000);
      let untouched = 0;
      for (let p = 0; p < 1024 * 900; p++) if (fast[p * 4 + 1] === original[p * channels + 1]) untouched++;
      expect(untouched).toBe(1024 * 900);
    }
  });

  it("still marks a picture it does not decode itself: a JPEG, a translucent PNG", { timeout: 60_000 }, async () => {
    const jpeg = Uint8Array.from(atob(GPS_JPEG_BASE64), (c) => c.charCodeAt(0));
    const size = imageSize(jpeg);
    expect(await watermarkDecoded(jpeg, size, OPTIONS)).toBeNull();
    const marked = await watermark(jpeg, OPTIONS);
    expect(Array.from(await watermarkRendered(jpeg, size, OPTIONS))).toEqual(Array.from(marked));
    // the same JPEG drawn without the line: the mark changes its bottom-right corner only
    const href = "https://storynest.invalid/plain";
    const plainSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><image href="${href}" width="${size.width}" height="${size.height}" image-rendering="optimizeSpeed"/></svg>`;
    const plain = rgba(await renderPng(plainSvg, { width: size.width }, { [href]: jpeg }));
    expect(changedIn(plain, rgba(marked), size.width, size.width / 2, size.height - 30, size.width, size.height)).toBeGreaterThan(20);
    expect(changedIn(plain, rgba(marked), size.width, 0, 0, size.width, size.height / 2)).toBe(0);

    const data = new Uint8Array(300 * 200 * 4).fill(200);
    for (let i = 3; i < data.length; i += 4) data[i] = 128;
    const translucent = encode({ width: 300, height: 200, data, channels: 4, depth: 8 });
    expect(await watermarkDecoded(translucent, imageSize(translucent), OPTIONS)).toBeNull();
    const out = await watermark(translucent, OPTIONS);
    expect(Array.from(out)).toEqual(Array.from(await watermarkRendered(translucent, imageSize(translucent), OPTIONS)));
    expect(changedIn(data, rgba(out), 300, 150, 170, 300, 200)).toBeGreaterThan(50);
  });
});
