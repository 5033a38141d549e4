import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { CommentsState, CommentView } from "~/domain/social/social";
import type { Db } from "../db/client.server";
import { commentBlocks, commentReports, comments, storybooks, userProfiles } from "../db/schema/index";
import type { Moderator } from "../moderation/types";
import type { Clock } from "./clock.server";
import { createCommentSafety, isBlocked, type NotifyReport } from "./comment-safety.server";
import { displayName, publicAvatar, type SocialAccount } from "./people.server";

/** At most this many comments by one account in an hour. */
export const MAX_COMMENTS_PER_HOUR = 30;
const HOUR_MS = 60 * 60_000;

/** Plain text as typed: every control character but the line break removed. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
export const plainText = (text: string) => text.replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, "").trim();

export type CommentFailure = { ok: false; status: 400 | 403 | 404 | 422 | 429; error: string };

export const BLOCKED = "The book's owner has turned off your comments on their books.";

type Row = typeof comments.$inferSelect;

/**
 * Comments on a book, two levels deep: a reply to a reply is stored as a reply to its top-level
 * comment. Text is checked by the project's moderator before it is stored and kept as plain text.
 * The author deletes their own; the book's owner deletes any on their book; a top-level comment
 * takes its replies with it (the foreign key cascades). Reports and blocks: comment-safety.server.ts.
 */
