import { describe, expect, it } from "vitest";
import {
  canTurn,
  clampIndex,
  keyAction,
  leafKind,
  pageLabel,
  pageParam,
  readingOrder,
  reconnectDelay,
  swipeAction,
  turn,
  SWIPE_MAX_DURATION,
  SWIPE_MIN_DISTANCE,
} from "~/domain/story/reader/navigation";
import { sampleBook } from "~/domain/story/reader/sample";

describe("turning pages", () => {
  it("keeps the index inside the book", () => {
    expect(clampIndex(-3, 24)).toBe(0);
    expect(clampIndex(30, 24)).toBe(23);
    expect(clampIndex(4.7, 24)).toBe(4);
    expect(clampIndex(Number.NaN, 24)).toBe(0);
    expect(clampIndex(5, 0)).toBe(0);
  });

  it("moves one page at a time and stops at both ends", () => {
    expect(turn(0, 24, "next")).toBe(1);
    expect(turn(0, 24, "prev")).toBe(0);
    expect(turn(23, 24, "next")).toBe(23);
    expect(turn(23, 24, "prev")).toBe(22);
    expect(turn(10, 24, "first")).toBe(0);
    expect(turn(10, 24, "last")).toBe(23);
    expect(turn(0, 1, "next")).toBe(0);
    expect(turn(0, 0, "last")).toBe(0);
  });

  it("says whether a button can turn", () => {
    expect(canTurn(0, 24, "prev")).toBe(false);
    expect(canTurn(0, 24, "next")).toBe(true);
    expect(canTurn(23, 24, "next")).toBe(false);
    expect(canTurn(23, 24, "prev")).toBe(true);
    expect(canTurn(0, 1, "next")).toBe(false);
  });

  it("walks every page of a 24-page book with next, and back with prev", () => {
    let i = 0;
    const seen = [i];
    for (let n = 0; n < 30; n++) seen.push((i = turn(i, 24, "next")));
    expect(new Set(seen).size).toBe(24);
    expect(i).toBe(23);
    for (let n = 0; n < 30; n++) i = turn(i, 24, "prev");
    expect(i).toBe(0);
  });
});

describe("keyboard", () => {
  it("maps the arrows, PageUp/PageDown, Home and End", () => {
    expect(keyAction({ key: "ArrowRight" })).toBe("next");
    expect(keyAction({ key: "PageDown" })).toBe("next");
    expect(keyAction({ key: "ArrowLeft" })).toBe("prev");
    expect(keyAction({ key: "PageUp" })).toBe("prev");
    expect(keyAction({ key: "Home" })).toBe("first");
    expect(keyAction({ key: "End" })).toBe("last");
  });

  it("leaves other keys alone, Space and Enter included (they press the focused button)", () => {
    for (const key of [" ", "Enter", "ArrowUp", "ArrowDown", "a", "Escape", "Tab"]) expect(keyAction({ key })).toBeNull();
  });

  it("never takes a key with a modifier (Alt+← is the browser's Back)", () => {
    expect(keyAction({ key: "ArrowLeft", altKey: true })).toBeNull();
    expect(keyAction({ key: "ArrowRight", ctrlKey: true })).toBeNull();
    expect(keyAction({ key: "ArrowRight", metaKey: true })).toBeNull();
    expect(keyAction({ key: "End", shiftKey: true })).toBeNull();
    expect(keyAction({ key: "ArrowRight", shiftKey: true })).toBe("next");
  });

  it("never takes a key typed into a field or a widget that uses the arrows", () => {
    expect(keyAction({ key: "ArrowRight", target: { tagName: "INPUT" } })).toBeNull();
    expect(keyAction({ key: "ArrowLeft", target: { tagName: "textarea" } })).toBeNull();
    expect(keyAction({ key: "ArrowLeft", target: { tagName: "SELECT" } })).toBeNull();
    expect(keyAction({ key: "ArrowLeft", target: { tagName: "DIV", isContentEditable: true } })).toBeNull();
    expect(keyAction({ key: "ArrowLeft", target: { tagName: "DIV", role: "slider" } })).toBeNull();
    expect(keyAction({ key: "ArrowLeft", target: { tagName: "BUTTON" } })).toBe("prev");
  });
});

describe("swipe", () => {
  const at = (x: number, y: number, t: number) => ({ x, y, t });

  it("turns forward when the finger moves left, back when it moves right", () => {
    expect(swipeAction(at(300, 400, 0), at(200, 410, 200))).toBe("next");
    expect(swipeAction(at(100, 400, 0), at(220, 390, 200))).toBe("prev");
  });

  it("ignores taps, short moves, slow drags and mostly vertical moves (scrolling)", () => {
    expect(swipeAction(at(200, 400, 0), at(200, 400, 80))).toBeNull();
    expect(swipeAction(at(200, 400, 0), at(200 - (SWIPE_MIN_DISTANCE - 1), 400, 100))).toBeNull();
    expect(swipeAction(at(300, 400, 0), at(150, 400, SWIPE_MAX_DURATION + 1))).toBeNull();
    expect(swipeAction(at(300, 400, 0), at(220, 250, 200))).toBeNull();
    expect(swipeAction(at(300, 400, 100), at(150, 400, 50))).toBeNull();
  });
});

describe("pages and labels", () => {
  const book = sampleBook();

  it("orders pages by number and drops duplicates", () => {
    const shuffled = [book.pages[5], book.pages[0], book.pages[5], book.pages[2]];
    expect(readingOrder(shuffled).map((p) => p.pageNumber)).toEqual([1, 3, 6]);
  });

  it("knows the cover, title page, story pages, closing page and last page of a 24-page book", () => {
    const kinds = book.pages.map((p) => leafKind(p, 24));
    expect(kinds[0]).toBe("cover");
    expect(kinds[1]).toBe("title");
    expect(kinds.slice(2, 22).every((k) => k === "story")).toBe(true);
    expect(kinds[22]).toBe("closing");
    expect(kinds[23]).toBe("last");
  });

  it("names the page for the indicator and for screen readers", () => {
    expect(pageLabel(0, book.pages)).toEqual({ short: "1 / 24", spoken: "Cover, page 1 of 24", number: 1 });
    expect(pageLabel(1, book.pages).spoken).toBe("Title page, page 2 of 24");
    expect(pageLabel(5, book.pages)).toEqual({ short: "6 / 24", spoken: "Page 6 of 24", number: 6 });
    expect(pageLabel(99, book.pages).short).toBe("24 / 24");
    expect(pageLabel(0, [])).toEqual({ short: "", spoken: "", number: 0 });
  });

  it("reads ?page= as a page number or nothing", () => {
    expect(pageParam("7")).toBe(7);
    expect(pageParam("24")).toBe(24);
    for (const bad of [null, undefined, "", "0", "-1", "3.5", "abc", "100", "7 "]) expect(pageParam(bad)).toBeNull();
  });

  it("backs off when reconnecting the live stream: 1, 2, 4, 8, then 15 s", () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    expect(reconnectDelay(-1)).toBe(1000);
  });
});
