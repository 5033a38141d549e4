import type { PageView } from "./book-view";

/**
 * What a read-only page shows of a finished book (/story/{identifier}, and /read/{token} from a
 * story e-mail): the words and pictures only. The form data (the photo's upload ids, the prompt,
 * the AI exchange), the owner and any e-mail address never leave the server.
 */
export interface ReadOnlyStory {
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

/** A public book: a read-only story with the slug of its public link. */
export interface PublicStory extends ReadOnlyStory {
  slug: string;
}

/** The share state of one book, as the share API answers. */
export interface ShareState {
  public: boolean;
  slug: string | null;
  /** the link to give out: {site}/story/{slug} while public, else the private {site}/youraistory/{bookId} */
  url: string;
  /** GET only: the caller may make a public link (signed in, public sharing on in /profile/privacy) */
  publicSharingAllowed?: boolean;
}
