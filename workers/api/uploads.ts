import { Hono } from "hono";
import { z } from "zod";
import { PHOTO_CONSENT_VALUE, PHOTO_ERRORS, PHOTO_MAX_BYTES } from "../../app/domain/story/photo";
import { clientKey } from "../../app/services/auth/identity.server";
import { UploadError } from "../../app/services/books/uploads.server";
import type { ApiEnv } from "./env";
import { zodValidator } from "./validate";

/**
 * POST /api/uploads: a photo (multipart field `photo`) with the parent's agreement (field
 * `photoConsent` = "yes") → 201 {uploadId, contentType}. The photo is checked by its bytes, walked
 * whole and kept without its metadata (uploads.server.ts). 400 without the agreement or for a file
 * that is not a whole JPEG, PNG or WebP; 413 over 8 MB; 429 (Retry-After) past 10 photos a minute or
 * 50 a day from one address or one visitor.
 */
export const uploads = new Hono<ApiEnv>().post(
  "/",
  // A body announced as too large is refused before it is read.
  async (c, next) => {
    if (Number(c.req.header("Content-Length") ?? 0) > PHOTO_MAX_BYTES + 64 * 1024) return c.json({ error: PHOTO_ERRORS.size }, 413);
    await next();
  },
  zodValidator("form", z.object({ photo: z.instanceof(File), photoConsent: z.unknown().optional() }), {
    unreadable: "Send the photo as multipart/form-data in the field 'photo'.",
    invalid: () => ({ error: "Please choose a photo to upload." }),
  }),
  async (c) => {
    const { services, owner, identity } = c.get("app");
    const { photo, photoConsent } = c.req.valid("form");
    const consent = photoConsent === PHOTO_CONSENT_VALUE;
    if (!consent) return c.json({ error: PHOTO_ERRORS.consent }, 400);
    const allowed = await services.uploads.allow({ client: clientKey(c.req.raw, identity.visitorId), visitorId: identity.visitorId });
    if (!allowed.ok) return c.json({ error: PHOTO_ERRORS.tooMany }, 429, { "Retry-After": String(allowed.retryAfterS) });
    try {
      const saved = await services.uploads.savePhoto(owner, { bytes: new Uint8Array(await photo.arrayBuffer()), consent });
      return c.json(saved, 201);
    } catch (error) {
      if (error instanceof UploadError) return c.json({ error: error.message }, error.status);
      throw error;
    }
  },
);
