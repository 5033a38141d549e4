import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode, type TouchEvent } from "react";
import { cn } from "~/components/ui/cn";
import type { PageView } from "~/domain/story/book-view";
import { canTurn, clampIndex, keyAction, pageLabel, swipeAction, turn, type TouchPoint, type TurnAction } from "~/domain/story/reader/navigation";
import { leafReading, type BookMeta } from "~/domain/story/reader/reading";
import { ExpandIcon, PauseIcon, PlayIcon, ShrinkIcon } from "~/components/ui/icons";
import { readerPicture } from "~/domain/story/page-pictures";
import { Leaf } from "./Leaf";
import { TurnBar } from "./TurnBar";
import { useFullscreen } from "./useFullscreen";
import { useReadAloud } from "./useReadAloud";

export interface BookReaderProps {
  /** the pages in reading order */
  leaves: PageView[];
  meta: BookMeta;
  index: number;
  onIndexChange(index: number): void;
  /** the page's heading, shown beside the tools (and kept in full screen) */
  header?: ReactNode;
}

const toolButton =
  "inline-flex min-h-12 max-lg:landscape:min-h-10 items-center justify-center gap-2 rounded-full border-2 px-4 text-base font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum";

/**
 * The book: one leaf at a time (picture and words), turned by the big buttons, a swipe, or the
 * arrow keys; read-aloud with the sentence highlighted; full screen.
 */
/** The spread's width: as wide as fits, but never so tall that the buttons fall below the window. */
const WIDTH = "max-w-[40rem] max-lg:landscape:max-w-[64rem] lg:max-w-[min(64rem,calc((100dvh-19.5rem-var(--dock-h,0px))*2))]";
const WIDTH_IMMERSIVE = "max-w-[40rem] max-lg:landscape:max-w-[76rem] lg:max-w-[min(76rem,calc((100dvh-12rem)*2))]";

