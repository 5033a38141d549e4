import { sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { ownerIdSchema } from "./owner.server";
import { fingerprintVisitors } from "./schema/index";

/**
 * Notes that a visitor was here: their books are kept 12 months after their last visit (the privacy
 * policy), counted from this. At most one write a day takes effect (the update only runs when the last
 * one is a day old).
 */
export async function touchVisitor(db: Db, visitorId: string, now: Date = new Date()): Promise<void> {
  const seenAt = now.toISOString();
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  await db
    .insert(fingerprintVisitors)
    .values({ visitorId: ownerIdSchema.parse(visitorId), firstSeenAt: seenAt, lastSeenAt: seenAt })
    .onConflictDoUpdate({ target: fingerprintVisitors.visitorId, set: { lastSeenAt: seenAt }, setWhere: sql`${fingerprintVisitors.lastSeenAt} < ${dayAgo}` });
}
