import { z } from "zod";
import { LIBRARY_MAX_LIMIT, LIBRARY_MAX_OFFSET, LIBRARY_PAGE_SIZE, LIBRARY_SEARCH_MAX, LIBRARY_SORTS } from "./library";

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
 * The library's query (GET /api/library): sort, search, paging. Strict: the API answers 400 when
 * it does not parse. (The /library page reads its URL leniently, without zod: library-view.ts.)
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
