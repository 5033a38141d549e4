import { cn } from "~/components/ui/cn";
import type { BookView } from "~/domain/story/book-view";
import { bookProgress, type StepState } from "~/domain/story/reader/progress";
import type { StreamState } from "./book-source";
import { CheckIcon } from "~/components/ui/icons";
import { PageGrid } from "./PageGrid";

const DOT: Record<StepState, string> = {
  done: "bg-mint text-[#12573a]",
  active: "bg-sun text-ink",
  waiting: "bg-ink/5 text-ink-soft",
  stopped: "bg-peach text-coral-dark",
};

const STATE_WORDS: Record<StepState, string> = { done: "done", active: "in progress", waiting: "waiting", stopped: "stopped" };

/** The book while it is made: the three steps, a progress bar and every page as it arrives. */
export function ProgressPanel({
  book,
  childName,
  stream,
  current,
  onOpen,
}: {
  book: BookView;
  childName: string;
  stream: StreamState | "idle";
  current?: number;
  onOpen?: (pageNumber: number) => void;
}) {
  const progress = bookProgress(book);
  const name = childName === "your child" ? "your" : `${childName}'s`;
  return (
    <section aria-labelledby="making-title" className="rounded-[2rem] bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-7" data-testid="progress-panel">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div className="min-w-0">
          <h2 id="making-title" className="text-2xl font-semibold sm:text-[1.75rem]">
            Making {name} book
          </h2>
          <p className="mt-1 max-w-xl text-ink-soft">
            It takes a few minutes. Stay here and watch each picture arrive; you can start reading as soon as the words are written.
          </p>
        </div>
        <p className="font-display text-3xl font-semibold text-plum" aria-hidden="true">
          {progress.percent}%
        </p>
      </div>

      <div
        role="progressbar"
        aria-label="Book progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}%: ${progress.picturesDone} of ${progress.picturesTotal} pictures drawn`}
        className="mt-4 h-3 overflow-hidden rounded-full bg-lavender-soft"
      >
        <div
          className="h-full rounded-full bg-[linear-gradient(90deg,var(--color-coral-bright),var(--color-sun))] transition-[width] duration-500 ease-out motion-reduce:transition-none"
          style={{ width: `${Math.max(3, progress.percent)}%` }}
        />
      </div>

      <ol className="mt-5 grid gap-3 sm:grid-cols-3" aria-label="Steps">
        {progress.steps.map((s) => (
          <li
            key={s.step}
            aria-current={s.state === "active" ? "step" : undefined}
            data-step={s.step}
            data-state={s.state}
            className={cn("flex items-start gap-3 rounded-2xl p-3", s.state === "active" ? "bg-sun-soft" : "bg-cream")}
          >
            <span
              className={cn(
                "relative mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full font-display text-base font-semibold",
                DOT[s.state],
              )}
            >
              {s.state === "done" ? <CheckIcon width={20} height={20} /> : s.step}
              {s.state === "active" ? <span aria-hidden="true" className="absolute inset-0 rounded-full ring-2 ring-sun motion-safe:animate-ping" /> : null}
            </span>
            <span className="min-w-0">
              <span className="block font-bold leading-snug text-ink">
                {s.label}
                <span className="sr-only">: {STATE_WORDS[s.state]}</span>
              </span>
              <span className="block text-[0.95rem] leading-snug text-ink-soft">{s.detail}</span>
            </span>
          </li>
        ))}
      </ol>

      {stream === "reconnecting" ? (
        <p className="mt-4 rounded-2xl bg-sky-soft px-4 py-2.5 text-[0.95rem] text-ink" role="status">
          Reconnecting… Your book is still being made; the page will catch up in a moment.
        </p>
      ) : null}

      <h3 className="mt-6 font-display text-lg font-semibold">The pages</h3>
      <p className="text-[0.95rem] text-ink-soft">
        {progress.picturesDone} of {progress.picturesTotal} pictures drawn{onOpen ? ". Tap a page to open it." : "."}
      </p>
      <div className="mt-3">
        <PageGrid pages={book.pages} current={current} onOpen={onOpen} label="Pages of the book" />
      </div>
    </section>
  );
}
