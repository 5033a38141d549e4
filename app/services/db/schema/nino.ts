import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, newId, ownerPresent, updatedAt } from "./common";
import { userProfiles } from "./users";

/**
 * Nino's memory of one child's family, per user profile or, before sign-in, per
 * visitor. Each part is JSON text validated by zod in the repository (nino-memory.server.ts).
 */
export const ninoMemory = sqliteTable(
  "nino_memory",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    visitorId: text("visitor_id"),
    userProfileId: text("user_profile_id").references(() => userProfiles.id, { onDelete: "cascade" }),
    preferences: text("preferences").notNull().default("{}"),
    history: text("history").notNull().default("{}"),
    learning: text("learning").notNull().default("{}"),
    behavior: text("behavior").notNull().default("{}"),
    friendship: text("friendship").notNull().default("{}"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one memory per owner: per profile, and per visitor among rows no profile has claimed
    uniqueIndex("nino_memory_profile_unique")
      .on(t.userProfileId)
      .where(sql`${t.userProfileId} IS NOT NULL`),
    uniqueIndex("nino_memory_visitor_unique")
      .on(t.visitorId)
      .where(sql`${t.userProfileId} IS NULL`),
    check("nino_memory_owner", ownerPresent(t.visitorId, t.userProfileId)),
    check(
      "nino_memory_json",
      sql`json_valid(${t.preferences}) AND json_valid(${t.history}) AND json_valid(${t.learning}) AND json_valid(${t.behavior}) AND json_valid(${t.friendship})`,
    ),
  ],
);

/**
 * The Nino conversations an owner has opened (one Durable Object each, named by owner and session id):
 * the list "Forget everything" walks to wipe every conversation, not only the memory above.
 */
export const ninoConversations = sqliteTable(
  "nino_conversations",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    visitorId: text("visitor_id"),
    userProfileId: text("user_profile_id").references(() => userProfiles.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("nino_conversations_profile_unique")
      .on(t.userProfileId, t.sessionId)
      .where(sql`${t.userProfileId} IS NOT NULL`),
    uniqueIndex("nino_conversations_visitor_unique")
      .on(t.visitorId, t.sessionId)
      .where(sql`${t.userProfileId} IS NULL`),
    check("nino_conversations_owner", ownerPresent(t.visitorId, t.userProfileId)),
  ],
);

/**
 * Nino's safe reply, kept for the parent: one row per conversation in which Nino gave the safe reply
 * to a child who may be at risk or in danger (the first time, the last time, how many times) and the
 * market whose helpline it named. Never the child's words. Deleted with "Forget everything", with the
 * account, and with a visitor's other things after 12 months; a sign-in moves a visitor's rows to the
 * profile like the conversations.
 */
export const safetyEvents = sqliteTable(
  "safety_events",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    visitorId: text("visitor_id"),
    userProfileId: text("user_profile_id").references(() => userProfiles.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    /** one of the twenty markets: the helpline named was this market's */
    market: text("market").notNull(),
    createdAt: createdAt(),
    lastAt: text("last_at").notNull(),
    times: integer("times").notNull().default(1),
  },
  (t) => [
    uniqueIndex("safety_events_profile_unique")
      .on(t.userProfileId, t.sessionId)
      .where(sql`${t.userProfileId} IS NOT NULL`),
    uniqueIndex("safety_events_visitor_unique")
      .on(t.visitorId, t.sessionId)
      .where(sql`${t.userProfileId} IS NULL`),
    check("safety_events_owner", ownerPresent(t.visitorId, t.userProfileId)),
  ],
);
