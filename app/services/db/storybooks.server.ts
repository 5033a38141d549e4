import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.server";
import { checkedOwner, ownedBy, ownedByKind, type Owner } from "./owner.server";
import { idDigest } from "../id-digests.server";
import { reactions, storybookPages, storybooks } from "./schema/index";
import { LIBRARY_DESCRIPTION_CHARS, type LibraryBook, type LibrarySort } from "~/domain/story/library";
import { libraryQuerySchema, type LibraryQuery } from "~/domain/story/library-query";

/** One book's row if the owner owns it; undefined for another owner's book or none (the caller answers 404 alike). */
export async function findOwned(db: Db, owner: Owner, bookId: string): Promise<typeof storybooks.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(storybooks)
    .where(and(eq(storybooks.bookId, bookId), ownedBy(storybooks, owner)))
    .limit(1);
  return row;
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
      // the expressions of the name indexes (schema/books.ts), so the order is read from an index
      return [
        sql`lower(${storybooks.childName}) asc`,
        sql`case when ${storybooks.title} is null then '' else lower(${storybooks.title}) end asc`,
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
 * The library: an owner's books, only theirs, sorted (latest = last
 * changed, newest, oldest, name = child name then title, case-insensitive), searched in the child's
 * name, title, theme and description, one page at a time. Each item carries the first 100
 * characters of the description, the cover picture once drawn, and where the book is in the making.
 * Only the columns a card shows are read, and every order is read from an index (schema/books.ts),
 * so a page costs its own rows however many books the owner has. One more row than asked tells
 * whether there are more.
 *
 * The query is built once per shape (the owner's kind, the sort, a search or none, the reaction
 * counts or none) and database client, as a prepared query whose values are placeholders: every
 * page of the library runs one of these few queries, and building its SQL anew took a tenth of
 * the page's own work. The values (the owner, the search, the page) are bound on each run.
 */
function libraryRows(db: Db, shape: LibraryShape) {
  const where: SQL[] = [ownedByKind(storybooks, shape.owner, sql.placeholder("owner"))];
  if (shape.search) {
    const like = (column: SQL) => sql`lower(${column}) LIKE ${sql.placeholder("pattern")} ESCAPE '\\'`;
    where.push(
      or(
        like(sql`${storybooks.childName}`),
        like(sql`coalesce(${storybooks.title}, '')`),
        like(sql`${storybooks.theme}`),
        like(sql`${storybooks.storyDescription}`),
      ) as SQL,
    );
  }
  return db
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
      // a count per book read from the reactions index, only for the rows of the page (0 without them)
      reactionCount: shape.reactions ? sql<number>`(select count(*) from ${reactions} where ${reactions.storyId} = ${storybooks.bookId})` : sql<number>`0`,
    })
    .from(storybooks)
    .leftJoin(storybookPages, and(eq(storybookPages.bookId, storybooks.bookId), eq(storybookPages.pageNumber, 1)))
    .where(and(...where))
    .orderBy(...libraryOrder(shape.sort))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare();
}

interface LibraryShape {
  owner: Owner["kind"];
  sort: LibrarySort;
  search: boolean;
  reactions: boolean;
}

type LibraryStatement = ReturnType<typeof libraryRows>;
const libraryStatements = new WeakMap<Db, Map<string, LibraryStatement>>();

/**
 * The prepared query for one page of the library (one row more than asked, with each book's
 * reaction count when asked for) and the values to run it with.
 */
export function libraryStatement(db: Db, owner: Owner, query: LibraryQuery, withReactions: boolean) {
  const o = checkedOwner(owner);
  const shape: LibraryShape = { owner: o.kind, sort: query.sort, search: query.q !== "", reactions: withReactions };
  const key = `${shape.owner} ${shape.sort} ${shape.search} ${shape.reactions}`;
  let statements = libraryStatements.get(db);
  if (!statements) libraryStatements.set(db, (statements = new Map()));
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = libraryRows(db, shape)));
  const values = {
    owner: o.kind === "profile" ? o.userProfileId : o.visitorId,
    pattern: shape.search ? likePattern(query.q) : "",
    limit: query.limit + 1,
    offset: query.offset,
  };
  return { statement, values };
}

async function libraryRowsOf(db: Db, owner: Owner, query: LibraryQuery, withReactions: boolean) {
  const { statement, values } = libraryStatement(db, owner, query, withReactions);
  return await statement.all(values);
}

export async function libraryPage(db: Db, owner: Owner, query: Partial<LibraryQuery> = {}): Promise<LibraryPage> {
  const parsed = libraryQuerySchema.parse(query);
  const rows = await libraryRowsOf(db, owner, parsed, false);
  return { books: rows.slice(0, parsed.limit).map(({ reactionCount: _count, ...book }) => book), hasMore: rows.length > parsed.limit };
}

/**
 * The /library page's books with each one's number of reactions, in the same one query (a count per
 * book read from the reactions index, only for the rows of the page).
 */
export async function libraryPageWithReactions(
  db: Db,
  owner: Owner,
  query: Partial<LibraryQuery> = {},
): Promise<LibraryPage & { reactions: Map<string, number> }> {
  const parsed = libraryQuerySchema.parse(query);
  const rows = await libraryRowsOf(db, owner, parsed, true);
  const page = rows.slice(0, parsed.limit);
  return {
    books: page.map(({ reactionCount: _count, ...book }) => book),
    hasMore: rows.length > parsed.limit,
    reactions: new Map(page.map((row) => [row.bookId, Number(row.reactionCount)])),
  };
}

/**
 * An opaque key for the owner, given to the browser so its library cache can tell whose books it
 * holds (and drop them when someone else uses the browser) without ever seeing the owner's id.
 */
export async function libraryOwnerKey(owner: Owner): Promise<string> {
  const id = owner.kind === "profile" ? `profile:${owner.userProfileId}` : `visitor:${owner.visitorId}`;
  return await idDigest("storynest-library", id, 16);
}

/** Long text columns are cut to this in the debug view. */
const DEBUG_TEXT_CHARS = 160;

/** /debug-library: an owner's storybooks rows as stored (long text cut short), newest first. */
export async function debugStorybookRows(db: Db, owner: Owner, limit = 100): Promise<Record<string, unknown>[]> {
  const rows = await db.select().from(storybooks).where(ownedBy(storybooks, owner)).orderBy(desc(storybooks.createdAt)).limit(limit);
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        typeof v === "string" && v.length > DEBUG_TEXT_CHARS ? `${v.slice(0, DEBUG_TEXT_CHARS)}… (${v.length} characters)` : v,
      ]),
    ),
  );
}
