import { Hono, type Context } from "hono";
import { z } from "zod";
import { contactFieldErrors, contactSchema, HONEYPOT_FIELD } from "../../app/domain/contact/schema";
import { bookIdSchema } from "../../app/domain/ids";
import type { FieldIssue } from "../../app/domain/validation";
import type { Logger } from "../../app/services/log.server";
import { sendContactMessage } from "../../app/services/email/contact.server";
import { pdfReadyEmail, planPurchaseEmail, safeHttpUrl, storyReadyEmail, type RenderedEmail } from "../../app/services/email/templates";
import { isEmailSendError, SEND_FAILED_MESSAGE, type EmailKind, type EmailSendError } from "../../app/services/email/types";
import { resolveSite, storyLink } from "../../app/domain/story/links";
import type { ApiEnv } from "./env";
import { methodNotAllowed, type ErrorBody } from "./errors";
import { zodValidator, type Answers } from "./validate";

/** The four modes of POST /api/send-email. */
export const SEND_EMAIL_MODES = ["contact", "story", "pdfGenerate", "plan-purchase"] as const;

const email = z.string().trim().max(254).pipe(z.email());
const optionalText = (max: number) => z.string().max(max).nullish();
const count = z
  .union([
    z.number().finite(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish();

/** The story e-mail; email and name are checked first ('Email and name are required'). */
const storySchema = z.object({
  email,
  name: z.string().trim().min(1).max(100),
  slug: optionalText(200),
  bookId: bookIdSchema.nullish(),
  page: z.object({ image: optionalText(4000), content: optionalText(20_000) }).nullish(),
  totalCredits: count,
  remainingCredits: count,
  usedCredits: count,
  lastTransactionDate: optionalText(100),
  transactionsAmount: z.union([z.number().finite(), z.string().max(40)]).nullish(),
});

/** The PDF e-mail. */
const pdfSchema = z.object({
  email,
  urlPdf: z.string().refine((u) => safeHttpUrl(u) !== null, "urlPdf must be an http or https address"),
  type: optionalText(50),
  name: z.string().trim().max(100).nullish(),
  page: z.unknown().optional(),
  bookId: bookIdSchema.nullish(),
  slug: optionalText(200),
});

/** The plan purchase e-mail. */
const planPurchaseSchema = z.object({
  profileUserEmail: email,
  profileUserFullName: z.string().trim().max(200).nullish(),
  lineItemCreditBalance: z.union([z.number().finite(), z.string().trim().min(1).max(20)]),
  orderIdNumber: z.union([z.string().trim().min(1).max(100), z.number().int()]).transform(String),
});

/** Each mode's fields; the mode has been checked first, so its own words can be given. */
const sendEmailRequest = z.discriminatedUnion("mode", [
  contactSchema.extend({ mode: z.literal("contact") }),
  storySchema.extend({ mode: z.literal("story") }),
  pdfSchema.extend({ mode: z.literal("pdfGenerate") }),
  planPurchaseSchema.extend({ mode: z.literal("plan-purchase") }),
]);

/** Every failure of this endpoint says `success: false`. */
const SEND_EMAIL_ANSWERS: Answers = { extra: { success: false }, unreadable: "Request body must be JSON" };

/** The words for a mode's fields at fault. A story e-mail without its email and name says just that. */
async function invalidFields(issues: FieldIssue[], c: Context): Promise<ErrorBody> {
  const body = (await c.req.json()) as Record<string, unknown>;
  const given = (v: unknown) => typeof v === "string" && v.trim() !== "";
  switch (body.mode) {
    case "contact":
      return { error: "Invalid contact message", details: { fieldErrors: contactFieldErrors(issues) } };
    case "story":
      if (!given(body.name) || !given(body.email)) return { error: "Email and name are required" };
      return { error: "Invalid story e-mail", details: issues };
    case "pdfGenerate":
      return { error: "Invalid PDF e-mail", details: issues };
    default:
      return { error: "Invalid plan purchase e-mail", details: issues };
  }
}

/**
 * POST /api/send-email. contact: the contact form's fields, sent to the administrator (a provider
 * failure is a 500 'Failed to send email' with the error id; the provider's detail goes to the log).
 * story, pdfGenerate and plan-purchase: the e-mail goes to the person in the payload; a provider
 * failure is answered as success with fallback true, so the caller's flow carries on.
 */
export const sendEmail = new Hono<ApiEnv>()
  .post(
    "/",
    zodValidator("json", z.looseObject({ mode: z.enum(SEND_EMAIL_MODES) }), { ...SEND_EMAIL_ANSWERS, invalid: () => ({ error: "Invalid mode" }) }),
    // The contact form's honeypot: a filled trap is answered like a sent message, and nothing is sent.
    async (c, next) => {
      const body = c.req.valid("json");
      const trap = body[HONEYPOT_FIELD];
      if (body.mode === "contact" && trap !== undefined && trap !== null && trap !== "") return c.json({ success: true, message: "Message sent" });
      await next();
    },
    zodValidator("json", sendEmailRequest, { ...SEND_EMAIL_ANSWERS, invalid: invalidFields }),
    async (c) => {
      const request = c.req.valid("json");
      const app = c.get("app");
      const { secrets } = app.env;
      const sender = app.services.email;

      if (request.mode === "contact") {
        try {
          const sent = await sendContactMessage(sender, secrets, request);
          return c.json({ success: true, message: "Message sent", id: sent.id, provider: sent.provider });
        } catch (error) {
          if (!isEmailSendError(error)) throw error;
          logFailure(app.log, request.mode, error);
          return c.json({ success: false, error: SEND_FAILED_MESSAGE, errorId: app.requestId }, 500);
        }
      }

      let to: string;
      let kind: EmailKind;
      let rendered: RenderedEmail;
      const site = resolveSite(secrets.WEBSITE_URL, c.req.url);
      if (request.mode === "story") {
        to = request.email;
        kind = "story";
        rendered = storyReadyEmail({ name: request.name, link: storyLink(site, request), page: request.page, credits: request });
      } else if (request.mode === "pdfGenerate") {
        to = request.email;
        kind = "pdf";
        rendered = pdfReadyEmail({ name: request.name || "there", urlPdf: safeHttpUrl(request.urlPdf)!, link: storyLink(site, request) });
      } else {
        to = request.profileUserEmail;
        kind = "plan-purchase";
        rendered = planPurchaseEmail({
          fullName: request.profileUserFullName ?? "",
          orderId: request.orderIdNumber,
          creditBalance: request.lineItemCreditBalance,
          site,
        });
      }

      try {
        const sent = await sender.send({ kind, to: [to], from: secrets.EMAIL_FROM, ...rendered });
        return c.json({ success: true, fallback: false, message: "Email sent", data: { id: sent.id, provider: sent.provider } });
      } catch (error) {
        if (!isEmailSendError(error)) throw error;
        logFailure(app.log, request.mode, error);
        return c.json({
          success: true,
          fallback: true,
          message: "The e-mail could not be sent; the request itself succeeded.",
          data: null,
          error: error.detail,
        });
      }
    },
  )
  .all("/", methodNotAllowed(["POST", "OPTIONS"], { success: false }));

function logFailure(log: Logger, mode: string, error: EmailSendError) {
  log.error("send-email failed", { mode, provider: error.provider, reason: error.reason, detail: error.detail });
}