export function BookReader({ leaves, meta, index, onIndexChange, header }: BookReaderProps) {
  const count = leaves.length;
  const at = clampIndex(index, count);
  const page = leaves[at];
  const lastNumber = leaves.length ? Math.max(...leaves.map((l) => l.pageNumber)) : 0;
  const reading = useMemo(() => leafReading(page, meta, lastNumber), [page, meta, lastNumber]);
  const label = pageLabel(at, leaves);

  const frame = useRef<HTMLDivElement>(null);
  const fit = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(frame);
  const [direction, setDirection] = useState<"forward" | "back" | "none">("none");
  const [announcement, setAnnouncement] = useState("");

  const go = useCallback(
    (action: TurnAction) => {
      const next = turn(at, count, action);
      if (next === at) return false;
      setDirection(next > at ? "forward" : "back");
      onIndexChange(next);
      bringIntoView(fit.current);
      return true;
    },
    [at, count, onIndexChange],
  );

  // Only a turn made here is announced (not the first render).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setAnnouncement(label.spoken);
  }, [label.spoken]);

  const readAloud = useReadAloud(reading.spoken, `${page.pageNumber}`, () => go("next"));

  // The keyboard, anywhere on the page except in fields, menus and dialogs.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target?.closest('[role="dialog"],[role="alertdialog"],[role="menu"]') && !frame.current?.contains(target)) return;
      const action = keyAction({
        key: e.key,
        altKey: e.altKey,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        shiftKey: e.shiftKey,
        target: target ? { tagName: target.tagName, isContentEditable: target.isContentEditable, role: target.getAttribute("role") } : null,
      });
      if (!action) return;
      e.preventDefault();
      go(action);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [go]);

  // Swipe on touch screens; vertical scrolling and pinch-zoom stay the browser's.
  const touchStart = useRef<TouchPoint | null>(null);
  const onTouchStart = (e: TouchEvent) => {
    touchStart.current = e.touches.length === 1 ? { x: e.touches[0].clientX, y: e.touches[0].clientY, t: e.timeStamp } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const from = touchStart.current;
    touchStart.current = null;
    const touch = e.changedTouches[0];
    if (!from || !touch || e.touches.length > 0) return;
    const action = swipeAction(from, { x: touch.clientX, y: touch.clientY, t: e.timeStamp });
    if (action) go(action);
  };

  // The neighbouring pictures load before they are needed, but after the page itself has loaded:
  // on a slow connection they must not slow the picture being looked at.
  useEffect(() => {
    const preload = () => {
      for (const i of [at + 1, at - 1, at + 2]) {
        const url = leaves[i]?.isGenerated ? leaves[i]?.url : null;
        if (!url) continue;
        // the same copy the page's own picture will pick
        const { src, srcSet, sizes } = readerPicture(url);
        const img = new Image();
        if (srcSet && sizes) {
          img.sizes = sizes;
          img.srcset = srcSet;
        }
        img.src = src;
      }
    };
    if (document.readyState === "complete") {
      // a task of its own, after the page's hydration and effects
      const timer = window.setTimeout(preload, 0);
      return () => window.clearTimeout(timer);
    }
    window.addEventListener("load", preload, { once: true });
    return () => window.removeEventListener("load", preload);
  }, [at, leaves]);

  const immersive = fullscreen.mode !== "off";
  const prevOk = canTurn(at, count, "prev");
  const nextOk = canTurn(at, count, "next");

  // Before the page's scripts have arrived (on a slow phone, a few seconds after the first paint),
  // the turn buttons still work: each submits a plain form to this address with `?page=` of the page
  // it turns to (every reader's address takes it), keeping the address's other parameters. Once the
  // scripts run, a press turns the page in place and nothing is submitted.
  const turnForm = useId();
  const { search } = useLocation();
  const keptParams = useMemo(() => [...new URLSearchParams(search)].filter(([name]) => name !== "page"), [search]);
  const turnButtonProps = (action: "prev" | "next", ok: boolean) => ({
    type: ok ? ("submit" as const) : ("button" as const),
    form: turnForm,
    name: "page",
    value: String(leaves[turn(at, count, action)]?.pageNumber ?? ""),
    "aria-disabled": !ok,
    onClick: (e: MouseEvent) => {
      e.preventDefault();
      go(action);
    },
  });

  return (
    <div
      ref={frame}
      role="region"
      aria-label={`${meta.title}: the book`}
      data-fullscreen={fullscreen.mode}
      className={cn(
        "flex flex-col",
        immersive && "overflow-y-auto bg-cream px-3 py-3 sm:px-6 max-lg:py-2",
        fullscreen.mode === "fallback" && "fixed inset-0 z-[70]",
        fullscreen.mode === "native" && "h-full w-full",
      )}
    >
      <div className={cn("mx-auto flex w-full min-w-0 flex-col gap-3 lg:flex-row lg:items-end lg:justify-between", immersive ? WIDTH_IMMERSIVE : WIDTH)}>
        {/* in full screen on a phone held sideways, the words need the heading's room */}
        {header ? <div className={cn("min-w-0 text-center lg:text-left", immersive && "max-lg:landscape:sr-only")}>{header}</div> : <span />}
        <div className="flex shrink-0 flex-wrap items-center justify-center gap-2">
          {/* Drawn before the browser is known to speak (hidden, keeping its place), so nothing moves when it shows. */}
          {readAloud.supported !== false ? (
            <button
              type="button"
              onClick={readAloud.toggle}
              className={cn(
                toolButton,
                readAloud.supported === null && "invisible",
                readAloud.playing ? "border-plum bg-plum text-white hover:bg-[#4a3289]" : "border-ink/15 bg-paper text-ink hover:border-ink/30",
              )}
              data-testid="read-aloud"
            >
              {readAloud.playing ? <PauseIcon /> : <PlayIcon />}
              {readAloud.playing ? "Pause reading" : "Read aloud"}
            </button>
          ) : null}
          <button type="button" onClick={fullscreen.toggle} className={cn(toolButton, "border-ink/15 bg-paper text-ink hover:border-ink/30")}>
            {immersive ? <ShrinkIcon /> : <ExpandIcon />}
            {immersive ? "Exit full screen" : "Full screen"}
          </button>
        </div>
      </div>
      {readAloud.error ? (
        <p role="alert" className="mx-auto mt-2 w-full max-w-[40rem] rounded-2xl bg-peach px-4 py-2 text-center text-[0.95rem] text-ink">
          {readAloud.error}
        </p>
      ) : null}

      {/* Below the wide layout, the book and its bar are the window's height (less the header and the
          dock): the picture takes what the words leave, so a page never needs a scroll. */}
      <div
        ref={fit}
        data-testid="reader-fit"
        className={cn(
          "mt-4 flex flex-col max-lg:min-h-[18rem]",
          immersive ? "max-lg:min-h-0 max-lg:flex-1 max-lg:landscape:mt-1" : "max-lg:h-[var(--reader-h)]",
        )}
      >
        <div
          className={cn(
            "relative mx-auto w-full overflow-hidden rounded-[2rem] bg-paper shadow-lift ring-1 ring-ink/5 [touch-action:pan-y_pinch-zoom] max-lg:min-h-0 max-lg:flex-1",
            immersive ? WIDTH_IMMERSIVE : WIDTH,
          )}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          data-testid="book"
        >
          {/* the fold between the two pages of a spread */}
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-1/2 z-10 hidden w-10 -translate-x-1/2 bg-[linear-gradient(90deg,transparent,rgb(43_37_66/0.07)_45%,rgb(43_37_66/0.12)_50%,rgb(43_37_66/0.07)_55%,transparent)] lg:block"
          />
          <Leaf
            key={page.pageNumber}
            page={page}
            reading={reading}
            meta={meta}
            speaking={readAloud.sentence}
            label={label.spoken}
            direction={direction}
            onOpen={() => go("next")}
            onRestart={() => go("first")}
          />
        </div>

        <TurnBar
          prev={turnButtonProps("prev", prevOk)}
          next={turnButtonProps("next", nextOk)}
          label={label}
          progress={(at + 1) / Math.max(1, count)}
          className={immersive ? WIDTH_IMMERSIVE : WIDTH}
          // in full screen nothing of the page's dock is in view
          aboveDock={!immersive}
        />
      </div>
      <form id={turnForm} method="get" hidden>
        {keptParams.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
      </form>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="page-announcement">
        {announcement}
      </p>
    </div>
  );
}

/**
 * Below the wide layout the book and its bar fit the window: a turn made while part of them is out
 * of view scrolls them into it, so the next pages are read without scrolling.
 */
function bringIntoView(el: HTMLElement | null) {
  if (!el || !window.matchMedia("(max-width: 63.99rem)").matches) return;
  const box = el.getBoundingClientRect();
  const top = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  if (box.top >= top - 1 && box.bottom <= window.innerHeight + 1) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
}
