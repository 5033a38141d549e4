import { z } from "zod";
import { NOTIFY_EMAIL_MAX } from "./form-limits";

/**
 * "E-mail me when it's ready": the one address a visitor without an account may leave on the
 * creation form (or send to POST /api/books as `notifyEmail`). Optional: an empty field means no
 * e-mail. Trimmed and lower-cased, at most 254 characters (the longest address SMTP carries).
 * Kept with that book only and deleted with it; a signed-in parent's e-mail goes to the account's
 * confirmed address instead, so the field is neither shown to them nor read from them.
 */
export { NOTIFY_EMAIL_MAX };
export const NOTIFY_EMAIL_MESSAGE = "Please enter a valid e-mail address, or leave it empty.";

const anEmail = z.email();

export const notifyEmailSchema = z
  .string({ error: NOTIFY_EMAIL_MESSAGE })
  .trim()
  .max(NOTIFY_EMAIL_MAX, NOTIFY_EMAIL_MESSAGE)
  .transform((s) => s.toLowerCase())
  .refine((s) => s === "" || anEmail.safeParse(s).success, NOTIFY_EMAIL_MESSAGE)
  .transform((s) => (s === "" ? null : s));

/** The address to notify (null for none), or the field's message. */
export function readNotifyEmail(value: unknown): { ok: true; email: string | null } | { ok: false; message: string } {
  if (value === undefined || value === null) return { ok: true, email: null };
  const parsed = notifyEmailSchema.safeParse(value);
  return parsed.success ? { ok: true, email: parsed.data } : { ok: false, message: NOTIFY_EMAIL_MESSAGE };
}

/**
 * An address with most of its name hidden, for a page that says where an e-mail goes:
 * "mia.parent@example.com" → "m***@example.com". The domain stays, so the parent recognises it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email[0]}***${email.slice(at)}`;
}
