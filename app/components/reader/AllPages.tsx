import type { PageView } from "~/domain/story/book-view";
import { PageGrid } from "./PageGrid";

/**
 * "All N pages" under a finished book (the owner's and a shared one): folded away at first, it opens
 * to every page as a tile; a tile turns the reader to its page.
 */
export function AllPages({ pages, current, onOpen }: { pages: PageView[]; current?: number; onOpen: (pageNumber: number) => void }) {
  return (
    <details className="group mx-auto mt-10 max-w-[64rem] rounded-[1.5rem] bg-paper p-4 shadow-card ring-1 ring-ink/5 sm:p-5">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-xl font-display text-lg font-semibold [&::-webkit-details-marker]:hidden">
        All {pages.length} pages
        <span aria-hidden="true" className="text-ink-soft transition-transform group-open:rotate-180 motion-reduce:transition-none">
          ▾
        </span>
      </summary>
      <div className="mt-4">
        <PageGrid pages={pages} current={current} onOpen={onOpen} label="All pages of the book" />
      </div>
    </details>
  );
}
