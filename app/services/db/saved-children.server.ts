import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { rowWhere } from "./conditional-insert.server";
import { savedChildren, storybooks } from "./schema/index";

/**
 * The saved children's queries (decision 054). Every lookup names the parent's profile: another
 * parent's child is not found, exactly like one that does not exist.
 */

export type ChildRow = typeof savedChildren.$inferSelect;

export async function listChildren(db: Db, profileId: string): Promise<ChildRow[]> {
  return db.select().from(savedChildren).where(eq(savedChildren.userProfileId, profileId)).orderBy(asc(savedChildren.createdAt), asc(savedChildren.id));
}

export async function findChild(db: Db, profileId: string, childId: string): Promise<ChildRow | undefined> {
  const [row] = await db
    .select()
    .from(savedChildren)
    .where(and(eq(savedChildren.id, childId), eq(savedChildren.userProfileId, profileId)))
    .limit(1);
  return row;
}

/** Inserts the child only while the parent has fewer than `limit`: one statement, so parallel saves cannot pass it together. */
export async function insertChildWithin(db: Db, row: typeof savedChildren.$inferInsert, limit: number): Promise<boolean> {
  const count = sql`(SELECT count(*) FROM ${savedChildren} WHERE ${savedChildren.userProfileId} = ${row.userProfileId})`;
  const made = await db
    .insert(savedChildren)
    .select(rowWhere(savedChildren, row, sql`${count} < ${limit}`))
    .onConflictDoNothing()
    .returning({ id: savedChildren.id });
  return made.length === 1;
}

export async function updateChild(
  db: Db,
  profileId: string,
  childId: string,
  values: Partial<Omit<typeof savedChildren.$inferInsert, "id" | "userProfileId">>,
): Promise<boolean> {
  const changed = await db
    .update(savedChildren)
    .set(values)
    .where(and(eq(savedChildren.id, childId), eq(savedChildren.userProfileId, profileId)))
    .returning({ id: savedChildren.id });
  return changed.length === 1;
}

/** Deletes the child (its books' child_id becomes null): the row it was, or undefined when there was none. */
export async function deleteChild(db: Db, profileId: string, childId: string): Promise<ChildRow | undefined> {
  const [row] = await db
    .delete(savedChildren)
    .where(and(eq(savedChildren.id, childId), eq(savedChildren.userProfileId, profileId)))
    .returning();
  return row;
}

/** The saved child a book of this parent was made for, or undefined. */
export async function childOfBook(db: Db, profileId: string, bookId: string): Promise<Pick<ChildRow, "id" | "name"> | undefined> {
  const [row] = await db
    .select({ id: savedChildren.id, name: savedChildren.name })
    .from(storybooks)
    .innerJoin(savedChildren, eq(savedChildren.id, storybooks.childId))
    .where(and(eq(storybooks.bookId, bookId), eq(storybooks.userProfileId, profileId), eq(savedChildren.userProfileId, profileId)))
    .limit(1);
  return row;
}

/** What a book of this child carried into its story (its world and its companions); undefined when it is not this child's. */
export async function bookOfChild(db: Db, profileId: string, childId: string, bookId: string) {
  const [row] = await db
    .select({ theme: storybooks.theme, artStyle: storybooks.artStyle, companions: storybooks.companions })
    .from(storybooks)
    .where(and(eq(storybooks.bookId, bookId), eq(storybooks.childId, childId), eq(storybooks.userProfileId, profileId)))
    .limit(1);
  return row;
}

/** The keys among `keys` that a saved child holds (its photo or its square). */
export async function childPhotoKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ photo: savedChildren.photoKey, square: savedChildren.photoSquareKey })
    .from(savedChildren)
    .where(or(inArray(savedChildren.photoKey, keys), inArray(savedChildren.photoSquareKey, keys)));
  return rows.flatMap((r) => [r.photo, r.square]).filter((k): k is string => k !== null);
}
