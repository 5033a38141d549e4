/**
 * The book's PDF, made once and kept in R2 under `{bookId}/pdf/{version}.pdf`. The version is a hash
 * of everything the PDF shows (title, author, each page's text and picture key, last_updated, the
 * layout's own version), so any edit or redrawn picture gives a new key: the next download makes a
 * new PDF and deletes the stale one. Made in the Worker that serves /api/books/{id}/pdf (never from a
 * Remix route: it bundles fonts as Data modules).
 */
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import fredokaRegular from "@expo-google-fonts/fredoka/400Regular/Fredoka_400Regular.ttf";
import fredokaSemiBold from "@expo-google-fonts/fredoka/600SemiBold/Fredoka_600SemiBold.ttf";
import type { Db } from "../db/client.server";
import { ownedBy, type Owner } from "../db/owner.server";
import { storybookPages, storybooks } from "../db/schema/index";
import { buildBookPdf, type BookPdfInput, type BookPdfOptions } from "./book-pdf.server";
import { pdfFilename } from "./filename";
import { pngToPdfImage, yieldToOthers, type PdfImageParts } from "./png.server";

export { pdfFilename };

/** Bump when the layout changes, so every cached PDF is made again. */
export const PDF_LAYOUT_VERSION = 1;

export const FONTS = { regular: fredokaRegular, bold: fredokaSemiBold };

type BookRow = typeof storybooks.$inferSelect;
type PageRow = typeof storybookPages.$inferSelect;

export type PdfInfo =
  | { ok: true; bookId: string; version: string; key: string; etag: string; filename: string; title: string | null }
  | { ok: false; status: 404 | 409; message: string };

export interface PdfFile {
  body: ReadableStream | Uint8Array<ArrayBuffer>;
  size: number;
  /** true when served from R2, false when made by this request */
  cached: boolean;
}

export type PdfFileResult = (PdfInfo & { ok: false }) | ({ ok: true; info: PdfInfo & { ok: true } } & PdfFile);

/** R2 prefix of a book's PDFs. */
export const pdfPrefix = (bookId: string) => `${bookId}/pdf/`;
/**
 * R2 key of a picture already converted for the PDF. A picture's key never changes its bytes (a redraw
 * gets a new interaction index), so the conversion is kept and a PDF remade after a text edit only
 * lays out text.
 */
export const partsPrefix = (bookId: string) => `${bookId}/pdf-pictures/`;
export const partsKey = (imageKey: string) => {
  const [bookId, ...rest] = imageKey.split("/");
  return `${partsPrefix(bookId)}${rest.join("/").replace(/\.png$/, "")}.bin`;
};

const partsMetaSchema = z.object({
  width: z.coerce.number().int().positive(),
  height: z.coerce.number().int().positive(),
  colorSpace: z.enum(["DeviceRGB", "DeviceGray"]),
  dataLength: z.coerce.number().int().nonnegative(),
  alphaLength: z.coerce.number().int().nonnegative(),
});

/** A converted picture from R2, or null when there is none (or it is damaged: it is made again). */
async function readParts(images: R2Bucket, key: string): Promise<PdfImageParts | null> {
  const obj = await images.get(key);
  if (!obj) return null;
  const meta = partsMetaSchema.safeParse(obj.customMetadata ?? {});
  const bytes = new Uint8Array(await obj.arrayBuffer());
  if (!meta.success || bytes.length !== meta.data.dataLength + meta.data.alphaLength) return null;
  const { width, height, colorSpace, dataLength, alphaLength } = meta.data;
  return { width, height, colorSpace, data: bytes.subarray(0, dataLength), alpha: alphaLength ? bytes.subarray(dataLength) : undefined, path: "split" };
}

async function writeParts(images: R2Bucket, key: string, parts: PdfImageParts): Promise<void> {
  const body = new Uint8Array(parts.data.length + (parts.alpha?.length ?? 0));
  body.set(parts.data, 0);
  if (parts.alpha) body.set(parts.alpha, parts.data.length);
  await images.put(key, body, {
    customMetadata: {
      width: String(parts.width),
      height: String(parts.height),
      colorSpace: parts.colorSpace,
      dataLength: String(parts.data.length),
      alphaLength: String(parts.alpha?.length ?? 0),
    },
  });
}

