import { sniffImageType } from "~/domain/story/photo";
import { PhotoRejected } from "./bytes";
import { cleanJpeg } from "./jpeg";
import { cleanPng } from "./png";
import { cleanWebp } from "./webp";

export { PhotoRejected } from "./bytes";

/**
 * A photo as we keep it: the same picture, rebuilt from only the parts that draw it, so nothing the
 * camera or an editor wrote about it (EXIF with GPS, XMP, comments, thumbnails, text chunks, trailing
 * data) is kept; and only after the whole file was walked and found sound. A file that is not a
 * whole, well-formed JPEG, PNG or WebP is refused with PhotoRejected (its reason is for the log).
 * Why a structural rebuild and not a decode and re-encode: docs/decisions (the photos record).
 */
export async function cleanPhoto(bytes: Uint8Array): Promise<{ bytes: Uint8Array; contentType: "image/jpeg" | "image/png" | "image/webp" }> {
  const type = sniffImageType(bytes);
  if (type === "image/jpeg") return { bytes: cleanJpeg(bytes), contentType: type };
  if (type === "image/png") return { bytes: await cleanPng(bytes), contentType: type };
  if (type === "image/webp") return { bytes: cleanWebp(bytes), contentType: type };
  throw new PhotoRejected("not a JPEG, PNG or WebP");
}
