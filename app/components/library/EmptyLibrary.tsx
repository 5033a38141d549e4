import { Link } from "@remix-run/react";
import { Nino } from "~/components/layout/illustrations";
import { buttonClass } from "~/components/ui/Button";

/** No books yet: a warm invitation to make the first one, or to look at sample stories first. */
export function EmptyLibrary() {
  return (
    <section
      aria-labelledby="empty-library-title"
      className="mt-8 overflow-hidden rounded-[2rem] bg-paper shadow-card ring-1 ring-ink/5"
      data-testid="library-empty"
    >
      <div className="grid items-center gap-6 p-6 sm:p-10 md:grid-cols-[auto_minmax(0,1fr)]">
        <div className="mx-auto flex size-36 items-center justify-center rounded-full bg-gradient-to-br from-sun-soft to-lavender-soft sm:size-44">
          <Nino className="size-24 sm:size-28" />
        </div>
        <div className="text-center md:text-left">
          <h2 id="empty-library-title" className="font-display text-2xl font-semibold text-ink sm:text-3xl">
            Your shelf is ready for its first story
          </h2>
          <p className="mt-3 max-w-xl text-lg leading-relaxed text-ink-soft">
            Make a book starring your child: pick a theme, add a few details, and StoryNest writes and draws it in a few minutes. Every book you make is kept
            here.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center md:justify-start">
            <Link to="/createstory" className={buttonClass("primary", "lg")}>
              <span aria-hidden="true">✨</span> Make your first book
            </Link>
            <Link to="/real-stories" className={buttonClass("secondary", "lg")}>
              Look at sample stories
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/** A search that found nothing: say so kindly and offer the way back. */
export function NoMatches({ q }: { q: string }) {
  return (
    <div className="mt-4 rounded-3xl border-2 border-dashed border-ink/15 bg-paper/60 p-8 text-center" data-testid="library-no-matches">
      <p aria-hidden="true" className="text-4xl">
        🔍
      </p>
      <p className="mt-3 text-lg font-semibold text-ink">{q ? `No books match “${q}”` : "No books here yet"}</p>
      <p className="mt-1 text-ink-soft">Try a child's name, a theme such as Space, or a word from the story.</p>
      <Link to="/library" className={buttonClass("secondary", "md", "mt-5")}>
        Show all books
      </Link>
    </div>
  );
}
