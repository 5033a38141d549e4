import { useEffect } from "react";
import type { BookView } from "~/domain/story/book-view";
import { libraryBookFromView } from "~/domain/story/library";
import { libraryCache } from "./library-cache";

/** A book younger than this counts as just made. */
const JUST_MADE_MS = 60 * 60 * 1000;

/**
 * The reader's part of the library cache: a book just made (or still being made) is put first in the
 * library at once, and its progress (status, title, cover) follows it, before the server's next answer.
 * An older book being re-read changes nothing. Only on the owner's own reader (/youraistory/{id},
 * which answers not-found to anyone else): a book shown elsewhere is never added to this library.
 */
export function useAddToLibrary(book: BookView) {
  const cover = book.pages.find((p) => p.pageNumber === 1);
  const coverUrl = cover?.isGenerated ? cover.url : null;
  useEffect(() => {
    if (!window.location.pathname.startsWith(`/youraistory/${book.bookId}`)) return;
    const age = Date.now() - Date.parse(book.createdAt);
    const inMaking = book.status !== "complete" && book.status !== "failed";
    if (!inMaking && !(age >= 0 && age < JUST_MADE_MS)) return;
    libraryCache.addOptimistic(libraryBookFromView(book));
    // the fields the library shows; not every page's text change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [book.bookId, book.status, book.title, coverUrl, book.lastUpdated]);
}
