import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { renderPng } from "~/services/ai/illustrator/render.server";
import { SAMPLE_OWNER_ID } from "~/services/books/samples.server";
import { inflate, readPng, unfilter } from "~/services/pdf/png.server";
import { finishedBook } from "./book-fixtures";
import { browser } from "./claim-helpers";

// The library cards' thumbnails (/api/images/...?w=): small 4:3 PNGs cut from the top of the cover,
// drawn once and kept in R2, shown to exactly whoever may see the picture.

const cover = (bookId: string, query = "") => `/api/images/${bookId}/1/page-1.png${query}`;
const thumbKey = (bookId: string, width: number) => `${bookId}/1/thumb-${width}/page-1.png`;

/** A 1024×1024 PNG: red above y = 768, blue below (the card shows the top 3/4 only). */
async function redOverBlue(): Promise<Uint8Array> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">` +
    `<rect width="1024" height="768" fill="#ff0000"/><rect y="768" width="1024" height="256" fill="#0000ff"/></svg>`;
  return renderPng(svg, { width: 1024 });
}

/** A real 64×48 baseline JPEG (red top half, blue bottom half), as a provider could send. */
const JPEG_64x48 = Uint8Array.from(
  atob(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAwAEADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAYH/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/EABcBAQEBAQAAAAAAAAAAAAAAAAAHBgj/xAAZEQEAAwEBAAAAAAAAAAAAAAAAF2TioqP/2gAMAwEAAhEDEQA/AM6AY50iAAAAAACAFhie357SuTKveF+IAInt+eyTKveF+IAInt+eyTKveF+IAInt+eyTKveABYUqAAAAAAf/2Q==",
  ),
  (c) => c.charCodeAt(0),
);

/** The RGBA pixels of a PNG that resvg wrote. */
async function pixels(bytes: Uint8Array) {
  const { header, data } = readPng(bytes);
  const bpp = header.colorType === 6 ? 4 : 3;
  const raw = unfilter(await inflate(data), header.width, header.height, bpp);
  return { ...header, at: (x: number, y: number) => Array.from(raw.subarray((y * header.width + x) * bpp, (y * header.width + x) * bpp + 3)) };
}

async function storeCover(bookId: string, bytes: Uint8Array) {
  await env.BOOK_IMAGES.put(`${bookId}/1/page-1.png`, bytes, { httpMetadata: { contentType: "image/png" } });
}

describe("card thumbnails", () => {
  it("give the owner a 4:3 PNG of the cover's top, drawn once, kept a year, and far smaller than the picture", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    const picture = await redOverBlue();
    await storeCover(bookId, picture);

    const res = await owner.call(cover(bookId, "?w=480"));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(res.headers.get("Vary")).toBe("Cookie, Accept");
    const thumb = new Uint8Array(await res.arrayBuffer());
    const px = await pixels(thumb);
    expect([px.width, px.height]).toEqual([480, 360]);
    // the top 3/4 of the picture: red to the bottom edge, no blue
    expect(px.at(240, 2)).toEqual([255, 0, 0]);
    expect(px.at(240, 357)[2]).toBeLessThan(40);
    expect(thumb.length).toBeLessThan(picture.length / 3);

    // kept in R2 inside the book's folder (deleted with the book)
    expect((await env.BOOK_IMAGES.head(thumbKey(bookId, 480)))?.size).toBe(thumb.length);
    // drawn once: later requests answer the kept thumbnail, even if the picture under that key changed
    await storeCover(bookId, JPEG_64x48);
    const again = await owner.call(cover(bookId, "?w=480"));
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(thumb);
    const etag = again.headers.get("ETag")!;
    const revalidated = await owner.call(cover(bookId, "?w=480"), { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
  });

  it("answer a whole shelf asking at the same moment alike, keeping one thumbnail", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    await storeCover(bookId, await redOverBlue());
    const answers = await Promise.all(Array.from({ length: 8 }, () => owner.call(cover(bookId, "?w=320"))));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, etag: r.headers.get("ETag"), size: (await r.arrayBuffer()).byteLength })));
    expect(new Set(bodies.map((b) => b.status))).toEqual(new Set([200]));
    expect(new Set(bodies.map((b) => b.etag)).size).toBe(1);
    const listed = await env.BOOK_IMAGES.list({ prefix: `${bookId}/1/thumb-` });
    expect(listed.objects.map((o) => o.key)).toEqual([thumbKey(bookId, 320)]);
  });

  it("work for a JPEG picture too", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    await storeCover(bookId, JPEG_64x48);
    const res = await owner.call(cover(bookId, "?w=320"));
    expect(res.status).toBe(200);
    const px = await pixels(new Uint8Array(await res.arrayBuffer()));
    expect([px.width, px.height]).toEqual([320, 240]);
    expect(px.at(160, 5)[0]).toBeGreaterThan(200); // red on top
    expect(px.at(160, 235)[2]).toBeGreaterThan(200); // blue below
  });

  it("show a picture they cannot read as it is (never a 500), and keep no thumbnail of it", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId); // its cover is a PNG signature and nothing more
    const res = await owner.call(cover(bookId, "?w=640"));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=3600");
    expect(Array.from(new Uint8Array(await res.arrayBuffer()))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(await env.BOOK_IMAGES.head(thumbKey(bookId, 640))).toBeNull();
  });

  it("follow the picture's rules: a stranger gets the same 404, a link's viewer must ask again, a sample is public", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    await storeCover(bookId, await redOverBlue());
    await (await owner.call(cover(bookId, "?w=320"))).arrayBuffer(); // the thumbnail exists now

    const stranger = browser();
    for (const query of ["?w=320", "?w=480", "?w=320&share=abcdefghijkmnpqrstuv"]) {
      const res = await stranger.call(cover(bookId, query));
      expect(res.status, query).toBe(404);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await res.json()).toEqual({ error: "Image not found" });
    }

    const slug = "thumb-public-link-k7pz2qxa";
    await env.DB.prepare("update storybooks set is_public = 1, slug = ? where book_id = ?").bind(slug, bookId).run();
    const viaLink = await stranger.call(cover(bookId, `?share=${slug}&w=320`));
    expect(viaLink.status).toBe(200);
    expect(viaLink.headers.get("Cache-Control")).toBe("private, no-cache");
    await viaLink.arrayBuffer();
    // "Stop sharing" closes the thumbnail at once
    await env.DB.prepare("update storybooks set is_public = 0, slug = null where book_id = ?").bind(bookId).run();
    expect((await stranger.call(cover(bookId, `?share=${slug}&w=320`))).status).toBe(404);

    const sample = await finishedBook(SAMPLE_OWNER_ID);
    await storeCover(sample, await redOverBlue());
    const res = await stranger.call(cover(sample, "?w=320"));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("Vary")).toBe("Accept");
    await res.arrayBuffer();
  });

  it.each(["?w=100", "?w=481", "?w=abc", "?w=", "?w=320.5"])("answer 400 with the allowed widths for %s, before looking at the book", async (query) => {
    const res = await browser().call(cover("NoSuchBook123", query));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "w must be one of 320, 480, 640", field: "w" });
  });
});
