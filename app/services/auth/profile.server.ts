import { eq } from "drizzle-orm";
import { ACCOUNT_PAGE_MESSAGES, AVATAR_MAX_BYTES, AVATAR_PATH, checkAvatar } from "~/domain/auth/account-pages";
import { randomId } from "~/domain/ids";
import { sniffImageType } from "~/domain/story/photo";
import type { Db } from "../db/client.server";
import { userProfiles } from "../db/schema/index";
import { deletePrefix } from "../storage/delete-prefix.server";
import { cleanPhoto, PhotoRejected } from "../books/photo-clean/index";
import { PROFILE_UPDATE_THROTTLE_MS } from "./accounts.server";

/** The R2 folder of a parent's pictures; private, served only to the parent at /profile/avatar. */
export function avatarFolder(userProfileId: string): string {
  return `avatars/${userProfileId}/`;
}

export type AvatarResult = { ok: true; ignored: boolean } | { ok: false; status: 400 | 413; message: string };

/**
 * The parent's picture: uploaded (JPEG, PNG or WebP, told by its bytes, at most 2 MB), kept in R2
 * under avatars/{profile id}/{random}, and shown back at /profile/avatar. A change within 60 s of the
 * last change to the names or the picture is ignored, like a change of names (one conditional
 * UPDATE on user_profiles.details_updated_at decides, so two at once write once).
 */
export function createProfileService({ db, images, now = () => new Date() }: { db: Db; images: R2Bucket; now?: () => Date }) {
  /** Points the profile at `key` (or at no picture) unless it changed in the last 60 s; true when it did. */
  async function setAvatar(userProfileId: string, key: string | null): Promise<boolean> {
    const at = now();
    const cutoff = new Date(at.getTime() - PROFILE_UPDATE_THROTTLE_MS).toISOString();
    const updated = await db.$client
      .prepare(
        `UPDATE user_profiles SET avatar_key = ?, avatar_url = ?, details_updated_at = ?, updated_at = ?
         WHERE id = ? AND (details_updated_at IS NULL OR details_updated_at <= ?)`,
      )
      .bind(key, key ? AVATAR_PATH : null, at.toISOString(), at.toISOString(), userProfileId, cutoff)
      .run();
    return (updated.meta.changes ?? 0) > 0;
  }

  /** Deletes the parent's stored pictures other than `keep`. */
  async function deleteOthers(userProfileId: string, keep: string | null): Promise<void> {
    const listed = await images.list({ prefix: avatarFolder(userProfileId) });
    const stale = listed.objects.map((o) => o.key).filter((k) => k !== keep);
    if (stale.length > 0) await images.delete(stale);
  }

  /** What /profile shows, read now (a form post's answer shows what that post saved). */
  async function details(userProfileId: string) {
    const [row] = await db
      .select({ firstName: userProfiles.firstName, lastName: userProfiles.lastName, avatarUrl: userProfiles.avatarUrl, avatarKey: userProfiles.avatarKey })
      .from(userProfiles)
      .where(eq(userProfiles.id, userProfileId))
      .limit(1);
    return row ?? null;
  }

  return {
    details,

    async saveAvatar(account: { userProfileId: string }, bytes: Uint8Array): Promise<AvatarResult> {
      const problem = checkAvatar(bytes.byteLength, bytes.subarray(0, 16));
      const contentType = sniffImageType(bytes);
      if (problem || !contentType)
        return { ok: false, status: bytes.byteLength > AVATAR_MAX_BYTES ? 413 : 400, message: problem ?? ACCOUNT_PAGE_MESSAGES.avatarType };
      // Kept without its metadata (EXIF with GPS, XMP, comments), and only when it is a whole picture.
      const clean = await cleanPhoto(bytes).catch((error: unknown) => {
        if (error instanceof PhotoRejected) return null;
        throw error;
      });
      if (!clean) return { ok: false, status: 400, message: ACCOUNT_PAGE_MESSAGES.avatarType };
      const key = `${avatarFolder(account.userProfileId)}${randomId(24)}`;
      // The picture is stored first, then the profile points at it: the profile never names a
      // missing picture. A change the 60 s rule ignores leaves nothing behind.
      await images.put(key, clean.bytes, { httpMetadata: { contentType: clean.contentType } });
      if (!(await setAvatar(account.userProfileId, key))) {
        await images.delete(key);
        return { ok: true, ignored: true };
      }
      await deleteOthers(account.userProfileId, key);
      return { ok: true, ignored: false };
    },

    async removeAvatar(account: { userProfileId: string }): Promise<{ ok: true; ignored: boolean }> {
      if (!(await setAvatar(account.userProfileId, null))) return { ok: true, ignored: true };
      await deletePrefix(images, avatarFolder(account.userProfileId));
      return { ok: true, ignored: false };
    },

    /** The parent's uploaded picture, or null. */
    async readAvatar(userProfileId: string): Promise<R2ObjectBody | null> {
      const key = (await details(userProfileId))?.avatarKey;
      return key ? images.get(key) : null;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
