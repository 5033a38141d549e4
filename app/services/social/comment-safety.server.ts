import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { commentBlocks, commentReports, comments } from "../db/schema/index";
import type { SocialAccount } from "./people.server";

/** Tells the book's owner a comment was reported (the notifications service's e-mail); null: not sent, by their choice. */
export type NotifyReport = (input: { commentId: string; site: string }) => Promise<unknown>;

type SafetyFailure = { ok: false; status: 400 | 403 | 404; error: string };

const NOT_FOUND: SafetyFailure = { ok: false, status: 404, error: "Comment not found" };

/** Whether the book owner's profile stopped this account commenting on their books. */
export async function isBlocked(db: Db, ownerProfileId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: commentBlocks.id })
    .from(commentBlocks)
    .where(and(eq(commentBlocks.ownerProfileId, ownerProfileId), eq(commentBlocks.blockedUserId, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Reports and blocks. Any reader but the comment's author and the book's owner may report a
 * comment: from then on it is hidden for them (with its replies), the owner sees it marked and is
 * e-mailed (once per comment, as their notification settings allow). The book's owner may block a
 * comment's author: they can no longer comment on any of the owner's books, and the owner can undo
 * it. Each is one row made with a conditional insert, so the same request many times at once makes
 * one row; `created` says whether this request made it.
 */
export function createCommentSafety({
  db,
  bookOwnerProfile,
  notifyReport,
}: {
  db: Db;
  bookOwnerProfile: (bookId: string) => Promise<string | null>;
  notifyReport: NotifyReport;
}) {
  async function commentOn(bookId: string, commentId: string) {
    const [row] = await db
      .select({ id: comments.id, userId: comments.userId, userName: comments.userName })
      .from(comments)
      .where(and(eq(comments.id, commentId), eq(comments.storyId, bookId)))
      .limit(1);
    return row ?? null;
  }

  /** The comment, when the account owns its book; a failure otherwise (404 no comment, 403 not the owner). */
  async function ownersComment(account: SocialAccount, bookId: string, commentId: string) {
    const row = await commentOn(bookId, commentId);
    if (!row) return NOT_FOUND;
    const owner = await bookOwnerProfile(bookId);
    if (!owner || account.userProfileId !== owner)
      return { ok: false, status: 403, error: "Only the book's owner can block someone from commenting." } as const;
    if (row.userId === account.userId) return { ok: false, status: 400, error: "This is your own comment: there is no one to block." } as const;
    return { ok: true, row, owner } as const;
  }

  return {
    async report(account: SocialAccount, bookId: string, commentId: string, site: string): Promise<{ ok: true; created: boolean } | SafetyFailure> {
      const row = await commentOn(bookId, commentId);
      if (!row) return NOT_FOUND;
      if (row.userId === account.userId) return { ok: false, status: 400, error: "This is your own comment: you can delete it instead." };
      if (account.userProfileId && account.userProfileId === (await bookOwnerProfile(bookId)))
        return { ok: false, status: 400, error: "This is your book: you can delete the comment instead." };
      const made = await db
        .insert(commentReports)
        .values({ commentId, storyId: bookId, reporterId: account.userId })
        .onConflictDoNothing()
        .returning({ id: commentReports.id });
      // the e-mail has its own id per comment: a second report finds the first e-mail and sends nothing
      if (made.length) await notifyReport({ commentId, site });
      return { ok: true, created: made.length > 0 };
    },

    async block(account: SocialAccount, bookId: string, commentId: string): Promise<{ ok: true; created: boolean; userName: string } | SafetyFailure> {
      const found = await ownersComment(account, bookId, commentId);
      if (!found.ok) return found;
      const made = await db
        .insert(commentBlocks)
        .values({ ownerProfileId: found.owner, blockedUserId: found.row.userId })
        .onConflictDoNothing()
        .returning({ id: commentBlocks.id });
      return { ok: true, created: made.length > 0, userName: found.row.userName };
    },

    async unblock(account: SocialAccount, bookId: string, commentId: string): Promise<{ ok: true; userName: string } | SafetyFailure> {
      const found = await ownersComment(account, bookId, commentId);
      if (!found.ok) return found;
      await db.delete(commentBlocks).where(and(eq(commentBlocks.ownerProfileId, found.owner), eq(commentBlocks.blockedUserId, found.row.userId)));
      return { ok: true, userName: found.row.userName };
    },
  };
}
