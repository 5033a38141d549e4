/**
 * The print-ready PDF of a book: the cover first, then every page in reading order, one PDF page per
 * book page. Each page shows its picture at full resolution (the stored PNG's own pixels) and its
 * text in Fredoka, embedded whole, with margins and a page number. Pure given its inputs (no
 * bindings): the fonts and the pictures' bytes are handed in, so the same book always gives the same
 * bytes (fixed dates and font names), and two requests racing to make it store identical files.
 */
import fontkit from "@pdf-lib/fontkit";
import { degrees, drawImage, PDFDocument, rgb, type PDFFont, type PDFPage, type PDFRef } from "pdf-lib";
import { z } from "zod";
import { pngToPdfImage, yieldToOthers, type PdfImageParts } from "./png.server";

/** 8 × 10 inches, portrait (a common picture-book trim), in PDF points. */
export const PAGE_WIDTH = 576;
export const PAGE_HEIGHT = 720;
/** 0.6 inch: inside any printer's safe area. */
export const MARGIN = 43;

const INK = rgb(0x2b / 255, 0x25 / 255, 0x42 / 255);
const INK_SOFT = rgb(0x5b / 255, 0x54 / 255, 0x70 / 255);
const CORAL = rgb(0x9c / 255, 0x38 / 255, 0x20 / 255);
const CREAM = rgb(1, 0xf8 / 255, 0xef / 255);

export const bookPdfInputSchema = z.object({
  title: z.string().trim().min(1).max(300),
  author: z.string().trim().max(200).optional(),
  childName: z.string().trim().max(200),
  createdAt: z.date(),
  modifiedAt: z.date(),
  pages: z
    .array(
      z.object({
        pageNumber: z.number().int().min(1),
        content: z.string(),
        /** the picture as stored (PNG or JPEG), or already converted (pngToPdfImage); null for a page without one */
        image: z
          .union([
            z.custom<Uint8Array>((v) => v instanceof Uint8Array),
            z.custom<PdfImageParts>((v) => typeof v === "object" && v !== null && "path" in v && "data" in v),
          ])
          .nullable(),
      }),
    )
    .min(1)
    .max(60),
});
export type BookPdfInput = z.infer<typeof bookPdfInputSchema>;

export interface BookPdfFonts {
  regular: ArrayBuffer | Uint8Array;
  bold: ArrayBuffer | Uint8Array;
}

export interface BookPdfOptions {
  /** "fast" (default) embeds PNG data without pdf-lib's decoder; "pdf-lib" always uses embedPng (the bench compares them) */
  embed?: "fast" | "pdf-lib";
}

/** Splits text into lines no wider than `width` (words longer than a line are broken). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    let line = "";
    for (let word of words) {
      while (font.widthOfTextAtSize(word, size) > width && word.length > 1) {
        // a very long word: cut it where it still fits
        let cut = word.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > width) cut--;
        if (line) lines.push(line);
        lines.push(word.slice(0, cut));
        line = "";
        word = word.slice(cut);
      }
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) line = next;
      else {
        if (line) lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** Keeps only characters the font can draw (typographic quotes and dashes it has; emoji it has not). */
function printable(font: PDFFont): (text: string) => string {
  const set = new Set(font.getCharacterSet());
  return (text) =>
    Array.from(text.normalize("NFC"))
      .map((ch) => (ch === "\n" || set.has(ch.codePointAt(0) ?? 0) ? ch : /\s/.test(ch) ? " " : ""))
      .join("")
      .replace(/[ \t]+/g, " ")
      .trim();
}

/** An image in the document: pdf-lib's own, or an XObject registered from the PNG's data. */
interface Picture {
  ref: PDFRef;
  width: number;
  height: number;
}

async function embedPicture(doc: PDFDocument, bytes: Uint8Array | PdfImageParts, mode: "fast" | "pdf-lib"): Promise<Picture> {
  if (!(bytes instanceof Uint8Array)) return { ref: registerImage(doc, bytes), width: bytes.width, height: bytes.height };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return doc.embedJpg(bytes);
  const parts = mode === "fast" ? await pngToPdfImage(bytes) : null;
  if (!parts) {
    const image = await doc.embedPng(bytes);
    // pdf-lib writes its images when saving; ours are written now, so do the same for one of its own
    await image.embed();
    return image;
  }
  return { ref: registerImage(doc, parts), width: parts.width, height: parts.height };
}

function registerImage(doc: PDFDocument, parts: PdfImageParts): PDFRef {
  const ctx = doc.context;
  const base = { Type: "XObject", Subtype: "Image", Width: parts.width, Height: parts.height, BitsPerComponent: 8, Filter: "FlateDecode" };
  const smask = parts.alpha ? ctx.register(ctx.stream(parts.alpha, { ...base, ColorSpace: "DeviceGray" })) : undefined;
  const colors = parts.colorSpace === "DeviceRGB" ? 3 : 1;
  return ctx.register(
    ctx.stream(parts.data, {
      ...base,
      ColorSpace: parts.colorSpace,
      ...(parts.predictorColumns ? { DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: 8, Columns: parts.predictorColumns } } : {}),
      ...(smask ? { SMask: smask } : {}),
    }),
  );
}

