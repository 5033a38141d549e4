import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { forgetNinoMemory, forgetSafetyEvents } from "../db/nino-memory-forget.server";
import { ownedBy, ownerColumns, type Owner } from "../db/owner.server";
import { ninoConversations } from "../db/schema/index";

/**
 * The Durable Object's name for a conversation: the owner and the session id together, so the same
 * session id sent with another visitor's cookie reaches another (empty) conversation, never someone else's.
 */
export function conversationName(owner: Owner, sessionId: string): string {
  const who = owner.kind === "profile" ? `profile:${owner.userProfileId}` : `visitor:${owner.visitorId}`;
  return `${who}/nino:${sessionId}`;
}

type Conversations = Env["NINO_SESSION"];

/** A conversation is deleted this long after its last message (the privacy policy's 30 days). */
export const CONVERSATION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export function conversationStub(ns: Conversations, owner: Owner, sessionId: string) {
  return ns.get(ns.idFromName(conversationName(owner, sessionId)));
}

/** Notes that an owner has a conversation with this session id (once; later calls change nothing). */
export async function recordConversation(db: Db, owner: Owner, sessionId: string): Promise<boolean> {
  const result = await db
    .insert(ninoConversations)
    .values({ ...ownerColumns(owner), sessionId })
    .onConflictDoNothing();
  // true for a conversation opened for the first time
  return (result.meta.changes ?? 0) > 0;
}

/** The session ids of an owner's conversations. */
export async function conversationsOf(db: Db, owner: Owner): Promise<string[]> {
  const rows = await db.select({ sessionId: ninoConversations.sessionId }).from(ninoConversations).where(ownedBy(ninoConversations, owner));
  return rows.map((r) => r.sessionId);
}

/** Takes one conversation off the owner's list (its object has been wiped). */
export async function forgetConversation(db: Db, owner: Owner, sessionId: string): Promise<void> {
  await db.delete(ninoConversations).where(and(ownedBy(ninoConversations, owner), eq(ninoConversations.sessionId, sessionId)));
}

/**
 * "Forget everything" (/nino-friendship): every conversation the owner has had with Nino is wiped in
 * its Durable Object (messages, story so far, pending visit; open tabs are closed), then the list and
 * Nino's memory in D1 are deleted. The objects go first so none of them writes to the memory again.
 * A profile's conversation may have begun before its browser signed in (the claim on sign-in moved
 * its row to the profile): its words are in the object named by that browser's visitor, which is
 * wiped too. The record of Nino's safe replies (safety_events) goes as well.
 */
export async function forgetEverything(db: Db, ns: Conversations, owner: Owner): Promise<{ conversations: number }> {
  const rows = await db
    .select({ sessionId: ninoConversations.sessionId, visitorId: ninoConversations.visitorId })
    .from(ninoConversations)
    .where(ownedBy(ninoConversations, owner));
  for (const { sessionId, visitorId } of rows) {
    await conversationStub(ns, owner, sessionId).forget();
    if (owner.kind === "profile" && visitorId) await conversationStub(ns, { kind: "visitor", visitorId }, sessionId).forget();
    await forgetConversation(db, owner, sessionId);
  }
  await forgetNinoMemory(db, owner);
  await forgetSafetyEvents(db, owner);
  return { conversations: rows.length };
}
