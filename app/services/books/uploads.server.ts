import type { Owner } from "../db/owner.server";
import { randomId } from "~/domain/ids";

/** Photos: JPEG, PNG or WebP, told by their bytes (never their name), at most 8 MB. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

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

export function sniffImageType(bytes: Uint8Array): "image/jpeg" | "image/png" | "image/webp" | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return "image/png";
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

export function createUploadService(images: R2Bucket) {
  return {
    async savePhoto(owner: Owner, photo: { bytes: Uint8Array }): Promise<{ uploadId: string; contentType: string }> {
      if (photo.bytes.byteLength === 0) throw new UploadError("That photo is empty. Please choose another one.", 400);
      if (photo.bytes.byteLength > MAX_PHOTO_BYTES) throw new UploadError("That photo is larger than 8 MB. Please choose a smaller one.", 413);
      const contentType = sniffImageType(photo.bytes);
      if (!contentType) throw new UploadError("Please choose a JPEG, PNG or WebP photo.", 400);
      const visitorId = owner.kind === "visitor" ? owner.visitorId : (owner.visitorId ?? owner.userProfileId);
      const uploadId = randomId(24);
      await images.put(uploadKey(visitorId, uploadId), photo.bytes, { httpMetadata: { contentType } });
      return { uploadId, contentType };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
