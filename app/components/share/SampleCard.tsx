import { Link } from "@remix-run/react";
import { BrushIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/Button";
import { findArtStyle } from "~/domain/story/art-styles-ui";
import type { SampleBook } from "~/domain/story/library";

export type SampleCardData = SampleBook;

/** One sample: its cover, title, theme and age, and Read once it is finished ("being drawn" before). */
export function SampleCardView({ book }: { book: SampleCardData }) {
  const ready = book.status === "complete";
  const title = book.title?.trim() || `${book.childName}'s ${book.theme.toLowerCase()} story`;
  const headingId = `sample-${book.bookId}`;
  const percent = Math.round((Math.min(book.pagesDrawn, book.totalPages) / book.totalPages) * 100);
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-[1.5rem] bg-paper shadow-card ring-1 ring-ink/5"
      data-testid="sample-card"
      data-status={ready ? "ready" : "drawing"}
    >
      <div className="relative aspect-square bg-lavender/30">
        {book.coverUrl ? (
          <img
            src={book.coverUrl}
            alt={`The cover of ${title}`}
            width={1024}
            height={1024}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 bg-[repeating-linear-gradient(135deg,transparent_0_14px,rgb(185_166_242/0.22)_14px_28px)] text-plum">
            <BrushIcon width={40} height={40} aria-hidden="true" />
            <span className="font-display text-lg font-semibold">The cover is being drawn</span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="flex flex-wrap gap-2 text-sm font-semibold">
          <span className="rounded-full bg-sun/40 px-3 py-1 text-ink">{book.theme}</span>
          {book.age != null ? <span className="rounded-full bg-sky/40 px-3 py-1 text-ink">Age {book.age}</span> : null}
          {book.artStyle ? <span className="rounded-full bg-mint/50 px-3 py-1 text-ink">{findArtStyle(book.artStyle)?.label ?? book.artStyle}</span> : null}
        </p>
        <h2 id={headingId} className="font-display text-xl font-semibold leading-snug">
          {title}
        </h2>
        <p className="text-base text-ink-soft">
          {book.storyDescription.length > 140 ? `${book.storyDescription.slice(0, 137).trimEnd()}…` : book.storyDescription}
        </p>
        <div className="mt-auto pt-3">
          {ready ? (
            <Link to={`/story/${book.slug}`} className={buttonClass("primary", "md", "w-full")} aria-label={`Read ${title}`} prefetch="intent">
              Read this book
            </Link>
          ) : (
            <div data-testid="sample-drawing">
              <p className="text-base font-semibold text-plum">
                {book.status === "illustrating"
                  ? `Being drawn · ${book.pagesDrawn} of ${book.totalPages} pictures`
                  : book.status === "writing"
                    ? "Being written"
                    : "Waiting its turn to be drawn"}
              </p>
              <div
                className="mt-2 h-2.5 overflow-hidden rounded-full bg-ink/10"
                role="progressbar"
                aria-label={`${title} is being drawn`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <div className="h-full rounded-full bg-coral" style={{ width: `${percent}%` }} />
              </div>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
