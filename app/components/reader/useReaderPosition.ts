import { useCallback, useRef, useState } from "react";
import { clampIndex } from "~/domain/story/reader/navigation";

/**
 * Where the reader is in a book (the owner's reader and a shared book's): the page index, starting
 * at `startPage` when it is one of the leaves, and `openPage`, which turns to a page from the page
 * grid or the progress list, scrolls the reader into view and puts keyboard users on it.
 */
export function useReaderPosition(leaves: ReadonlyArray<{ pageNumber: number }>, startPage?: number | null) {
  const [index, setIndex] = useState(() => Math.max(0, startPage ? leaves.findIndex((p) => p.pageNumber === startPage) : 0));
  const at = clampIndex(index, leaves.length);
  const readerRef = useRef<HTMLDivElement>(null);

  const openPage = useCallback(
    (pageNumber: number) => {
      const i = leaves.findIndex((p) => p.pageNumber === pageNumber);
      if (i < 0) return;
      setIndex(i);
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      readerRef.current?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
      // keyboard users land on the book they asked for
      readerRef.current?.querySelector<HTMLElement>('[aria-label="Next page"]')?.focus({ preventScroll: true });
    },
    [leaves],
  );

  return { at, setIndex, readerRef, openPage, currentPage: leaves[at]?.pageNumber };
}
