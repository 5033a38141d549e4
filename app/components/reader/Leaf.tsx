import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import type { PageView } from "~/domain/story/book-view";
import { sentenceRuns, type BookMeta, type LeafReading, type ReadingPart } from "~/domain/story/reader/reading";
import { BrushIcon, SparkleIcon } from "~/components/ui/icons";
import { readerPicture } from "~/domain/story/page-pictures";
import { useRef, type ReactNode } from "react";
import { useFitWords } from "./useFitWords";

export interface LeafProps {
  page: PageView;
  reading: LeafReading;
  meta: BookMeta;
  /** the sentence read-aloud is saying, if any */
  speaking: number | null;
  /** "Page 6 of 24" */
  label: string;
  /** which way the page came in, for the turn animation */
  direction: "forward" | "back" | "none";
  onOpen(): void;
  onRestart(): void;
}

/** One leaf of the book: the picture on the left (on phones above), the words on the right. */
export function Leaf({ page, reading, meta, speaking, label, direction, onOpen, onRestart }: LeafProps) {
  const { kind } = reading;
  const words = useRef<HTMLDivElement>(null);
  useFitWords(words, `${page.pageNumber}:${page.content}`);
  return (
    <article
      aria-roledescription="page"
      aria-label={label}
      data-page={page.pageNumber}
      data-kind={kind}
      className={cn(
        // below the wide layout: the picture above the words (beside them when the window is wide), filling the book's height
        "relative grid gap-0 transition-[opacity,translate] duration-300 ease-out motion-reduce:transition-none max-lg:flex max-lg:h-full max-lg:flex-col max-lg:landscape:flex-row lg:grid-cols-2",
        direction === "forward" && "starting:translate-x-6 starting:opacity-0",
        direction === "back" && "starting:-translate-x-6 starting:opacity-0",
      )}
    >
      <Picture page={page} kind={kind}>
        {kind === "cover" ? <CoverTitle reading={reading} speaking={speaking} /> : null}
      </Picture>
      <div
        ref={words}
        className={cn(
          "flex flex-col px-5 pb-6 pt-5 sm:px-8 sm:pb-8 lg:px-12 lg:py-10",
          // the words keep their own height (at most 75% of the page), the picture takes the rest
          "max-lg:max-h-[75%] max-lg:min-h-0 max-lg:shrink-0 max-lg:overflow-y-auto max-lg:px-4 max-lg:pb-2 max-lg:pt-2 max-lg:landscape:max-h-none max-lg:landscape:flex-1 max-lg:landscape:shrink",
          kind === "cover" || kind === "title" ? "items-center justify-center text-center" : "justify-center",
        )}
      >
        {kind === "cover" ? <CoverText reading={reading} meta={meta} speaking={speaking} onOpen={onOpen} /> : null}
        {kind === "title" ? <TitleText reading={reading} speaking={speaking} /> : null}
        {kind === "story" || kind === "closing" || kind === "last" ? (
          <StoryText page={page} reading={reading} speaking={speaking} onRestart={onRestart} />
        ) : null}
      </div>
    </article>
  );
}

