import { Hono, type Context } from "hono";
import { resolveSite } from "../../app/domain/story/links";
import { maskEmail } from "../../app/services/email/requests.server";
import { createPdfService, type PdfFileResult, type PdfInfo } from "../../app/services/pdf/pdf.server";
import type { ApiEnv } from "./env";
import { recordActivity } from "../../app/services/analytics/record.server";
import { methodNotAllowed } from "./errors";
import { bookIdParam } from "./validate";

/** `attachment` with a plain ASCII name and the exact title for browsers that read filename*. */
function disposition(filename: string, title: string | null): string {
  const exact = title?.trim()
    ? `; filename*=UTF-8''${encodeURIComponent(`${title.trim().slice(0, 120)}.pdf`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`
    : "";
  return `attachment; filename="${filename}"${exact}`;
}

/** The PDF service of this request. */
export function pdfService(c: Context<ApiEnv>) {
  return createPdfService({ db: c.get("app").services.db, images: c.env.BOOK_IMAGES });
}

/**
 * Answers a book's PDF as an attachment: 404 or 409 with the service's words, 304 when the browser
 * has this version (the ETag is the PDF's version), else the bytes (made once and kept in R2).
 */
export async function answerPdf(c: Context<ApiEnv>, describe: () => Promise<PdfInfo>, file: () => Promise<PdfFileResult>): Promise<Response> {
  const info = await describe();
  if (!info.ok) return c.json({ error: info.message }, info.status);
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": disposition(info.filename, info.title),
    ETag: info.etag,
    "Cache-Control": "private, no-cache",
  });
  const match = c.req.header("If-None-Match");
  if (match && match.split(",").some((t) => t.trim().replace(/^W\//, "") === info.etag)) return new Response(null, { status: 304, headers });
  const made = await file();
  if (!made.ok) return c.json({ error: made.message }, made.status);
  headers.set("Content-Length", String(made.size));
  headers.set("X-Pdf-Cache", made.cached ? "hit" : "miss");
  return new Response(made.body, { headers });
}

/**
 * GET /api/books/{bookId}/pdf: the finished book as a print-ready PDF (owner only; 404 for anyone
 * else, 409 while the book is not finished). An edit of the book gives a new version.
 *
 * POST /api/books/{bookId}/email-pdf: "E-mail me the PDF": a download link to the owner's own
 * address (the account's confirmed one, or the one a visitor left on that book). 200
 * `{ sent: true, to: "m***@example.com" }`; 404 not theirs; 409 not finished; 422 no address to
 * write to. Two requests within ten minutes send one e-mail.
 */
export const pdf = new Hono<ApiEnv>()
  .get("/:bookId/pdf", bookIdParam, async (c) => {
    const { bookId } = c.req.valid("param");
    const { owner } = c.get("app");
    const service = pdfService(c);
    const res = await answerPdf(
      c,
      () => service.describe(owner, bookId),
      () => service.file(owner, bookId),
    );
    // a download (not a 304 revalidation, not a refusal)
    if (res.status === 200) void recordActivity(c.get("app"), c.req.raw, "pdf_downloaded", { bookId });
    return res;
  })
  .post("/:bookId/email-pdf", bookIdParam, async (c) => {
    const { bookId } = c.req.valid("param");
    const { services, owner, env } = c.get("app");
    const result = await services.notifications.bookPdf(owner, bookId, resolveSite(env.secrets.WEBSITE_URL, c.req.url));
    if (!result.ok) return c.json({ error: result.message }, result.reason === "not-found" ? 404 : result.reason === "not-ready" ? 409 : 422);
    return c.json({ sent: true, to: maskEmail(result.to) }, 200, { "Cache-Control": "no-store" });
  })
  .all("/:bookId/email-pdf", methodNotAllowed(["POST", "OPTIONS"]));
