/**
 * The library's shared shapes, used by the server query, the /library page
 * and the browser cache.
 */

export const LIBRARY_SORTS = ["latest", "newest", "oldest", "name"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** A library item. storyDescription holds only the first 100 characters. */
export interface LibraryBook {
  bookId: string;
  childName: string;
  theme: string;
  /** first 100 characters */
  storyDescription: string;
  title: string | null;
  slug: string | null;
  tokensWords: number;
  /** ISO timestamps */
  createdAt: string;
  lastUpdated: string;
  /** the cover's image URL once drawn, else null */
  coverUrl: string | null;
  status: "draft" | "writing" | "illustrating" | "complete" | "failed";
}

export const LIBRARY_DESCRIPTION_CHARS = 100;

/** How many books the library shows first (a phone screen holds one or two; a wide screen four rows of three), and the most one request may ask for. */
export const LIBRARY_PAGE_SIZE = 12;
export const LIBRARY_MAX_LIMIT = 100;
export const LIBRARY_MAX_OFFSET = 10_000;
export const LIBRARY_SEARCH_MAX = 100;

export const LIBRARY_SORT_LABELS: Record<LibrarySort, string> = {
  latest: "Recently changed",
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Child's name",
};

/** The first 100 characters (whole characters, never half an emoji). */
export function descriptionExcerpt(text: string): string {
  const chars = Array.from(text.trim());
  return chars.length <= LIBRARY_DESCRIPTION_CHARS ? chars.join("") : chars.slice(0, LIBRARY_DESCRIPTION_CHARS).join("");
}

/** The default view: the one the browser cache keeps (first page, most recently changed, no search). */
export function isDefaultView(view: { sort: LibrarySort; q: string; offset?: number }): boolean {
  return view.sort === "latest" && view.q === "" && (view.offset ?? 0) === 0;
}

const lower = (s: string | null | undefined) => (s ?? "").toLowerCase();

/** True when the book matches a search (child name, title, theme, description), like the server's. */
export function matchesSearch(book: LibraryBook, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [book.childName, book.title, book.theme, book.storyDescription].some((f) => lower(f).includes(needle));
}

/** The server's orders, for the instant view in the browser (the server's answer replaces it). */
export function compareBooks(sort: LibrarySort): (a: LibraryBook, b: LibraryBook) => number {
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  switch (sort) {
    case "latest":
      return (a, b) => byText(b.lastUpdated, a.lastUpdated) || byText(b.bookId, a.bookId);
    case "newest":
      return (a, b) => byText(b.createdAt, a.createdAt) || byText(b.bookId, a.bookId);
    case "oldest":
      return (a, b) => byText(a.createdAt, b.createdAt) || byText(a.bookId, b.bookId);
    case "name":
      return (a, b) =>
        byText(lower(a.childName), lower(b.childName)) ||
        byText(lower(a.title), lower(b.title)) ||
        byText(b.createdAt, a.createdAt) ||
        byText(a.bookId, b.bookId);
  }
}

export function sortAndFilter(books: readonly LibraryBook[], sort: LibrarySort, q: string): LibraryBook[] {
  return books.filter((b) => matchesSearch(b, q)).sort(compareBooks(sort));
}

/** The library item of a book being read (the reader adds a just-made book to the library at once). */
export function libraryBookFromView(book: {
  bookId: string;
  title: string | null;
  status: LibraryBook["status"];
  createdAt: string;
  lastUpdated: string;
  pages: { pageNumber: number; url: string | null; isGenerated: boolean; content: string }[];
  story: { formData: { childName?: string; theme?: string; storyDescription?: string } };
}): LibraryBook {
  const cover = book.pages.find((p) => p.pageNumber === 1);
  const words = book.pages.reduce((n, p) => n + (p.content.trim() ? p.content.trim().split(/\s+/).length : 0), 0);
  return {
    bookId: book.bookId,
    childName: book.story.formData.childName ?? "",
    theme: book.story.formData.theme ?? "",
    storyDescription: descriptionExcerpt(book.story.formData.storyDescription ?? ""),
    title: book.title,
    slug: null,
    tokensWords: words,
    createdAt: book.createdAt,
    lastUpdated: book.lastUpdated,
    coverUrl: cover?.isGenerated && cover.url ? cover.url : null,
    status: book.status,
  };
}

/** A sample book as /real-stories lists it. */
export interface SampleBook {
  bookId: string;
  slug: string;
  title: string | null;
  childName: string;
  age: number | null;
  theme: string;
  artStyle: string | null;
  storyDescription: string;
  status: LibraryBook["status"];
  coverUrl: string | null;
  pagesDrawn: number;
  totalPages: number;
}