function Picture({ page, kind, children }: { page: PageView; kind: LeafReading["kind"]; children?: ReactNode }) {
  const ready = page.isGenerated && page.url;
  const alt = page.scene
    ? `${kind === "cover" ? "Cover picture" : "Picture"}: ${page.scene}`
    : kind === "cover"
      ? "The cover picture"
      : `The picture for page ${page.pageNumber}`;
  return (
    // Below the wide layout the picture is as big a square as the space the words leave.
    <figure className="relative m-0 p-2.5 sm:p-3 max-lg:flex max-lg:min-h-[25%] max-lg:flex-1 max-lg:items-center max-lg:justify-center max-lg:[container-type:size] max-lg:landscape:aspect-square max-lg:landscape:h-full max-lg:landscape:max-w-[50%] max-lg:landscape:min-h-0 max-lg:landscape:flex-none lg:pr-1.5">
      {ready ? (
        // the picture and what is laid over it (the cover's title) share one square
        <div className="relative w-full max-lg:size-[min(100cqw,100cqh)]">
          <img
            // a phone fetches a square copy of about the width it shows, not the 1024 px picture
            {...readerPicture(page.url!)}
            alt={alt}
            width={1024}
            height={1024}
            // the picture in view is the page's largest: fetched first
            fetchPriority="high"
            className="block aspect-square w-full rounded-[1.4rem] bg-sky-soft object-cover shadow-[inset_0_0_0_1px_rgb(43_37_66/0.06)] max-lg:size-full"
          />
          {children}
        </div>
      ) : (
        <div
          className="flex aspect-square w-full flex-col items-center justify-center gap-3 overflow-hidden rounded-[1.4rem] border-2 border-dashed border-lavender bg-lavender-soft/60 p-6 text-center max-lg:size-[min(100cqw,100cqh)] max-lg:p-3"
          data-testid="picture-placeholder"
        >
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-paper text-plum shadow-card motion-safe:animate-pulse">
            <BrushIcon width={30} height={30} />
          </span>
          <p className="font-display text-xl font-semibold text-plum">This picture is still being painted</p>
          {page.scene ? (
            <p className="line-clamp-3 max-w-xs text-[0.95rem] text-ink-soft">Coming soon: {page.scene.charAt(0).toLowerCase() + page.scene.slice(1)}.</p>
          ) : null}
        </div>
      )}
    </figure>
  );
}

function Sentences({ part, speaking }: { part: ReadingPart; speaking: number | null }) {
  return (
    <>
      {sentenceRuns(part).map((run, i) =>
        run.sentence === null ? (
          <span key={i}>{run.text}</span>
        ) : (
          <span
            key={i}
            data-sentence={run.sentence}
            data-speaking={speaking === run.sentence ? "true" : undefined}
            className={cn(
              "rounded-md transition-colors duration-200 [box-decoration-break:clone] motion-reduce:transition-none",
              speaking === run.sentence && "bg-sun-soft text-ink shadow-[0_0_0_0.2em_var(--color-sun-soft)]",
            )}
          >
            {run.text}
          </span>
        ),
      )}
    </>
  );
}

/**
 * The book's current title, laid over the top of the cover picture (which keeps that band calm and
 * carries no lettering), so a renamed book shows its new title at once.
 */
function CoverTitle({ reading, speaking }: { reading: LeafReading; speaking: number | null }) {
  const title = reading.parts.find((p) => p.kind === "title");
  if (!title) return null;
  return (
    <p className="pointer-events-none absolute inset-x-[8%] top-[6%] m-0 text-center font-display text-[1.4rem] sm:text-[2rem] font-semibold leading-tight text-ink [text-wrap:balance] lg:text-[2.4rem]">
      <span className="rounded-2xl bg-paper/90 px-4 py-1.5 shadow-card [box-decoration-break:clone]">
        <Sentences part={title} speaking={speaking} />
      </span>
    </p>
  );
}

function CoverText({ reading, meta, speaking, onOpen }: { reading: LeafReading; meta: BookMeta; speaking: number | null; onOpen(): void }) {
  const byline = reading.parts.find((p) => p.kind === "byline");
  return (
    <div className="flex max-w-md flex-col items-center">
      <p className="flex items-center gap-2 text-sm font-bold uppercase tracking-[0.14em] text-coral-dark">
        <SparkleIcon className="text-sun" />A StoryNest book
        <SparkleIcon className="text-sun" />
      </p>
      {byline ? (
        <p className="mt-3 text-lg text-ink-soft">
          <Sentences part={byline} speaking={speaking} />
        </p>
      ) : null}
      <p className="mt-4 inline-flex items-center rounded-full bg-peach px-4 py-1.5 text-[0.95rem] font-semibold text-coral-dark">Starring {meta.childName}</p>
      {/* on phones the Next button is right below */}
      <div className="mt-7 hidden lg:block">
        <button type="button" onClick={onOpen} className={buttonClass("primary", "lg")}>
          Open the book
        </button>
      </div>
    </div>
  );
}

