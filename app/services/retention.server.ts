import { and, asc, eq, lt, ne } from "drizzle-orm";
import type { BookService } from "./books/books.server";
import { SAMPLE_OWNER_ID } from "./books/samples.server";
import { uploadFolder } from "./books/uploads.server";
import type { Db } from "./db/client.server";
import { ownedBy, type Owner } from "./db/owner.server";
import { fingerprintVisitors, storybooks } from "./db/schema/index";
import { forgetEverything } from "./nino/conversations.server";
import { deletePrefix } from "./storage/delete-prefix.server";

/** Books made without an account are deleted this long after the visitor's last visit (privacy policy). */
export const VISITOR_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;

export interface RetentionDeps {
  db: Db;
  images: R2Bucket;
  conversations: Env["NINO_SESSION"];
  books: Pick<BookService, "remove">;
}

/**
 * Deletes everything an owner made, as the privacy policy promises when a visitor's 12 months are up
 * or a parent deletes their account: every finished or failed book (with its pictures, PDF and
 * photo; its share link, comments and reactions go with it), every photo in the owner's upload
 * folder, and Nino's memory and conversations. A book still being made is kept (its runner would
 * write pictures for a book that is gone), and then nothing else is deleted either, so the owner
 * can be erased whole on a later try. The credit ledger is the caller's to decide.
 */
export async function eraseOwnerContent(deps: RetentionDeps, owner: Owner): Promise<{ books: number; kept: number; conversations: number }> {
  const rows = await deps.db.select({ bookId: storybooks.bookId }).from(storybooks).where(ownedBy(storybooks, owner));
  let books = 0;
  let kept = 0;
  for (const { bookId } of rows) {
    const removed = await deps.books.remove(owner, bookId);
    if (removed.ok) books += 1;
    else kept += 1;
  }
  if (kept > 0) return { books, kept, conversations: 0 };
  await deletePrefix(deps.images, `uploads/${uploadFolder(owner)}/`);
  const { conversations } = await forgetEverything(deps.db, deps.conversations, owner);
  return { books, kept, conversations };
}

/**
 * The privacy policy's "deleted 12 months after your last visit" for visitors without an account
 * (run by the cron trigger, a few visitors a run). For each visitor last seen before the cutoff:
 * everything they made (eraseOwnerContent), and finally their visitor record, which ends their turn
 * in the sweep. A book still being made keeps the visitor for a later run. The credit ledger keeps
 * its records.
 */
export async function sweepExpiredVisitors(deps: RetentionDeps, now = Date.now(), limit = 5): Promise<{ visitors: number; books: number }> {
  const cutoff = new Date(now - VISITOR_RETENTION_MS).toISOString();
  const expired = await deps.db
    .select({ visitorId: fingerprintVisitors.visitorId })
    .from(fingerprintVisitors)
    .where(and(lt(fingerprintVisitors.lastSeenAt, cutoff), ne(fingerprintVisitors.visitorId, SAMPLE_OWNER_ID)))
    .orderBy(asc(fingerprintVisitors.lastSeenAt))
    .limit(limit);
  let visitors = 0;
  let books = 0;
  for (const { visitorId } of expired) {
    // the visitor's own books (a book a profile has claimed belongs to the account and stays)
    const erased = await eraseOwnerContent(deps, { kind: "visitor", visitorId });
    books += erased.books;
    if (erased.kept > 0) continue;
    await deps.db.delete(fingerprintVisitors).where(eq(fingerprintVisitors.visitorId, visitorId));
    visitors += 1;
  }
  return { visitors, books };
}
