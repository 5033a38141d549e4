/**
 * The newsletter sign-up: the answers' words, the limits, and the statuses a form shows after a
 * sign-up. Pure and free of the validation library: the footer's form on every page imports it.
 * The schema the API and the service check a sign-up with is in `newsletter-schema.ts`; the address
 * a form comes back to, in `newsletter-address.ts`.
 */
import { SIGNUP_FORM_PARAM, SIGNUP_STATUS_PARAM } from "./newsletter-address";

export { signupBack } from "./newsletter-address";

/** The answers of the sign-up, word for word. */
export const NEWSLETTER_MESSAGES = {
  invalid: "Invalid email address",
  subscribed: "Successfully subscribed to our newsletter!",
  reactivated: "Welcome back! Your subscription has been reactivated.",
  already: "You are already subscribed to our newsletter!",
  failed: "Failed to subscribe. Please try again later.",
  metadataTooLarge: "The metadata is too large: at most 2 KB of JSON.",
} as const;

export const NEWSLETTER_EMAIL_MAX = 254;
export const NEWSLETTER_NAME_MAX = 100;
/** The JSON a caller may attach (timestamp, page address ...), in bytes of UTF-8. */
export const NEWSLETTER_METADATA_MAX_BYTES = 2048;

/** The address as it is looked up and stored: trimmed and lower-cased. */
export function normalizeEmail(raw: unknown): string {
  return typeof raw === "string" ? raw.trim().toLowerCase() : "";
}

// ---------------------------------------------------------------------------------------------
// The sign-up forms (footer, blog): what they send and what they show afterwards

/** The sign-up forms: the footer's, the blog's and the /newsletter page's. The value is the subscription's source. */
export const SIGNUP_FORMS = ["footer", "blog", "page"] as const;
export type SignupForm = (typeof SIGNUP_FORMS)[number];

export function isSignupForm(v: unknown): v is SignupForm {
  return typeof v === "string" && (SIGNUP_FORMS as readonly string[]).includes(v);
}

/** The element a form's status is shown in (the redirect's #fragment). */
export const signupAnchor = (form: SignupForm) => (form === "footer" ? "newsletter" : `newsletter-${form}`);

/**
 * Where a sign-up form stands after a post: a confirmation went out (new, back, or asked again),
 * one went out minutes ago, the address is on the list already, the address is wrong, too many
 * sign-ups from one place, or the server failed.
 */
export const SIGNUP_STATUSES = ["sent", "back", "waiting", "already", "invalid", "busy", "error"] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

export function isSignupStatus(v: unknown): v is SignupStatus {
  return typeof v === "string" && (SIGNUP_STATUSES as readonly string[]).includes(v);
}

/** What the form says for each status (shown in place, role status or alert). */
export const SIGNUP_STATUS_TEXT: Record<SignupStatus, string> = {
  sent: "Almost there! Check your inbox: we have sent you an e-mail with a button to confirm. Nothing else is sent until you press it.",
  back: "Welcome back! Check your inbox and confirm once more, and the newsletter starts again.",
  waiting: "We sent you a confirmation e-mail a few minutes ago. Open it and press the button (have a look in your spam folder too).",
  already: "You are already subscribed to our newsletter!",
  invalid: "That e-mail address doesn't look quite right. Please check it, for example name@example.com.",
  busy: "Too many sign-ups from your connection just now. Please try again in an hour.",
  error: "We couldn't sign you up just now. Please try again later.",
};

/** Statuses that are a problem with what was typed or sent (the form moves focus to its field). */
export const signupFailed = (status: SignupStatus) => status === "invalid" || status === "busy" || status === "error";

/**
 * Where to send the browser back to: a path on this site (never another site: "//host" and
 * "/\\host" are refused), with the status in its query and the form's anchor.
 */
export function signupRedirect(back: unknown, form: SignupForm, status: SignupStatus): string {
  const path = typeof back === "string" && /^\/(?![/\\])/.test(back) && back.length <= 2000 ? back : "/newsletter";
  const url = new URL(path, "https://storynest.invalid");
  url.searchParams.set(SIGNUP_STATUS_PARAM, status);
  url.searchParams.set(SIGNUP_FORM_PARAM, form);
  url.hash = signupAnchor(form);
  // "/.//host" is a path to the parser but "//host" (another site) to a browser: one leading slash only.
  return `${url.pathname.replace(/^[/\\]+/, "/")}${url.search}${url.hash}`;
}

/** The status a page's address carries for one form, if any. */
export function signupStatusFrom(search: string, form: SignupForm): SignupStatus | null {
  const params = new URLSearchParams(search);
  const status = params.get(SIGNUP_STATUS_PARAM);
  if (!isSignupStatus(status)) return null;
  return (params.get(SIGNUP_FORM_PARAM) ?? "footer") === form ? status : null;
}
