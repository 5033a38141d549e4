import { Hono } from "hono";
import { z } from "zod";
import { createEmailRequests } from "../../app/services/email/requests.server";
import type { ApiEnv } from "./env";
import { methodNotAllowed } from "./errors";
import { answerPdf, pdfService } from "./pdf";
import { zodValidator } from "./validate";

/** What an unknown, expired or mistyped link answers (404): nothing about why. */
export const EMAIL_LINK_MESSAGES = {
  cover: "Picture not found",
  pdf: "This download link has expired or is not valid. Open your book and ask for the PDF again.",
} as const;

/** A token is checked by the links service; anything longer than a token is not even looked at. */
const tokenParam = (message: string) => zodValidator("param", z.object({ token: z.string().max(64) }), { status: 404, invalid: () => ({ error: message }) });

/**
 * The links in the e-mails that work without signing in (each an expiring token, links.server.ts):
 *
 *   GET /api/email/cover/{token}  the cover picture the story e-mail shows (cached an hour by the
 *                                 mail app, privately)
 *   GET /api/email/pdf/{token}    the book's PDF, as an attachment (409 when the book is no longer
 *                                 finished, e.g. a page is being drawn again)
 *
 * An unknown or expired token is 404. The token is the permission: it names one book and one purpose.
 */
export const emailLinks = new Hono<ApiEnv>()
  .get("/cover/:token", tokenParam(EMAIL_LINK_MESSAGES.cover), async (c) => {
    const { services } = c.get("app");
    const link = await services.emailLinks.open(c.req.valid("param").token, "book-cover");
    const key = link?.bookId ? await createEmailRequests(services).coverKey(link.bookId) : null;
    const etag = c.req.header("If-None-Match");
    const obj = key ? await c.env.BOOK_IMAGES.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag.replace(/^W\//, "").replace(/"/g, "") } } : undefined) : null;
    if (!obj) return c.json({ error: EMAIL_LINK_MESSAGES.cover }, 404);
    const headers = new Headers({
      "Content-Type": obj.httpMetadata?.contentType ?? "image/png",
      "Cache-Control": "private, max-age=3600",
      ETag: obj.httpEtag,
    });
    if (!("body" in obj) || !obj.body) return new Response(null, { status: 304, headers });
    return new Response(obj.body, { headers });
  })
  .get("/pdf/:token", tokenParam(EMAIL_LINK_MESSAGES.pdf), async (c) => {
    const link = await c.get("app").services.emailLinks.open(c.req.valid("param").token, "book-pdf");
    if (!link?.bookId) return c.json({ error: EMAIL_LINK_MESSAGES.pdf }, 404);
    const bookId = link.bookId;
    const service = pdfService(c);
    return answerPdf(
      c,
      () => service.describeOf(bookId),
      () => service.fileOf(bookId),
    );
  })
  .all("/cover/:token", methodNotAllowed(["GET", "HEAD", "OPTIONS"]))
  .all("/pdf/:token", methodNotAllowed(["GET", "HEAD", "OPTIONS"]));