function TitleText({ reading, speaking }: { reading: LeafReading; speaking: number | null }) {
  const title = reading.parts.find((p) => p.kind === "title");
  const byline = reading.parts.find((p) => p.kind === "byline");
  const dedication = reading.parts.find((p) => p.kind === "dedication");
  return (
    <div className="flex max-w-md flex-col items-center">
      {title ? (
        <p className="font-display text-[1.75rem] font-semibold leading-tight [text-wrap:balance] sm:text-4xl">
          <Sentences part={title} speaking={speaking} />
        </p>
      ) : null}
      {byline ? (
        <p className="mt-3 text-lg font-semibold text-ink-soft">
          <Sentences part={byline} speaking={speaking} />
        </p>
      ) : null}
      {dedication ? (
        <>
          <Ornament />
          <p className="text-[1.15rem] italic leading-relaxed text-ink sm:text-xl">
            <Sentences part={dedication} speaking={speaking} />
          </p>
        </>
      ) : null}
    </div>
  );
}

function StoryText({ page, reading, speaking, onRestart }: { page: PageView; reading: LeafReading; speaking: number | null; onRestart(): void }) {
  const body = reading.parts.filter((p) => p.kind === "body");
  const end = reading.parts.find((p) => p.kind === "end");
  return (
    <div className="flex flex-1 flex-col">
      <div className="flex flex-1 flex-col justify-center">
        {body.length ? (
          <div className={cn("space-y-4 leading-[1.75] text-ink max-lg:space-y-2 max-lg:leading-[1.55] lg:text-[1.35rem]", wordsSize(page.content))}>
            {body.map((part, i) => (
              <p key={i}>
                <Sentences part={part} speaking={speaking} />
              </p>
            ))}
          </div>
        ) : (
          <p className="text-lg text-ink-soft">The words for this page are still being written.</p>
        )}
        {reading.kind === "last" ? (
          <div className="mt-8 text-center">
            {end ? (
              <p className="mb-6 font-display text-4xl font-semibold text-plum">
                <SparkleIcon className="mr-2 inline text-sun" />
                <Sentences part={end} speaking={speaking} />
                <SparkleIcon className="ml-2 inline text-sun" />
              </p>
            ) : (
              <Ornament />
            )}
            <div className="flex flex-wrap justify-center gap-3">
              <button type="button" onClick={onRestart} className={buttonClass("secondary", "md")}>
                Read it again
              </button>
              <Link to="/createstory" className={buttonClass("primary", "md")}>
                Make another story
              </Link>
            </div>
          </div>
        ) : null}
      </div>
      <p className="mt-6 text-center font-display text-base font-semibold text-ink-soft max-lg:mt-1 max-lg:text-sm max-lg:landscape:hidden" aria-hidden="true">
        ~ {page.pageNumber} ~
      </p>
    </div>
  );
}

/**
 * The words' size on phones and tablets by how many there are (the picture takes the space they
 * leave), times --fit, which ./useFitWords lowers when they still do not fit.
 */
function wordsSize(text: string): string {
  const n = text.length;
  if (n <= 220) return "text-[calc(var(--fit,1)*1.2rem)] sm:text-[calc(var(--fit,1)*1.3rem)]";
  if (n <= 420) return "text-[calc(var(--fit,1)*1.08rem)] sm:text-[calc(var(--fit,1)*1.2rem)]";
  if (n <= 700) return "text-[calc(var(--fit,1)*0.98rem)] sm:text-[calc(var(--fit,1)*1.1rem)]";
  return "text-[calc(var(--fit,1)*0.9rem)] sm:text-[calc(var(--fit,1)*0.95rem)]";
}

function Ornament() {
  return (
    <span className="my-5 flex items-center justify-center gap-3 text-lavender" aria-hidden="true">
      <span className="h-0.5 w-10 rounded-full bg-lavender" />
      <SparkleIcon className="text-sun" />
      <span className="h-0.5 w-10 rounded-full bg-lavender" />
    </span>
  );
}
