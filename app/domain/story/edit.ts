import { z } from "zod";
import { PAGE_COUNT } from "./book";

/**
 * Editing a finished book (/modify-story/{bookId}): the book's title or one page's text. The same
 * schema checks the form in the browser and the action on the server.
 */
export const TITLE_MAX = 120;
export const PAGE_TEXT_MAX = 2000;

const titleText = z
  .string({ error: "Please give the book a title." })
  .trim()
  .min(1, "Please give the book a title.")
  .max(TITLE_MAX, `A title can be at most ${TITLE_MAX} characters.`);

const pageText = z
  .string({ error: "Please write some words for this page." })
  .trim()
  .min(1, "Please write some words for this page.")
  .max(PAGE_TEXT_MAX, `A page can hold at most ${PAGE_TEXT_MAX} characters.`);

export const pageNumberSchema = z.coerce
  .number({ error: "Choose a page of the book." })
  .int("Choose a page of the book.")
  .min(1, "Choose a page of the book.")
  .max(PAGE_COUNT, "Choose a page of the book.");

export const textEditSchema = z.discriminatedUnion("field", [
  z.object({ field: z.literal("title"), text: titleText }),
  z.object({ field: z.literal("page"), pageNumber: pageNumberSchema, text: pageText }),
]);

/** Where an edit's message is shown: "title" or "page-{n}". */
export function editTarget(edit: { field: "title" } | { field: "page"; pageNumber: number }): string {
  return edit.field === "title" ? "title" : `page-${edit.pageNumber}`;
}

/** The first problem with an edit, as a sentence for beside the field; null when it is fine. */
export function editError(input: unknown): string | null {
  const parsed = textEditSchema.safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Please check this text.");
}

/** Words in a book's story pages (pages 3 to 24; the cover and title page hold the title and dedication). */
export function storyWords(pages: Array<{ pageNumber: number; content: string }>): number {
  return pages.filter((p) => p.pageNumber >= 3).reduce((n, p) => n + (p.content.match(/\S+/g)?.length ?? 0), 0);
}

/** What a save or an undo answers. */
export type EditResult =
  | {
      ok: true;
      target: string;
      field: "title" | "page";
      pageNumber: number | null;
      text: string;
      previous: string;
      lastUpdated: string;
      tokensWords: number;
      title: string | null;
      /** the cover's words when they followed a new title */ coverText: string | null;
    }
  | { ok: false; target: string; status: 400 | 404 | 409 | 422; message: string };

/** What POST /api/books/{bookId}/pages/{n}/picture answers. */
export type PictureResult =
  | { ok: true; status: "drawn"; pageNumber: number; url: string; interactionIndex: number; lastUpdated: string }
  | { ok: true; status: "drawing"; pageNumber: number }
  | { ok: false; status: 404 | 409 | 502; message: string };
