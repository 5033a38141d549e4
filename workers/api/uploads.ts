import { Hono } from "hono";
import { PHOTO_ERRORS, PHOTO_MAX_BYTES } from "../../app/domain/story/photo";
import { UploadError } from "../../app/services/books/uploads.server";
import type { ApiEnv } from "./index";

/** POST /api/uploads: a photo (multipart field `photo`) → {uploadId}. Checked by its bytes. */
export const uploads = new Hono<ApiEnv>().post("/", async (c) => {
  const { services, owner } = c.get("app");
  const length = Number(c.req.header("Content-Length") ?? 0);
  if (length > PHOTO_MAX_BYTES + 64 * 1024) return c.json({ error: PHOTO_ERRORS.size }, 413);
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return c.json({ error: "Send the photo as multipart/form-data in the field 'photo'." }, 400);
  }
  const photo = form.get("photo");
  if (!photo || typeof photo === "string") return c.json({ error: "Please choose a photo to upload." }, 400);
  try {
    const saved = await services.uploads.savePhoto(owner, { bytes: new Uint8Array(await photo.arrayBuffer()) });
    return c.json(saved, 201);
  } catch (error) {
    if (error instanceof UploadError) return c.json({ error: error.message }, error.status);
    throw error;
  }
});
