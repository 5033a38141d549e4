import { useNavigate } from "@remix-run/react";
import { memo, useCallback, type MouseEvent } from "react";
import type { LibraryBook } from "~/domain/story/library";
import { cn } from "~/components/ui/cn";
import { dayMonthYear, groupedCount } from "~/domain/dates";
import { CARD_THUMB_DEFAULT, CARD_THUMB_SIZES, cardThumbSrcSet, cardThumbUrl } from "~/domain/story/thumbnails";

const STATUS: Record<Exclude<LibraryBook["status"], "complete">, { label: string; className: string }> = {
  draft: { label: "Getting ready", className: "bg-sky-soft text-ink" },
  writing: { label: "Writing the story", className: "bg-sun-soft text-ink" },
  illustrating: { label: "Drawing the pictures", className: "bg-lavender-soft text-plum" },
  failed: { label: "Needs another try", className: "bg-peach text-coral-dark" },
};

const THEME_TINTS = [
  "from-sun-soft to-peach",
  "from-sky-soft to-lavender-soft",
  "from-mint-soft to-sky-soft",
  "from-lavender-soft to-peach",
  "from-peach to-sun-soft",
];

function tintFor(bookId: string) {
  let h = 0;
  for (const c of bookId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return THEME_TINTS[h % THEME_TINTS.length];
}

export function bookHeading(book: Pick<LibraryBook, "title" | "childName">): string {
  return book.title?.trim() || (book.childName ? `A story for ${book.childName}` : "A new story");
}

/** A warm drawn placeholder while the cover is being drawn (or when there is none). */
function CoverPlaceholder({ book }: { book: LibraryBook }) {
  const inProgress = book.status !== "complete" && book.status !== "failed";
  return (
    <div className={cn("flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br p-4 text-center", tintFor(book.bookId))}>
      <svg viewBox="0 0 64 64" className={cn("size-14 text-plum/70", inProgress && "motion-safe:animate-pulse")} aria-hidden="true" focusable="false">
        <path d="M8 14c8-4 16-4 24 2 8-6 16-6 24-2v36c-8-4-16-4-24 2-8-6-16-6-24-2z" fill="#fff" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
        <path d="M32 16v36" stroke="currentColor" strokeWidth="3" />
        <path d="M46 6l1.6 4.4L52 12l-4.4 1.6L46 18l-1.6-4.4L40 12l4.4-1.6z" fill="#ffc94d" />
      </svg>
      <span className="text-sm font-semibold text-ink-soft">
        {inProgress ? "The pictures are on their way" : book.status === "failed" ? "No pictures yet" : "No cover picture"}
      </span>
    </div>
  );
}

/**
 * The cards' links are plain links (each Remix <Link> costs the server a router lookup per render,
 * four per card); one click handler on the list makes them navigate within the app, as a <Link>
 * does: a plain left click on a same-site link, without a modifier key or a target. `data-discover`
 * keeps the router learning their routes ahead of the click, as for a <Link>.
 */
export function useCardLinkNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (e: MouseEvent<HTMLElement>) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || !e.currentTarget.contains(link)) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download") || link.origin !== window.location.origin) return;
      e.preventDefault();
      navigate(link.pathname + link.search + link.hash);
    },
    [navigate],
  );
}

/** The first card's picture is likely the page's largest paint: the browser fetches it first. */
const FIRST = { fetchpriority: "high" };

/**
 * `reactions`: how many reactions family and friends left on the book (shown when there are any).
 * `eager`: its picture loads with the page, not when scrolled near (the first card); `first`:
 * the very first card.
 */
/** A card is drawn again only when its own book changes (not when the shelf around it does). */
export const BookCard = memo(function BookCard({
  book,
  eager = false,
  first = false,
  reactions = 0,
}: {
  book: LibraryBook;
  eager?: boolean;
  first?: boolean;
  reactions?: number;
}) {
  const heading = bookHeading(book);
  const chip = book.status === "complete" ? null : STATUS[book.status];
  const readHref = `/youraistory/${book.bookId}`;
  return (
    <article
      className="group flex h-full flex-col overflow-hidden rounded-3xl bg-paper shadow-card ring-1 ring-ink/5"
      data-testid="library-book"
      data-book-id={book.bookId}
    >
      <a href={readHref} data-discover="true" className="relative block aspect-[4/3] overflow-hidden bg-cream" tabIndex={-1} aria-hidden="true">
        {book.coverUrl ? (
          <img
            src={cardThumbUrl(book.coverUrl, CARD_THUMB_DEFAULT)}
            srcSet={cardThumbSrcSet(book.coverUrl)}
            alt=""
            width={480}
            height={360}
            sizes={CARD_THUMB_SIZES}
            loading={eager ? "eager" : "lazy"}
            // the first card's picture is decoded with the frame that shows it, so a picture already
            // here is in the first paint (asynchronous decoding painted the page without it first);
            // the others are decoded apart, off the page's way
            decoding={first ? "sync" : "async"}
            {...(first ? FIRST : {})}
            className="size-full object-cover object-top transition-transform duration-300 motion-safe:group-hover:scale-[1.03]"
          />
        ) : (
          <CoverPlaceholder book={book} />
        )}
        {chip ? <span className={cn("absolute left-3 top-3 rounded-full px-3 py-1 text-xs font-bold shadow-sm", chip.className)}>{chip.label}</span> : null}
      </a>
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold text-plum">
          <span>{book.childName}</span>
          {book.theme ? (
            <>
              <span aria-hidden="true" className="text-ink/30">
                •
              </span>
              <span className="text-ink-soft">{book.theme}</span>
            </>
          ) : null}
        </p>
        <h2 className="mt-1 font-display text-xl font-semibold leading-snug text-ink">
          <a href={readHref} data-discover="true" className="rounded-md outline-offset-2 hover:text-coral-dark hover:underline hover:underline-offset-4">
            {heading}
          </a>
        </h2>
        {book.storyDescription ? <p className="mt-2 line-clamp-3 text-[0.95rem] leading-relaxed text-ink-soft">{book.storyDescription}</p> : null}
        <p className="mt-3 flex flex-wrap gap-x-3 text-sm text-ink-soft">
          <time dateTime={book.createdAt}>{dayMonthYear(book.createdAt)}</time>
          {book.tokensWords > 0 ? <span>{`${groupedCount(book.tokensWords)} words`}</span> : null}
          {reactions > 0 ? (
            <span data-testid="library-reactions">
              <span aria-hidden="true">❤️ </span>
              {`${reactions} ${reactions === 1 ? "reaction" : "reactions"}`}
            </span>
          ) : null}
        </p>
        {chip ? <p className="sr-only">{`Status: ${chip.label}`}</p> : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <a
            href={readHref}
            data-discover="true"
            className="inline-flex min-h-11 flex-1 items-center justify-center rounded-full bg-coral px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-coral-dark focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum"
            aria-label={`${book.status === "complete" ? "Read" : "Open"} ${heading}`}
          >
            {book.status === "complete" ? "Read" : book.status === "failed" ? "Open" : "Watch it being made"}
          </a>
          {book.status === "complete" ? (
            <a
              href={`/modify-story/${book.bookId}`}
              data-discover="true"
              className="inline-flex min-h-11 items-center justify-center rounded-full border-2 border-ink/15 bg-paper px-4 text-sm font-semibold text-ink transition-colors hover:border-ink/30 hover:bg-cream focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum"
              aria-label={`Edit ${heading}`}
            >
              Edit
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
});
