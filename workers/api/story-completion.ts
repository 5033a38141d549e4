import { Hono, type Context } from "hono";
import { z } from "zod";
import type { FieldIssue } from "../../app/domain/validation";
import { log } from "../../app/services/log.server";
import { bookEmail, EMAIL_FALLBACK_MESSAGE } from "./email";
import type { ApiEnv } from "./env";
import { methodNotAllowed, type ErrorBody } from "./errors";
import { zodValidator } from "./validate";

export const STORY_COMPLETION_MESSAGES = {
  missing: "Missing required fields: email, bookId, and name are required",
  failed: "Failed to process story completion notification",
  sent: "Story completion e-mail sent",
} as const;

/**
 * The fields read: the book, and the address the caller says it is (it must be the caller's own).
 * The rest of the payload (slug, page picture and text, credit figures, transactions) is accepted
 * and ignored: the e-mail is built from the book.
 */
const storyCompletionRequest = z.object({
  email: z.string().trim().min(1).max(254).pipe(z.email()),
  bookId: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(100),
});

const REQUIRED = ["email", "bookId", "name"] as const;

/** A missing (or blank) required field says just that; other faults list their issues. */
async function invalid(issues: FieldIssue[], c: Context): Promise<ErrorBody> {
  const body = (await c.req.json()) as unknown;
  const fields = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const missing = REQUIRED.some((f) => typeof fields[f] !== "string" || (fields[f] as string).trim() === "");
  return missing ? { error: STORY_COMPLETION_MESSAGES.missing } : { error: "Invalid story completion request", details: issues };
}

/**
 * POST /api/emails/story-completion: the story e-mail of the caller's own finished book, to the
 * caller's own address, once per book (a second call answers the same message id and sends
 * nothing). Answers `{ success, message, messageId, provider }`; a provider failure is `fallback:
 * true` with the message queued for another try. An unexpected failure is a 500 with the error id
 * and a fixed sentence.
 */
export const storyCompletion = new Hono<ApiEnv>()
  .post("/", zodValidator("json", storyCompletionRequest, { extra: { success: false }, unreadable: "Request body must be JSON", invalid }), async (c) => {
    const request = c.req.valid("json");
    const result = await bookEmail(c, "story", request.bookId, request.email);
    if (!result.ok) return c.json({ success: false, error: result.message }, result.status);
    const { delivery } = result;
    if (delivery.status === "sent")
      return c.json({ success: true, message: STORY_COMPLETION_MESSAGES.sent, messageId: delivery.providerId, provider: delivery.provider });
    return c.json({ success: true, fallback: true, message: EMAIL_FALLBACK_MESSAGE, messageId: null, provider: null });
  })
  .all("/", methodNotAllowed(["POST", "OPTIONS"], { success: false }))
  .onError((err, c) => {
    const app = c.get("app") as ApiEnv["Variables"]["app"] | undefined;
    const errorId = app?.requestId ?? crypto.randomUUID();
    (app?.log ?? log).error("story completion failed", { errorId, message: err.message, cause: err.cause, stack: err.stack });
    return c.json({ success: false, error: STORY_COMPLETION_MESSAGES.failed, errorId }, 500);
  });
