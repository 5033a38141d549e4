import { Link } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { Nino } from "~/components/layout/illustrations";
import { AllPages } from "~/components/reader/AllPages";
import { BookHeading } from "~/components/reader/BookHeading";
import { BookReader } from "~/components/reader/BookReader";
import { useReaderPosition } from "~/components/reader/useReaderPosition";
import { buttonClass } from "~/components/ui/Button";
import type { ReadOnlyStory } from "~/domain/story/public-story";
import { readingOrder } from "~/domain/story/reader/navigation";
import type { BookMeta } from "~/domain/story/reader/reading";

/**
 * A shared book, read-only: the same reader as the owner's (turn, swipe, read aloud, full screen),
 * without edit, share or download, and a gentle invitation to make one's own. `banner` goes above
 * the book (what this copy is); `social` (its reactions and comments) follows the reader; `invite`
 * replaces the invitation.
 */
export function PublicStoryView({
  story,
  startPage,
  banner,
  social,
  invite,
}: {
  story: ReadOnlyStory;
  startPage?: number | null;
  banner?: ReactNode;
  social?: ReactNode;
  invite?: ReactNode;
}) {
  const leaves = useMemo(() => readingOrder(story.pages), [story.pages]);
  const meta: BookMeta = useMemo(() => ({ title: story.title, author: story.authorName, childName: story.childName }), [story]);
  const { at, setIndex, readerRef, openPage, currentPage } = useReaderPosition(leaves, startPage);

  const eyebrow = story.sample ? `A sample book · ${story.theme}` : `A StoryNest book made for ${story.childName}`;
  const header = <BookHeading eyebrow={eyebrow} title={story.title} />;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      {banner}
      <div ref={readerRef}>
        <BookReader leaves={leaves} meta={meta} index={at} onIndexChange={setIndex} header={header} />
      </div>

      {social}

      {invite ?? <MakeYourOwn theme={story.theme} />}

      <AllPages pages={leaves} current={currentPage} onOpen={openPage} />
    </div>
  );
}

function MakeYourOwn({ theme }: { theme: string }) {
  return (
    <aside
      aria-labelledby="make-your-own"
      className="mx-auto mt-10 flex max-w-[64rem] flex-col items-center gap-5 rounded-[1.75rem] bg-paper p-6 text-center shadow-card ring-1 ring-ink/5 sm:flex-row sm:p-8 sm:text-left"
      data-testid="make-your-own"
    >
      <Nino className="w-24 shrink-0 sm:w-28" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="make-your-own" className="font-display text-2xl font-semibold">
          Would your child like a book of their own?
        </h2>
        <p className="mt-2 text-lg text-ink-soft">
          Tell us their name and what they love, and StoryNest writes and illustrates a 24-page story with them as the hero. It takes a few minutes.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:items-end">
        <Link to={`/createstory?theme=${encodeURIComponent(theme.toLowerCase())}`} className={buttonClass("primary", "lg")}>
          Make a book
        </Link>
        <Link to="/real-stories" className="min-h-11 content-center px-2 font-semibold text-plum underline underline-offset-4 hover:text-coral-dark">
          See more sample books
        </Link>
      </div>
    </aside>
  );
}
