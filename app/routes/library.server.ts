import type { AppLoadContext } from "@remix-run/cloudflare";
import type { LibrarySocial } from "~/components/social/library-social";
import type { LibrarySort } from "~/domain/story/library";
import { debugStorybookRows, libraryOwnerKey, libraryPageWithReactions } from "~/services/db/storybooks.server";

/**
 * The /library page's server side: the first books of the view, the owner's opaque cache key, the
 * books shared with a signed-in parent, and the reactions per book shown (read with the books).
 */
export async function loadLibrary(context: AppLoadContext, view: { sort: LibrarySort; q: string; show: number }) {
  const { social } = context.services;
  // One D1 query for the books and their reaction counts; the shares only for a signed-in parent.
  const [page, ownerKey, shared] = await Promise.all([
    libraryPageWithReactions(context.services.db, context.owner, { sort: view.sort, q: view.q, limit: view.show, offset: 0 }),
    libraryOwnerKey(context.owner),
    context.account ? social.shares.sharedWithMe(context.account) : Promise.resolve([]),
  ]);
  const reactions: LibrarySocial["reactions"] = {};
  for (const [bookId, n] of page.reactions) if (n > 0) reactions[bookId] = n;
  return { ownerKey, books: page.books, hasMore: page.hasMore, social: { shared, reactions } satisfies LibrarySocial };
}

/** /debug-library's server side: the raw rows and the key the browser cache must carry. */
export async function loadLibraryDebug(context: AppLoadContext) {
  const [rows, ownerKey] = await Promise.all([debugStorybookRows(context.services.db, context.owner), libraryOwnerKey(context.owner)]);
  return { rows, ownerKey };
}
