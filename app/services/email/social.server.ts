import { and, eq, isNotNull, sql } from "drizzle-orm";
import { PRIVACY_DEFAULTS, REACTION_TYPES, type ReactionType } from "~/domain/social/social";
import { siteBase } from "~/domain/story/links";
import type { Db } from "../db/client.server";
import { comments, emailSuppressions, notificationDigests, privacySettings, shares, storybookPages, storybooks, userProfiles, users } from "../db/schema/index";
import type { Logger } from "../log.server";
import type { Deliveries, DeliveryResult } from "./deliveries.server";
import { unsubscribeHeaders, type EmailLinks } from "./links.server";
import { bookTitle } from "../social/people.server";
import { commentReportedEmail, socialDigestEmail, storySharedEmail, type BookNews } from "./social-templates";

/** One share e-mail per share, one digest per owner per (UTC) day: the message ids. */
export const storyShareId = (shareId: string) => `story-share:${shareId}`;
/** One e-mail per reported comment, however many readers report it. */
export const commentReportId = (commentId: string) => `comment-report:${commentId}`;
const freshLinkMessageId = (linkId: string) => `share-link:${linkId}`;
export const socialDigestId = (userId: string, at: number) => `social-digest:${userId}:${new Date(at).toISOString().slice(0, 10)}`;

/** An owner gets at most one digest in this long. */
export const DIGEST_EVERY_MS = 24 * 60 * 60_000;
/**
 * News younger than this waits for the next digest: a reaction being written while the sweep reads
 * (its time set by the database a moment later) is never skipped by the digest's "covered until".
 */
export const DIGEST_SETTLE_MS = 60_000;
/** A digest lists this many books at most (the busiest); it says how many more have news. */
export const DIGEST_BOOKS_SHOWN = 8;
/** The first new comments a digest quotes per book. */
export const DIGEST_COMMENTS_SHOWN = 3;

export interface StorySharedInput {
  shareId: string;
  /** the recipient's address */
  to: string;
  /** the sharer's profile name */
  sharedByName: string;
  bookTitle: string;
  childName: string | null;
  /** {site}/shared/{code}?key=…: the e-mail's button, which signs the recipient in */
  shareUrl: string;
  /** how long the button's link works, in days */
  linkDays: number;
  expiresAt: string | number | Date;
  /** a fresh link asked for on the share page: its own e-mail (message id share-link:{id}) */
  freshLinkId?: string;
}

export interface SocialEmailDeps {
  db: Db;
  deliveries: Deliveries;
  links: EmailLinks;
  log: Logger;
  now?: () => number;
}

/** Only the reactions the product offers are news (the table's check allows any short word). */
const KNOWN_REACTIONS = sql`(${sql.join(
  REACTION_TYPES.map((t) => sql`${t}`),
  sql`, `,
)})`;

type Prefs = { reactions: boolean; comments: boolean; shares: boolean };

/**
 * The e-mails of sharing with family: the share e-mail to the person a book was shared with, and
 * the owner's daily digest of reactions and comments left by others. Both belong to the
 * "notifications" list (its one-click unsubscribe stops them) and follow the recipient's privacy
 * settings (a missing row means the defaults: every notification on).
 */
