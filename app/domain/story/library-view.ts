/**
 * The library's browser side, with no validation library: reading the API's answer and the stored
 * snapshot's books (only the known fields are kept; anything that does not fit is refused), and the
 * /library page's view from its URL. The server's strict query parsing is in library-query.ts.
 */
import { LIBRARY_MAX_LIMIT, LIBRARY_PAGE_SIZE, LIBRARY_SEARCH_MAX, LIBRARY_SORTS, type LibraryBook, type LibrarySort } from "./library";

const STATUSES: readonly LibraryBook["status"][] = ["draft", "writing", "illustrating", "complete", "failed"];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === "string";
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === "string";

export function isLibrarySort(v: unknown): v is LibrarySort {
  return (LIBRARY_SORTS as readonly unknown[]).includes(v);
}

/** A library item with exactly the fields of `LibraryBook`, or null when one is missing or of the wrong type. */
export function readLibraryBook(v: unknown): LibraryBook | null {
  if (!isObject(v)) return null;
  const { bookId, childName, theme, storyDescription, title, slug, tokensWords, createdAt, lastUpdated, coverUrl, status } = v;
  if (!isText(bookId) || !isText(childName) || !isText(theme) || !isText(storyDescription) || !isText(createdAt) || !isText(lastUpdated)) return null;
  if (!isTextOrNull(title) || !isTextOrNull(slug) || !isTextOrNull(coverUrl)) return null;
  if (typeof tokensWords !== "number" || !Number.isFinite(tokensWords)) return null;
  if (!STATUSES.includes(status as LibraryBook["status"])) return null;
  return {
    bookId,
    childName,
    theme,
    storyDescription,
    title,
    slug,
    tokensWords,
    createdAt,
    lastUpdated,
    coverUrl,
    status: status as LibraryBook["status"],
  };
}

/** A list of library items, or null when any of them does not fit. */
export function readLibraryBooks(v: unknown): LibraryBook[] | null {
  if (!Array.isArray(v)) return null;
  const books: LibraryBook[] = [];
  for (const item of v) {
    const book = readLibraryBook(item);
    if (!book) return null;
    books.push(book);
  }
  return books;
}

/** A page of the library as GET /api/library returns it. */
export interface LibraryPageResponse {
  ownerKey: string;
  sort: LibrarySort;
  q: string;
  books: LibraryBook[];
  hasMore: boolean;
}

/** Reads GET /api/library's answer; throws a TypeError when it is not one. */
export function parseLibraryPageResponse(v: unknown): LibraryPageResponse {
  if (!isObject(v)) throw new TypeError("The library's answer is not an object");
  const { ownerKey, sort, q, hasMore } = v;
  const books = readLibraryBooks(v.books);
  if (!isText(ownerKey) || ownerKey.length === 0) throw new TypeError("The library's answer has no owner key");
  if (!isLibrarySort(sort) || !isText(q) || typeof hasMore !== "boolean" || !books)
    throw new TypeError("The library's answer does not have the expected shape");
  return { ownerKey, sort, q, books, hasMore };
}

/**
 * The /library page is forgiving: a hand-typed URL with an odd value shows the library with that
 * value left at its default instead of an error page. `show` is how many books the page renders
 * (the "Show more" link without JavaScript asks for the next page too).
 */
export function lenientLibraryView(params: URLSearchParams): { sort: LibrarySort; q: string; show: number } {
  const sort = params.get("sort");
  const rawQ = (params.get("q") ?? "").replace(/\p{Cc}/gu, "").trim();
  const show = Number(params.get("show"));
  return {
    sort: isLibrarySort(sort) ? sort : "latest",
    q: Array.from(rawQ).slice(0, LIBRARY_SEARCH_MAX).join(""),
    show: Number.isInteger(show) && show > LIBRARY_PAGE_SIZE ? Math.min(show, LIBRARY_MAX_LIMIT) : LIBRARY_PAGE_SIZE,
  };
}

/** The query string of a library view (defaults left out, so URLs stay short). */
export function libraryHref(view: { sort: LibrarySort; q: string; show?: number }): string {
  const p = new URLSearchParams();
  if (view.sort !== "latest") p.set("sort", view.sort);
  if (view.q) p.set("q", view.q);
  if (view.show && view.show > LIBRARY_PAGE_SIZE) p.set("show", String(view.show));
  const s = p.toString();
  return s ? `/library?${s}` : "/library";
}
