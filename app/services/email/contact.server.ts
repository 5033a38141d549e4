import type { ContactInput } from "~/domain/contact/schema";
import type { Secrets } from "../env.server";
import { contactEmail } from "./templates";
import type { EmailSender, SendResult } from "./types";

/**
 * Sends one contact-form message to the administrator address from configuration, with reply-to
 * set to the visitor so answering is one click. Used by /contact and by POST /api/send-email.
 * Throws EmailSendError when the provider fails.
 */
export async function sendContactMessage(
  sender: EmailSender,
  secrets: Pick<Secrets, "ADMIN_EMAIL" | "EMAIL_FROM">,
  input: ContactInput,
  now: Date = new Date(),
): Promise<SendResult> {
  const { subject, html, text } = await contactEmail(input, now);
  return sender.send({ kind: "contact", to: [secrets.ADMIN_EMAIL], from: secrets.EMAIL_FROM, replyTo: input.email, subject, html, text });
}
