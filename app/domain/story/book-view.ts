import type { PageType } from "./book";
import type { StoryForm } from "./form";

/**
 * A book's data as GET /api/books/{bookId} returns it, and as the reader and the live
 * progress stream (GET /api/books/{bookId}/events, server-sent `snapshot` events) carry it.
 */
export type BookStatus = "draft" | "writing" | "illustrating" | "complete" | "failed";

export interface PageView {
  pageNumber: number;
  pageType: PageType;
  title: string;
  scene: string;
  content: string;
  /** the picture, served by the Worker from R2; null until drawn */
  url: string | null;
  isBlank: boolean;
  isGenerated: boolean;
  /** 0–100, default 100 */
  generationProgress: number;
}

export interface BookView {
  bookId: string;
  title: string | null;
  status: BookStatus;
  /** a parent-friendly reason when status is failed */
  error: string | null;
  pages: PageView[];
  story: {
    content: string | null;
    prompt: string | null;
    response: string | null;
    shouldGenerateImages: boolean;
    /** the form as submitted; photos appear as upload ids, never inline */
    formData: StoryForm;
  };
  gptInteractions: unknown[];
  stats: { totalImagesGenerated: number };
  step1complete: boolean;
  step2complete: boolean;
  step3complete: boolean;
  images_generated: boolean;
  is_generated: boolean;
  isAmountDeducted: boolean;
  createdAt: string;
  lastUpdated: string;
}

/**
 * The book as the reader's page carries it: without the writer's prompt, its raw answer, the whole
 * story text (the pages hold every word the reader shows) and the model's log. The page never reads
 * them, and they were about a third of its data. GET /api/books/{bookId} and the live stream still carry them.
 */
export function readerView(book: BookView): BookView {
  return { ...book, story: { ...book.story, content: null, prompt: null, response: null }, gptInteractions: [] };
}

/** The picture's address: R2 key `{bookId}/{interactionIndex}/page-{n}.png` served under /api/images/. */
export function imageKey(bookId: string, interactionIndex: number, pageNumber: number): string {
  return `${bookId}/${interactionIndex}/page-${pageNumber}.png`;
}
export function imageUrl(bookId: string, interactionIndex: number, pageNumber: number): string {
  return `/api/images/${imageKey(bookId, interactionIndex, pageNumber)}`;
}

export type ProgressToast =
  | { kind: "step"; step: 1 | 2 | 3; title: string; description: string; durationMs: 3000 }
  | { kind: "image"; pageNumber: number; title: string; durationMs: 2000 };

const STEP_TOASTS = {
  1: { title: "Step 1 Complete", description: "Story record created successfully!" },
  2: { title: "Step 2 Complete", description: "Story content generated successfully!" },
  3: { title: "Step 3 Complete", description: "Images generated successfully!" },
} as const;

/**
 * The toasts a change of the book deserves: a step toast (3 s) when a step flag turns
 * on, and 'Image for page {n} generated!' (2 s) when a page's picture arrives. Derived by comparing
 * snapshots, so a reconnecting stream never repeats or loses one. `prev` null means first sight:
 * nothing is announced for what was already done.
 */
export function progressToasts(prev: BookView | null, next: BookView): ProgressToast[] {
  if (!prev) return [];
  const out: ProgressToast[] = [];
  const flags = [next.step1complete && !prev.step1complete, next.step2complete && !prev.step2complete];
  flags.forEach((on, i) => {
    if (on) out.push({ kind: "step", step: (i + 1) as 1 | 2, ...STEP_TOASTS[(i + 1) as 1 | 2], durationMs: 3000 });
  });
  const before = new Map(prev.pages.map((p) => [p.pageNumber, p.isGenerated]));
  for (const p of next.pages) {
    if (p.isGenerated && !before.get(p.pageNumber))
      out.push({ kind: "image", pageNumber: p.pageNumber, title: `Image for page ${p.pageNumber} generated!`, durationMs: 2000 });
  }
  if (next.step3complete && !prev.step3complete) out.push({ kind: "step", step: 3, ...STEP_TOASTS[3], durationMs: 3000 });
  return out;
}
