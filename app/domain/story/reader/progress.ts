/**
 * The live progress of a book being made, as the page shows it: the three steps (record created,
 * story written, pictures drawn) and the pictures drawn so far.
 */
import { PAGE_COUNT } from "../book";
import type { BookView } from "../book-view";

export type StepState = "done" | "active" | "waiting" | "stopped";

export interface ProgressStep {
  step: 1 | 2 | 3;
  label: string;
  /** a short line under the label */
  detail: string;
  state: StepState;
}

export interface BookProgress {
  steps: ProgressStep[];
  picturesDone: number;
  picturesTotal: number;
  /** 0–100, for the progress bar: the record 5 %, the story 25 %, the pictures the rest */
  percent: number;
  finished: boolean;
  failed: boolean;
}

export function isFinished(book: Pick<BookView, "status">): boolean {
  return book.status === "complete";
}

/** The stream has nothing more to say: the book is complete, or it failed (until Retry). */
export function isSettled(book: Pick<BookView, "status">): boolean {
  return book.status === "complete" || book.status === "failed";
}

export function picturesDone(book: Pick<BookView, "pages">): number {
  return book.pages.filter((p) => p.isGenerated && p.url).length;
}

export function bookProgress(book: BookView): BookProgress {
  const failed = book.status === "failed";
  const finished = isFinished(book);
  const total = book.pages.length || PAGE_COUNT;
  const done = picturesDone(book);
  const flags = [book.step1complete, book.step2complete, book.step3complete || (finished && done >= total)];
  const firstOpen = flags.findIndex((f) => !f);
  const stateOf = (i: number): StepState => {
    if (flags[i]) return "done";
    if (i !== firstOpen) return "waiting";
    return failed ? "stopped" : "active";
  };
  const steps: ProgressStep[] = [
    {
      step: 1,
      label: "Story record created",
      detail: flags[0] ? "Your book has its own place on the shelf." : "Opening a new book for you…",
      state: stateOf(0),
    },
    {
      step: 2,
      label: "Story written",
      detail: flags[1] ? "Every page has its words." : stateOf(1) === "waiting" ? "The words come next." : "Writing the story, page by page…",
      state: stateOf(1),
    },
    {
      step: 3,
      label: "Pictures drawn",
      detail: `${done} of ${total} pictures`,
      state: stateOf(2),
    },
  ];
  const percent = finished ? 100 : Math.round((flags[0] ? 5 : 0) + (flags[1] ? 25 : 0) + (70 * Math.min(done, total)) / total);
  return { steps, picturesDone: done, picturesTotal: total, percent: Math.min(100, percent), finished, failed };
}

/** Whether `next` may replace `prev`: the same book, and not older (events can cross on reconnect). */
export function isNewer(prev: Pick<BookView, "bookId" | "lastUpdated">, next: Pick<BookView, "bookId" | "lastUpdated">): boolean {
  if (prev.bookId !== next.bookId) return false;
  const a = Date.parse(prev.lastUpdated);
  const b = Date.parse(next.lastUpdated);
  if (Number.isNaN(a) || Number.isNaN(b)) return true;
  return b >= a;
}
