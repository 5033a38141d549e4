import type { PageView } from "./book-view";

/**
 * What /story/{identifier} shows of a public book: the words and pictures only. The form data
 * (the photo's upload ids, the prompt, the AI exchange) and the owner never leave the server.
 */
export interface PublicStory {
  slug: string;
  bookId: string;
  title: string;
  childName: string;
  authorName: string | null;
  theme: string;
  age: number | null;
  /** the cover's picture path (/api/images/...), when drawn */
  coverUrl: string | null;
  pages: PageView[];
  /** one of the /real-stories sample books */
  sample: boolean;
  lastUpdated: string;
}

/** The share state of one book, as the share API answers. */
export interface ShareState {
  public: boolean;
  slug: string | null;
  /** the link to give out: {site}/story/{slug} while public, else the private {site}/youraistory/{bookId} */
  url: string;
}
