import { z } from "zod";
import { LIBRARY_MAX_LIMIT, LIBRARY_MAX_OFFSET, LIBRARY_PAGE_SIZE, LIBRARY_SEARCH_MAX, LIBRARY_SORTS, type LibrarySort } from "./library";

/** Characters no one types into a search box (NUL, escape, line breaks ...). */
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** An empty form field means "not given" (a GET form sends `sort=&q=`). */
const blankIsUnset = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A query field that is a whole number between `min` and `max`, `fallback` when blank or missing. */
function wholeNumber(name: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ message: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} is at least ${min}`)
      .max(max, `${name} is at most ${max}`)
      .default(fallback),
  );
}

/**
 * The library's query (GET /api/library and the /library page's URL): sort, search, paging.
 * Strict: the API answers 400 when it does not parse.
 */
export const libraryQuerySchema = z.object({
  sort: z.preprocess(blankIsUnset, z.enum(LIBRARY_SORTS, { message: `sort must be one of ${LIBRARY_SORTS.join(", ")}` }).default("latest")),
  q: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string()
      .max(LIBRARY_SEARCH_MAX, `The search is at most ${LIBRARY_SEARCH_MAX} characters`)
      // a NUL would end the pattern early in the database, and then the search would match every book
      .refine((q) => !CONTROL_CHARACTERS.test(q), "The search cannot contain control characters")
      .default(""),
  ),
  limit: wholeNumber("limit", 1, LIBRARY_MAX_LIMIT, LIBRARY_PAGE_SIZE),
  offset: wholeNumber("offset", 0, LIBRARY_MAX_OFFSET, 0),
});
export type LibraryQuery = z.infer<typeof libraryQuerySchema>;

/** A library item as the API sends it (the shape of `LibraryBook`). */
export const libraryBookSchema = z.object({
  bookId: z.string(),
  childName: z.string(),
  theme: z.string(),
  storyDescription: z.string(),
  title: z.string().nullable(),
  slug: z.string().nullable(),
  tokensWords: z.number(),
  createdAt: z.string(),
  lastUpdated: z.string(),
  coverUrl: z.string().nullable(),
  status: z.enum(["draft", "writing", "illustrating", "complete", "failed"]),
});

/** The first page of the default view, as GET /api/library returns it. */
export const libraryPageResponseSchema = z.object({
  ownerKey: z.string().min(1),
  sort: z.enum(LIBRARY_SORTS),
  q: z.string(),
  books: z.array(libraryBookSchema),
  hasMore: z.boolean(),
});
export type LibraryPageResponse = z.infer<typeof libraryPageResponseSchema>;

/**
 * The /library page is forgiving: a hand-typed URL with an odd value shows the library with that
 * value left at its default instead of an error page. `show` is how many books the page renders
 * (the "Show more" link without JavaScript asks for the next 24 too).
 */
export function lenientLibraryView(params: URLSearchParams): { sort: LibrarySort; q: string; show: number } {
  const sort = libraryQuerySchema.shape.sort.safeParse(params.get("sort") ?? undefined);
  const rawQ = (params.get("q") ?? "").replace(/\p{Cc}/gu, "").trim();
  const show = Number(params.get("show"));
  return {
    sort: sort.success ? sort.data : "latest",
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
