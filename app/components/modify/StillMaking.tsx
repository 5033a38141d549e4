import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/Button";
import type { BookView } from "~/domain/story/book-view";

/** A book that is not finished yet (or could not be finished) cannot be edited: say so kindly. */
export function StillMaking({ book, children }: { book: BookView; children?: ReactNode }) {
  const failed = book.status === "failed";
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 text-center sm:py-16" aria-labelledby="still-making-title" data-testid="still-making">
      <p aria-hidden="true" className="text-5xl">
        {failed ? "🌧️" : "🎨"}
      </p>
      <h1 id="still-making-title" className="mt-4 text-3xl font-semibold text-ink sm:text-4xl">
        {failed ? "This book couldn’t be finished" : "This book is still being made"}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-ink-soft">
        {failed
          ? "Something went wrong while we were making it, so there is nothing to edit yet. Open the book to try again; you have not been charged."
          : "Nino is still writing and drawing. As soon as every page is ready you can come back here to change the words or draw a new picture."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={`/youraistory/${book.bookId}`} className={buttonClass("primary", "lg")}>
          {failed ? "Open the book" : "Watch it being made"}
        </Link>
      </div>
      {children}
    </section>
  );
}
