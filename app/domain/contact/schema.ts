import { z } from "zod";
import { fieldErrors, fieldIssues, type FieldIssue } from "../validation";

/** The contact form's topics, in the order the select shows them. */
export const CONTACT_TOPICS = [
  { value: "book", label: "A question about a book" },
  { value: "billing", label: "Billing and credits" },
  { value: "privacy", label: "Privacy and my child's data" },
  { value: "other", label: "Something else" },
] as const;

export type ContactTopic = (typeof CONTACT_TOPICS)[number]["value"];

const TOPIC_VALUES = CONTACT_TOPICS.map((t) => t.value) as [ContactTopic, ...ContactTopic[]];

export function topicLabel(topic: ContactTopic): string {
  return CONTACT_TOPICS.find((t) => t.value === topic)?.label ?? topic;
}

export const NAME_MAX = 100;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;
export const EMAIL_MAX = 254;

/**
 * The hidden field people never see and bots love to fill. A submission that fills it is treated as
 * sent (so the bot learns nothing) and nothing is sent.
 */
export const HONEYPOT_FIELD = "website";

export const CONTACT_FIELDS = ["name", "email", "topic", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** One schema for the browser (instant feedback) and the server (the authority). */
export const contactSchema = z.object({
  name: z
    .string({ error: "Please tell us your name." })
    .trim()
    .min(1, "Please tell us your name.")
    .max(NAME_MAX, `Please keep your name to ${NAME_MAX} characters or fewer.`),
  email: z
    .string({ error: "Please enter your e-mail address so we can reply." })
    .trim()
    .min(1, "Please enter your e-mail address so we can reply.")
    .max(EMAIL_MAX, "That e-mail address is too long. Please check it.")
    .pipe(z.email("That e-mail address doesn't look quite right. Please check it, for example name@example.com.")),
  topic: z.enum(TOPIC_VALUES, { error: "Please choose what your message is about." }),
  message: z
    .string({ error: "Please write your message." })
    .trim()
    .min(1, "Please write your message.")
    .min(MESSAGE_MIN, `Please write a little more: at least ${MESSAGE_MIN} characters.`)
    .max(MESSAGE_MAX, `Please keep your message to ${MESSAGE_MAX} characters or fewer.`),
});

export type ContactInput = z.output<typeof contactSchema>;

/** What the person typed, kept as typed so a failed submit can show it again. */
export type ContactValues = Record<ContactField, string>;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export const EMPTY_CONTACT_VALUES: ContactValues = { name: "", email: "", topic: "", message: "" };

/** Reads the four fields from a submitted form; anything missing or not text is an empty string. */
export function readContactValues(form: FormData | URLSearchParams): ContactValues {
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  return { name: get("name"), email: get("email"), topic: get("topic"), message: get("message") };
}

export function isHoneypotFilled(form: FormData | URLSearchParams): boolean {
  const v = form.get(HONEYPOT_FIELD);
  return typeof v === "string" ? v.trim() !== "" : v !== null;
}

export type ContactValidation = { ok: true; data: ContactInput } | { ok: false; errors: ContactFieldErrors };

/** The first message for each of the form's fields at fault (problems elsewhere are not shown). */
export function contactFieldErrors(issues: readonly FieldIssue[]): ContactFieldErrors {
  return fieldErrors(issues, (field) => ((CONTACT_FIELDS as readonly string[]).includes(field) ? (field as ContactField) : undefined));
}

/** Validates typed values; on failure gives the first message for each field at fault. */
export function validateContact(values: unknown): ContactValidation {
  const parsed = contactSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: contactFieldErrors(fieldIssues(parsed.error)) };
}

/** The first field (in form order) that has an error, for moving focus to it. */
export function firstInvalidField(errors: ContactFieldErrors): ContactField | undefined {
  return CONTACT_FIELDS.find((f) => errors[f]);
}
