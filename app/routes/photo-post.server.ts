import type { AppLoadContext } from "@remix-run/cloudflare";
import { checkPhoto, PHOTO_CONSENT_FIELD, PHOTO_CONSENT_VALUE, PHOTO_ERRORS } from "~/domain/story/photo";
import { clientKey } from "~/services/auth/identity.server";
import type { Owner } from "~/services/db/owner.server";

/**
 * A child's photo posted with a form, as the story form and the saved child's page take it: the file
 * `photo`, its square `photoCropped` (made in the browser) and the parent's tick. Checked before
 * anything else refuses the form; stored (rebuilt without its metadata) only once nothing can.
 */
export interface PostedPhoto {
  name: string;
  bytes: { photo: Uint8Array; square: Uint8Array | null };
  /** why it cannot be used (its type, size, or the missing tick), or null */
  problem: string | null;
  status: 400 | 413;
}

/** The photo chosen in the form, read and checked, or null when none was chosen. */
export async function postedPhoto(form: FormData): Promise<PostedPhoto | null> {
  const photo = form.get("photo");
  const cropped = form.get("photoCropped");
  if (!(photo instanceof File) || photo.size === 0) return null;
  const bytes = {
    photo: new Uint8Array(await photo.arrayBuffer()),
    square: cropped instanceof File && cropped.size > 0 ? new Uint8Array(await cropped.arrayBuffer()) : null,
  };
  const problem =
    checkPhoto(bytes.photo.byteLength, bytes.photo.subarray(0, 16)) ?? (form.get(PHOTO_CONSENT_FIELD) === PHOTO_CONSENT_VALUE ? null : PHOTO_ERRORS.consent);
  return { name: photo.name.slice(0, 120), bytes, problem, status: problem === PHOTO_ERRORS.size ? 413 : 400 };
}

export type KeptPhoto = { ok: true; ids: string[] } | { ok: false; message: string; status: number; retryAfterS?: number };

/**
 * Stores a checked photo and its square in the owner's folder, within the limits per address and
 * per visitor (10 a minute, 50 a day): their upload ids, or why not.
 */
export async function keepPhoto(request: Request, context: AppLoadContext, owner: Owner, bytes: PostedPhoto["bytes"]): Promise<KeptPhoto> {
  const { uploads } = context.services;
  const allowed = await uploads.allow({ client: clientKey(request, context.identity.visitorId), visitorId: context.identity.visitorId });
  if (!allowed.ok) return { ok: false, message: PHOTO_ERRORS.tooMany, status: 429, retryAfterS: allowed.retryAfterS };
  const saved = await uploads.savePhotoAndSquare(owner, bytes);
  return "error" in saved ? { ok: false, message: saved.error, status: saved.status } : { ok: true, ids: saved.ids };
}
