import { describe, expect, it } from "vitest";
import { progressToasts, type BookView } from "~/domain/story/book-view";
import { bookProgress, isSettled, picturesDone } from "~/domain/story/reader/progress";
import { bookMeta, leafReading, sentenceRuns, THE_END } from "~/domain/story/reader/reading";
import { sampleAt, sampleBook, sampleFramesFrom, samplePictureUrl } from "~/domain/story/reader/sample";
import { apiErrorMessage, isNewer, parseSnapshot } from "~/domain/story/reader/snapshot";

describe("progress of a book being made", () => {
  it("a new book: step 1 in progress, nothing drawn, 24 pages to come", () => {
    const p = bookProgress(sampleAt("new"));
    expect(p.steps.map((s) => s.state)).toEqual(["active", "waiting", "waiting"]);
    expect(p.steps.map((s) => s.label)).toEqual(["Story record created", "Story written", "Pictures drawn"]);
    expect(p).toMatchObject({ picturesDone: 0, picturesTotal: 24, percent: 0, finished: false, failed: false });
  });

  it("while illustrating: the first two steps done and the pictures counted", () => {
    const book = sampleAt("illustrating", 12);
    const p = bookProgress(book);
    expect(p.steps.map((s) => s.state)).toEqual(["done", "done", "active"]);
    expect(p.picturesDone).toBe(12);
    expect(p.steps[2].detail).toBe("12 of 24 pictures");
    expect(p.percent).toBe(5 + 25 + 35);
  });

  it("a failed book stops at the step it was on", () => {
    const p = bookProgress(sampleAt("failed", 9));
    expect(p.steps.map((s) => s.state)).toEqual(["done", "done", "stopped"]);
    expect(p.failed).toBe(true);
    expect(isSettled(sampleAt("failed"))).toBe(true);
  });

  it("a complete book is 100 % with every step done", () => {
    const p = bookProgress(sampleBook());
    expect(p.steps.every((s) => s.state === "done")).toBe(true);
    expect(p.percent).toBe(100);
    expect(p.finished).toBe(true);
    expect(isSettled(sampleBook())).toBe(true);
  });

  it("counts a picture only when it is generated and has an address", () => {
    const book = sampleBook();
    book.pages[3] = { ...book.pages[3], url: null };
    book.pages[4] = { ...book.pages[4], isGenerated: false };
    expect(picturesDone(book)).toBe(22);
  });
});

describe("the sample making (what the live stream sends)", () => {
  it("goes from a new book to a complete one, one change at a time, with the step 1, step 2, per-page image and step 3 toasts in order", () => {
    const frames = sampleFramesFrom(sampleAt("new"));
    expect(frames.at(-1)?.status).toBe("complete");
    let prev: BookView = sampleAt("new");
    const toasts: string[] = [];
    for (const f of frames) {
      expect(isNewer(prev, f)).toBe(true);
      toasts.push(...progressToasts(prev, f).map((t) => t.title));
      prev = f;
    }
    expect(toasts[0]).toBe("Step 1 Complete");
    expect(toasts[1]).toBe("Step 2 Complete");
    expect(toasts.filter((t) => /^Image for page \d+ generated!$/.test(t))).toHaveLength(24);
    expect(toasts.at(-1)).toBe("Step 3 Complete");
  });

  it("a failed book starts again where it stopped (no picture drawn twice)", () => {
    const frames = sampleFramesFrom(sampleAt("failed", 9));
    expect(frames).toHaveLength(15 + 1);
    expect(frames[0].status).toBe("illustrating");
    expect(frames[0].pages.filter((p) => p.isGenerated)).toHaveLength(10);
  });

  it("draws a real picture for every page", () => {
    const url = samplePictureUrl(7);
    expect(url.startsWith("data:image/svg+xml,")).toBe(true);
    expect(decodeURIComponent(url)).toContain("<svg");
    expect(samplePictureUrl(3)).not.toBe(samplePictureUrl(20));
  });
});

