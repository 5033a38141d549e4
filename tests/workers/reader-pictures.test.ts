import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { renderPng } from "~/services/ai/illustrator/render.server";
import { inflate, readPng, unfilter } from "~/services/pdf/png.server";
import { finishedBook } from "./book-fixtures";
import { browser } from "./claim-helpers";

// Drawing a picture and its copies takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

// The reader's pictures (/api/images/...?sq=): the whole square page picture in fewer pixels, for the
// reader's srcset, drawn once and kept in R2, shown to exactly whoever may see the picture.

const cover = (bookId: string, query = "") => `/api/images/${bookId}/1/page-1.png${query}`;
const squareKey = (bookId: string, width: number) => `${bookId}/1/square-${width}/page-1.png`;

/** A 1024×1024 PNG: red above y = 768, blue below (a card would cut the blue off; the reader keeps it). */
async function redOverBlue(): Promise<Uint8Array> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">` +
    `<rect width="1024" height="768" fill="#ff0000"/><rect y="768" width="1024" height="256" fill="#0000ff"/></svg>`;
  return renderPng(svg, { width: 1024 });
}

async function pixels(bytes: Uint8Array) {
  const { header, data } = readPng(bytes);
  const bpp = header.colorType === 6 ? 4 : 3;
  const raw = unfilter(await inflate(data), header.width, header.height, bpp);
  return { ...header, at: (x: number, y: number) => Array.from(raw.subarray((y * header.width + x) * bpp, (y * header.width + x) * bpp + 3)) };
}

describe("the reader's square pictures", () => {
  it("give the owner the whole picture at 480 and 640 px, drawn once, kept a year, and smaller than the picture", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    const picture = await redOverBlue();
    await env.BOOK_IMAGES.put(`${bookId}/1/page-1.png`, picture, { httpMetadata: { contentType: "image/png" } });

    for (const width of [480, 640]) {
      const res = await owner.call(cover(bookId, `?sq=${width}`));
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/png");
      expect(res.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
      expect(res.headers.get("Vary")).toBe("Cookie, Accept");
      const bytes = new Uint8Array(await res.arrayBuffer());
      const px = await pixels(bytes);
      expect([px.width, px.height]).toEqual([width, width]);
      // the whole picture: red on top and the blue band at the bottom
      expect(px.at(width / 2, 2)).toEqual([255, 0, 0]);
      expect(px.at(width / 2, width - 3)).toEqual([0, 0, 255]);
      expect((await env.BOOK_IMAGES.head(squareKey(bookId, width)))?.size).toBe(bytes.length);
      expect(bytes.length).toBeLessThan(picture.length);
    }
    // the card's 4:3 thumbnails are other objects: asking for one does not answer the other
    const card = await owner.call(cover(bookId, "?w=480"));
    expect((await pixels(new Uint8Array(await card.arrayBuffer()))).height).toBe(360);
  });

  it("follow the picture's rules: a stranger gets the same 404 as for a missing picture", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    await env.BOOK_IMAGES.put(`${bookId}/1/page-1.png`, await redOverBlue(), { httpMetadata: { contentType: "image/png" } });
    expect((await owner.call(cover(bookId, "?sq=480"))).status).toBe(200);
    const res = await browser().call(cover(bookId, "?sq=480"));
    expect(res.status).toBe(404);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ error: "Image not found" });
  });

  it.each([
    ["?sq=2048", { error: "sq must be one of 480, 640, 1024", field: "sq" }],
    ["?sq=abc", { error: "sq must be one of 480, 640, 1024", field: "sq" }],
    ["?sq=", { error: "sq must be one of 480, 640, 1024", field: "sq" }],
    ["?sq=480&w=480", { error: "Ask for w or sq, not both", field: "sq" }],
  ])("answer 400 for %s, before looking at the book", async (query, body) => {
    const res = await browser().call(cover("NoSuchBook123", query));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(body);
  });
});
