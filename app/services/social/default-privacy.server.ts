import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { shares, storybooks, userProfiles, users } from "../db/schema/index";
import type { Logger } from "../log.server";
import type { Clock } from "./clock.server";
import type { Privacy } from "./privacy.server";
import type { Shares } from "./shares.server";

/** "family": the addresses the parent shared a book with in this many days (not revoked). */
export const FAMILY_LOOKBACK_DAYS = 90;

export type DefaultPrivacyOutcome = "already" | "not-found" | "no-account" | "private" | "public" | "public-not-allowed" | { family: number };

interface Deps {
  db: Db;
  clock: Clock;
  privacy: Privacy;
  shares: Shares;
  setPublic: (owner: { kind: "profile"; userProfileId: string }, bookId: string) => Promise<unknown>;
  log: Logger;
}

/**
 * The owner's default story privacy, applied once when a book finishes (the Workflow's step before
 * the story e-mail; the cron sweep for a book whose runner stopped before it). Claimed by setting
 * `privacy_applied_at` while it is empty, so a replayed step or two sweeps apply it once:
 *   private  nothing;
 *   public   a public link, when the parent allows public sharing (else it stays private);
 *   family   a direct 7-day share with every address the parent shared a book with in the last
 *            FAMILY_LOOKBACK_DAYS days (not revoked), each e-mailed as any share is.
 */
export function createDefaultPrivacy({ db, clock, privacy, shares: shareService, setPublic, log }: Deps) {
  async function apply(bookId: string, site: string): Promise<DefaultPrivacyOutcome> {
    const claimed = await db
      .update(storybooks)
      .set({ privacyAppliedAt: new Date(await clock.now()).toISOString(), lastUpdated: sql`${storybooks.lastUpdated}` })
      .where(and(eq(storybooks.bookId, bookId), eq(storybooks.status, "complete"), isNull(storybooks.privacyAppliedAt)))
      .returning({ userProfileId: storybooks.userProfileId });
    if (!claimed.length) return "already";
    const profileId = claimed[0].userProfileId;
    if (!profileId) return "no-account";
    const [account] = await db
      .select({ userId: users.id, email: users.email })
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.userId))
      .where(eq(userProfiles.id, profileId))
      .limit(1);
    if (!account) return "no-account";
    const settings = await privacy.get(account.userId);
    if (settings.defaultStoryPrivacy === "private") return "private";
    if (settings.defaultStoryPrivacy === "public") {
      if (!settings.allowPublicSharing) return "public-not-allowed";
      await setPublic({ kind: "profile", userProfileId: profileId }, bookId);
      return "public";
    }
    const since = new Date((await clock.now()) - FAMILY_LOOKBACK_DAYS * 24 * 60 * 60_000).toISOString();
    const family = await db
      .selectDistinct({ to: shares.sharedTo })
      .from(shares)
      .where(and(eq(shares.sharedBy, account.userId), eq(shares.shareType, "direct"), isNull(shares.revokedAt), gt(shares.createdAt, since)))
      .limit(40);
    let shared = 0;
    const who = { userId: account.userId, email: account.email, userProfileId: profileId };
    for (const { to } of family) {
      if (!to) continue;
      const result = await shareService.share(who, bookId, to, site);
      if (result.ok) shared += 1;
      else log.warn("default family share not made", { bookId, status: result.status });
    }
    return { family: shared };
  }

  return {
    apply,

    /** The cron sweep: finished books the hook has not seen (quiet for a minute: the Workflow goes first). */
    async sweep(site: string, limit = 25): Promise<number> {
      const quiet = new Date(Date.now() - 60_000).toISOString();
      const due = await db
        .select({ bookId: storybooks.bookId })
        .from(storybooks)
        .where(and(isNull(storybooks.privacyAppliedAt), eq(storybooks.status, "complete"), lt(storybooks.lastUpdated, quiet)))
        .orderBy(sql`${storybooks.lastUpdated}`)
        .limit(limit);
      for (const { bookId } of due) {
        try {
          await apply(bookId, site);
        } catch (error) {
          log.error("default privacy could not be applied", { bookId, error: error instanceof Error ? error.message : String(error) });
        }
      }
      return due.length;
    },
  };
}
