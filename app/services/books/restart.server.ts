import { and, asc, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { storybooks } from "../db/schema/index";
import type { BookService } from "./books.server";
import { SAMPLE_OWNER_ID } from "./samples.server";

/**
 * Books in the making when the local runtime starts. Locally the Workflow engine runs inside the
 * same runtime as the Worker and does not resume its instances after a restart (their state says
 * "running", but nothing runs them), so every book that was in the making when the runtime stopped
 * has lost its runner. The first request the runtime serves (workers/resume-at-start.ts) calls this
 * with the moment it arrived: each book in the making that has not moved since then gets a new
 * attempt at once (the watchdog's own resume, with its compare-and-set, so a second call or a
 * watcher at the same time starts it once; every step is idempotent). Samples not yet started wait
 * for their turn (app/services/books/samples.server.ts). At most `limit` books, oldest first.
 */
export async function resumeInterrupted(db: Db, books: Pick<BookService, "resumeIfStalled">, startedAt: number, limit = 25) {
  const rows = await db
    .select({ bookId: storybooks.bookId })
    .from(storybooks)
    .where(
      and(
        inArray(storybooks.status, ["draft", "writing", "illustrating"]),
        lt(storybooks.lastUpdated, new Date(startedAt).toISOString()),
        or(ne(storybooks.visitorId, SAMPLE_OWNER_ID), sql`${storybooks.visitorId} IS NULL`, sql`${storybooks.step1Complete} = 1`),
      ),
    )
    .orderBy(asc(storybooks.lastUpdated))
    .limit(limit);
  let resumed = 0;
  for (const { bookId } of rows) {
    if ((await books.resumeIfStalled(bookId, Date.now(), { runnerGone: true })) === "resumed") resumed += 1;
  }
  return { found: rows.length, resumed };
}
