import { env, introspectWorkflowInstance, SELF } from "cloudflare:test";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from "pdf-lib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readVisitorId } from "~/services/visitor.server";
import { inflate, readPng, unfilter } from "~/services/pdf/png.server";
import { makeBook } from "./db-helpers";

const BASE = "https://example.com";
vi.setConfig({ testTimeout: 60_000 });

/** A browser: keeps its visitor cookie across requests. */
function visitor() {
  let cookie = "";
  const fetcher = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("Cookie", cookie);
    const res = await SELF.fetch(BASE + path, { ...init, headers });
    const set = res.headers.get("Set-Cookie");
    if (set) cookie = set.split(";")[0];
    return res;
  };
  return Object.assign(fetcher, { visitorId: () => readVisitorId(cookie) });
}

const FORM = {
  childName: "Zoë",
  age: 5,
  gender: "girl",
  authorName: "Grandpa Joe",
  theme: "Ocean",
  storyDescription: "Zoë loves the sea and wants to meet a friendly whale.",
  moralLesson: "Friends help each other.",
  specialElements: "a red bucket, a seashell",
  artStyle: "watercolor",
};

const browser = visitor();
let bookId = "";
let title = "";
let first: { bytes: Uint8Array; etag: string };

async function pdfOf(path: string, init?: RequestInit) {
  const res = await browser(path, init);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The image XObjects a PDF page draws. */
function pageImages(doc: PDFDocument, index: number): PDFRawStream[] {
  const resources = doc.getPage(index).node.Resources();
  const xobjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  if (!xobjects) return [];
  return xobjects.values().map((ref) => doc.context.lookup(ref as PDFRef) as PDFRawStream);
}

/** A stored page picture's RGB pixels (the alpha dropped: page pictures are opaque). */
async function pngRgb(bytes: Uint8Array): Promise<Uint8Array> {
  const { header, data } = readPng(bytes);
  const channels = header.colorType === 6 ? 4 : 3;
  const raw = unfilter(await inflate(data), header.width, header.height, channels);
  if (channels === 3) return raw;
  const out = new Uint8Array(header.width * header.height * 3);
  for (let i = 0, o = 0; i < raw.length; i += 4) {
    out[o++] = raw[i];
    out[o++] = raw[i + 1];
    out[o++] = raw[i + 2];
  }
  return out;
}

/** The image's decoded pixels as the PDF carries them (FlateDecode, with or without PNG predictors). */
async function xobjectRgb(stream: PDFRawStream): Promise<Uint8Array> {
  const raw = await inflate(stream.contents);
  const parms = stream.dict.lookupMaybe(PDFName.of("DecodeParms"), PDFDict);
  if (!parms) return raw;
  const width = Number(stream.dict.get(PDFName.of("Width"))!.toString());
  const height = Number(stream.dict.get(PDFName.of("Height"))!.toString());
  return unfilter(raw, width, height, 3);
}

/** A copy of a finished book (same owner, same words), each picture stored again under the copy. */
async function copyBook(from: string): Promise<string> {
  const [row] = (await env.DB.prepare("select * from storybooks where book_id = ?").bind(from).all<Record<string, unknown>>()).results;
  const id = await makeBook(
    { visitorId: row.visitor_id as string },
    { status: "complete", title: `${String(row.title)} (a copy)`, childName: String(row.child_name) },
  );
  const { results: pages } = await env.DB.prepare("select * from storybook_pages where book_id = ?").bind(from).all<Record<string, unknown>>();
  for (const p of pages) {
    const key = String(p.image_key).replace(from, id);
    await env.BOOK_IMAGES.put(key, await (await env.BOOK_IMAGES.get(String(p.image_key)))!.arrayBuffer());
    const { id: _id, ...rest } = p;
    const copy: Record<string, unknown> = { ...rest, book_id: id, image_key: key, image_url: String(p.image_url).replace(from, id) };
    const columns = Object.keys(copy);
    await env.DB.prepare(`insert into storybook_pages (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`)
      .bind(...columns.map((c) => copy[c] ?? null))
      .run();
  }
  return id;
}

const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

beforeAll(async () => {
  const res = await browser("/api/books", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": "pdf-book-00001" },
    body: JSON.stringify(FORM),
  });
  expect(res.status).toBe(201);
  ({ bookId } = await res.json<{ bookId: string }>());
  // while it is being made there is no PDF yet
  const early = await browser(`/api/books/${bookId}/pdf`);
  expect(early.status).toBe(409);
  expect(await early.json()).toMatchObject({ error: expect.stringContaining("still being made") });
  await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
  await instance.waitForStatus("complete");
  title = (await (await browser(`/api/books/${bookId}`)).json<{ title: string }>()).title;
}, 60_000);

