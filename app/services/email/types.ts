import { z } from "zod";
import { describeIssues } from "~/domain/validation";

/** What an e-mail is about; recorded with every message (the outbox lists it). */
export const EMAIL_KINDS = [
  "contact",
  "story",
  "pdf",
  "plan-purchase",
  "refund",
  "account",
  "newsletter",
  "nino-safety",
  "story-share",
  "social-digest",
  "comment-report",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_PROVIDERS = ["resend", "outbox"] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/**
 * A mailbox as a header carries it: `someone@example.com` or `Display Name <someone@example.com>`.
 * Carriage returns and line feeds are refused so nothing can smuggle in extra headers.
 */
const mailbox = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .refine((s) => !/[\r\n]/.test(s), "An address must be on one line")
  .refine((s) => {
    const m = /^(?:[^<>]*<([^<>]+)>|([^<>\s]+))$/.exec(s);
    const address = m?.[1] ?? m?.[2];
    return address !== undefined && z.email().safeParse(address).success;
  }, "Not a valid e-mail address");

/** One e-mail to send, checked before any provider sees it. */
export const emailMessageSchema = z.object({
  to: z.union([mailbox, z.array(mailbox).min(1).max(50)]).transform((v) => (Array.isArray(v) ? v : [v])),
  from: mailbox,
  replyTo: mailbox.optional(),
  subject: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .refine((s) => !/[\r\n]/.test(s), "A subject must be on one line"),
  html: z.string().min(1).max(500_000),
  text: z.string().min(1).max(200_000),
  kind: z.enum(EMAIL_KINDS),
  /** extra headers (List-Unsubscribe, List-Unsubscribe-Post); names are tokens, values one line */
  headers: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,62}$/),
      z
        .string()
        .max(2000)
        .refine((s) => !/[\r\n]/.test(s), "A header must be on one line"),
    )
    .optional(),
  /** the same key never sends twice: Resend's Idempotency-Key, the outbox's unique column */
  idempotencyKey: z.string().min(1).max(256).optional(),
});

export type EmailMessage = z.input<typeof emailMessageSchema>;
export type ParsedEmailMessage = z.output<typeof emailMessageSchema>;

export interface SendResult {
  /** The provider's id for the message (Resend's e-mail id, or the outbox row id). */
  id: string;
  provider: EmailProvider;
}

export interface EmailSender {
  readonly provider: EmailProvider;
  /** Sends one e-mail. Throws EmailSendError when the message is refused or the provider fails. */
  send(message: EmailMessage): Promise<SendResult>;
}

export type EmailFailureReason =
  /** The message itself is not sendable (bad address, empty subject ...). */
  | "invalid_message"
  /** The provider answered with an error status. */
  | "provider_error"
  /** The provider answered, but not with the shape its documentation promises. */
  | "parse_error"
  /** The provider could not be reached (network, timeout) or the store failed. */
  | "unavailable";

/** A failed send answers 'Failed to send email' with the detail. */
export const SEND_FAILED_MESSAGE = "Failed to send email";

/**
 * A provider failure. Test for it with isEmailSendError, not instanceof: the Worker and the Remix
 * server build are bundled separately, so a route and a service can hold two copies of this class.
 */
export class EmailSendError extends Error {
  override readonly name = "EmailSendError";
  constructor(
    readonly provider: EmailProvider,
    readonly reason: EmailFailureReason,
    /** A human-readable explanation of what went wrong, safe to log and to return to a developer. */
    readonly detail: string,
    /** The provider's HTTP status, when it answered with one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`${SEND_FAILED_MESSAGE}: ${detail}`, options);
  }
}

const REASONS: readonly EmailFailureReason[] = ["invalid_message", "provider_error", "parse_error", "unavailable"];

export function isEmailSendError(e: unknown): e is EmailSendError {
  if (e instanceof EmailSendError) return true;
  if (!(e instanceof Error) || e.name !== "EmailSendError") return false;
  const x = e as Partial<EmailSendError>;
  return typeof x.detail === "string" && typeof x.provider === "string" && REASONS.includes(x.reason as EmailFailureReason);
}

/** Parses a message or throws EmailSendError("invalid_message") naming the fields at fault. */
export function parseEmailMessage(provider: EmailProvider, message: EmailMessage): ParsedEmailMessage {
  const parsed = emailMessageSchema.safeParse(message);
  if (!parsed.success) {
    const detail = describeIssues(parsed.error, { whole: "message" });
    throw new EmailSendError(provider, "invalid_message", `the message is not sendable (${detail})`);
  }
  return parsed.data;
}
