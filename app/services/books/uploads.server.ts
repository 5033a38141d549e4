import { checkPhoto, PHOTO_ERRORS, sniffImageType } from "~/domain/story/photo";
import type { Owner } from "../db/owner.server";
import { randomId } from "~/domain/ids";

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/**
 * The R2 key of an owner's upload; private (never served publicly). `ownerId` is the owner's
 * storage id (`uploadOwnerId`): a photo a signed-in parent uploads is kept under the profile, so it
 * can be used from any browser of the account; a visitor's under the visitor, until a sign-in copies
 * it to the profile (app/services/auth/claim.server.ts).
 */
export function uploadKey(ownerId: string, uploadId: string): string {
  return `uploads/${ownerId}/${uploadId}`;
}

/** Whose folder an owner's uploads go in: the profile when signed in, else the visitor. */
export function uploadOwnerId(owner: Owner): string {
  return owner.kind === "profile" ? owner.userProfileId : owner.visitorId;
}

export function createUploadService(images: R2Bucket) {
  return {
    async savePhoto(owner: Owner, photo: { bytes: Uint8Array }): Promise<{ uploadId: string; contentType: string }> {
      // Photos: JPEG, PNG or WebP, told by their bytes (never their name), at most 8 MB.
      const problem = checkPhoto(photo.bytes.byteLength, photo.bytes.subarray(0, 16));
      const contentType = sniffImageType(photo.bytes);
      if (problem || !contentType) throw new UploadError(problem ?? PHOTO_ERRORS.type, problem === PHOTO_ERRORS.size ? 413 : 400);
      const uploadId = randomId(24);
      await images.put(uploadKey(uploadOwnerId(owner), uploadId), photo.bytes, { httpMetadata: { contentType } });
      return { uploadId, contentType };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
