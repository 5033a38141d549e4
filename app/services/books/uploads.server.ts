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

/** The R2 key of an upload in an owner's folder; private (never served publicly). */
export function uploadKey(folder: string, uploadId: string): string {
  return `uploads/${folder}/${uploadId}`;
}

/**
 * Whose folder a new upload goes into: a signed-in parent's profile (so deleting the account deletes
 * every photo it uploaded, from any browser), else the visitor's browser.
 */
export function uploadFolder(owner: Owner): string {
  return owner.kind === "profile" ? owner.userProfileId : owner.visitorId;
}

/**
 * Where an owner's photo may be found, in order: the owner's folder and, for a signed-in parent,
 * this browser's visitor folder (a photo added before signing in).
 */
export function uploadFolders(owner: Owner): string[] {
  return owner.kind === "profile" && owner.visitorId ? [owner.userProfileId, owner.visitorId] : [uploadFolder(owner)];
}

export function createUploadService(images: R2Bucket) {
  return {
    async savePhoto(owner: Owner, photo: { bytes: Uint8Array }): Promise<{ uploadId: string; contentType: string }> {
      // Photos: JPEG, PNG or WebP, told by their bytes (never their name), at most 8 MB.
      const problem = checkPhoto(photo.bytes.byteLength, photo.bytes.subarray(0, 16));
      const contentType = sniffImageType(photo.bytes);
      if (problem || !contentType) throw new UploadError(problem ?? PHOTO_ERRORS.type, problem === PHOTO_ERRORS.size ? 413 : 400);
      const uploadId = randomId(24);
      await images.put(uploadKey(uploadFolder(owner), uploadId), photo.bytes, { httpMetadata: { contentType } });
      return { uploadId, contentType };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
