import { eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { ownerIdSchema } from "./owner.server";
import { fingerprintVisitors } from "./schema/index";

/**
 * Notes that a visitor was here: their books are kept 12 months after their last visit (the privacy
 * policy), counted from this. At most one write a day takes effect (the update only runs when the last
 * one is a day old).
 */
export async function touchVisitor(db: Db, visitorId: string, now: Date = new Date()): Promise<boolean> {
  const seenAt = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const written = await db
    .insert(fingerprintVisitors)
    .values({ visitorId: ownerIdSchema.parse(visitorId), firstSeenAt: seenAt, lastSeenAt: seenAt })
    .onConflictDoUpdate({ target: fingerprintVisitors.visitorId, set: { lastSeenAt: seenAt }, setWhere: sql`${fingerprintVisitors.lastSeenAt} < ${dayAgo}` })
    .returning({ visitorId: fingerprintVisitors.visitorId });
  return written.length > 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Visitors whose visit this isolate wrote, and until when another write could not take effect. */
const writtenUntil = new Map<string, number>();
/** At most this many visitors are remembered (the oldest go first); a forgotten one just writes again. */
const REMEMBERED_VISITORS = 10_000;

/**
 * touchVisitor for a page visit, without the D1 write when this isolate knows it would not take
 * effect: once the visit is known to be T (a write here set it, or, when the write changed nothing,
 * the row says so), every visit before T + 24 h leaves the row as it is (only a later visit can
 * have moved it since), so none is sent until then. Without the read after a write that changed
 * nothing, a fresh isolate (a restart, another machine) would send the write on every page view
 * of a visitor seen earlier that day.
 */
export async function noteVisit(db: Db, visitorId: string, now: Date = new Date()): Promise<void> {
  const until = writtenUntil.get(visitorId);
  if (until !== undefined && now.getTime() < until) return;
  let seenAt = now.getTime();
  if (!(await touchVisitor(db, visitorId, now))) {
    const [row] = await db
      .select({ lastSeenAt: fingerprintVisitors.lastSeenAt })
      .from(fingerprintVisitors)
      .where(eq(fingerprintVisitors.visitorId, visitorId))
      .limit(1);
    const last = row ? Date.parse(row.lastSeenAt) : NaN;
    if (!Number.isFinite(last)) return;
    seenAt = last;
  }
  writtenUntil.delete(visitorId);
  if (writtenUntil.size >= REMEMBERED_VISITORS) writtenUntil.delete(writtenUntil.keys().next().value!);
  writtenUntil.set(visitorId, seenAt + DAY_MS);
}
