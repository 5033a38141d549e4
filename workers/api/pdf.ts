import { Hono } from "hono";
import { createPdfService } from "../../app/services/pdf/pdf.server";
import type { ApiEnv } from "./env";
import { bookIdParam } from "./validate";

/** `attachment` with a plain ASCII name and the exact title for browsers that read filename*. */
function disposition(filename: string, title: string | null): string {
  const exact = title?.trim()
    ? `; filename*=UTF-8''${encodeURIComponent(`${title.trim().slice(0, 120)}.pdf`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`
    : "";
  return `attachment; filename="${filename}"${exact}`;
}

/**
 * GET /api/books/{bookId}/pdf: the finished book as a print-ready PDF (owner only; 404 for anyone
 * else, 409 while the book is not finished). Made once and kept in R2; the ETag is the PDF's version,
 * so a browser that has it gets 304, and an edit of the book gives a new one.
 */
export const pdf = new Hono<ApiEnv>().get("/:bookId/pdf", bookIdParam, async (c) => {
  const { bookId } = c.req.valid("param");
  const { services, owner } = c.get("app");
  const service = createPdfService({ db: services.db, images: c.env.BOOK_IMAGES });
  const info = await service.describe(owner, bookId);
  if (!info.ok) return c.json({ error: info.message }, info.status);
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": disposition(info.filename, info.title),
    ETag: info.etag,
    "Cache-Control": "private, no-cache",
  });
  const match = c.req.header("If-None-Match");
  if (match && match.split(",").some((t) => t.trim().replace(/^W\//, "") === info.etag)) return new Response(null, { status: 304, headers });
  const file = await service.file(owner, bookId);
  if (!file.ok) return c.json({ error: file.message }, file.status);
  headers.set("Content-Length", String(file.size));
  headers.set("X-Pdf-Cache", file.cached ? "hit" : "miss");
  return new Response(file.body, { headers });
});
