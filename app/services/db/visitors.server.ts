import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "./client.server";
import { jsonObject, utf8Bytes } from "./json.server";
import { ownerIdSchema } from "./owner.server";
import { fingerprintVisitors, userActivity, userEvents } from "./schema/index";

const isoTimestamp = z.iso.datetime({ offset: false, precision: 3 });
const MAX_JSON_BYTES = 16_384;

/**
 * Visitor metadata: device components, user agent, language, platform, screen size,
 * timezone and offset, referrer, url, timestamp. Unknown keys are dropped.
 */
export const visitorMetadataSchema = z
  .object({
    components: z.record(z.string().max(100), z.unknown()).optional(),
    userAgent: z.string().max(1000).optional(),
    language: z.string().max(50).optional(),
    platform: z.string().max(100).optional(),
    screenSize: z
      .union([z.string().max(50), z.object({ width: z.number().int().min(0).max(100_000), height: z.number().int().min(0).max(100_000) })])
      .optional(),
    timezone: z.string().max(100).optional(),
    timezoneOffset: z.number().int().min(-1440).max(1440).optional(),
    referrer: z.string().max(2000).optional(),
    url: z.string().max(2000).optional(),
    timestamp: z.string().max(40).optional(),
  })
  .refine((v) => utf8Bytes(JSON.stringify(v)) <= MAX_JSON_BYTES, { message: `Visitor metadata is larger than ${MAX_JSON_BYTES} bytes` });
export type VisitorMetadata = z.infer<typeof visitorMetadataSchema>;

export const registerVisitorSchema = z.object({
  visitorId: ownerIdSchema,
  metadata: visitorMetadataSchema.default({}),
});

/**
 * Visitor registration: select the visitor; if found, update last_seen_at and
 * metadata; otherwise insert it. The insert is an upsert, so two first visits racing each other
 * both succeed.
 */
export async function registerVisitor(
  db: Db,
  input: z.input<typeof registerVisitorSchema>,
  now: Date = new Date(),
): Promise<{ visitorId: string; isNew: boolean }> {
  const { visitorId, metadata } = registerVisitorSchema.parse(input);
  const seenAt = now.toISOString();
  const json = JSON.stringify(metadata);
  const found = await db
    .select({ visitorId: fingerprintVisitors.visitorId })
    .from(fingerprintVisitors)
    .where(eq(fingerprintVisitors.visitorId, visitorId))
    .limit(1);
  if (found.length > 0) {
    await db.update(fingerprintVisitors).set({ lastSeenAt: seenAt, metadata: json }).where(eq(fingerprintVisitors.visitorId, visitorId));
    return { visitorId, isNew: false };
  }
  await db
    .insert(fingerprintVisitors)
    .values({ visitorId, firstSeenAt: seenAt, lastSeenAt: seenAt, metadata: json })
    .onConflictDoUpdate({ target: fingerprintVisitors.visitorId, set: { lastSeenAt: seenAt, metadata: json } });
  return { visitorId, isNew: true };
}

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

const eventNameSchema = z
  .string()
  .trim()
  .min(1, "An event name is required")
  .max(100, "An event name is at most 100 characters");

export const userEventSchema = z.object({
  visitorId: ownerIdSchema,
  eventName: eventNameSchema,
  eventData: jsonObject(MAX_JSON_BYTES).default({}),
  sessionId: z.string().min(1).max(128).nullish(),
  createdAt: isoTimestamp.optional(),
});

/** Insert into user_events, e.g. a page_view. Returns the new row's id. */
export async function recordUserEvent(db: Db, input: z.input<typeof userEventSchema>): Promise<number> {
  const e = userEventSchema.parse(input);
  const [row] = await db
    .insert(userEvents)
    .values({
      visitorId: e.visitorId,
      eventName: e.eventName,
      eventData: JSON.stringify(e.eventData),
      sessionId: e.sessionId ?? null,
      ...(e.createdAt ? { createdAt: e.createdAt } : {}),
    })
    .returning({ id: userEvents.id });
  return row.id;
}

export const userActivitySchema = z
  .object({
    visitorId: ownerIdSchema.nullish(),
    userProfileId: ownerIdSchema.nullish(),
    sessionId: z.string().min(1).max(128).nullish(),
    eventName: eventNameSchema,
    eventData: jsonObject(MAX_JSON_BYTES).default({}),
    sourcePage: z.string().max(2000).nullish(),
    timestamp: isoTimestamp.optional(),
  })
  .refine((a) => a.visitorId || a.userProfileId, { message: "Activity needs a visitor id or a user profile id", path: ["visitorId"] });

/** Insert into user_activity. Returns the new row's id. */
export async function recordUserActivity(db: Db, input: z.input<typeof userActivitySchema>): Promise<number> {
  const a = userActivitySchema.parse(input);
  const [row] = await db
    .insert(userActivity)
    .values({
      visitorId: a.visitorId ?? null,
      userProfileId: a.userProfileId ?? null,
      sessionId: a.sessionId ?? null,
      eventName: a.eventName,
      eventData: JSON.stringify(a.eventData),
      sourcePage: a.sourcePage ?? null,
      ...(a.timestamp ? { timestamp: a.timestamp } : {}),
    })
    .returning({ id: userActivity.id });
  return row.id;
}
