import { sniffImageType } from "~/domain/story/photo";

/**
 * The rules and words of /profile and /myaccount, shared by the browser (checks as the parent types
 * or picks a file) and the server (the actions and the services).
 */

/** The largest profile picture accepted, in megabytes (the hint beside the field says it too). */
export const AVATAR_MAX_MB = 2;
export const AVATAR_MAX_BYTES = AVATAR_MAX_MB * 1024 * 1024;
/** What the file picker offers; the server decides by the file's first bytes, never by this. */
export const AVATAR_ACCEPT = "image/jpeg,image/png,image/webp";
/** Where the parent's uploaded picture is served (to the parent only). */
export const AVATAR_PATH = "/profile/avatar";

export const ACCOUNT_PAGE_MESSAGES = {
  throttled: "Saved a moment ago: changes within a minute of the last one are not saved. Please try again in a minute.",
  namesSaved: "Your name is saved.",
  avatarSaved: "Your new picture is saved.",
  avatarRemoved: "Your picture is removed.",
  avatarMissing: "Please choose a picture to upload.",
  avatarType: "Please choose a JPEG, PNG or WebP picture. That file is not one.",
  avatarSize: `That picture is larger than ${AVATAR_MAX_MB} MB. Please choose a smaller one.`,
  avatarEmpty: "That file is empty. Please choose another picture.",
  emailSame: "That is already your e-mail address.",
  sessionGone: "That browser is not signed in any more.",
  sessionCurrent: "That is the browser you are using now. To sign out here, use Sign out.",
  deleteConfirmRequired: "Please type your e-mail address or the word DELETE.",
  deleteConfirmWrong: "That is neither your e-mail address nor the word DELETE. Please type one of them.",
  unreadable: "We couldn't read that form. Please try again.",
  unknownIntent: "We didn't understand that request. Please use the buttons on this page.",
} as const;

/** "We sent a link to …": the current address stays until the link is opened. */
export function emailChangeSentText(address: string): string {
  return `We sent a link to ${address}. Your address changes when you open it.`;
}

/**
 * Checks a picture's size and first bytes (at least the first 12): JPEG, PNG or WebP, told by the
 * bytes (never by the file's name or the type the browser states), not empty, at most 2 MB. The
 * message to show when it cannot be used, null when it can.
 */
export function checkAvatar(size: number, head: Uint8Array): string | null {
  if (size === 0) return ACCOUNT_PAGE_MESSAGES.avatarEmpty;
  if (size > AVATAR_MAX_BYTES) return ACCOUNT_PAGE_MESSAGES.avatarSize;
  if (!sniffImageType(head)) return ACCOUNT_PAGE_MESSAGES.avatarType;
  return null;
}

/**
 * The second step of "Delete my account": the parent types their e-mail address or the word DELETE
 * (either in any case, spaces around ignored). The message to show, or null when it matches.
 */
export function checkDeleteConfirmation(typed: unknown, email: string): string | null {
  const value = typeof typed === "string" ? typed.trim() : "";
  if (!value) return ACCOUNT_PAGE_MESSAGES.deleteConfirmRequired;
  if (value.toUpperCase() === "DELETE" || value.toLowerCase() === email.toLowerCase()) return null;
  return ACCOUNT_PAGE_MESSAGES.deleteConfirmWrong;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a signed-in browser was last used, in words: "today", "yesterday", "3 days ago", and past a
 * month the date. A session notes its use at most once a day, so days are as precise as it gets.
 */
export function lastUsedText(iso: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "some time ago";
  const dayOf = (d: Date) => Math.floor(d.getTime() / DAY_MS);
  const days = dayOf(now) - dayOf(at);
  if (days <= 0) return "today";
  if (days === 1) return "yesterday";
  if (days <= 30) return `${days} days ago`;
  return `on ${dateText(iso)}`;
}

/** "25 November 2026" (UTC, so the server and the browser agree). */
export function dateText(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? "" : at.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}
