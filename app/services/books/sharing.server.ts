import { and, asc, eq } from "drizzle-orm";
import type { PublicStory, ReadOnlyStory } from "~/domain/story/public-story";
import { isSlug, makeSlug } from "~/domain/story/links";
import { ownedBy, type Owner } from "../db/owner.server";
import { findOwned } from "../db/storybooks.server";
import { storybookPages, storybooks } from "../db/schema/index";
import { toPageView } from "./books.server";
import { SAMPLE_OWNER_ID } from "./samples.server";
import { createBookAccess, withPass, type BookAccessDeps, type BookPass } from "./access.server";

export type ShareResult = { ok: true; public: boolean; slug: string | null } | { ok: false; status: 404 | 409; message: string };

/** How many fresh slugs to try when one is taken (100 random bits: practically never). */
const SLUG_TRIES = 5;

/**
 * Public sharing by slug. Making a book public gives it a new slug (20 random characters, nothing
 * from the book); undoing it clears the slug, so the old link and every picture address that
 * carries it stop working at once, and sharing again gives a new link that the people who had the
 * old one cannot guess. Who may see a book's pictures is decided by `whoMaySee` (access.server.ts).
 */
export function createSharingService({ db, emailLinks, now }: BookAccessDeps) {
  const access = createBookAccess({ db, emailLinks, now });

  /** The book's words and pictures; each picture address carries the pass that opened the book. */
  async function readOnly(row: typeof storybooks.$inferSelect, pass: BookPass): Promise<ReadOnlyStory> {
    const pages = await db.select().from(storybookPages).where(eq(storybookPages.bookId, row.bookId)).orderBy(asc(storybookPages.pageNumber));
    const views = pages.map(toPageView).map((p) => (p.url ? { ...p, url: withPass(p.url, pass) } : p));
    return {
      bookId: row.bookId,
      title: row.title?.trim() || views.find((p) => p.pageNumber === 1)?.content.trim() || `${row.childName}'s story`,
      childName: row.childName,
      authorName: row.authorName?.trim() || null,
      theme: row.theme,
      age: row.age,
      coverUrl: views.find((p) => p.pageNumber === 1)?.url ?? null,
      pages: views,
      sample: row.visitorId === SAMPLE_OWNER_ID && !row.userProfileId,
      lastUpdated: row.lastUpdated,
    };
  }

  return {
    whoMaySee: access.whoMaySee,

    /** The owner's view of a book's sharing, or null when it is not theirs. */
    async status(owner: Owner, bookId: string): Promise<{ public: boolean; slug: string | null } | null> {
      const row = await findOwned(db, owner, bookId);
      if (!row) return null;
      return { public: row.isPublic && !!row.slug, slug: row.isPublic ? row.slug : null };
    },

    async setPublic(owner: Owner, bookId: string, makePublic: boolean): Promise<ShareResult> {
      const row = await findOwned(db, owner, bookId);
      if (!row) return { ok: false, status: 404, message: "Book not found" };
      if (!makePublic) {
        await db
          .update(storybooks)
          .set({ isPublic: false, slug: null })
          .where(and(eq(storybooks.bookId, bookId), ownedBy(storybooks, owner)));
        return { ok: true, public: false, slug: null };
      }
      if (row.status !== "complete")
        return { ok: false, status: 409, message: "Only a finished book can be shared. Please wait until every picture is drawn." };
      if (row.isPublic && row.slug) return { ok: true, public: true, slug: row.slug };
      for (let i = 0; i < SLUG_TRIES; i++) {
        const slug = makeSlug();
        try {
          // Only while still private: a concurrent share keeps the slug that landed first.
          const updated = await db
            .update(storybooks)
            .set({ isPublic: true, slug })
            .where(and(eq(storybooks.bookId, bookId), ownedBy(storybooks, owner), eq(storybooks.isPublic, false)))
            .returning({ slug: storybooks.slug });
          if (updated.length) return { ok: true, public: true, slug };
          const now = await findOwned(db, owner, bookId);
          if (now?.isPublic && now.slug) return { ok: true, public: true, slug: now.slug };
        } catch (error) {
          if (!/UNIQUE constraint failed/i.test(String((error as { cause?: unknown }).cause ?? error))) throw error;
        }
      }
      throw new Error(`Could not find a free slug for book ${bookId}`);
    },

    /** A finished public book by its slug, or null (private again, unknown, or not finished). */
    async publicStory(identifier: string): Promise<PublicStory | null> {
      if (!isSlug(identifier)) return null;
      const [row] = await db
        .select()
        .from(storybooks)
        .where(and(eq(storybooks.slug, identifier), eq(storybooks.isPublic, true), eq(storybooks.status, "complete")))
        .limit(1);
      if (!row || !row.slug) return null;
      return { ...(await readOnly(row, { share: row.slug })), slug: row.slug };
    },

    /**
     * A finished book by its id, whoever owns it and whether or not it is public: only for a caller
     * that has already checked a link that opens this book (the read-only link of a story e-mail,
     * whose token the picture addresses carry).
     */
    async readOnlyStory(bookId: string, readToken: string): Promise<ReadOnlyStory | null> {
      const [row] = await db
        .select()
        .from(storybooks)
        .where(and(eq(storybooks.bookId, bookId), eq(storybooks.status, "complete")))
        .limit(1);
      return row ? readOnly(row, { read: readToken }) : null;
    },

    /**
     * A finished book by its id, for a caller that has checked that the viewer may read it through
     * their own session (a live direct share): the picture addresses carry no pass.
     */
    async sharedStory(bookId: string): Promise<ReadOnlyStory | null> {
      const [row] = await db
        .select()
        .from(storybooks)
        .where(and(eq(storybooks.bookId, bookId), eq(storybooks.status, "complete")))
        .limit(1);
      return row ? readOnly(row, {}) : null;
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