export function createComments({ db, moderator, clock, notifyReport }: { db: Db; moderator: Moderator; clock: Clock; notifyReport: NotifyReport }) {
  const bookOwnerProfile = async (bookId: string) =>
    (await db.select({ p: storybooks.userProfileId }).from(storybooks).where(eq(storybooks.bookId, bookId)).limit(1))[0]?.p ?? null;

  /** What the book's owner sees beside each comment: its reports and whether its author is blocked. */
  async function ownersMarks(bookId: string, owner: string, rows: Row[]) {
    const reports = await db
      .select({ commentId: commentReports.commentId, n: count() })
      .from(commentReports)
      .where(eq(commentReports.storyId, bookId))
      .groupBy(commentReports.commentId);
    const authors = [...new Set(rows.map((r) => r.userId))];
    const blocked = authors.length
      ? await db
          .select({ userId: commentBlocks.blockedUserId })
          .from(commentBlocks)
          .where(and(eq(commentBlocks.ownerProfileId, owner), inArray(commentBlocks.blockedUserId, authors)))
      : [];
    return { reports: new Map(reports.map((r) => [r.commentId, r.n])), blocked: new Set(blocked.map((b) => b.userId)) };
  }

  const view = (row: Row, viewer: SocialAccount | null, ownsBook: boolean, marks?: Awaited<ReturnType<typeof ownersMarks>>): CommentView => {
    const author = !!viewer && row.userId === viewer.userId;
    return {
      id: row.id,
      parentCommentId: row.parentCommentId,
      userName: row.userName,
      userAvatar: row.userAvatar,
      text: row.commentText,
      createdAt: row.createdAt,
      canDelete: !!viewer && (ownsBook || author),
      canReport: !!viewer && !ownsBook && !author,
      canBlock: ownsBook && !author,
      reports: marks?.reports.get(row.id) ?? 0,
      authorBlocked: marks?.blocked.has(row.userId) ?? false,
    };
  };

  return {
    ...createCommentSafety({ db, bookOwnerProfile, notifyReport }),

    /**
     * Top-level comments oldest first, each followed by its replies (oldest first). A comment the
     * viewer reported is left out for them, with its replies.
     */
    async state(bookId: string, viewer: SocialAccount | null): Promise<CommentsState> {
      const owner = await bookOwnerProfile(bookId);
      const ownsBook = !!viewer?.userProfileId && viewer.userProfileId === owner;
      const rows = await db.select().from(comments).where(eq(comments.storyId, bookId)).orderBy(asc(comments.createdAt), asc(comments.id)).limit(1000);
      const reported = viewer
        ? new Set(
            (
              await db
                .select({ id: commentReports.commentId })
                .from(commentReports)
                .where(and(eq(commentReports.storyId, bookId), eq(commentReports.reporterId, viewer.userId)))
            ).map((r) => r.id),
          )
        : new Set<string>();
      const shown = rows.filter((r) => !reported.has(r.id) && !(r.parentCommentId && reported.has(r.parentCommentId)));
      const replies = new Map<string, Row[]>();
      for (const r of shown) if (r.parentCommentId) replies.set(r.parentCommentId, [...(replies.get(r.parentCommentId) ?? []), r]);
      const ordered = shown.filter((r) => !r.parentCommentId).flatMap((top) => [top, ...(replies.get(top.id) ?? [])]);
      const marks = ownsBook && owner ? await ownersMarks(bookId, owner, ordered) : undefined;
      const blocked = !!viewer && !ownsBook && !!owner && (await isBlocked(db, owner, viewer.userId));
      return { comments: ordered.map((r) => view(r, viewer, ownsBook, marks)), canComment: !!viewer && !blocked };
    },

    async add(
      account: SocialAccount,
      bookId: string,
      input: { text: string; parentCommentId?: string | null },
    ): Promise<{ ok: true; comment: CommentView } | CommentFailure> {
      const text = plainText(input.text);
      if (!text) return { ok: false, status: 400, error: "Please write a comment" };
      const owner = await bookOwnerProfile(bookId);
      if (owner && (await isBlocked(db, owner, account.userId))) return { ok: false, status: 403, error: BLOCKED };
      let parentId: string | null = null;
      if (input.parentCommentId) {
        const [parent] = await db
          .select({ id: comments.id, parentCommentId: comments.parentCommentId })
          .from(comments)
          .where(and(eq(comments.id, input.parentCommentId), eq(comments.storyId, bookId)))
          .limit(1);
        if (!parent) return { ok: false, status: 400, error: "The comment you are replying to is not on this book." };
        parentId = parent.parentCommentId ?? parent.id;
      }
      const verdict = await moderator.check({ comment: text });
      if (!verdict.ok) return { ok: false, status: 422, error: verdict.message };
      const [profile] = await db
        .select({ fullName: userProfiles.fullName, firstName: userProfiles.firstName, lastName: userProfiles.lastName, avatarUrl: userProfiles.avatarUrl })
        .from(userProfiles)
        .where(eq(userProfiles.userId, account.userId))
        .limit(1);
      const now = await clock.now();
      const id = crypto.randomUUID();
      const at = new Date(now).toISOString();
      const hourAgo = new Date(now - HOUR_MS).toISOString();
      // One statement, so the hourly limit and a block made a moment ago hold however many requests arrive at once.
      const inserted = await db.all<{ id: string }>(sql`
        INSERT INTO comments (id, story_id, user_id, user_name, user_avatar, comment_text, parent_comment_id, created_at)
        SELECT ${id}, ${bookId}, ${account.userId}, ${displayName(profile ?? {})}, ${publicAvatar(profile?.avatarUrl)}, ${text}, ${parentId}, ${at}
        WHERE (SELECT count(*) FROM comments WHERE user_id = ${account.userId} AND created_at > ${hourAgo}) < ${MAX_COMMENTS_PER_HOUR}
          AND NOT EXISTS (SELECT 1 FROM comment_blocks WHERE owner_profile_id = ${owner} AND blocked_user_id = ${account.userId})
        RETURNING id`);
      if (!inserted.length) {
        if (owner && (await isBlocked(db, owner, account.userId))) return { ok: false, status: 403, error: BLOCKED };
        return { ok: false, status: 429, error: `You can write at most ${MAX_COMMENTS_PER_HOUR} comments an hour. Please try again later.` };
      }
      const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
      return { ok: true, comment: view(row, account, account.userProfileId === owner) };
    },

    /** Deletes a comment (and its replies): its author, or the book's owner. */
    async remove(account: SocialAccount, bookId: string, commentId: string): Promise<{ ok: true; deleted: number } | CommentFailure> {
      const [row] = await db
        .select({ id: comments.id, userId: comments.userId })
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.storyId, bookId)))
        .limit(1);
      if (!row) return { ok: false, status: 404, error: "Comment not found" };
      const owner = await bookOwnerProfile(bookId);
      const allowed = row.userId === account.userId || (!!account.userProfileId && account.userProfileId === owner);
      if (!allowed) return { ok: false, status: 403, error: "Only the comment's author or the book's owner can delete it." };
      // its replies first (a reply written meanwhile still goes with it, by the foreign key's cascade)
      const replies = await db.delete(comments).where(eq(comments.parentCommentId, commentId)).returning({ id: comments.id });
      const gone = await db.delete(comments).where(eq(comments.id, commentId)).returning({ id: comments.id });
      return { ok: true, deleted: replies.length + gone.length };
    },
  };
}
