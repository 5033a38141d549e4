import { z } from "zod";
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES, NEWSLETTER_METADATA_MAX_BYTES, NEWSLETTER_NAME_MAX, normalizeEmail } from "./newsletter";

/** The newsletter sign-up's schema, for the API and the service (the browser's forms do not load it). */

/** An address must be there, hold an at-sign and be a valid address. */
export function isValidNewsletterEmail(email: string): boolean {
  return email !== "" && email.includes("@") && email.length <= NEWSLETTER_EMAIL_MAX && z.email().safeParse(email).success;
}

const optionalName = z
  .string()
  .max(NEWSLETTER_NAME_MAX * 4)
  .nullish()
  .transform((v) => {
    const t = v?.trim().slice(0, NEWSLETTER_NAME_MAX) ?? "";
    return t === "" ? null : t;
  });

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** What a sign-up sends. The e-mail's own check is done apart, so its failure has its own words. */
export const newsletterSignupSchema = z.object({
  email: z.unknown().transform(normalizeEmail).refine(isValidNewsletterEmail, NEWSLETTER_MESSAGES.invalid),
  firstName: optionalName,
  lastName: optionalName,
  source: z
    .string()
    .trim()
    .max(50, "The source must be at most 50 characters")
    .regex(/^[\w .:/-]*$/, "The source may hold letters, digits, spaces and . : / _ -")
    .nullish()
    .transform((v) => (v ? v : "website")),
  metadata: z
    .record(z.string().max(100), z.unknown())
    .nullish()
    .transform((v) => v ?? {})
    .refine((v) => utf8Bytes(JSON.stringify(v)) <= NEWSLETTER_METADATA_MAX_BYTES, NEWSLETTER_MESSAGES.metadataTooLarge),
});

export type NewsletterSignupInput = z.input<typeof newsletterSignupSchema>;