describe("GET /api/books/{id}/pdf", () => {
  it("makes a print-ready PDF: one page per book page, the cover first, pictures at full resolution, the font embedded", async () => {
    const { res, bytes } = await pdfOf(`/api/books/${bookId}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("x-pdf-cache")).toBe("miss");
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9 ._,'()-]+\.pdf"/);
    expect(disposition).toContain("Zoe"); // the accent folded for the plain name
    expect(disposition).toContain("filename*=UTF-8''");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{24}"$/);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    first = { bytes, etag: res.headers.get("etag")! };

    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(24);
    expect(doc.getTitle()).toBe(title);
    expect(doc.getAuthor()).toBe("Grandpa Joe");
    expect(doc.getCreator()).toBe("StoryNest");

    // every page shows exactly its own stored picture, pixel for pixel at full size, in reading order
    for (const n of [1, 2, 13, 24]) {
      const [image] = pageImages(doc, n - 1);
      expect(image, `page ${n} has a picture`).toBeDefined();
      expect(image.dict.get(PDFName.of("Width"))!.toString()).toBe("1024");
      const stored = new Uint8Array(await (await env.BOOK_IMAGES.get(`${bookId}/1/page-${n}.png`))!.arrayBuffer());
      expect(equalBytes(await xobjectRgb(image), await pngRgb(stored)), `page ${n} is the stored picture`).toBe(true);
    }
    // the first page is the cover's picture, not the title page's
    const cover = new Uint8Array(await (await env.BOOK_IMAGES.get(`${bookId}/1/page-1.png`))!.arrayBuffer());
    const titlePage = new Uint8Array(await (await env.BOOK_IMAGES.get(`${bookId}/1/page-2.png`))!.arrayBuffer());
    expect(equalBytes(await pngRgb(cover), await pngRgb(titlePage))).toBe(false);

    // the fonts are embedded (FontFile2): the whole of Fredoka (see the fonts' note in book-pdf.server.ts)
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, obj]) => obj)
      .filter((obj): obj is PDFDict => obj instanceof PDFDict && obj.get(PDFName.of("Type")) === PDFName.of("FontDescriptor"));
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const f of fonts) {
      expect(f.get(PDFName.of("FontName"))!.toString()).toMatch(/^\/Fredoka-/);
      expect(f.get(PDFName.of("FontFile2"))).toBeInstanceOf(PDFRef);
    }
    expect(bytes.length).toBeLessThan(30 * 1024 * 1024);
  });

  it("serves the second request from R2: same bytes, same ETag, and 304 for a browser that has it", async () => {
    const { res, bytes } = await pdfOf(`/api/books/${bookId}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-pdf-cache")).toBe("hit");
    expect(res.headers.get("etag")).toBe(first.etag);
    expect(equalBytes(bytes, first.bytes)).toBe(true);
    const again = await browser(`/api/books/${bookId}/pdf`, { headers: { "If-None-Match": first.etag } });
    expect(again.status).toBe(304);
    const listed = await env.BOOK_IMAGES.list({ prefix: `${bookId}/pdf/` });
    expect(listed.objects.map((o) => o.key)).toEqual([`${bookId}/pdf/${first.etag.replace(/"/g, "")}.pdf`]);
    // the pictures, converted once, are kept for the next remake
    const pictures = await env.BOOK_IMAGES.list({ prefix: `${bookId}/pdf-pictures/` });
    expect(pictures.objects.map((o) => o.key).sort()).toEqual(Array.from({ length: 24 }, (_, i) => `${bookId}/pdf-pictures/1/page-${i + 1}.bin`).sort());
  });

  it("remakes the PDF when the book changes, once for two requests at once, and deletes the stale one", async () => {
    const converted = async () =>
      new Map((await env.BOOK_IMAGES.list({ prefix: `${bookId}/pdf-pictures/` })).objects.map((o) => [o.key, o.uploaded.getTime()]));
    const before = await converted();
    await env.DB.prepare("update storybook_pages set content = ?, updated_at = ? where book_id = ? and page_number = 5")
      .bind("Zoë waved to the whale, and the whale waved back with its enormous tail.", new Date().toISOString(), bookId)
      .run();
    await env.DB.prepare("update storybooks set last_updated = ? where book_id = ?").bind(new Date().toISOString(), bookId).run();
    const [a, b] = await Promise.all([pdfOf(`/api/books/${bookId}/pdf`), pdfOf(`/api/books/${bookId}/pdf`)]);
    expect(a.res.status).toBe(200);
    expect(b.res.status).toBe(200);
    const etag = a.res.headers.get("etag")!;
    expect(etag).not.toBe(first.etag);
    expect(b.res.headers.get("etag")).toBe(etag);
    expect(equalBytes(a.bytes, b.bytes)).toBe(true);
    expect(equalBytes(a.bytes, first.bytes)).toBe(false);
    expect((await PDFDocument.load(a.bytes)).getPageCount()).toBe(24);
    const listed = await env.BOOK_IMAGES.list({ prefix: `${bookId}/pdf/` });
    expect(listed.objects.map((o) => o.key)).toEqual([`${bookId}/pdf/${etag.replace(/"/g, "")}.pdf`]);
    // the old ETag no longer gets a 304
    expect((await browser(`/api/books/${bookId}/pdf`, { headers: { "If-None-Match": first.etag } })).status).toBe(200);
    // a text edit reuses every converted picture
    expect(await converted()).toEqual(before);
  });

  it("remakes it with the new picture when a page is redrawn, and forgets the old picture's conversion", async () => {
    const old = await env.BOOK_IMAGES.get(`${bookId}/1/page-7.png`);
    const redrawn = await env.BOOK_IMAGES.get(`${bookId}/1/page-8.png`); // stands in for a new drawing
    await env.BOOK_IMAGES.put(`${bookId}/2/page-7.png`, await redrawn!.arrayBuffer());
    await env.DB.prepare("update storybook_pages set image_key = ?, image_url = ?, interaction_index = 2 where book_id = ? and page_number = 7")
      .bind(`${bookId}/2/page-7.png`, `/api/images/${bookId}/2/page-7.png`, bookId)
      .run();
    const { res, bytes } = await pdfOf(`/api/books/${bookId}/pdf`);
    expect(res.headers.get("x-pdf-cache")).toBe("miss");
    const doc = await PDFDocument.load(bytes);
    const [image] = pageImages(doc, 6);
    const page8 = new Uint8Array(await (await env.BOOK_IMAGES.get(`${bookId}/1/page-8.png`))!.arrayBuffer());
    expect(equalBytes(await xobjectRgb(image), await pngRgb(page8))).toBe(true);
    expect(old).not.toBeNull();
    const keys = (await env.BOOK_IMAGES.list({ prefix: `${bookId}/pdf-pictures/` })).objects.map((o) => o.key);
    expect(keys).toContain(`${bookId}/pdf-pictures/2/page-7.bin`);
    expect(keys).not.toContain(`${bookId}/pdf-pictures/1/page-7.bin`);
    expect(keys).toHaveLength(24);
  });

  it("makes several books' PDFs at once: each request answered with its own whole PDF", async () => {
    // two more finished books of this visitor, copies of the first with pictures of their own
    const copies = await Promise.all([1, 2].map(() => copyBook(bookId)));
    const made = await Promise.all(copies.map((id) => pdfOf(`/api/books/${id}/pdf`)));
    for (const [i, { res, bytes }] of made.entries()) {
      expect(res.status, `book ${i + 1}: ${res.status === 200 ? "" : new TextDecoder().decode(bytes)}`).toBe(200);
      expect(res.headers.get("x-pdf-cache")).toBe("miss");
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(24);
    }
  });

  it("is the owner's only: another visitor and odd ids get 404", async () => {
    const other = visitor();
    const res = await other(`/api/books/${bookId}/pdf`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Book not found" });
    expect((await browser(`/api/books/not-a-book!/pdf`)).status).toBe(404);
    expect((await browser(`/api/books/${bookId}x/pdf`)).status).toBe(404);
  });

  it("answers 409 while a page's picture is being drawn again", async () => {
    const progress = (n: number) =>
      env.DB.prepare("update storybook_pages set generation_progress = ? where book_id = ? and page_number = 9").bind(n, bookId).run();
    await progress(40);
    const res = await browser(`/api/books/${bookId}/pdf`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("page 9 is being drawn again") });
    await progress(100);
    expect((await browser(`/api/books/${bookId}/pdf`)).status).toBe(200);
  });

  it("answers 409 with a clear message for a failed book", async () => {
    const failed = await makeBook({ visitorId: browser.visitorId()! }, { status: "failed", failureReason: "The writer is down." });
    const res = await browser(`/api/books/${failed}/pdf`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("not finished") });
  });
});
