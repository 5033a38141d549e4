import { and, asc, eq, lt, or } from "drizzle-orm";
import { editTarget, storyWords, textEditSchema, type EditResult, type PictureResult } from "~/domain/story/edit";
import { imageKey, imageUrl } from "~/domain/story/book-view";
import type { Db } from "../db/client.server";
import type { Owner } from "../db/owner.server";
import { findOwned } from "../db/storybooks.server";
import { storybookPages, storybooks } from "../db/schema/index";
import type { Moderator } from "../moderation/types";
import { renderPage, type GenerateDeps } from "./generate.server";
import { log } from "~/services/log.server";

/**
 * Editing a finished book: its title and any page's text (/modify-story/{bookId}), and drawing one
 * page's picture again (POST /api/books/{bookId}/pages/{n}/picture). Only the owner may, and only
 * once the book is complete. Every change bumps the book's last_updated (the PDF cache and the
 * library watch it). Drawing again is free: the book was paid for once, when it was made.
 */
export interface EditDeps {
  db: Db;
  images: R2Bucket;
  moderator: Moderator;
  illustrator: GenerateDeps["illustrator"];
  watermark: GenerateDeps["watermark"];
}

/** A picture still "drawing" after this long was lost (a crash mid-draw): another request may take over. */
export const DRAW_LOCK_MS = 3 * 60 * 1000;

const STILL_MAKING = "This book is still being made. You can change it once every page is ready.";
const NOT_FOUND = "Book not found";

