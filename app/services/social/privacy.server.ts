import { and, eq, inArray } from "drizzle-orm";
import { PRIVACY_DEFAULTS, type PrivacySettingsView } from "~/domain/social/social";
import type { Db } from "../db/client.server";
import { privacySettings, storybooks, userProfiles } from "../db/schema/index";

type Row = typeof privacySettings.$inferSelect;

function toView(row: Row | undefined): PrivacySettingsView {
  if (!row) return { ...PRIVACY_DEFAULTS };
  return {
    allowPublicSharing: row.allowPublicSharing,
    allowFamilyDiscovery: row.allowFamilyDiscovery,
    defaultStoryPrivacy: row.defaultStoryPrivacy,
    notifyNewReactions: row.notifyNewReactions,
    notifyNewComments: row.notifyNewComments,
    notifyFamilyRequests: row.notifyFamilyRequests,
    notifyStoryShares: row.notifyStoryShares,
  };
}

const KEYS = Object.keys(PRIVACY_DEFAULTS) as (keyof PrivacySettingsView)[];

/**
 * A signed-in parent's privacy settings (one row per account, made on the first change; the
 * defaults apply until then). Turning public sharing off withdraws every public link the parent has,
 * in one statement: the links and every picture address carrying their slugs stop working at once.
 */
export function createPrivacy({ db }: { db: Db }) {
  async function get(userId: string): Promise<PrivacySettingsView> {
    const [row] = await db.select().from(privacySettings).where(eq(privacySettings.userId, userId)).limit(1);
    return toView(row);
  }

  /** Every public link of the account's books withdrawn; how many books were public. */
  async function withdrawPublicLinks(userId: string): Promise<number> {
    const profiles = db.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.userId, userId));
    const done = await db
      .update(storybooks)
      .set({ isPublic: false, slug: null })
      .where(and(inArray(storybooks.userProfileId, profiles), eq(storybooks.isPublic, true)))
      .returning({ bookId: storybooks.bookId });
    return done.length;
  }

  return {
    get,
    withdrawPublicLinks,

    async update(userId: string, patch: Partial<PrivacySettingsView>): Promise<PrivacySettingsView> {
      const changes: Partial<typeof privacySettings.$inferInsert> = {};
      for (const key of KEYS) if (patch[key] !== undefined) Object.assign(changes, { [key]: patch[key] });
      if (Object.keys(changes).length) {
        await db
          .insert(privacySettings)
          .values({ userId, ...changes })
          .onConflictDoUpdate({ target: privacySettings.userId, set: { ...changes, updatedAt: new Date().toISOString() } });
      }
      if (patch.allowPublicSharing === false) await withdrawPublicLinks(userId);
      return get(userId);
    },

    /** Whether the account may make public links (false for a visitor without an account). */
    async allowsPublicSharing(userId: string | null): Promise<boolean> {
      if (!userId) return false;
      return (await get(userId)).allowPublicSharing;
    },
  };
}

export type Privacy = ReturnType<typeof createPrivacy>;
