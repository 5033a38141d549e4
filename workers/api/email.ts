import { Hono, type Context } from "hono";
import { z } from "zod";
import { contactFieldErrors, contactSchema, HONEYPOT_FIELD } from "../../app/domain/contact/schema";
import { isBookId } from "../../app/domain/ids";
import { resolveSite } from "../../app/domain/story/links";
import type { FieldIssue } from "../../app/domain/validation";
import { clientKey } from "../../app/services/auth/identity.server";
import { sendContactMessage } from "../../app/services/email/contact.server";
import type { DeliveryResult } from "../../app/services/email/deliveries.server";
import type { BookEmailResult } from "../../app/services/email/notifications.server";
import { createEmailRequests, EMAIL_REQUEST_MESSAGES, type Refusal } from "../../app/services/email/requests.server";
import { isEmailSendError, SEND_FAILED_MESSAGE } from "../../app/services/email/types";
import type { ApiEnv } from "./env";
import { methodNotAllowed, type ErrorBody } from "./errors";
import { zodValidator, type Answers } from "./validate";

/** The four modes of POST /api/send-email. */
export const SEND_EMAIL_MODES = ["contact", "story", "pdfGenerate", "plan-purchase"] as const;

/** What a caller is told when the message is queued but the provider has not taken it yet. */
export const EMAIL_FALLBACK_MESSAGE = "The e-mail could not be sent; the request itself succeeded.";

const email = z.string().trim().max(254).pipe(z.email());
const bookId = z
  .string({ error: "bookId is required: the book the e-mail is about" })
  .trim()
  .min(1, "bookId is required: the book the e-mail is about")
  .max(100);

/*
 * The fields each mode reads. Everything else the payloads of these e-mails carry (a slug, a page's
 * picture and text, credit figures, a PDF's address, names) is accepted and ignored: every e-mail is
 * built by the server from the book or the order, and goes only to the address the server holds.
 */
const storySchema = z.object({ email, name: z.string().trim().min(1).max(100), bookId });
const pdfSchema = z.object({ email, bookId });
const planPurchaseSchema = z.object({
  profileUserEmail: email,
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

const given = (v: unknown) => typeof v === "string" && v.trim() !== "";

/** The words for a mode's fields at fault. A story e-mail without its email and name says just that. */
async function invalidFields(issues: FieldIssue[], c: Context): Promise<ErrorBody> {
  const body = (await c.req.json()) as Record<string, unknown>;
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

/** The HTTP status of a book e-mail the notifications would not send. */
function refusalOf(result: BookEmailResult & { ok: false }): Refusal {
  return { ok: false, status: result.reason === "not-found" ? 404 : result.reason === "not-ready" ? 409 : 422, message: result.message };
}

/**
 * The story e-mail or the PDF link about one of the caller's own books, to the caller's own address:
 * the book must be theirs (404) and finished (409), and `claimed` must be the address its e-mails
 * go to (403; 422 when there is none). The story e-mail goes once per book; the PDF link once in ten
 * minutes.
 */
export async function bookEmail(
  c: Context<ApiEnv>,
  kind: "story" | "pdf",
  book: string,
  claimed: string,
): Promise<{ ok: true; delivery: DeliveryResult } | Refusal> {
  const { services, owner, env } = c.get("app");
  if (!isBookId(book)) return { ok: false, status: 404, message: EMAIL_REQUEST_MESSAGES["not-found"] };
  const checked = await createEmailRequests(services).ownBook(owner, book, claimed);
  if (!checked.ok) return checked;
  const site = resolveSite(env.secrets.WEBSITE_URL, c.req.url);
  const result = kind === "story" ? await services.notifications.storyReady(book, site) : await services.notifications.bookPdf(owner, book, site);
  return result.ok ? { ok: true, delivery: result.delivery } : refusalOf(result);
}

/** The answer for a queued message: its provider's id once sent, else `fallback` (the queue tries again). */
function sentAnswer(c: Context, delivery: DeliveryResult) {
  if (delivery.status === "sent")
    return c.json({ success: true, fallback: false, message: "Email sent", data: { id: delivery.providerId, provider: delivery.provider } });
  return c.json({ success: true, fallback: true, message: EMAIL_FALLBACK_MESSAGE, data: null });
}

/**
 * POST /api/send-email. Nothing in a request chooses who an e-mail goes to or what it says:
 * - contact: the contact form's fields, sent to the administrator; five an hour per client address
 *   (429 with Retry-After); a provider failure is a 500 'Failed to send email' with the error id.
 * - story: the story e-mail of the caller's own finished book (bookId), once per book.
 * - pdfGenerate: the link to the PDF of the caller's own finished book.
 * - plan-purchase: the purchase e-mail of a signed-in parent's own paid order (orderIdNumber), once.
 * The e-mail goes to the caller's own address, which `email` / `profileUserEmail` must name (403
 * otherwise). A provider failure is answered as success with `fallback: true`; the message stays
 * queued and is tried again.
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
      const { services, owner, account, env } = app;
      const refuse = (r: Refusal, headers?: Record<string, string>) => c.json({ success: false, error: r.message }, r.status, headers);

      if (request.mode === "contact") {
        const allowed = await createEmailRequests(services).contactAllowed(clientKey(c.req.raw, app.identity.visitorId));
        if (!allowed.ok) return c.json({ success: false, error: EMAIL_REQUEST_MESSAGES["contact-limit"] }, 429, { "Retry-After": String(allowed.retryAfterS) });
        try {
          const sent = await sendContactMessage(services.email, env.secrets, request);
          return c.json({ success: true, message: "Message sent", id: sent.id, provider: sent.provider });
        } catch (error) {
          if (!isEmailSendError(error)) throw error;
          app.log.error("send-email failed", { mode: request.mode, provider: error.provider, reason: error.reason, detail: error.detail });
          return c.json({ success: false, error: SEND_FAILED_MESSAGE, errorId: app.requestId }, 500);
        }
      }

      if (request.mode === "story" || request.mode === "pdfGenerate") {
        const result = await bookEmail(c, request.mode === "story" ? "story" : "pdf", request.bookId, request.email);
        return result.ok ? sentAnswer(c, result.delivery) : refuse(result);
      }

      // plan-purchase: a signed-in parent's own paid order, to the account's address
      if (!account) return refuse({ ok: false, status: 401, message: EMAIL_REQUEST_MESSAGES["sign-in"] });
      if (request.profileUserEmail.toLowerCase() !== account.email.trim().toLowerCase())
        return refuse({ ok: false, status: 403, message: EMAIL_REQUEST_MESSAGES["not-yours"] });
      const order = await createEmailRequests(services).ownPaidOrder(owner, request.orderIdNumber);
      if (!order.ok) return refuse(order);
      const delivery = await services.payments.purchaseEmail(order, resolveSite(env.secrets.WEBSITE_URL, c.req.url));
      if (!delivery) throw new Error(`the profile of order ${order.orderId} has no account to write to`);
      return sentAnswer(c, delivery);
    },
  )
  .all("/", methodNotAllowed(["POST", "OPTIONS"], { success: false }));