function centred(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color = INK) {
  const w = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (PAGE_WIDTH - w) / 2, y, size, font, color });
}

/** Draws a picture as large as fits in the box, centred, keeping its proportions. */
function drawPicture(page: PDFPage, image: Picture, box: { x: number; y: number; width: number; height: number }) {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const name = page.node.newXObject("Image", image.ref);
  page.pushOperators(
    ...drawImage(name, {
      x: box.x + (box.width - width) / 2,
      y: box.y + (box.height - height) / 2,
      width,
      height,
      rotate: degrees(0),
      xSkew: degrees(0),
      ySkew: degrees(0),
    }),
  );
}

/** Text sizes tried from the most comfortable down; below 11 pt a child's book is hard to read. */
const TEXT_SIZES = [18, 17, 16, 15, 14, 13, 12, 11.5, 11];
const MIN_PICTURE = 300;

/** Builds the PDF; returns its bytes. */
export async function buildBookPdf(input: BookPdfInput, fonts: BookPdfFonts, options: BookPdfOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const book = bookPdfInputSchema.parse(input);
  const mode = options.embed ?? "fast";
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  // Whole fonts (50 KB each), not subsets: pdf-lib subsets through fontkit's bundled stream shim,
  // whose one queue for the whole isolate ran one request's callbacks on another request's timer, so
  // two PDFs at once got a request cancelled as hung, and a cancelled one left the queue stuck for
  // every later PDF (decision 053).
  const regular = await doc.embedFont(new Uint8Array(fonts.regular), { customName: "Fredoka-Regular" });
  const bold = await doc.embedFont(new Uint8Array(fonts.bold), { customName: "Fredoka-SemiBold" });
  const clean = printable(regular);
  const title = clean(book.title) || "My StoryNest book";
  const author = book.author ? clean(book.author) : "";

  doc.setTitle(title, { showInWindowTitleBar: true });
  if (author) doc.setAuthor(author);
  doc.setSubject(`A StoryNest story${book.childName ? ` for ${clean(book.childName)}` : ""}`);
  doc.setCreator("StoryNest");
  doc.setProducer("StoryNest (pdf-lib)");
  doc.setLanguage("en");
  doc.setCreationDate(book.createdAt);
  doc.setModificationDate(book.modifiedAt);

  const pages = [...book.pages].sort((a, b) => a.pageNumber - b.pageNumber);
  const contentWidth = PAGE_WIDTH - 2 * MARGIN;
  for (const [i, p] of pages.entries()) {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    const image = p.image ? await embedPicture(doc, p.image, mode) : null;
    await yieldToOthers();
    if (i === 0) {
      // the cover: cream ground, the title above the picture, the author below
      page.drawRectangle({ x: 0, y: 0, width: PAGE_WIDTH, height: PAGE_HEIGHT, color: CREAM });
      let size = 34;
      let lines = wrapText(title, bold, size, contentWidth);
      while (lines.length > 3 && size > 20) lines = wrapText(title, bold, (size -= 2), contentWidth);
      let y = PAGE_HEIGHT - MARGIN - size;
      for (const line of lines) {
        centred(page, line, bold, size, y, CORAL);
        y -= size * 1.2;
      }
      const byline = author ? `Written by ${author}` : "";
      const bottom = MARGIN + 44;
      if (image) drawPicture(page, image, { x: MARGIN, y: bottom, width: contentWidth, height: y + size * 1.2 - 14 - bottom });
      if (byline) centred(page, byline, regular, 16, MARGIN + 18, INK);
      centred(page, "A StoryNest book", regular, 11, MARGIN, INK_SOFT);
      continue;
    }
    // a story page: the picture on top, the text below, the page number at the foot
    const text = clean(p.content);
    const footer = 26;
    const top = PAGE_HEIGHT - MARGIN;
    const available = top - MARGIN - footer;
    let size = TEXT_SIZES[TEXT_SIZES.length - 1];
    let lines: string[] = [];
    for (const s of TEXT_SIZES) {
      lines = text ? wrapText(text, regular, s, contentWidth) : [];
      size = s;
      const textHeight = lines.length * s * 1.45;
      if (available - textHeight - 16 >= Math.min(MIN_PICTURE, contentWidth) || !image) break;
    }
    const lineHeight = size * 1.45;
    const textHeight = lines.length * lineHeight + (lines.length ? 16 : 0);
    const pictureHeight = image ? Math.max(120, Math.min(contentWidth, available - textHeight)) : 0;
    if (image) drawPicture(page, image, { x: MARGIN, y: top - pictureHeight, width: contentWidth, height: pictureHeight });
    let y = top - pictureHeight - (image ? 16 : 0) - size;
    for (const line of lines) {
      if (y < MARGIN + footer - size * 0.3) break;
      page.drawText(line, { x: MARGIN, y, size, font: regular, color: INK, lineHeight });
      y -= lineHeight;
    }
    centred(page, String(p.pageNumber), regular, 11, MARGIN, INK_SOFT);
  }
  return (await doc.save({ useObjectStreams: true })) as Uint8Array<ArrayBuffer>;
}
