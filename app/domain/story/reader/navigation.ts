/**
 * Turning the pages of the reader: pure state and input mapping, so the bounds, the keys and the
 * swipe rules are tested without a browser.
 */
import type { PageView } from "../book-view";

export type TurnAction = "next" | "prev" | "first" | "last";

/** Keeps an index inside [0, count - 1] (0 for an empty book). */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(index)));
}

/** The index after an action; at either end of the book nothing moves. */
export function turn(index: number, count: number, action: TurnAction): number {
  const at = clampIndex(index, count);
  switch (action) {
    case "next":
      return clampIndex(at + 1, count);
    case "prev":
      return clampIndex(at - 1, count);
    case "first":
      return 0;
    case "last":
      return clampIndex(count - 1, count);
  }
}

export function canTurn(index: number, count: number, action: "next" | "prev"): boolean {
  return turn(index, count, action) !== clampIndex(index, count);
}

export interface KeyInput {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  /** the element with focus: keys typed into a field are never taken */
  target?: { tagName?: string; isContentEditable?: boolean; role?: string | null } | null;
}

const TYPING_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);
/** Widgets that use the arrow keys themselves. */
const ARROW_ROLES = new Set(["slider", "listbox", "menu", "menubar", "radiogroup", "tablist", "textbox", "combobox", "spinbutton"]);

/**
 * The keyboard: → and PageDown turn forward, ← and PageUp back, Home to the cover, End to the last
 * page. Space and Enter are left alone (they press the focused button). With a modifier (browser
 * shortcuts such as Alt+← for "back") or while typing, nothing is taken.
 */
export function keyAction(input: KeyInput): TurnAction | null {
  if (input.altKey || input.ctrlKey || input.metaKey) return null;
  const t = input.target;
  if (t && (TYPING_TAGS.has((t.tagName ?? "").toUpperCase()) || t.isContentEditable || (t.role && ARROW_ROLES.has(t.role)))) return null;
  switch (input.key) {
    case "ArrowRight":
    case "PageDown":
      return "next";
    case "ArrowLeft":
    case "PageUp":
      return "prev";
    case "Home":
      return input.shiftKey ? null : "first";
    case "End":
      return input.shiftKey ? null : "last";
    default:
      return null;
  }
}

export interface TouchPoint {
  x: number;
  y: number;
  /** milliseconds */
  t: number;
}

/** A swipe: at least this far sideways … */
export const SWIPE_MIN_DISTANCE = 50;
/** … clearly more sideways than up or down … */
export const SWIPE_MAX_SLOPE = 0.6;
/** … and quick (a slow drag is reading or scrolling). */
export const SWIPE_MAX_DURATION = 900;

/** Swiping left (finger moves to the left) turns forward, like a paper page. */
export function swipeAction(from: TouchPoint, to: TouchPoint): "next" | "prev" | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const dt = to.t - from.t;
  if (!(dt >= 0) || dt > SWIPE_MAX_DURATION) return null;
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE) return null;
  if (Math.abs(dy) > Math.abs(dx) * SWIPE_MAX_SLOPE) return null;
  return dx < 0 ? "next" : "prev";
}

export type LeafKind = "cover" | "title" | "story" | "closing" | "last";

/** What kind of page a leaf is, from its number in the layout of 24 pages (../book.ts). */
export function leafKind(page: Pick<PageView, "pageNumber" | "pageType">, total: number): LeafKind {
  if (page.pageType === "Front Cover" || page.pageNumber === 1) return "cover";
  if (page.pageType === "Title Page" || page.pageNumber === 2) return "title";
  if (page.pageNumber === total && total > 3) return "last";
  if (page.pageNumber === total - 1 && total > 4) return "closing";
  return "story";
}

/** The pages in reading order (by page number, each number once). */
export function readingOrder<T extends Pick<PageView, "pageNumber">>(pages: readonly T[]): T[] {
  const seen = new Set<number>();
  return [...pages]
    .sort((a, b) => a.pageNumber - b.pageNumber)
    .filter((p) => {
      if (seen.has(p.pageNumber)) return false;
      seen.add(p.pageNumber);
      return true;
    });
}

/**
 * A page's name for people: "Cover, page 1 of 24", "Page 7 of 24", and its number (its place in the
 * book). The reader and the editor both name pages by it.
 */
export function pageLabel(index: number, leaves: readonly Pick<PageView, "pageNumber" | "pageType">[]): { short: string; spoken: string; number: number } {
  const count = leaves.length;
  const at = clampIndex(index, count);
  const leaf = leaves[at];
  if (!leaf) return { short: "", spoken: "", number: 0 };
  const kind = leafKind(leaf, Math.max(...leaves.map((l) => l.pageNumber)));
  const position = `${at + 1} of ${count}`;
  const name =
    kind === "cover" ? "Cover" : kind === "title" ? "Title page" : kind === "closing" ? "Closing page" : kind === "last" ? "Last page" : `Page ${at + 1}`;
  return { short: `${at + 1} / ${count}`, spoken: kind === "story" ? `Page ${position}` : `${name}, page ${position}`, number: at + 1 };
}

/** Reconnecting the live stream: 1 s, 2 s, 4 s, 8 s, then every 15 s. */
export function reconnectDelay(attempt: number): number {
  const n = Math.max(0, Math.floor(attempt));
  return Math.min(15_000, 1_000 * 2 ** Math.min(n, 4));
}

/** The page to open first from `?page=N`: a page number 1–99, otherwise none (the cover). */
export function pageParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,2}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}
