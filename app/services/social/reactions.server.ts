import { and, count, eq, inArray } from "drizzle-orm";
import { REACTION_TYPES, type ReactionsState, type ReactionType } from "~/domain/social/social";
import type { Db } from "../db/client.server";
import { reactions } from "../db/schema/index";

const isReaction = (t: string): t is ReactionType => (REACTION_TYPES as string[]).includes(t);

/**
 * Reactions on a book: one of each kind per person (the unique index on story, user and kind makes
 * any number of simultaneous adds one row), toggled by add and remove.
 */
export function createReactions({ db }: { db: Db }) {
  async function state(bookId: string, userId: string | null): Promise<ReactionsState> {
    const rows = await db
      .select({ type: reactions.reactionType, n: count() })
      .from(reactions)
      .where(eq(reactions.storyId, bookId))
      .groupBy(reactions.reactionType);
    const counts = Object.fromEntries(REACTION_TYPES.map((t) => [t, 0])) as Record<ReactionType, number>;
    for (const r of rows) if (isReaction(r.type)) counts[r.type] = r.n;
    const mine = userId
      ? (
          await db
            .select({ type: reactions.reactionType })
            .from(reactions)
            .where(and(eq(reactions.storyId, bookId), eq(reactions.userId, userId)))
        )
          .map((r) => r.type)
          .filter(isReaction)
      : [];
    return { counts, mine: REACTION_TYPES.filter((t) => mine.includes(t)), total: Object.values(counts).reduce((a, b) => a + b, 0) };
  }

  return {
    state,

    /** Adds the caller's reaction of this kind; `created` is false when it was there already. */
    async add(bookId: string, userId: string, type: ReactionType): Promise<{ created: boolean; state: ReactionsState }> {
      const added = await db
        .insert(reactions)
        .values({ storyId: bookId, userId, reactionType: type })
        .onConflictDoNothing({ target: [reactions.storyId, reactions.userId, reactions.reactionType] })
        .returning({ id: reactions.id });
      return { created: added.length > 0, state: await state(bookId, userId) };
    },

    /** Removes the caller's reaction of this kind (nothing to remove is not an error). */
    async remove(bookId: string, userId: string, type: ReactionType): Promise<ReactionsState> {
      await db.delete(reactions).where(and(eq(reactions.storyId, bookId), eq(reactions.userId, userId), eq(reactions.reactionType, type)));
      return state(bookId, userId);
    },

    /** How many reactions each book has, in one grouped query (the library's cards). */
    async countsFor(bookIds: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>(bookIds.map((id) => [id, 0]));
      // D1 binds at most 100 parameters a statement
      for (let i = 0; i < bookIds.length; i += 90) {
        const rows = await db
          .select({ bookId: reactions.storyId, n: count() })
          .from(reactions)
          .where(inArray(reactions.storyId, bookIds.slice(i, i + 90)))
          .groupBy(reactions.storyId);
        for (const r of rows) out.set(r.bookId, r.n);
      }
      return out;
    },
  };
}
