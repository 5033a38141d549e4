import { useMemo } from "react";
import type { BookView } from "~/domain/story/book-view";
import { readingOrder } from "~/domain/story/reader/navigation";
import { isFinished } from "~/domain/story/reader/progress";
import { bookMeta } from "~/domain/story/reader/reading";
import type { BookSource, RetryBook } from "./book-source";
import { laterEventStream, laterRetry } from "./live-source";
import { BookActions } from "~/components/book-actions/BookActions";
import { useAddToLibrary } from "~/components/library/useAddToLibrary";
import { AllPages } from "./AllPages";
import { AnotherAdventure } from "./AnotherAdventure";
import { BookHeading } from "./BookHeading";
import { BookReader } from "./BookReader";
import { FailedPanel } from "./FailedPanel";
import { LaterSocialPanel } from "./LaterSocialPanel";
import { ProgressPanel } from "./ProgressPanel";
import { useLiveBook } from "./useLiveBook";
import { useReaderPosition } from "./useReaderPosition";

export interface BookExperienceProps {
  initial: BookView;
  /** the page number to open first (from ?page=) */
  startPage?: number | null;
  /** where live changes come from: the server-sent events by default */
  source?: BookSource;
  retry?: RetryBook;
  /** the parent's saved child the book was made for: "Another adventure with {name}" once it is finished */
  child?: { id: string; name: string } | null;
}

/**
 * /youraistory/{bookId}: the book filling in while it is made (steps, pictures, toasts), a kind
 * failed state with Retry, and the reader as soon as there are words to read; once finished, its
 * reactions and comments.
 */
export function BookExperience({ initial, startPage, source = laterEventStream, retry = laterRetry, child }: BookExperienceProps) {
  const live = useLiveBook(initial, source, retry);
  const { book } = live;
  useAddToLibrary(book);
  const meta = useMemo(() => bookMeta(book), [book]);
  const leaves = useMemo(() => readingOrder(book.pages), [book.pages]);
  const readable = leaves.some((p) => p.content.trim());
  const finished = isFinished(book);
  const failed = book.status === "failed";

  const { at, setIndex, readerRef, openPage, currentPage } = useReaderPosition(leaves, startPage);
  const eyebrow = finished
    ? `${meta.childName === "your child" ? "Your" : `${meta.childName}'s`} book`
    : failed
      ? "This book needs another try"
      : "Your book is being made";
  const heading = book.title?.trim() || (meta.childName === "your child" ? "A new story" : `A new story for ${meta.childName}`);

  const title = <BookHeading eyebrow={eyebrow} title={heading} />;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      {finished && readable ? null : <header className="mx-auto mb-5 max-w-[40rem] text-center lg:max-w-[64rem]">{title}</header>}

      {failed ? (
        <div className="mx-auto max-w-[64rem]">
          <FailedPanel reason={book.error} retrying={live.retrying} retryError={live.retryError} onRetry={live.retry} />
        </div>
      ) : !finished ? (
        <div className="mx-auto max-w-[64rem]">
          <ProgressPanel
            book={book}
            childName={meta.childName}
            stream={live.stream}
            current={readable ? currentPage : undefined}
            onOpen={readable ? openPage : undefined}
          />
        </div>
      ) : null}

      {readable && leaves.length ? (
        <div ref={readerRef} className={finished ? "" : "mt-8 scroll-mt-24"}>
          {!finished ? (
            <h2 className="mb-2 text-center font-display text-xl font-semibold">
              {failed ? "Read what is ready so far" : "Start reading while the pictures arrive"}
            </h2>
          ) : null}
          <BookReader leaves={leaves} meta={meta} index={at} onIndexChange={setIndex} header={finished ? title : undefined} />
        </div>
      ) : null}

      {finished && leaves.length ? <BookActions book={book} /> : null}

      {finished && child ? <AnotherAdventure bookId={book.bookId} child={child} /> : null}

      {finished && leaves.length ? <LaterSocialPanel bookId={book.bookId} /> : null}

      {finished && leaves.length ? <AllPages pages={leaves} current={currentPage} onOpen={openPage} /> : null}
    </div>
  );
}