export function createEditService(deps: EditDeps) {
  const { db } = deps;

  return {
    /**
     * Saves the title or one page's text (also what Undo sends: the text as it was before). Checked
     * with the form's schema, then by the moderator; one batch writes the text and the book's
     * last_updated and word count.
     */
    async saveText(owner: Owner, bookId: string, input: unknown): Promise<EditResult> {
      const raw = (input ?? {}) as { field?: unknown; pageNumber?: unknown };
      const parsed = textEditSchema.safeParse(input);
      const guessTarget = raw.field === "page" ? `page-${String(raw.pageNumber ?? "")}` : "title";
      if (!parsed.success) return { ok: false, target: guessTarget, status: 400, message: parsed.error.issues[0]?.message ?? "Please check this text." };
      const edit = parsed.data;
      const target = editTarget(edit);

      const row = await findOwned(db, owner, bookId);
      if (!row) return { ok: false, target, status: 404, message: NOT_FOUND };
      if (row.status !== "complete") return { ok: false, target, status: 409, message: STILL_MAKING };

      const pages = await db
        .select({ pageNumber: storybookPages.pageNumber, content: storybookPages.content })
        .from(storybookPages)
        .where(eq(storybookPages.bookId, bookId))
        .orderBy(asc(storybookPages.pageNumber));

      const label = edit.field === "title" ? "title" : `page ${edit.pageNumber}`;
      const previous = edit.field === "title" ? (row.title ?? "") : pages.find((p) => p.pageNumber === edit.pageNumber)?.content;
      if (previous === undefined) return { ok: false, target, status: 404, message: "This book has no such page." };

      const verdict = await deps.moderator.check({ [label]: edit.text });
      if (!verdict.ok) return { ok: false, target, status: 422, message: verdict.message };

      const lastUpdated = new Date().toISOString();
      // The cover shows the title: when it still does, it follows the new title.
      const cover = pages.find((p) => p.pageNumber === 1);
      const coverFollows = edit.field === "title" && cover !== undefined && cover.content === row.title;
      const after = pages.map((p) =>
        (edit.field === "page" && p.pageNumber === edit.pageNumber) || (coverFollows && p.pageNumber === 1) ? { ...p, content: edit.text } : p,
      );
      const tokensWords = storyWords(after);
      const title = edit.field === "title" ? edit.text : row.title;

      const bookUpdate = db.update(storybooks).set({ title, tokensWords, lastUpdated }).where(eq(storybooks.bookId, bookId));
      const pageUpdate =
        edit.field === "page" || coverFollows
          ? db
              .update(storybookPages)
              .set({ content: edit.text })
              .where(and(eq(storybookPages.bookId, bookId), eq(storybookPages.pageNumber, edit.field === "page" ? edit.pageNumber : 1)))
          : null;
      if (pageUpdate) await db.batch([pageUpdate, bookUpdate]);
      else await bookUpdate;

      return {
        ok: true,
        target,
        field: edit.field,
        pageNumber: edit.field === "page" ? edit.pageNumber : null,
        text: edit.text,
        previous,
        lastUpdated,
        tokensWords,
        title,
        coverText: coverFollows ? edit.text : null,
      };
    },

    /**
     * Draws one page's picture again, stores it at {bookId}/{interactionIndex+1}/page-{n}.png, then
     * points the page at it in one write. A second request while one is drawing changes nothing and
     * answers "drawing": the claim is a conditional update (generation_progress 100 → 0) that only
     * one request wins. Every other page is untouched. No credit changes hands.
     */
    async regeneratePicture(owner: Owner, bookId: string, pageNumber: number, signal?: AbortSignal): Promise<PictureResult> {
      const row = await findOwned(db, owner, bookId);
      if (!row) return { ok: false, status: 404, message: NOT_FOUND };
      if (row.status !== "complete") return { ok: false, status: 409, message: STILL_MAKING };

      const staleBefore = new Date(Date.now() - DRAW_LOCK_MS).toISOString();
      const pageWhere = and(eq(storybookPages.bookId, bookId), eq(storybookPages.pageNumber, pageNumber));
      const [claimed] = await db
        .update(storybookPages)
        .set({ generationProgress: 0 })
        .where(and(pageWhere, or(eq(storybookPages.generationProgress, 100), lt(storybookPages.updatedAt, staleBefore))))
        .returning();
      if (!claimed) {
        const [exists] = await db.select({ n: storybookPages.pageNumber }).from(storybookPages).where(pageWhere).limit(1);
        if (!exists) return { ok: false, status: 404, message: "This book has no such page." };
        return { ok: true, status: "drawing", pageNumber };
      }

      const release = () =>
        db
          .update(storybookPages)
          .set({ generationProgress: 100 })
          .where(and(pageWhere, eq(storybookPages.interactionIndex, claimed.interactionIndex)));
      const index = claimed.interactionIndex + 1;
      const key = imageKey(bookId, index, pageNumber);
      try {
        const marked = await renderPage(deps, row, claimed, signal);
        await deps.images.put(key, marked, { httpMetadata: { contentType: "image/png", cacheControl: "public, max-age=3600" } });
      } catch (error) {
        await release();
        log.error("drawing a page again failed", { bookId, pageNumber, error });
        return { ok: false, status: 502, message: "We couldn't draw a new picture just now. The old one is still there; please try again in a moment." };
      }

      const lastUpdated = new Date().toISOString();
      const [moved] = await db.batch([
        db
          .update(storybookPages)
          .set({ imageKey: key, imageUrl: imageUrl(bookId, index, pageNumber), interactionIndex: index, isGenerated: true, generationProgress: 100 })
          .where(and(pageWhere, eq(storybookPages.interactionIndex, claimed.interactionIndex)))
          .returning({ n: storybookPages.pageNumber }),
        db.update(storybooks).set({ lastUpdated }).where(eq(storybooks.bookId, bookId)),
      ]);
      if (moved.length === 0) {
        // A request that took over a lost claim finished first and points at the same key: its
        // picture stands (nothing to delete, the key is in use).
        return { ok: true, status: "drawing", pageNumber };
      }
      // The old picture is no longer referenced by the book.
      if (claimed.imageKey && claimed.imageKey !== key) await deps.images.delete(claimed.imageKey).catch(() => undefined);
      return { ok: true, status: "drawn", pageNumber, url: imageUrl(bookId, index, pageNumber), interactionIndex: index, lastUpdated };
    },
  };
}

export type EditService = ReturnType<typeof createEditService>;
