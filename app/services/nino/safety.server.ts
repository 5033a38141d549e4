import { desc, sql } from "drizzle-orm";
import { helplineFor, helplineWords } from "~/domain/nino/helplines";
import type { Db } from "../db/client.server";
import { ownedBy, ownerColumns, type Owner } from "../db/owner.server";
import { safetyEvents } from "../db/schema/index";
import type { Notifications } from "../email/notifications.server";
import { log } from "../log.server";
import { conversationName } from "./conversations.server";

/**
 * When Nino gives the safe reply (a child who may be at risk or in danger): a minimal record for the
 * parent (safety_events: the conversation, the market whose helpline was named, when; never the
 * child's words) and, for a signed-in parent with a confirmed address, one e-mail per conversation
 * through the delivery queue. A visitor has no address: only the record is kept, and the parent sees
 * it once they sign in on that browser (the sign-in moves it to the profile).
 */

/** The delivery id of the parent's e-mail: one per conversation. */
export const safeReplyEmailId = (owner: Owner, sessionId: string) => `nino-safe-reply:${conversationName(owner, sessionId)}`;

export interface SafeReplyRecord {
  sessionId: string;
  market: string;
  /** the first safe reply in that conversation (ISO) */
  createdAt: string;
  /** the last one (ISO) */
  lastAt: string;
  times: number;
  /** "Childline on 0800 1111": the helpline that was named */
  helpline: string;
}

/** Keeps the record: a new row for the conversation's first safe reply, else the last time and the count. */
export async function recordSafeReply(db: Db, owner: Owner, sessionId: string, market: string, at: number): Promise<void> {
  const iso = new Date(at).toISOString();
  const conflict =
    owner.kind === "profile"
      ? { target: [safetyEvents.userProfileId, safetyEvents.sessionId], targetWhere: sql`user_profile_id IS NOT NULL` }
      : { target: [safetyEvents.visitorId, safetyEvents.sessionId], targetWhere: sql`user_profile_id IS NULL` };
  await db
    .insert(safetyEvents)
    .values({ ...ownerColumns(owner), sessionId, market, createdAt: iso, lastAt: iso })
    .onConflictDoUpdate({ ...conflict, set: { lastAt: iso, times: sql`${safetyEvents.times} + 1` } });
}

/** The owner's records, newest first (the parent's view on /nino-friendship). */
export async function safeRepliesOf(db: Db, owner: Owner): Promise<SafeReplyRecord[]> {
  const rows = await db
    .select({
      sessionId: safetyEvents.sessionId,
      market: safetyEvents.market,
      createdAt: safetyEvents.createdAt,
      lastAt: safetyEvents.lastAt,
      times: safetyEvents.times,
    })
    .from(safetyEvents)
    .where(ownedBy(safetyEvents, owner))
    .orderBy(desc(safetyEvents.lastAt))
    .limit(50);
  return rows.map((r) => ({ ...r, helpline: helplineWords(helplineFor(r.market)) }));
}

/**
 * What the conversation's Durable Object does after the safe reply: the record, then the e-mail to a
 * signed-in parent. Never throws: a failure is logged (the e-mail, once queued, is retried by the
 * cron trigger), and the child's conversation goes on.
 */
export async function afterSafeReply(
  deps: { db: Db; notifications: Notifications },
  input: { owner: Owner; sessionId: string; market: string; at: number; site: string },
): Promise<void> {
  const { owner, sessionId, market, at, site } = input;
  try {
    await recordSafeReply(deps.db, owner, sessionId, market, at);
    if (owner.kind !== "profile") return;
    await deps.notifications.ninoSafeReply({
      id: safeReplyEmailId(owner, sessionId),
      userProfileId: owner.userProfileId,
      at,
      helpline: helplineWords(helplineFor(market)),
      site,
    });
  } catch (error) {
    log.error("nino safe reply could not be recorded or e-mailed", { sessionId, reason: error instanceof Error ? error.message : String(error) });
  }
}
