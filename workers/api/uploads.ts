import { Hono } from "hono";
import { z } from "zod";
import { PHOTO_ERRORS, PHOTO_MAX_BYTES } from "../../app/domain/story/photo";
import { UploadError } from "../../app/services/books/uploads.server";
import type { ApiEnv } from "./env";
import { zodValidator } from "./validate";

/** POST /api/uploads: a photo (multipart field `photo`) → {uploadId}. Checked by its bytes. */
export const uploads = new Hono<ApiEnv>().post(
  "/",
  // A body announced as too large is refused before it is read.
  async (c, next) => {
    if (Number(c.req.header("Content-Length") ?? 0) > PHOTO_MAX_BYTES + 64 * 1024) return c.json({ error: PHOTO_ERRORS.size }, 413);
    await next();
  },
  zodValidator("form", z.object({ photo: z.instanceof(File) }), {
    unreadable: "Send the photo as multipart/form-data in the field 'photo'.",
    invalid: () => ({ error: "Please choose a photo to upload." }),
  }),
  async (c) => {
    const { services, owner } = c.get("app");
    const { photo } = c.req.valid("form");
    try {
      const saved = await services.uploads.savePhoto(owner, { bytes: new Uint8Array(await photo.arrayBuffer()) });
      return c.json(saved, 201);
    } catch (error) {
      if (error instanceof UploadError) return c.json({ error: error.message }, error.status);
      throw error;
    }
  },
);