export function createSocialEmails({ db, deliveries, links, log, now = Date.now }: SocialEmailDeps) {
  const iso = (ms: number) => new Date(ms).toISOString();

  async function suppressed(email: string): Promise<boolean> {
    const [row] = await db
      .select({ email: emailSuppressions.email })
      .from(emailSuppressions)
      .where(and(eq(emailSuppressions.email, email), eq(emailSuppressions.list, "notifications")))
      .limit(1);
    return Boolean(row);
  }

  async function prefsOf(userId: string): Promise<Prefs> {
    const [row] = await db
      .select({ reactions: privacySettings.notifyNewReactions, comments: privacySettings.notifyNewComments, shares: privacySettings.notifyStoryShares })
      .from(privacySettings)
      .where(eq(privacySettings.userId, userId))
      .limit(1);
    // No row yet: the defaults.
    return row ?? { reactions: PRIVACY_DEFAULTS.notifyNewReactions, comments: PRIVACY_DEFAULTS.notifyNewComments, shares: PRIVACY_DEFAULTS.notifyStoryShares };
  }

  async function unsubscribeUrl(base: string, email: string): Promise<string> {
    return `${base}/unsubscribe/${await links.issue("unsubscribe", { email, list: "notifications" })}`;
  }

  /**
   * "{name} shared a StoryNest book with you": once per share (a second call answers the first
   * delivery). Not sent (null) when the address belongs to an account that turned story-share
   * e-mails off, or the address left the notifications list. The share itself stands either way.
   */
  async function storyShared(input: StorySharedInput): Promise<DeliveryResult | null> {
    const id = input.freshLinkId ? freshLinkMessageId(input.freshLinkId) : storyShareId(input.shareId);
    const existing = await deliveries.state(id);
    if (existing) return existing;
    const to = input.to.trim().toLowerCase();
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, to)).limit(1);
    if (account && !(await prefsOf(account.id)).shares) return null;
    if (await suppressed(to)) return null;
    const base = siteBase(new URL(input.shareUrl).origin);
    const [share] = await db.select({ bookId: shares.storyId }).from(shares).where(eq(shares.id, input.shareId)).limit(1);
    const unsubscribe = await unsubscribeUrl(base, to);
    // The cover, through an expiring address that opens that one picture and nothing else.
    const [cover] = share
      ? await db
          .select({ key: storybookPages.imageKey })
          .from(storybookPages)
          .where(and(eq(storybookPages.bookId, share.bookId), isNotNull(storybookPages.imageKey)))
          .limit(1)
      : [];
    const coverUrl = share && cover ? `${base}/api/email/cover/${await links.issue("book-cover", { bookId: share.bookId })}` : null;
    const rendered = await storySharedEmail({
      sharedByName: input.sharedByName,
      title: input.bookTitle,
      childName: input.childName,
      shareUrl: input.shareUrl,
      coverUrl,
      linkDays: input.linkDays,
      expiresAt: new Date(input.expiresAt),
      unsubscribeUrl: unsubscribe,
    });
    return deliveries.send({
      id,
      kind: "story-share",
      to,
      ...rendered,
      headers: unsubscribeHeaders(unsubscribe),
      list: "notifications",
      bookId: share?.bookId ?? null,
    });
  }

  /**
   * Owners with news a digest may carry: a reaction or comment by someone else on one of their
   * books, after what their last digest covered, of a kind their settings allow, their last digest
   * a day old or more (or none yet), their address confirmed and still on the notifications list.
   */
  async function ownersDue(until: string, cutoff: string, limit: number): Promise<string[]> {
    const rows = await db.all<{ owner: string }>(sql`
      WITH news AS (
        SELECT up.user_id AS owner, r.created_at AS at, 'reaction' AS kind
        FROM reactions r JOIN storybooks b ON b.book_id = r.story_id JOIN user_profiles up ON up.id = b.user_profile_id
        WHERE r.user_id <> up.user_id AND r.created_at <= ${until} AND r.reaction_type IN ${KNOWN_REACTIONS}
        UNION ALL
        SELECT up.user_id, c.created_at, 'comment'
        FROM comments c JOIN storybooks b ON b.book_id = c.story_id JOIN user_profiles up ON up.id = b.user_profile_id
        WHERE c.user_id <> up.user_id AND c.created_at <= ${until}
      )
      SELECT DISTINCT n.owner AS owner FROM news n
      JOIN users u ON u.id = n.owner AND u.email_verified_at IS NOT NULL
      LEFT JOIN notification_digests d ON d.user_id = n.owner
      LEFT JOIN privacy_settings p ON p.user_id = n.owner
      WHERE (d.user_id IS NULL OR (d.last_sent_at <= ${cutoff} AND n.at > d.covered_until))
        AND ((n.kind = 'reaction' AND coalesce(p.notify_new_reactions, 1) = 1) OR (n.kind = 'comment' AND coalesce(p.notify_new_comments, 1) = 1))
        AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = u.email AND s.list = 'notifications')
      LIMIT ${limit}`);
    return rows.map((r) => r.owner);
  }

  /** The news on each of the owner's books in (since, until], by others, of the kinds allowed. */
  async function newsFor(owner: string, since: string, until: string, prefs: Prefs, base: string): Promise<BookNews[]> {
    const byBook = new Map<string, BookNews & { total: number }>();
    const book = (bookId: string, title: string | null, childName: string) => {
      let news = byBook.get(bookId);
      if (!news) {
        news = {
          title: title?.trim() || `${childName}'s story`,
          link: `${base}/youraistory/${encodeURIComponent(bookId)}`,
          reactions: {},
          commentCount: 0,
          comments: [],
          total: 0,
        };
        byBook.set(bookId, news);
      }
      return news;
    };
    if (prefs.reactions) {
      const rows = await db.all<{ bookId: string; title: string | null; childName: string; type: string; n: number }>(sql`
        SELECT b.book_id AS bookId, b.title AS title, b.child_name AS childName, r.reaction_type AS type, count(*) AS n
        FROM reactions r JOIN storybooks b ON b.book_id = r.story_id JOIN user_profiles up ON up.id = b.user_profile_id
        WHERE up.user_id = ${owner} AND r.user_id <> ${owner} AND r.created_at > ${since} AND r.created_at <= ${until}
          AND r.reaction_type IN ${KNOWN_REACTIONS}
        GROUP BY b.book_id, r.reaction_type`);
      for (const r of rows) {
        const news = book(r.bookId, r.title, r.childName);
        news.reactions[r.type as ReactionType] = r.n;
        news.total += r.n;
      }
    }
    if (prefs.comments) {
      const rows = await db.all<{ bookId: string; title: string | null; childName: string; name: string; text: string; nth: number; n: number }>(sql`
        SELECT * FROM (
          SELECT b.book_id AS bookId, b.title AS title, b.child_name AS childName, c.user_name AS name, c.comment_text AS text,
            row_number() OVER (PARTITION BY c.story_id ORDER BY c.created_at, c.id) AS nth,
            count(*) OVER (PARTITION BY c.story_id) AS n
          FROM comments c JOIN storybooks b ON b.book_id = c.story_id JOIN user_profiles up ON up.id = b.user_profile_id
          WHERE up.user_id = ${owner} AND c.user_id <> ${owner} AND c.created_at > ${since} AND c.created_at <= ${until}
        ) WHERE nth <= ${DIGEST_COMMENTS_SHOWN} ORDER BY nth`);
      for (const c of rows) {
        const news = book(c.bookId, c.title, c.childName);
        if (news.commentCount === 0) news.total += c.n;
        news.commentCount = c.n;
        news.comments.push({ name: c.name, text: c.text });
      }
    }
    return [...byBook.values()].sort((a, b) => b.total - a.total);
  }

  /**
   * Claims the owner's digest: one conditional upsert that only passes while the last digest is a
   * day old (or there is none) and still covers what this sweep read. Two sweeps at once: one wins.
   */
  async function claim(owner: string, prevCovered: string | null, at: string, until: string, cutoff: string): Promise<boolean> {
    const won = await db
      .insert(notificationDigests)
      .values({ userId: owner, lastSentAt: at, coveredUntil: until })
      .onConflictDoUpdate({
        target: notificationDigests.userId,
        set: { lastSentAt: at, coveredUntil: until },
        setWhere: sql`${notificationDigests.lastSentAt} <= ${cutoff} AND ${notificationDigests.coveredUntil} IS ${prevCovered}`,
      })
      .returning({ userId: notificationDigests.userId });
    return won.length > 0;
  }

  /** Puts the digest row back as it was when the e-mail could not be queued, so the next sweep tries again. */
  async function unclaim(owner: string, prev: { lastSentAt: string; coveredUntil: string } | undefined, until: string): Promise<void> {
    const mine = and(eq(notificationDigests.userId, owner), eq(notificationDigests.coveredUntil, until));
    if (prev) await db.update(notificationDigests).set(prev).where(mine);
    else await db.delete(notificationDigests).where(mine);
  }

  async function digestFor(owner: string, site: string, at: number): Promise<boolean> {
    const cutoff = iso(at - DIGEST_EVERY_MS);
    const until = iso(at - DIGEST_SETTLE_MS);
    const [prev] = await db
      .select({ lastSentAt: notificationDigests.lastSentAt, coveredUntil: notificationDigests.coveredUntil })
      .from(notificationDigests)
      .where(eq(notificationDigests.userId, owner))
      .limit(1);
    if (prev && prev.lastSentAt > cutoff) return false;
    const [who] = await db
      .select({ email: users.email, firstName: userProfiles.firstName, fullName: userProfiles.fullName })
      .from(users)
      .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(eq(users.id, owner))
      .limit(1);
    if (!who || (await suppressed(who.email))) return false;
    const base = siteBase(site);
    const news = await newsFor(owner, prev?.coveredUntil ?? "", until, await prefsOf(owner), base);
    if (news.length === 0) return false;
    if (!(await claim(owner, prev?.coveredUntil ?? null, iso(at), until, cutoff))) return false;
    try {
      const unsubscribe = await unsubscribeUrl(base, who.email);
      const rendered = await socialDigestEmail({
        name: who.firstName?.trim() || who.fullName?.trim().split(/\s+/)[0] || null,
        books: news.slice(0, DIGEST_BOOKS_SHOWN),
        moreBooks: Math.max(0, news.length - DIGEST_BOOKS_SHOWN),
        privacyUrl: `${base}/profile/privacy`,
        unsubscribeUrl: unsubscribe,
      });
      await deliveries.send({
        id: socialDigestId(owner, at),
        kind: "social-digest",
        to: who.email,
        ...rendered,
        headers: unsubscribeHeaders(unsubscribe),
        list: "notifications",
      });
      return true;
    } catch (error) {
      await unclaim(owner, prev, until);
      throw error;
    }
  }

  /**
   * "A comment on {title} was reported": to the book's owner at their confirmed address, once per
   * comment, when their comment notifications are on and the address is on the notifications list
   * (null: not sent). The report stands either way; the owner also sees it marked on the book.
   */
  async function commentReported(input: { commentId: string; site: string }): Promise<DeliveryResult | null> {
    const id = commentReportId(input.commentId);
    const existing = await deliveries.state(id);
    if (existing) return existing;
    const [row] = await db
      .select({
        bookId: storybooks.bookId,
        title: storybooks.title,
        childName: storybooks.childName,
        authorName: comments.userName,
        ownerId: users.id,
        email: users.email,
        verified: users.emailVerifiedAt,
        firstName: userProfiles.firstName,
        fullName: userProfiles.fullName,
      })
      .from(comments)
      .innerJoin(storybooks, eq(storybooks.bookId, comments.storyId))
      .innerJoin(userProfiles, eq(userProfiles.id, storybooks.userProfileId))
      .innerJoin(users, eq(users.id, userProfiles.userId))
      .where(eq(comments.id, input.commentId))
      .limit(1);
    if (!row?.verified || !(await prefsOf(row.ownerId)).comments || (await suppressed(row.email))) return null;
    const base = siteBase(input.site);
    const unsubscribe = await unsubscribeUrl(base, row.email);
    const rendered = await commentReportedEmail({
      name: row.firstName?.trim() || row.fullName?.trim().split(/\s+/)[0] || null,
      authorName: row.authorName,
      title: bookTitle(row),
      link: `${base}/youraistory/${encodeURIComponent(row.bookId)}#comments`,
      privacyUrl: `${base}/profile/privacy`,
      unsubscribeUrl: unsubscribe,
    });
    return deliveries.send({
      id,
      kind: "comment-report",
      to: row.email,
      ...rendered,
      headers: unsubscribeHeaders(unsubscribe),
      list: "notifications",
      bookId: row.bookId,
    });
  }

  return {
    storyShared,
    commentReported,

    /**
     * The cron trigger's pass: each owner with news gets one digest, at most once a day, of the
     * reactions and comments others left on their books since the last one. Returns how many were
     * queued. A failure for one owner is logged and the others go on.
     */
    async sweepDigests(site: string, limit = 25): Promise<number> {
      const at = now();
      const owners = await ownersDue(iso(at - DIGEST_SETTLE_MS), iso(at - DIGEST_EVERY_MS), limit);
      let sent = 0;
      for (const owner of owners) {
        try {
          if (await digestFor(owner, site, at)) sent += 1;
        } catch (error) {
          log.error("social digest could not be queued", { userId: owner, error: error instanceof Error ? error.message : String(error) });
        }
      }
      return sent;
    },
  };
}
