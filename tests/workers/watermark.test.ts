import { decode, encode } from "fast-png";
import { describe, expect, it } from "vitest";
import { pageType } from "~/domain/story/book";
import { illustratePage } from "~/services/ai/illustrator/index.server";
import { drawPage, type DrawPageInput } from "~/domain/story/illustrator";
import { offlineIllustrator } from "~/services/ai/offline.server";
import { copyrightLine, imageSize, watermark, watermarkSvg, watermarkVector } from "~/services/storage/watermark.server";

/** A plain picture such as a provider might return: one colour, any size. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, 255], i);
  return encode({ width, height, data, channels: 4, depth: 8 });
}

/** Fraction of pixels in a rectangle that differ between two same-sized RGBA images. */
function changed(a: ArrayLike<number>, b: ArrayLike<number>, width: number, x0: number, y0: number, x1: number, y1: number): number {
  let diff = 0;
  let total = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 4;
      total++;
      if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 12) diff++;
    }
  }
  return diff / total;
}

describe("watermark", () => {
  it("reads the size of PNGs and JPEGs from their headers, and refuses anything else", () => {
    expect(imageSize(solidPng(300, 200, [10, 20, 30]))).toEqual({ width: 300, height: 200, type: "png" });
    // the smallest JPEG header with a baseline frame (SOF0) of 640×480
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 640, height: 480, type: "jpeg" });
    expect(() => imageSize(new TextEncoder().encode("GIF89a not a png"))).toThrow(/Not a PNG or JPEG/);
  });

  it("writes the brand's copyright line", () => {
    expect(copyrightLine({ brand: "StoryNest", year: 2026 })).toBe("© 2026 StoryNest");
    expect(watermarkSvg({ width: 100, height: 80, type: "png" }, "x", { brand: "StoryNest", year: 2026 })).toContain("© 2026 StoryNest");
  });

  it("marks the bottom-right corner of a provider's picture, keeps the size, leaves the top-left alone", async () => {
    const width = 768;
    const height = 512;
    const source = solidPng(width, height, [40, 90, 160]);
    const marked = await watermark(source, { brand: "StoryNest", year: 2026 });
    const a = decode(source);
    const b = decode(marked);
    expect([b.width, b.height]).toEqual([width, height]);
    expect(changed(a.data, b.data, width, width - 260, height - 50, width, height)).toBeGreaterThan(0.05);
    expect(changed(a.data, b.data, width, 0, 0, width / 2, height / 2)).toBe(0);
    // semi-transparent: no pixel of the text is pure white, the picture shows through
    let pureWhite = 0;
    let lighter = 0;
    for (let y = height - 50; y < height; y++) {
      for (let x = width - 260; x < width; x++) {
        const i = (y * width + x) * 4;
        if (b.data[i] === 255 && b.data[i + 1] === 255 && b.data[i + 2] === 255) pureWhite++;
        if (b.data[i] > 150) lighter++;
      }
    }
    expect(pureWhite).toBe(0);
    expect(lighter).toBeGreaterThan(100);
  });

  it("marks an illustrated page the same way", { timeout: 60_000 }, async () => {
    const source = await illustratePage({
      sheet: {
        name: "Leo",
        age: 5,
        gender: "boy",
        skinTone: "#8d5524",
        hairColor: "#1f1a17",
        hairStyle: "curly",
        eyeColor: "#4b2e1e",
        outfitColor: "#3a86ff",
        outfitAccent: "#8ac926",
        outfit: "overalls",
        accessory: "glasses",
        description: "Leo",
      },
      pageNumber: 12,
      pageType: pageType(12),
      scene: "Leo looks at the stars from the moon",
      theme: "Space",
      artStyle: "cartoon",
    });
    const marked = await watermark(source, { brand: "StoryNest", year: 2026 });
    const a = decode(source);
    const b = decode(marked);
    expect([b.width, b.height]).toEqual([1024, 1024]);
    expect(changed(a.data, b.data, 1024, 1024 - 320, 1024 - 60, 1024, 1024)).toBeGreaterThan(0.04);
    expect(changed(a.data, b.data, 1024, 0, 0, 400, 400)).toBe(0);
  });

  it("marks an offline page in one render just as marking its rendered PNG does", { timeout: 60_000 }, async () => {
    const page: DrawPageInput = {
      sheet: {
        name: "Mia",
        age: 6,
        gender: "girl",
        skinTone: "#f1c7a5",
        hairColor: "#6b3e26",
        hairStyle: "ponytail",
        eyeColor: "#3b7a57",
        outfitColor: "#ff7a59",
        outfitAccent: "#ffd166",
        outfit: "dress",
        accessory: "star hairclip",
        description: "Mia",
      },
      pageNumber: 7,
      pageType: pageType(7),
      scene: "Mia finds a glowing shell on the beach",
      theme: "Ocean",
      artStyle: "storybook",
    };
    const options = { brand: "StoryNest", year: 2026 };
    const plainPng = await illustratePage(page);
    const plain = decode(plainPng);
    const twoPasses = decode(await watermark(plainPng, options));
    const onePass = decode(await watermarkVector(drawPage(page), { width: 1024, height: 1024 }, options));
    expect([onePass.width, onePass.height]).toEqual([1024, 1024]);
    // the mark is there, bottom right, and nothing else moved
    expect(changed(plain.data, onePass.data, 1024, 1024 - 320, 1024 - 60, 1024, 1024)).toBeGreaterThan(0.04);
    expect(changed(plain.data, onePass.data, 1024, 0, 0, 1024, 1024 - 80)).toBe(0);
    // the same picture as the two-pass way, mark included
    expect(changed(twoPasses.data, onePass.data, 1024, 0, 0, 1024, 1024)).toBeLessThan(0.001);
    // the offline illustrator hands the Workflow this same SVG
    const request = { ...page, sheet: page.sheet!, bookId: "b", bookTitle: "" };
    expect(offlineIllustrator.drawSvg?.(request)).toEqual({ svg: drawPage({ ...page, bookTitle: "" }), width: 1024, height: 1024 });
  });

  it("refuses an SVG mark on something that is not SVG or a picture of a wrong size", async () => {
    const options = { brand: "StoryNest", year: 2026 };
    await expect(watermarkVector("<p>hello</p>", { width: 64, height: 64 }, options)).rejects.toThrow(/needs SVG/);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" viewBox="0 0 8 8"></svg>`;
    await expect(watermarkVector(svg, { width: 8, height: 8 }, options)).rejects.toThrow(/outside/);
  });

  it("refuses bytes that are not a picture, and bad options", async () => {
    await expect(watermark(new TextEncoder().encode("hello"), { brand: "StoryNest", year: 2026 })).rejects.toThrow(/Not a PNG or JPEG/);
    await expect(watermark(solidPng(32, 32, [0, 0, 0]), { brand: "", year: 2026 })).rejects.toThrow();
    await expect(watermark(solidPng(32, 32, [0, 0, 0]), { brand: "StoryNest", year: 26 })).rejects.toThrow();
  });
});
