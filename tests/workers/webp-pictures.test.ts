import { env } from "cloudflare:test";
import decodeWebp, { init as initWebpDecoder } from "@jsquash/webp/decode.js";
import webpDecoderWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import { describe, expect, it, vi } from "vitest";
import { renderPng } from "~/services/ai/illustrator/render.server";
import { thumbnailFormat } from "~/services/images/thumbnails.server";
import { SAMPLE_OWNER_ID } from "~/services/books/samples.server";
import { finishedBook } from "./book-fixtures";
import { browser } from "./claim-helpers";

// Drawing a picture and its copies takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

// The smaller copies of a page picture (the reader's `?sq=` and the library cards' `?w=`) as WebP,
// for a browser whose picture requests say it takes WebP; PNG for any other client.

/** What Chromium sends with a picture request. */
const CHROMIUM_IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

const cover = (bookId: string, query: string) => `/api/images/${bookId}/1/page-1.png${query}`;

/**
 * A 1024 px page picture as heavy as a drawn one (grain over a gradient: its PNG is about as large
 * as an illustrator's page), with a red band on top and a blue band at the bottom.
 */
let picture: Promise<Uint8Array> | undefined;
function drawnPicture(): Promise<Uint8Array> {
  picture ??= drawPicture();
  return picture;
}
async function drawPicture(): Promise<Uint8Array> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">` +
    `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#ffd89b"/><stop offset="1" stop-color="#6a5acd"/></linearGradient>` +
    `<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.05" numOctaves="3" seed="4"/><feColorMatrix values="0 0 0 0 0.2 0 0 0 0 0.15 0 0 0 0 0.3 0 0 0 0.5 0"/></filter></defs>` +
    `<rect width="1024" height="1024" fill="url(#g)"/><rect width="1024" height="1024" filter="url(#n)"/>` +
    `<rect width="1024" height="160" fill="#ff0000"/><rect y="864" width="1024" height="160" fill="#0000ff"/></svg>`;
  return renderPng(svg, { width: 1024 });
}

async function storeCover(bookId: string, bytes: Uint8Array) {
  await env.BOOK_IMAGES.put(`${bookId}/1/page-1.png`, bytes, { httpMetadata: { contentType: "image/png" } });
}

let decoderStarted: Promise<unknown> | undefined;
/** Decodes a WebP with libwebp's own decoder: its size and a pixel reader (RGB). */
async function webpPixels(bytes: Uint8Array) {
  decoderStarted ??= initWebpDecoder(webpDecoderWasm);
  await decoderStarted;
  const image = await decodeWebp(bytes.slice().buffer);
  const at = (x: number, y: number) => Array.from(image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3));
  return { width: image.width, height: image.height, at };
}

const isWebp = (b: Uint8Array) => String.fromCharCode(...b.subarray(0, 4)) === "RIFF" && String.fromCharCode(...b.subarray(8, 12)) === "WEBP";
const isPng = (b: Uint8Array) => b[0] === 0x89 && String.fromCharCode(...b.subarray(1, 4)) === "PNG";
const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) <= 24);

