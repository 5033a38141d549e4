import { cn } from "~/components/ui/cn";
import { PAGE_COUNT } from "~/domain/story/book";
import type { PageView } from "~/domain/story/book-view";
import { CheckIcon } from "~/components/ui/icons";

function shortName(pageNumber: number, last: number): string {
  if (pageNumber === 1) return "Cover";
  if (pageNumber === 2) return "Title";
  if (pageNumber === last && last > 3) return "End";
  return String(pageNumber);
}

/**
 * Every page of the book as a small tile: its picture as soon as it arrives, a soft placeholder
 * before. A tile with words opens that page in the reader.
 */
export function PageGrid({ pages, current, onOpen, label }: { pages: PageView[]; current?: number; onOpen?: (pageNumber: number) => void; label: string }) {
  const tiles: (PageView | { pageNumber: number; pending: true })[] = pages.length
    ? pages
    : Array.from({ length: PAGE_COUNT }, (_, i) => ({ pageNumber: i + 1, pending: true as const }));
  const last = tiles.length ? Math.max(...tiles.map((t) => t.pageNumber)) : PAGE_COUNT;
  return (
    <ol aria-label={label} className="grid grid-cols-4 gap-2 sm:grid-cols-6 sm:gap-2.5 lg:grid-cols-8" data-testid="page-grid">
      {tiles.map((tile) => {
        const page = "pending" in tile ? null : tile;
        const drawn = Boolean(page?.isGenerated && page.url);
        const name = shortName(tile.pageNumber, last);
        const fullName = tile.pageNumber === 1 ? "Cover" : tile.pageNumber === 2 ? "Title page" : `Page ${tile.pageNumber}`;
        const progress = page && !drawn && page.generationProgress > 0 && page.generationProgress < 100 ? Math.round(page.generationProgress) : null;
        const state = drawn ? "picture ready" : progress !== null ? `picture being drawn, ${progress}%` : "picture still being drawn";
        const openable = Boolean(page && onOpen && (page.content.trim() || drawn));
        const body = (
          <>
            {drawn ? (
              <img
                src={page!.url!}
                alt=""
                width={160}
                height={160}
                loading="lazy"
                decoding="async"
                className="absolute inset-0 size-full object-cover motion-safe:animate-[fade-in_400ms_ease-out]"
              />
            ) : (
              <span className="absolute inset-0 bg-[repeating-linear-gradient(135deg,transparent_0_10px,rgb(185_166_242/0.18)_10px_20px)]" />
            )}
            {progress !== null ? (
              <span className="absolute inset-x-1.5 top-1.5 h-1.5 overflow-hidden rounded-full bg-paper" aria-hidden="true">
                <span className="block h-full rounded-full bg-sun" style={{ width: `${progress}%` }} />
              </span>
            ) : null}
            <span
              className={cn(
                "absolute bottom-1 left-1 inline-flex min-w-7 items-center justify-center gap-0.5 rounded-full px-1.5 text-xs font-bold",
                drawn ? "bg-paper/90 text-ink shadow-sm" : "bg-paper text-ink-soft",
              )}
            >
              {drawn ? <CheckIcon width={12} height={12} className="text-[#1c6b49]" /> : null}
              {name}
            </span>
          </>
        );
        const tileClass = cn(
          "relative block aspect-square w-full overflow-hidden rounded-xl border-2",
          drawn ? "border-transparent bg-sky-soft" : "border-dashed border-lavender bg-lavender-soft/50",
          current === tile.pageNumber && "ring-3 ring-coral ring-offset-2 ring-offset-paper",
        );
        return (
          <li key={tile.pageNumber} data-page={tile.pageNumber} data-drawn={drawn ? "true" : "false"}>
            {openable ? (
              <button
                type="button"
                onClick={() => onOpen!(tile.pageNumber)}
                aria-label={`${fullName}, ${state}. Open this page`}
                aria-current={current === tile.pageNumber ? "page" : undefined}
                className={cn(tileClass, "transition hover:-translate-y-0.5 hover:shadow-card motion-reduce:transition-none")}
              >
                {body}
              </button>
            ) : (
              <span role="img" aria-label={`${fullName}, ${state}`} className={tileClass}>
                {body}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
