import { Resend } from "resend";
import { z } from "zod";
import { describeIssues } from "~/domain/validation";
import { EmailSendError, parseEmailMessage, type EmailMessage, type EmailSender, type SendResult } from "./types";

export const RESEND_DEFAULT_BASE_URL = "https://api.resend.com";
export const RESEND_TIMEOUT_MS = 15_000;

/** POST /emails answers `{ id }` (Resend API reference, "Send Email"). */
const successSchema = z.object({ id: z.string().min(1) });

/** What the SDK hands back as `error`: Resend's error JSON, or the SDK's own stand-in. */
const errorSchema = z.object({
  name: z.string(),
  message: z.string(),
  statusCode: z.number().int().nullable(),
});

export interface ResendOptions {
  apiKey: string;
  /** Where the calls go; tests point it at a local server that speaks Resend's API. */
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * The real e-mail provider: Resend, through its SDK (which works in workerd: it only needs fetch).
 * Every answer is parsed with zod before use; any failure becomes an EmailSendError.
 */
export function createResendSender({ apiKey, baseUrl = RESEND_DEFAULT_BASE_URL, timeoutMs = RESEND_TIMEOUT_MS }: ResendOptions): EmailSender {
  const client = new Resend(apiKey, { baseUrl: baseUrl.replace(/\/+$/, "") });
  return {
    provider: "resend",
    async send(message: EmailMessage): Promise<SendResult> {
      const m = parseEmailMessage("resend", message);
      let answer: Awaited<ReturnType<typeof client.emails.send>>;
      try {
        answer = await client.emails.send(
          {
            from: m.from,
            to: m.to,
            replyTo: m.replyTo,
            subject: m.subject,
            html: m.html,
            text: m.text,
            headers: m.headers,
            tags: [{ name: "kind", value: m.kind.replace(/[^A-Za-z0-9_-]/g, "_") }],
          },
          { signal: AbortSignal.timeout(timeoutMs), idempotencyKey: m.idempotencyKey },
        );
      } catch (cause) {
        // The SDK turns network failures into an `error` value; anything thrown is unexpected.
        throw new EmailSendError(
          "resend",
          "unavailable",
          `Resend could not be reached (${cause instanceof Error ? cause.message : String(cause)})`,
          undefined,
          { cause },
        );
      }

      if (answer.error) {
        const parsed = errorSchema.safeParse(answer.error);
        if (!parsed.success) {
          throw new EmailSendError("resend", "parse_error", `Failed to parse Resend response: ${describeIssues(parsed.error)}`);
        }
        const { statusCode, name, message: why } = parsed.data;
        if (statusCode === null) {
          // The SDK reports "no answer" (network failure, timeout, or a 2xx body that is not JSON).
          throw new EmailSendError("resend", "unavailable", `Resend could not be reached or gave no readable answer (${why})`);
        }
        throw new EmailSendError("resend", "provider_error", `Resend answered ${statusCode} ${name}: ${why}`, statusCode);
      }

      const parsed = successSchema.safeParse(answer.data);
      if (!parsed.success) {
        throw new EmailSendError("resend", "parse_error", `Failed to parse Resend response: ${describeIssues(parsed.error)}`);
      }
      return { id: parsed.data.id, provider: "resend" };
    },
  };
}