describe("what each page says", () => {
  const book = sampleBook();
  const meta = bookMeta(book);

  it("takes the title, author and child from the book", () => {
    expect(meta).toEqual({ title: "Mia and the Lantern of Hollow Wood", author: "Grandma Rose", childName: "Mia" });
    const untitled = { ...book, title: null, pages: [], story: { ...book.story, formData: { ...book.story.formData, authorName: "  " } } };
    expect(bookMeta(untitled)).toEqual({ title: "Mia's story", author: null, childName: "Mia" });
  });

  it("the cover says the title and the author; the title page adds the dedication", () => {
    expect(leafReading(book.pages[0], meta, 24).spoken).toEqual(["Mia and the Lantern of Hollow Wood", "by Grandma Rose"]);
    const title = leafReading(book.pages[1], meta, 24);
    expect(title.kind).toBe("title");
    expect(title.spoken).toEqual([
      "Mia and the Lantern of Hollow Wood",
      "by Grandma Rose",
      "For Mia, who is brave even when her knees wobble.",
      "With love from Grandma Rose.",
    ]);
    expect(title.parts.map((p) => p.kind)).toEqual(["title", "byline", "dedication"]);
  });

  it("a story page says its sentences, numbered across the page", () => {
    const r = leafReading(book.pages[6], meta, 24);
    expect(r.kind).toBe("story");
    expect(r.spoken[0]).toBe("On the path sat a hedgehog in a tiny green waistcoat.");
    expect(r.spoken).toContain("“Good morning!");
    expect(r.spoken.some((s) => s.includes("Mr. Hedgehog,” he said with a bow."))).toBe(true);
  });

  it("the last page ends with The End", () => {
    const r = leafReading(book.pages[23], meta, 24);
    expect(r.kind).toBe("last");
    expect(r.spoken.at(-1)).toBe(THE_END);
    expect(r.parts.at(-1)?.kind).toBe("end");
  });

  it("does not say The End twice when the story already does", () => {
    const page = { ...book.pages[23], content: "The End. Night-night, Leo. Sleep tight." };
    const r = leafReading(page, meta, 24);
    expect(r.spoken).toEqual(["The End.", "Night-night, Leo.", "Sleep tight."]);
    expect(r.parts.some((p) => p.kind === "end")).toBe(false);
    expect(leafReading({ ...page, content: "Everyone slept, happily." }, meta, 24).spoken.at(-1)).toBe(THE_END);
  });

  it("renders a part as runs that rebuild the text exactly", () => {
    const page = { ...book.pages[4], content: "One night it glowed.  “Hello?” whispered Mia.\n\nThe light flickered." };
    const r = leafReading(page, meta, 24);
    expect(r.parts).toHaveLength(2);
    const runs = sentenceRuns(r.parts[0]);
    expect(runs.map((x) => x.text).join("")).toBe(r.parts[0].text);
    expect(runs.filter((x) => x.sentence !== null).map((x) => x.sentence)).toEqual([0, 1]);
    expect(sentenceRuns(r.parts[1])[0].sentence).toBe(2);
  });
});

describe("snapshots from the stream", () => {
  it("accepts a BookView, as an object or as JSON text", () => {
    const book = sampleBook();
    expect(parseSnapshot(JSON.stringify(book))?.bookId).toBe(book.bookId);
    expect(parseSnapshot(book)?.pages).toHaveLength(24);
  });

  it("refuses broken JSON, a foreign shape and a bad book id", () => {
    expect(parseSnapshot("{not json")).toBeNull();
    expect(parseSnapshot({ hello: "world" })).toBeNull();
    expect(parseSnapshot({ ...sampleBook(), bookId: "../etc" })).toBeNull();
    expect(parseSnapshot({ ...sampleBook(), status: "exploded" })).toBeNull();
    const page = { ...sampleBook().pages[0], pageNumber: 0 };
    expect(parseSnapshot({ ...sampleBook(), pages: [page] })).toBeNull();
  });

  it("ignores a snapshot of another book or an older one", () => {
    const a = sampleAt("illustrating", 3);
    const b = { ...a, lastUpdated: new Date(Date.parse(a.lastUpdated) + 1000).toISOString() };
    expect(isNewer(a, b)).toBe(true);
    expect(isNewer(b, a)).toBe(false);
    expect(isNewer(a, a)).toBe(true);
    expect(isNewer(a, { ...b, bookId: "another1" })).toBe(false);
  });

  it("reads the message of an API error, or falls back", () => {
    expect(apiErrorMessage({ message: "Not enough credits." }, "x")).toBe("Not enough credits.");
    expect(apiErrorMessage({ error: "Not found" }, "x")).toBe("Not found");
    expect(apiErrorMessage(null, "Please try again.")).toBe("Please try again.");
    expect(apiErrorMessage({ message: 42 }, "Please try again.")).toBe("Please try again.");
  });
});
