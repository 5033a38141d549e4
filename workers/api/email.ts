import { Hono, type Context } from "hono";
import { z } from "zod";
import { HONEYPOT_FIELD, validateContact } from "../../app/domain/contact/schema";
import { sendContactMessage } from "../../app/services/email/contact.server";
import { pdfReadyEmail, planPurchaseEmail, safeHttpUrl, storyReadyEmail, type RenderedEmail } from "../../app/services/email/templates";
import { isEmailSendError, SEND_FAILED_MESSAGE, type EmailKind, type EmailSendError } from "../../app/services/email/types";
import { resolveSite, storyLink } from "../../app/domain/story/links";
import type { ApiEnv } from "./index";

/** The four modes of POST /api/send-email (spec point 7). */
export const SEND_EMAIL_MODES = ["contact", "story", "pdfGenerate", "plan-purchase"] as const;

const modeSchema = z.object({ mode: z.enum(SEND_EMAIL_MODES) });

const email = z.string().trim().max(254).pipe(z.email());
const optionalText = (max: number) => z.string().max(max).nullish();
const count = z.union([z.number().finite(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]).nullish();

/** Spec point 3, story e-mail. email and name are checked first, for the spec's own message. */
const storySchema = z.object({
  email,
  name: z.string().trim().min(1).max(100),
  slug: optionalText(200),
  bookId: z.string().regex(/^[A-Za-z0-9]{1,100}$/, "bookId must be letters and digits").nullish(),
  page: z.object({ image: optionalText(4000), content: optionalText(20_000) }).nullish(),
  totalCredits: count,
  remainingCredits: count,
  usedCredits: count,
  lastTransactionDate: optionalText(100),
  transactionsAmount: z.union([z.number().finite(), z.string().max(40)]).nullish(),
});

/** Spec point 3, PDF e-mail. */
const pdfSchema = z.object({
  email,
  urlPdf: z.string().refine((u) => safeHttpUrl(u) !== null, "urlPdf must be an http or https address"),
  type: optionalText(50),
  name: z.string().trim().max(100).nullish(),
  page: z.unknown().optional(),
  bookId: z.string().regex(/^[A-Za-z0-9]{1,100}$/, "bookId must be letters and digits").nullish(),
  slug: optionalText(200),
});

/** Spec point 3, plan purchase e-mail. */
const planPurchaseSchema = z.object({
  profileUserEmail: email,
  profileUserFullName: z.string().trim().max(200).nullish(),
  lineItemCreditBalance: z.union([z.number().finite(), z.string().trim().min(1).max(20)]),
  orderIdNumber: z.union([z.string().trim().min(1).max(100), z.number().int()]).transform(String),
});

function issuesOf(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

function invalid(c: Context<ApiEnv>, error: string, details?: unknown) {
  return c.json({ success: false, error, ...(details ? { details } : {}) }, 400);
}

/**
 * POST /api/send-email. contact: the contact form's fields, sent to the administrator (a provider
 * failure is a 500 'Failed to send email' with detail). story, pdfGenerate and plan-purchase: the
 * e-mail goes to the person in the payload; a provider failure is answered as success with
 * fallback true, as the spec asks, so the caller's flow carries on.
 */
export const sendEmail = new Hono<ApiEnv>()
  .post("/", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return invalid(c, "Request body must be JSON");
    }
    const modeParsed = modeSchema.safeParse(body);
    if (!modeParsed.success) return invalid(c, "Invalid mode");
    const { mode } = modeParsed.data;
    const payload = body as Record<string, unknown>;
    const app = c.get("app");
    const { secrets } = app.env;
    const sender = app.services.email;

    if (mode === "contact") {
      // The contact form's honeypot: a filled trap is answered like a sent message, and nothing is sent.
      const trap = payload[HONEYPOT_FIELD];
      if (trap !== undefined && trap !== null && trap !== "") return c.json({ success: true, message: "Message sent" });
      const result = validateContact(payload);
      if (!result.ok) return invalid(c, "Invalid contact message", { fieldErrors: result.errors });
      try {
        const sent = await sendContactMessage(sender, secrets, result.data);
        return c.json({ success: true, message: "Message sent", id: sent.id, provider: sent.provider });
      } catch (error) {
        if (!isEmailSendError(error)) throw error;
        logFailure(app.requestId, mode, error);
        return c.json({ success: false, error: SEND_FAILED_MESSAGE, details: error.detail }, 500);
      }
    }

    let to: string;
    let kind: EmailKind;
    let rendered: RenderedEmail;
    const site = resolveSite(secrets.WEBSITE_URL, c.req.url);
    if (mode === "story") {
      const name = typeof payload.name === "string" ? payload.name.trim() : "";
      const address = typeof payload.email === "string" ? payload.email.trim() : "";
      if (!name || !address) return invalid(c, "Email and name are required");
      const parsed = storySchema.safeParse(payload);
      if (!parsed.success) return invalid(c, "Invalid story e-mail", issuesOf(parsed.error));
      const p = parsed.data;
      to = p.email;
      kind = "story";
      rendered = storyReadyEmail({
        name: p.name,
        link: storyLink(site, p),
        page: p.page,
        credits: p,
      });
    } else if (mode === "pdfGenerate") {
      const parsed = pdfSchema.safeParse(payload);
      if (!parsed.success) return invalid(c, "Invalid PDF e-mail", issuesOf(parsed.error));
      const p = parsed.data;
      to = p.email;
      kind = "pdf";
      rendered = pdfReadyEmail({ name: p.name || "there", urlPdf: safeHttpUrl(p.urlPdf)!, link: storyLink(site, p) });
    } else {
      const parsed = planPurchaseSchema.safeParse(payload);
      if (!parsed.success) return invalid(c, "Invalid plan purchase e-mail", issuesOf(parsed.error));
      const p = parsed.data;
      to = p.profileUserEmail;
      kind = "plan-purchase";
      rendered = planPurchaseEmail({ fullName: p.profileUserFullName ?? "", orderId: p.orderIdNumber, creditBalance: p.lineItemCreditBalance, site });
    }

    try {
      const sent = await sender.send({ kind, to: [to], from: secrets.EMAIL_FROM, ...rendered });
      return c.json({ success: true, fallback: false, message: "Email sent", data: { id: sent.id, provider: sent.provider } });
    } catch (error) {
      if (!isEmailSendError(error)) throw error;
      logFailure(app.requestId, mode, error);
      return c.json({ success: true, fallback: true, message: "The e-mail could not be sent; the request itself succeeded.", data: null, error: error.detail });
    }
  })
  .all("/", (c) => c.json({ success: false, error: "Method not allowed" }, 405, { Allow: "POST, OPTIONS" }));

function logFailure(requestId: string, mode: string, error: EmailSendError) {
  console.error(JSON.stringify({ level: "error", msg: "send-email failed", requestId, mode, provider: error.provider, reason: error.reason, detail: error.detail }));
}
