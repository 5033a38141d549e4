/**
 * The child's photo, checked the same way in the browser (as soon as it is chosen) and on the server
 * (the story form's action and the upload service, which stores it): JPEG, PNG or WebP, told by its
 * first bytes (never by its name or the type the browser states), not empty, at most 8 MB.
 */

/** The largest photo accepted, in megabytes (the hint beside the photo field says it too). */
export const PHOTO_MAX_MB = 8;
export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
type PhotoType = (typeof PHOTO_TYPES)[number];

/** What the parent is told when a photo cannot be used, wherever it was checked. */
export const PHOTO_ERRORS = {
  type: "Please choose a JPEG, PNG or WebP photo.",
  size: `That photo is larger than ${PHOTO_MAX_MB} MB. Please choose a smaller one.`,
  empty: "That photo is empty. Please choose another one.",
  unreadable: "We couldn't read that photo: the file is damaged or is not really a JPEG, PNG or WebP. Please choose another one.",
  consent: "Please tick the box to confirm you are this child's parent or guardian and agree to us using the photo.",
  tooMany: "You've added a lot of photos in a short time. Please wait a little and try again.",
} as const;

/** The form field (and API field) of the parent's agreement to give the child's photo, and the value a tick sends. */
export const PHOTO_CONSENT_FIELD = "photoConsent";
export const PHOTO_CONSENT_VALUE = "yes";

/**
 * What kind of picture the bytes are, read from their first bytes (never from the name): JPEG
 * (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A) or WebP (RIFF....WEBP). Null for anything else.
 */
export function sniffImageType(bytes: Uint8Array): PhotoType | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return "image/png";
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

/**
 * Checks a photo's size and first bytes (at least the first 12): the message to show when it cannot
 * be used, null when it can.
 */
export function checkPhoto(size: number, head: Uint8Array): string | null {
  if (size === 0) return PHOTO_ERRORS.empty;
  if (size > PHOTO_MAX_BYTES) return PHOTO_ERRORS.size;
  if (!sniffImageType(head)) return PHOTO_ERRORS.type;
  return null;
}
