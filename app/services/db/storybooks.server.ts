import { and, asc, desc, eq, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { Db } from "./client.server";
import { ownedBy, ownerIdSchema, type Owner } from "./owner.server";
import { creditLedger, ninoMemory, orders, storybookPages, storybooks, subscriptions } from "./schema/index";
import { LIBRARY_DESCRIPTION_CHARS, type LibraryBook, type LibrarySort } from "~/domain/story/library";
import { libraryQuerySchema, type LibraryQuery } from "~/domain/story/library-query";

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

/** One book's row if the owner owns it; undefined for another owner's book or none (the caller answers 404 alike). */
export async function findOwned(db: Db, owner: Owner, bookId: string): Promise<typeof storybooks.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(storybooks)
    .where(and(eq(storybooks.bookId, bookId), ownedBy(storybooks, owner)))
    .limit(1);
  return row;
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

/** Escapes LIKE's wildcards so a search for "50%" finds "50%". */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function libraryOrder(sort: LibrarySort): SQL[] {
  switch (sort) {
    case "latest":
      return [desc(storybooks.lastUpdated), desc(storybooks.bookId)];
    case "newest":
      return [desc(storybooks.createdAt), desc(storybooks.bookId)];
    case "oldest":
      return [asc(storybooks.createdAt), asc(storybooks.bookId)];
    case "name":
      return [
        sql`lower(${storybooks.childName}) asc`,
        sql`lower(coalesce(${storybooks.title}, '')) asc`,
        desc(storybooks.createdAt),
        asc(storybooks.bookId),
      ];
  }
}

export interface LibraryPage {
  books: LibraryBook[];
  /** true when there are more books after this page */
  hasMore: boolean;
}

/**
 * The library (spec points 2, 3 and 9): an owner's books, only theirs, sorted (latest = last
 * changed, newest, oldest, name = child name then title, case-insensitive), searched in the child's
 * name, title, theme and description, one page at a time. Each item carries the first 100
 * characters of the description, the cover picture once drawn, and where the book is in the making.
 */
export async function libraryPage(db: Db, owner: Owner, query: Partial<LibraryQuery> = {}): Promise<LibraryPage> {
  const { sort, q, limit, offset } = libraryQuerySchema.parse(query);
  const where: SQL[] = [ownedBy(storybooks, owner)];
  if (q) {
    const pattern = likePattern(q);
    const like = (column: SQL) => sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
    where.push(
      or(
        like(sql`${storybooks.childName}`),
        like(sql`coalesce(${storybooks.title}, '')`),
        like(sql`${storybooks.theme}`),
        like(sql`${storybooks.storyDescription}`),
      ) as SQL,
    );
  }
  const rows = await db
    .select({
      bookId: storybooks.bookId,
      childName: storybooks.childName,
      theme: storybooks.theme,
      storyDescription: sql<string>`substr(${storybooks.storyDescription}, 1, ${LIBRARY_DESCRIPTION_CHARS})`,
      title: storybooks.title,
      slug: storybooks.slug,
      tokensWords: storybooks.tokensWords,
      createdAt: storybooks.createdAt,
      lastUpdated: storybooks.lastUpdated,
      status: storybooks.status,
      coverUrl: sql<string | null>`case when ${storybookPages.isGenerated} = 1 then ${storybookPages.imageUrl} else null end`,
    })
    .from(storybooks)
    .leftJoin(storybookPages, and(eq(storybookPages.bookId, storybooks.bookId), eq(storybookPages.pageNumber, 1)))
    .where(and(...where))
    .orderBy(...libraryOrder(sort))
    .limit(limit + 1)
    .offset(offset);
  return { books: rows.slice(0, limit), hasMore: rows.length > limit };
}

/**
 * An opaque key for the owner, given to the browser so its library cache can tell whose books it
 * holds (and drop them when someone else uses the browser) without ever seeing the owner's id.
 */
export async function libraryOwnerKey(owner: Owner): Promise<string> {
  const id = owner.kind === "profile" ? `profile:${owner.userProfileId}` : `visitor:${owner.visitorId}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`storynest-library:${id}`));
  return Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Long text columns are cut to this in the debug view. */
const DEBUG_TEXT_CHARS = 160;

/** /debug-library: an owner's storybooks rows as stored (long text cut short), newest first. */
export async function debugStorybookRows(db: Db, owner: Owner, limit = 100): Promise<Record<string, unknown>[]> {
  const rows = await db.select().from(storybooks).where(ownedBy(storybooks, owner)).orderBy(desc(storybooks.createdAt)).limit(limit);
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === "string" && v.length > DEBUG_TEXT_CHARS ? `${v.slice(0, DEBUG_TEXT_CHARS)}… (${v.length} characters)` : v]),
    ),
  );
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
