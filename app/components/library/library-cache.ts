import type { LibraryBook } from "~/domain/story/library";

/**
 * THE CONTRACT of the browser's library cache (spec points 4 and 9). Other screens call only these
 * three methods: the creation form after a book is made, the edit page after a change.
 *
 * PLACEHOLDER BODY (memory only): the library issue replaces it with the full cache (memory, then
 * local storage valid 1 h, background refresh, sync, quota handling) keeping these signatures.
 */
type Listener = () => void;
let books: LibraryBook[] | null = null;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

export const libraryCache = {
  /** a created story appears at once (optimistic add) */
  addOptimistic(book: LibraryBook): void {
    if (!books) return;
    books = [book, ...books.filter((b) => b.bookId !== book.bookId)];
    emit();
  },
  /** an edit appears at once, applied by book_id */
  applyUpdate(bookId: string, patch: Partial<Omit<LibraryBook, "bookId">>): void {
    if (!books) return;
    books = books.map((b) => (b.bookId === bookId ? { ...b, ...patch } : b));
    emit();
  },
  /** forget everything; the next read reloads from the server */
  invalidate(): void {
    books = null;
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot(): LibraryBook[] | null {
    return books;
  },
};
