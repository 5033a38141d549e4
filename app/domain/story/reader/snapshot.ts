/**
 * The browser's check of what the live stream and the retry endpoint send: a `snapshot` event's
 * data is a BookView (GET /api/books/{bookId}/events). zod/mini keeps the reader's bundle small.
 */
import * as z from "zod/mini";
import { BOOK_ID_PATTERN } from "../../ids";
import type { BookView } from "../book-view";
import { isNewer } from "./progress";

// the reader keeps this check without the schema library (progress.ts)
export { isNewer };

const pageSchema = z.object({
  pageNumber: z.int().check(z.minimum(1)),
  pageType: z.enum(["Front Cover", "Title Page", "Story Page"]),
  title: z.string(),
  scene: z.string(),
  content: z.string(),
  url: z.nullable(z.string()),
  isBlank: z.boolean(),
  isGenerated: z.boolean(),
  generationProgress: z.number(),
});

const bookSchema = z.looseObject({
  bookId: z.string().check(z.regex(BOOK_ID_PATTERN)),
  title: z.nullable(z.string()),
  status: z.enum(["draft", "writing", "illustrating", "complete", "failed"]),
  error: z.nullable(z.string()),
  pages: z.array(pageSchema),
  story: z.looseObject({
    content: z.nullable(z.string()),
    prompt: z.nullable(z.string()),
    response: z.nullable(z.string()),
    shouldGenerateImages: z.boolean(),
    // the reader uses the names only; the form was checked by the server when the book was made
    formData: z.looseObject({ childName: z.string(), authorName: z.optional(z.string()) }),
  }),
  gptInteractions: z.array(z.unknown()),
  stats: z.object({ totalImagesGenerated: z.number() }),
  step1complete: z.boolean(),
  step2complete: z.boolean(),
  step3complete: z.boolean(),
  images_generated: z.boolean(),
  is_generated: z.boolean(),
  isAmountDeducted: z.boolean(),
  createdAt: z.string(),
  lastUpdated: z.string(),
});

/** A BookView from JSON text, or null when it is not one (a broken or foreign event). */
export function parseSnapshot(data: unknown): BookView | null {
  let value: unknown = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const parsed = bookSchema.safeParse(value);
  return parsed.success ? (parsed.data as unknown as BookView) : null;
}

const apiErrorSchema = z.looseObject({ error: z.optional(z.string()), message: z.optional(z.string()) });

/** The parent-friendly message of an API error answer, or a fallback. */
export function apiErrorMessage(body: unknown, fallback: string): string {
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success) return fallback;
  return parsed.data.message?.trim() || parsed.data.error?.trim() || fallback;
}
