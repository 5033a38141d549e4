import { and, desc, eq, isNull, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { Db } from "./client.server";
import { ownedBy, ownerIdSchema, type Owner } from "./owner.server";
import { creditLedger, ninoMemory, orders, storybooks, subscriptions } from "./schema/index";

const profileMemory = alias(ninoMemory, "profile_memory");

/** A library item (spec point 3): what the library lists for each book. */
export interface LibraryItem {
  bookId: string;
  childName: string;
  theme: string;
  storyDescription: string;
  title: string | null;
  slug: string | null;
  tokensWords: number;
  createdAt: string;
  lastUpdated: string;
}

/** All books of an owner, newest first (spec point 7: "load all books of a user"). */
export async function listStorybooks(db: Db, owner: Owner, options: { limit?: number } = {}): Promise<LibraryItem[]> {
  const limit = z.number().int().min(1).max(500).default(200).parse(options.limit);
  return db
    .select({
      bookId: storybooks.bookId,
      childName: storybooks.childName,
      theme: storybooks.theme,
      storyDescription: storybooks.storyDescription,
      title: storybooks.title,
      slug: storybooks.slug,
      tokensWords: storybooks.tokensWords,
      createdAt: storybooks.createdAt,
      lastUpdated: storybooks.lastUpdated,
    })
    .from(storybooks)
    .where(ownedBy(storybooks, owner))
    .orderBy(desc(storybooks.createdAt), desc(storybooks.bookId))
    .limit(limit);
}

export const claimSchema = z.object({ visitorId: ownerIdSchema, userProfileId: ownerIdSchema });

export interface ClaimResult {
  /** the books that moved to the profile */
  bookIds: string[];
  ledgerEntries: number;
  orders: number;
  subscriptions: number;
  /** 1 when the visitor's Nino memory became the profile's (only if the profile had none) */
  ninoMemory: number;
}

/**
 * On login (spec point 4): "any storybooks with the visitor id and no profile are assigned to the
 * user profile". Credits, orders and subscriptions the visitor made before signing in follow the
 * books, so nothing a family paid for stays behind on the anonymous browser. Nino's memory of the
 * visitor moves too unless the profile already has one. One D1 batch: all or nothing.
 */
export async function claimForProfile(db: Db, input: z.input<typeof claimSchema>): Promise<ClaimResult> {
  const { visitorId, userProfileId } = claimSchema.parse(input);
  const [books, ledger, orderRows, subs, memory] = await db.batch([
    db
      .update(storybooks)
      // a claim is not an edit of the book: keep last_updated as it was
      .set({ userProfileId, lastUpdated: sql`${storybooks.lastUpdated}` })
      .where(and(eq(storybooks.visitorId, visitorId), isNull(storybooks.userProfileId)))
      .returning({ bookId: storybooks.bookId }),
    db
      .update(creditLedger)
      .set({ userProfileId })
      .where(and(eq(creditLedger.visitorId, visitorId), isNull(creditLedger.userProfileId)))
      .returning({ id: creditLedger.id }),
    db
      .update(orders)
      .set({ userProfileId })
      .where(and(eq(orders.visitorId, visitorId), isNull(orders.userProfileId)))
      .returning({ id: orders.id }),
    db
      .update(subscriptions)
      .set({ userProfileId })
      .where(and(eq(subscriptions.visitorId, visitorId), isNull(subscriptions.userProfileId)))
      .returning({ id: subscriptions.id }),
    db
      .update(ninoMemory)
      .set({ userProfileId })
      .where(
        and(
          eq(ninoMemory.visitorId, visitorId),
          isNull(ninoMemory.userProfileId),
          notExists(db.select({ one: sql`1` }).from(profileMemory).where(eq(profileMemory.userProfileId, userProfileId))),
        ),
      )
      .returning({ id: ninoMemory.id }),
  ]);
  return {
    bookIds: books.map((b) => b.bookId).sort(),
    ledgerEntries: ledger.length,
    orders: orderRows.length,
    subscriptions: subs.length,
    ninoMemory: memory.length,
  };
}
