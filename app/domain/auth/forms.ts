import { z } from "zod";

/**
 * The account forms' rules, shared by the browser and the server. Passwords: at least 8 characters
 * and up to 128, any characters, no rules about what kinds (a long passphrase is the safest); the
 * server also refuses the most common passwords. E-mail addresses are trimmed and lower-cased.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 60;

export const AUTH_MESSAGES = {
  emailRequired: "Please enter your e-mail address.",
  emailInvalid: "Please enter an e-mail address like name@example.com.",
  passwordRequired: "Please enter your password.",
  passwordShort: `Please use at least ${PASSWORD_MIN} characters.`,
  passwordLong: `Please use at most ${PASSWORD_MAX} characters.`,
  passwordCommon: "That password is one of the most common ones, so it is easy to guess. Please choose another.",
  passwordSame: "Please choose a password that is different from your current one.",
  /** the one answer for an unknown e-mail, a wrong password and an account without a password */
  badCredentials: "That e-mail and password do not match an account. Check them, or reset your password.",
  unconfirmed: "Please confirm your e-mail address first: open the link we sent you. You can ask for a new link below.",
  currentPasswordWrong: "Your current password is not right.",
  noPasswordYet: "Your account signs in with Google and has no password yet. Use 'Forgot your password?' to set one.",
  /** a confirmation link opened on another browser than the one that asked for it */
  confirmPasswordWrong: "That is not the password of this account. Check it, or choose a new one with 'Forgot your password?'.",
  linkInvalid: "This link has expired or has already been used. Please ask for a new one.",
  firstNameRequired: "Please enter your first name.",
  lastNameRequired: "Please enter your last name.",
  nameLong: `Please use at most ${NAME_MAX} characters.`,
  tooMany: "Too many attempts. Please wait a little and try again.",
  // the product's fixed error texts
  serviceUnavailable: "Authentication service is not available",
  signupFailed: "An unexpected error occurred during signup",
} as const;

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }))
  .transform((s) => s.toLowerCase());

/** A new password (sign-up, reset, change): length only; the common-password check is the server's. */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordLong);

/** A password typed to sign in: only present and not absurdly long. */
const passwordSchema = z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(1024, AUTH_MESSAGES.badCredentials);

export const signUpSchema = z.object({ email: emailSchema, password: newPasswordSchema });
export const signInSchema = z.object({ email: emailSchema, password: passwordSchema });
export const emailOnlySchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: z.string().min(20).max(200), newPassword: newPasswordSchema });
export const changePasswordSchema = z.object({ currentPassword: passwordSchema, newPassword: newPasswordSchema });
export const emailChangeSchema = z.object({ email: emailSchema, currentPassword: passwordSchema });

const name = (required: string) => z.string({ error: required }).trim().min(1, required).max(NAME_MAX, AUTH_MESSAGES.nameLong);

export const profileNamesSchema = z.object({
  firstName: name(AUTH_MESSAGES.firstNameRequired),
  lastName: name(AUTH_MESSAGES.lastNameRequired),
});

/** A placeholder origin: only a path that keeps it after the URL parser's clean-up is ours. */
const SAME_SITE = "https://storynest.invalid";
/** Control characters, any whitespace, and backslashes, which browsers drop or read as "/" in a Location. */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const UNSAFE_IN_REDIRECT = /[\u0000-\u0020\u007f-\u009f\s\\]/u;

/**
 * Where to go after signing in or choosing a market: a path of this site only. The value is refused
 * (the fallback instead) unless it is a plain "/…" path with no control character, whitespace or
 * backslash, that the URL parser keeps on our origin, and whose decoded path does not begin a second
 * host ("/%2F…", "/%09/…"). What is returned is the parser's own form of it, so the Location header
 * says exactly what was checked.
 */
export function safeRedirect(to: unknown, fallback = "/library"): string {
  if (typeof to !== "string" || to.length > 2000 || !to.startsWith("/") || UNSAFE_IN_REDIRECT.test(to)) return fallback;
  let url: URL;
  let decodedPath: string;
  try {
    url = new URL(to, SAME_SITE);
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_SITE || UNSAFE_IN_REDIRECT.test(decodedPath) || decodedPath.startsWith("//")) return fallback;
  if (url.pathname.startsWith("/auth/")) return fallback;
  return url.pathname + url.search + url.hash;
}
