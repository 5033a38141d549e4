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
  linkInvalid: "This link has expired or has already been used. Please ask for a new one.",
  firstNameRequired: "Please enter your first name.",
  lastNameRequired: "Please enter your last name.",
  nameLong: `Please use at most ${NAME_MAX} characters.`,
  tooMany: "Too many attempts. Please wait a little and try again.",
  // the product's fixed error texts
  serviceUnavailable: "Authentication service is not available",
  signupFailed: "An unexpected error occurred during signup",
  resetEmailFailed: "Failed to send reset email",
  resendFailed: "Failed to resend confirmation email",
  resetSecurity: "For security reasons, please use the 'Sign in with Google' option instead of password reset.",
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

const name = (required: string) => z.string({ error: required }).trim().min(1, required).max(NAME_MAX, AUTH_MESSAGES.nameLong);

export const profileNamesSchema = z.object({
  firstName: name(AUTH_MESSAGES.firstNameRequired),
  lastName: name(AUTH_MESSAGES.lastNameRequired),
});

/** Where to go after signing in: a path of this site only (never another site, never "//host"). */
export function safeRedirect(to: unknown, fallback = "/library"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\") || /[\r\n]/.test(to)) return fallback;
  if (to.startsWith("/auth/")) return fallback;
  return to;
}

/**
 * The reset-password error a parent sees: errors about captcha, disallowed, verification or security
 * reasons are replaced by the advice to sign in with Google.
 */
export function resetErrorText(message: string): string {
  return /captcha|disallowed|verification|security/i.test(message) ? AUTH_MESSAGES.resetSecurity : message;
}
