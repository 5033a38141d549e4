import type { SharedWithMe } from "~/domain/social/social";

/** What /library shows besides the parent's own books: books shared with them, and reactions per book. */
export interface LibrarySocial {
  shared: SharedWithMe[];
  /** total reactions per book id (books without any are left out) */
  reactions: Record<string, number>;
}

let last: { ownerKey: string; social: LibrarySocial } | null = null;

/**
 * The library's last server answer about these, kept in memory for the same owner: when the browser
 * cache answers the shelf at once, the shared books and the counts come from here until the
 * background refresh.
 */
export const librarySocial = {
  remember(ownerKey: string, social: LibrarySocial) {
    last = { ownerKey, social };
  },
  recall(ownerKey: string): LibrarySocial | undefined {
    return last?.ownerKey === ownerKey ? last.social : undefined;
  },
};
