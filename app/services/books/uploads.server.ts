import { inArray, or } from "drizzle-orm";
import { PHOTO_ERRORS, checkPhoto } from "~/domain/story/photo";
import { randomId } from "~/domain/ids";
import { hitAll, type HitResult, type Limit } from "../auth/rate-limit.server";
import type { Db } from "../db/client.server";
import type { Owner } from "../db/owner.server";
import { childPhotoKeys } from "../db/saved-children.server";
import { storybooks } from "../db/schema/index";
import { log } from "../log.server";
import { cleanPhoto, PhotoRejected } from "./photo-clean/index";

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 429,
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** How many photos one client address, and one visitor, may add: a burst a minute and a day's worth. */
export const UPLOAD_LIMITS = {
  perMinute: { max: 10, windowS: 60 },
  perDay: { max: 50, windowS: 24 * 60 * 60 },
} as const satisfies Record<string, Limit>;

/** A photo no book uses is deleted this long after it was added (the cron sweep). */
export const UNUSED_UPLOAD_MS = 24 * 60 * 60 * 1000;

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

/** The keys among `keys` that a book or a saved child uses (its photo or its square). */
async function keysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  // D1 binds at most 100 parameters a statement: the keys appear twice
  for (let i = 0; i < keys.length; i += 45) {
    const part = keys.slice(i, i + 45);
    const rows = await db
      .select({ photo: storybooks.childImageKey, square: storybooks.childImageCroppedKey })
      .from(storybooks)
      .where(or(inArray(storybooks.childImageKey, part), inArray(storybooks.childImageCroppedKey, part)));
    for (const r of rows) for (const k of [r.photo, r.square]) if (k) used.add(k);
    for (const k of await childPhotoKeys(db, part)) used.add(k);
  }
  return used;
}

export function createUploadService({ images, db }: { images: R2Bucket; db: Db }) {
  /**
   * Keeps a photo the parent agreed to give (JPEG, PNG or WebP, told by its bytes, at most 8 MB),
   * rebuilt without its metadata (photo-clean); a file that is not a whole photo is refused.
   */
  async function savePhoto(owner: Owner, photo: { bytes: Uint8Array; consent: boolean }): Promise<{ uploadId: string; contentType: string }> {
    if (!photo.consent) throw new UploadError(PHOTO_ERRORS.consent, 400);
    const problem = checkPhoto(photo.bytes.byteLength, photo.bytes.subarray(0, 16));
    if (problem) throw new UploadError(problem, problem === PHOTO_ERRORS.size ? 413 : 400);
    let clean: Awaited<ReturnType<typeof cleanPhoto>>;
    try {
      clean = await cleanPhoto(photo.bytes);
    } catch (error) {
      if (!(error instanceof PhotoRejected)) throw error;
      log.info("photo refused", { reason: error.message, bytes: photo.bytes.byteLength });
      throw new UploadError(PHOTO_ERRORS.unreadable, 400);
    }
    const uploadId = randomId(24);
    await images.put(uploadKey(uploadFolder(owner), uploadId), clean.bytes, {
      httpMetadata: { contentType: clean.contentType },
      customMetadata: { parentConsent: new Date().toISOString() },
    });
    return { uploadId, contentType: clean.contentType };
  }

  /**
   * Deletes photos the parent removed or replaced, from the owner's own folders only, unless a book
   * (or a saved child) already uses one. Unknown ids are ignored.
   */
  async function discard(owner: Owner, uploadIds: string[]): Promise<number> {
    const keys = uploadIds.flatMap((id) => uploadFolders(owner).map((folder) => uploadKey(folder, id)));
    if (keys.length === 0) return 0;
    const used = await keysInUse(db, keys);
    const gone = keys.filter((k) => !used.has(k));
    if (gone.length > 0) await images.delete(gone);
    return gone.length;
  }

  return {
    savePhoto,
    discard,

    /**
     * A photo the parent agreed to give and its square (the crop that shows the face), each rebuilt
     * without its metadata: their upload ids, or why not (then nothing is kept). The square is a
     * nicety: one that cannot be read is left out, and the book is drawn from the whole photo.
     */
    async savePhotoAndSquare(
      owner: Owner,
      bytes: { photo: Uint8Array; square: Uint8Array | null },
    ): Promise<{ ids: string[] } | { error: string; status: number }> {
      const ids: string[] = [];
      try {
        ids.push((await savePhoto(owner, { bytes: bytes.photo, consent: true })).uploadId);
        if (bytes.square) {
          const square = await savePhoto(owner, { bytes: bytes.square, consent: true }).catch((error: unknown) => {
            if (error instanceof UploadError) return null;
            throw error;
          });
          if (square) ids.push(square.uploadId);
        }
        return { ids };
      } catch (error) {
        if (ids.length > 0) await discard(owner, ids);
        if (error instanceof UploadError) return { error: error.message, status: error.status };
        throw error;
      }
    },

    /**
     * A copy of a kept photo as a new upload of the owner (a book made from a saved child gets a
     * photo of its own, which follows the book, while the child keeps its own): its upload id, or
     * null when the photo is gone.
     */
    async copy(owner: Owner, key: string): Promise<string | null> {
      const source = await images.get(key);
      if (!source) return null;
      const uploadId = randomId(24);
      await images.put(uploadKey(uploadFolder(owner), uploadId), await source.arrayBuffer(), {
        httpMetadata: source.httpMetadata,
        customMetadata: source.customMetadata,
      });
      return uploadId;
    },

    /**
     * Counts one photo added by this client address and this visitor: refused (429, with when to
     * try again) past 10 a minute or 50 a day for either. Called before the photo is read.
     */
    async allow(who: { client: string; visitorId: string }): Promise<HitResult> {
      const names = [...new Set([who.client, `visitor:${who.visitorId}`])];
      return hitAll(
        db,
        names.flatMap((name) => [
          { key: `photo-upload:min:${name}`, limit: UPLOAD_LIMITS.perMinute },
          { key: `photo-upload:day:${name}`, limit: UPLOAD_LIMITS.perDay },
        ]),
      );
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;

const SWEEP_CURSOR = "sweep:unused-uploads:cursor";

/**
 * Deletes photos that no book uses once they are a day old (run by the cron trigger). Each run goes
 * through up to `pages` pages of 1,000 uploads and remembers where it stopped (in KV), so a large
 * bucket is covered over several runs. A photo a book uses is never touched here: it follows its
 * book (deleted with it, or with the owner's other data).
 */
export async function sweepUnusedUploads(
  deps: { db: Db; images: R2Bucket; kv: KVNamespace },
  now = Date.now(),
  pages = 3,
): Promise<{ checked: number; deleted: number }> {
  let cursor = (await deps.kv.get(SWEEP_CURSOR)) ?? undefined;
  let checked = 0;
  let deleted = 0;
  for (let page = 0; page < pages; page++) {
    const listed = await deps.images.list({ prefix: "uploads/", cursor, limit: 1000 });
    checked += listed.objects.length;
    const old = listed.objects.filter((o) => now - o.uploaded.getTime() >= UNUSED_UPLOAD_MS).map((o) => o.key);
    if (old.length > 0) {
      const used = await keysInUse(deps.db, old);
      const gone = old.filter((k) => !used.has(k));
      if (gone.length > 0) await deps.images.delete(gone);
      deleted += gone.length;
    }
    cursor = listed.truncated ? listed.cursor : undefined;
    if (!cursor) break;
  }
  if (cursor) await deps.kv.put(SWEEP_CURSOR, cursor);
  else await deps.kv.delete(SWEEP_CURSOR);
  return { checked, deleted };
}