describe("WebP copies of the page pictures", () => {
  it("give a browser that takes WebP the reader's square copy as WebP, a fraction of the PNG copy's bytes, the same picture, kept in R2", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    await storeCover(bookId, await drawnPicture());

    const webp = await owner.call(cover(bookId, "?sq=640"), { headers: { Accept: CHROMIUM_IMAGE_ACCEPT } });
    expect(webp.status).toBe(200);
    expect(webp.headers.get("Content-Type")).toBe("image/webp");
    expect(webp.headers.get("Vary")).toBe("Cookie, Accept");
    expect(webp.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    const webpBytes = new Uint8Array(await webp.arrayBuffer());
    expect(isWebp(webpBytes)).toBe(true);
    const px = await webpPixels(webpBytes);
    expect([px.width, px.height]).toEqual([640, 640]);
    // the whole picture: the red band on top, the blue band at the bottom
    expect(near(px.at(320, 20), [255, 0, 0])).toBe(true);
    expect(near(px.at(320, 620), [0, 0, 255])).toBe(true);
    expect((await env.BOOK_IMAGES.head(`${bookId}/1/square-640/page-1.webp`))?.size).toBe(webpBytes.length);

    // a client that does not name WebP gets the PNG copy, a separate object
    const png = await owner.call(cover(bookId, "?sq=640"), { headers: { Accept: "image/png,image/*;q=0.8" } });
    expect(png.headers.get("Content-Type")).toBe("image/png");
    const pngBytes = new Uint8Array(await png.arrayBuffer());
    expect(isPng(pngBytes)).toBe(true);
    expect((await env.BOOK_IMAGES.head(`${bookId}/1/square-640/page-1.png`))?.size).toBe(pngBytes.length);
    expect(webpBytes.length).toBeLessThan(pngBytes.length / 3);

    // drawn once: the kept copy answers again, and revalidates by its ETag
    const again = await owner.call(cover(bookId, "?sq=640"), { headers: { Accept: CHROMIUM_IMAGE_ACCEPT } });
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(webpBytes);
    const etag = again.headers.get("ETag")!;
    const revalidated = await owner.call(cover(bookId, "?sq=640"), { headers: { Accept: CHROMIUM_IMAGE_ACCEPT, "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Content-Type")).toBe("image/webp");
  });

  it("give a sharp phone screen the whole 1024 px picture as WebP, a fraction of its PNG; a browser without WebP gets the picture itself", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    const original = await drawnPicture();
    await storeCover(bookId, original);

    const webp = await owner.call(cover(bookId, "?sq=1024"), { headers: { Accept: CHROMIUM_IMAGE_ACCEPT } });
    expect(webp.status).toBe(200);
    expect(webp.headers.get("Content-Type")).toBe("image/webp");
    expect(webp.headers.get("Vary")).toBe("Cookie, Accept");
    const webpBytes = new Uint8Array(await webp.arrayBuffer());
    const px = await webpPixels(webpBytes);
    expect([px.width, px.height]).toEqual([1024, 1024]);
    expect(near(px.at(512, 40), [255, 0, 0])).toBe(true);
    expect(near(px.at(512, 990), [0, 0, 255])).toBe(true);
    expect(webpBytes.length).toBeLessThan(original.length / 3);
    expect((await env.BOOK_IMAGES.head(`${bookId}/1/square-1024/page-1.webp`))?.size).toBe(webpBytes.length);

    // without WebP the full width is the stored picture, byte for byte: nothing drawn, nothing kept
    const png = await owner.call(cover(bookId, "?sq=1024"), { headers: { Accept: "image/png,image/*;q=0.8" } });
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect(png.headers.get("Vary")).toBe("Cookie, Accept");
    expect(new Uint8Array(await png.arrayBuffer())).toEqual(original);
    expect(await env.BOOK_IMAGES.head(`${bookId}/1/square-1024/page-1.png`)).toBeNull();
  });

  it("give the library's card thumbnails as WebP: the cover's top in 4:3", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    await storeCover(bookId, await drawnPicture());
    const res = await owner.call(cover(bookId, "?w=480"), { headers: { Accept: CHROMIUM_IMAGE_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    const px = await webpPixels(new Uint8Array(await res.arrayBuffer()));
    expect([px.width, px.height]).toEqual([480, 360]);
    expect(near(px.at(240, 10), [255, 0, 0])).toBe(true);
    // the card shows the top three quarters: no blue band at its foot
    expect(px.at(240, 355)[2]).toBeLessThan(200);
    expect(await env.BOOK_IMAGES.head(`${bookId}/1/thumb-480/page-1.webp`)).not.toBeNull();
  });

  it("draw one copy when a shelf asks for it at the same moment", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    await storeCover(bookId, await drawnPicture());
    const answers = await Promise.all(Array.from({ length: 8 }, () => owner.call(cover(bookId, "?w=320"), { headers: { Accept: CHROMIUM_IMAGE_ACCEPT } })));
    const seen = await Promise.all(
      answers.map(async (r) => ({
        status: r.status,
        type: r.headers.get("Content-Type"),
        etag: r.headers.get("ETag"),
        size: (await r.arrayBuffer()).byteLength,
      })),
    );
    expect(new Set(seen.map((s) => `${s.status} ${s.type}`))).toEqual(new Set(["200 image/webp"]));
    expect(new Set(seen.map((s) => s.etag)).size).toBe(1);
    const listed = await env.BOOK_IMAGES.list({ prefix: `${bookId}/1/thumb-` });
    expect(listed.objects.map((o) => o.key)).toEqual([`${bookId}/1/thumb-320/page-1.webp`]);
  });

  it("keep a sample book's copies public, varying only on Accept", async () => {
    const sample = await finishedBook(SAMPLE_OWNER_ID);
    await storeCover(sample, await drawnPicture());
    const res = await browser().call(cover(sample, "?w=320"), { headers: { Accept: CHROMIUM_IMAGE_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("Vary")).toBe("Accept");
    await res.arrayBuffer();
  });

  it("keep a stranger out as before: the same 404, whatever the Accept", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    await storeCover(bookId, await drawnPicture());
    const res = await browser().call(cover(bookId, "?sq=480"), { headers: { Accept: CHROMIUM_IMAGE_ACCEPT } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Image not found" });
    expect(await env.BOOK_IMAGES.head(`${bookId}/1/square-480/page-1.webp`)).toBeNull();
  });
});

describe("which format a request gets", () => {
  it.each([
    [CHROMIUM_IMAGE_ACCEPT, "webp"],
    ["image/webp,*/*", "webp"],
    ["IMAGE/WEBP;q=0.5", "webp"],
    ["image/webp;q=0, image/png", "png"],
    ["image/webp;q=0.000", "png"],
    ["image/png,image/*;q=0.8,*/*;q=0.5", "png"],
    ["*/*", "png"],
    ["", "png"],
    [undefined, "png"],
  ])("Accept %j gets %s", (accept, format) => {
    expect(thumbnailFormat(accept)).toBe(format);
  });
});
