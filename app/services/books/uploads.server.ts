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

/** The R2 key of a visitor's upload; private (never served publicly). */
export function uploadKey(visitorId: string, uploadId: string): string {
  return `uploads/${visitorId}/${uploadId}`;
}

export function createUploadService(images: R2Bucket) {
  return {
    async savePhoto(owner: Owner, photo: { bytes: Uint8Array }): Promise<{ uploadId: string; contentType: string }> {
      // Photos: JPEG, PNG or WebP, told by their bytes (never their name), at most 8 MB.
      const problem = checkPhoto(photo.bytes.byteLength, photo.bytes.subarray(0, 16));
      const contentType = sniffImageType(photo.bytes);
      if (problem || !contentType) throw new UploadError(problem ?? PHOTO_ERRORS.type, problem === PHOTO_ERRORS.size ? 413 : 400);
      const visitorId = owner.kind === "visitor" ? owner.visitorId : (owner.visitorId ?? owner.userProfileId);
      const uploadId = randomId(24);
      await images.put(uploadKey(visitorId, uploadId), photo.bytes, { httpMetadata: { contentType } });
      return { uploadId, contentType };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
