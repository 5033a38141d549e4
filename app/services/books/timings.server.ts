import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.server";
import { ownedBy, type Owner } from "../db/owner.server";
import { storybooks } from "../db/schema/index";
import { log } from "~/services/log.server";

/**
 * The timings of a book's generation steps (record, write, each picture, finish), kept as a JSON
 * list on the book (storybooks.generation_timings) and shown by /test/timing.
 */
export const timingSchema = z.object({
  /** "record", "write", "draw page {n}", "finish" */
  step: z.string().min(1).max(60),
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
  /** which Workflow attempt ran it (a retry or a resumed book is a new attempt) */
  attempt: z.number().int().min(1),
  ok: z.boolean(),
});
export type StepTiming = z.infer<typeof timingSchema>;

/** A book's list never grows without bound: the newest entries are kept. */
export const MAX_TIMINGS = 200;

/**
 * Appends one step's timing in a single statement (json_insert at the end of the list), so steps
 * finishing at the same time never overwrite each other. The attempt is read from the row itself.
 * Raw SQL on purpose: a timing is not an edit of the book, so last_updated stays as it was.
 */
export async function recordTiming(db: Db, bookId: string, entry: Omit<StepTiming, "attempt">): Promise<void> {
  const t = timingSchema.omit({ attempt: true }).parse(entry);
  await db.run(sql`
    UPDATE storybooks
    SET generation_timings = json_insert(
      CASE WHEN json_array_length(generation_timings) >= ${MAX_TIMINGS}
        THEN json_remove(generation_timings, '$[0]') ELSE generation_timings END,
      '$[#]',
      json_object('step', ${t.step}, 'startedAt', ${t.startedAt}, 'durationMs', ${t.durationMs}, 'attempt', generation_attempt, 'ok', json(${t.ok ? "true" : "false"}))
    )
    WHERE book_id = ${bookId}`);
}

/** Runs `fn` and records how long it took (also when it throws; the error is passed on). */
export async function timed<T>(db: Db, bookId: string, step: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const write = (ok: boolean) =>
    recordTiming(db, bookId, { step, startedAt: new Date(started).toISOString(), durationMs: Date.now() - started, ok }).catch((error) =>
      // a timing is a diagnostic: never let it fail the step it measures
      log.warn("could not record a step timing", { bookId, step, error }),
    );
  try {
    const result = await fn();
    await write(true);
    return result;
  } catch (error) {
    await write(false);
    throw error;
  }
}

export interface BookTimings {
  bookId: string;
  title: string | null;
  status: string;
  /** the latest attempt's steps, in the order they started */
  attempt: number;
  steps: StepTiming[];
  /** how many entries earlier attempts left */
  earlierEntries: number;
  /** wall time from the first step's start to the last step's end, in ms */
  totalMs: number;
}

/** The timings of the last generation of an owner's book, or null when the book is not theirs. */
export async function readTimings(db: Db, owner: Owner, bookId: string): Promise<BookTimings | null> {
  const [row] = await db
    .select({ bookId: storybooks.bookId, title: storybooks.title, status: storybooks.status, timings: storybooks.generationTimings })
    .from(storybooks)
    .where(and(eq(storybooks.bookId, bookId), ownedBy(storybooks, owner)))
    .limit(1);
  if (!row) return null;
  let all: StepTiming[] = [];
  try {
    const parsed = z.array(timingSchema).safeParse(JSON.parse(row.timings));
    if (parsed.success) all = parsed.data;
  } catch {
    /* a damaged list shows as empty */
  }
  const attempt = all.reduce((a, t) => Math.max(a, t.attempt), 0);
  const steps = all.filter((t) => t.attempt === attempt).sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const start = steps.length ? Date.parse(steps[0].startedAt) : 0;
  const end = steps.reduce((e, t) => Math.max(e, Date.parse(t.startedAt) + t.durationMs), start);
  return { bookId: row.bookId, title: row.title, status: row.status, attempt, steps, earlierEntries: all.length - steps.length, totalMs: end - start };
}