/** The version of the PDF a book would have now (hex, 24 characters). */
export async function pdfVersion(row: BookRow, pages: PageRow[]): Promise<string> {
  const fingerprint = JSON.stringify([
    PDF_LAYOUT_VERSION,
    row.title,
    row.authorName,
    row.childName,
    row.lastUpdated,
    pages.map((p) => [p.pageNumber, p.imageKey, p.isBlank, p.content, p.updatedAt]),
  ]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(fingerprint)));
  return Array.from(digest.subarray(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface PdfServiceDeps {
  db: Db;
  images: R2Bucket;
}

/**
 * The PDFs this isolate is making now: R2 key → when it began. Making a PDF is seconds of CPU on the
 * isolate's one thread, so one is made at a time and the others wait their turn, and every request in
 * between (a page, /api/health) is answered between its steps. A request waits by polling, on timers
 * of its own: awaiting a promise that another request settles gets the waiter cancelled by the
 * runtime as hung, and one whose maker was cancelled would never settle at all. A turn older than
 * TURN_LEASE_MS is taken as abandoned (its request was cancelled mid-way), so nothing waits for ever.
 */
const inHand = new Map<string, number>();
export const PDFS_AT_ONCE = 1;
const TURN_LEASE_MS = 120_000;
const POLL_MS = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until this PDF may be made here: null when it is ours to make, or the file another request stored meanwhile. */
async function takeTurn(images: R2Bucket, key: string): Promise<R2ObjectBody | null> {
  for (let waited = false; ; waited = true) {
    const now = Date.now();
    for (const [k, since] of inHand) if (now - since > TURN_LEASE_MS) inHand.delete(k);
    if (!inHand.has(key) && inHand.size < PDFS_AT_ONCE) {
      // the same PDF made by another request while this one waited (a second click, another tab)
      const stored = waited ? await images.get(key) : null;
      if (stored) return stored;
      if (!inHand.has(key) && inHand.size < PDFS_AT_ONCE) {
        inHand.set(key, Date.now());
        return null;
      }
    }
    await sleep(POLL_MS);
  }
}

export function createPdfService({ db, images }: PdfServiceDeps, options: BookPdfOptions = {}) {
  /** `owner` null: any owner's book (the id came from a verified e-mail link, never from a request). */
  async function load(owner: Owner | null, bookId: string): Promise<{ row: BookRow; pages: PageRow[] } | null> {
    const [row] = await db
      .select()
      .from(storybooks)
      .where(owner ? and(eq(storybooks.bookId, bookId), ownedBy(storybooks, owner)) : eq(storybooks.bookId, bookId))
      .limit(1);
    if (!row) return null;
    const pages = await db.select().from(storybookPages).where(eq(storybookPages.bookId, bookId)).orderBy(asc(storybookPages.pageNumber));
    return { row, pages };
  }

  /** A page's picture for the PDF: converted before, or read from R2 and converted now (and kept). */
  async function picture(p: PageRow): Promise<Uint8Array | PdfImageParts | null> {
    if (p.isBlank || !p.imageKey) return null;
    const useParts = (options.embed ?? "fast") === "fast";
    if (useParts) {
      const kept = await readParts(images, partsKey(p.imageKey));
      if (kept) return kept;
    }
    const obj = await images.get(p.imageKey);
    if (!obj) throw new Error(`The picture of page ${p.pageNumber} is missing from storage (${p.imageKey})`);
    const bytes = new Uint8Array(await obj.arrayBuffer());
    if (!useParts || bytes[0] !== 0x89) return bytes;
    const parts = await pngToPdfImage(bytes);
    // only conversions are worth keeping: an RGB PNG goes into the PDF as it is
    if (parts?.path === "split") await writeParts(images, partsKey(p.imageKey), parts);
    return parts ?? bytes;
  }

  async function make(row: BookRow, pages: PageRow[]): Promise<Uint8Array<ArrayBuffer>> {
    // one page at a time: at most one picture's pixels are in memory at once
    const withImages = [];
    for (const p of pages) {
      withImages.push({ pageNumber: p.pageNumber, content: p.content, image: await picture(p) });
      // a converted picture is a tenth of a second of CPU: let other requests in between
      await yieldToOthers();
    }
    const input: BookPdfInput = {
      title: row.title?.trim() || `${row.childName}'s story`,
      author: row.authorName?.trim() || undefined,
      childName: row.childName,
      createdAt: new Date(row.createdAt),
      modifiedAt: new Date(row.lastUpdated),
      pages: withImages,
    };
    return buildBookPdf(input, FONTS, options);
  }

  /** What the PDF of a book is now (cheap: two D1 reads, no R2): for the ETag and the errors. */
  async function describe(owner: Owner | null, bookId: string): Promise<PdfInfo & { row?: BookRow; pages?: PageRow[] }> {
    const found = await load(owner, bookId);
    if (!found) return { ok: false, status: 404, message: "Book not found" };
    const { row, pages } = found;
    if (row.status !== "complete") {
      return {
        ok: false,
        status: 409,
        message:
          row.status === "failed"
            ? "This book was not finished, so there is no PDF yet. Try making it again first."
            : "This book is still being made. The PDF will be ready as soon as every page is drawn.",
      };
    }
    const redrawing = pages.find((p) => p.generationProgress < 100);
    if (redrawing) {
      return {
        ok: false,
        status: 409,
        message: `The picture of page ${redrawing.pageNumber} is being drawn again. The PDF will be ready as soon as it is done.`,
      };
    }
    const version = await pdfVersion(row, pages);
    return {
      ok: true,
      bookId,
      version,
      key: `${pdfPrefix(bookId)}${version}.pdf`,
      etag: `"${version}"`,
      filename: pdfFilename(row.title),
      title: row.title,
      row,
      pages,
    };
  }

  async function summary(owner: Owner | null, bookId: string): Promise<PdfInfo> {
    const found = await describe(owner, bookId);
    if (!found.ok) return found;
    const { row: _row, pages: _pages, ...rest } = found;
    return rest;
  }

  /** The PDF's bytes: from R2 when made before, else made now, stored, and the stale ones deleted. */
  async function file(owner: Owner | null, bookId: string): Promise<PdfFileResult> {
    const info = await describe(owner, bookId);
    if (!info.ok) return info;
    const { row, pages, ...rest } = info;
    const cached = await images.get(info.key);
    if (cached) return { ok: true, info: rest, body: cached.body, size: cached.size, cached: true };
    const storedMeanwhile = await takeTurn(images, info.key);
    if (storedMeanwhile) return { ok: true, info: rest, body: storedMeanwhile.body, size: storedMeanwhile.size, cached: true };
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await make(row!, pages!);
      // identical inputs give identical bytes, so a racing request in another isolate writes the same file
      const stored = await images.put(info.key, bytes, {
        httpMetadata: { contentType: "application/pdf", contentDisposition: `attachment; filename="${info.filename}"` },
        customMetadata: { version: info.version },
      });
      await deleteStale(bookId, info.key, stored?.uploaded ?? new Date());
      await deleteUnusedPictures(bookId, new Set(pages!.flatMap((p) => (p.imageKey ? [partsKey(p.imageKey)] : []))));
    } finally {
      inHand.delete(info.key);
    }
    return { ok: true, info: rest, body: bytes, size: bytes.length, cached: false };
  }

  return {
    /** What the owner's book's PDF is now (404 for a book that is not theirs, 409 while unfinished). */
    describe: (owner: Owner, bookId: string) => summary(owner, bookId),
    /** The owner's book's PDF. */
    file: (owner: Owner, bookId: string) => file(owner, bookId),
    /**
     * The same for any owner's book: only for a book id taken from a verified e-mail link (the
     * link is the permission), never for an id from a request.
     */
    describeOf: (bookId: string) => summary(null, bookId),
    fileOf: (bookId: string) => file(null, bookId),
  };

  /** Deletes converted pictures the book no longer shows (a page was redrawn). */
  async function deleteUnusedPictures(bookId: string, used: Set<string>): Promise<void> {
    let cursor: string | undefined;
    do {
      const list = await images.list({ prefix: partsPrefix(bookId), cursor });
      const unused = list.objects.map((o) => o.key).filter((k) => !used.has(k));
      if (unused.length) await images.delete(unused);
      cursor = list.truncated ? list.cursor : undefined;
    } while (cursor);
  }

  /** Deletes the book's older PDFs (never one stored after ours: a newer edit's PDF stays). */
  async function deleteStale(bookId: string, keep: string, uploaded: Date): Promise<void> {
    let cursor: string | undefined;
    do {
      const list = await images.list({ prefix: pdfPrefix(bookId), cursor });
      const stale = list.objects.filter((o) => o.key !== keep && o.uploaded.getTime() <= uploaded.getTime()).map((o) => o.key);
      if (stale.length) await images.delete(stale);
      cursor = list.truncated ? list.cursor : undefined;
    } while (cursor);
  }
}
