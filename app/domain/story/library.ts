/**
 * The library's shared shapes (spec points 3 and 9), used by the server query, the /library page
 * and the browser cache.
 */

export const LIBRARY_SORTS = ["latest", "newest", "oldest", "name"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** A library item (spec point 3). storyDescription holds only the first 100 characters. */
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
