import { describe, expect, it } from "vitest";
import { parseSnapshot } from "~/components/library/library-cache-storage";
import { parseLibraryPageResponse, readLibraryBook } from "~/domain/story/library-view";

// The library's browser side reads the API's answer and the stored snapshot without zod (kept out
// of the library's JavaScript): the same shapes, unknown fields dropped, anything else refused.

const book = {
  bookId: "abc123",
  childName: "Mia",
  theme: "Space",
  storyDescription: "Mia flies a cardboard rocket.",
  title: null,
  slug: null,
  tokensWords: 500,
  createdAt: "2026-01-01T00:00:00.000Z",
  lastUpdated: "2026-01-02T00:00:00.000Z",
  coverUrl: "/api/images/abc123/0/page-1.png",
  status: "complete",
};

describe("reading the library's answers", () => {
  it("keeps exactly the fields of a page and of its books", () => {
    const page = parseLibraryPageResponse({ ownerKey: "k1", sort: "name", q: "", limit: 12, offset: 0, hasMore: true, books: [{ ...book, secret: "x" }] });
    expect(page).toEqual({ ownerKey: "k1", sort: "name", q: "", hasMore: true, books: [book] });
  });

  it.each([
    ["not an object", null],
    ["no owner key", { ownerKey: "", sort: "latest", q: "", hasMore: false, books: [] }],
    ["an unknown sort", { ownerKey: "k", sort: "popular", q: "", hasMore: false, books: [] }],
    ["hasMore not a boolean", { ownerKey: "k", sort: "latest", q: "", hasMore: "no", books: [] }],
    ["a book with a wrong status", { ownerKey: "k", sort: "latest", q: "", hasMore: false, books: [{ ...book, status: "done" }] }],
    ["a book without its id", { ownerKey: "k", sort: "latest", q: "", hasMore: false, books: [{ ...book, bookId: undefined }] }],
    ["a word count that is text", { ownerKey: "k", sort: "latest", q: "", hasMore: false, books: [{ ...book, tokensWords: "500" }] }],
  ])("refuses %s", (_name, value) => {
    expect(() => parseLibraryPageResponse(value)).toThrow(TypeError);
  });

  it("reads a stored snapshot, defaulting its mode, and refuses a damaged one", () => {
    const stored = { v: 1, ownerKey: "k", books: [book], hasMore: false, savedAt: 1, syncedAt: null };
    expect(parseSnapshot(stored)).toEqual({ ...stored, mode: "full" });
    expect(parseSnapshot({ ...stored, mode: "minimal" })?.mode).toBe("minimal");
    expect(parseSnapshot({ ...stored, v: 2 })).toBeNull();
    expect(parseSnapshot({ ...stored, mode: "other" })).toBeNull();
    expect(parseSnapshot({ ...stored, syncedAt: "yesterday" })).toBeNull();
    expect(parseSnapshot({ ...stored, books: [{ ...book, coverUrl: 3 }] })).toBeNull();
    expect(readLibraryBook([book])).toBeNull();
  });
});
