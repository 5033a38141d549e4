import type { AppLoadContext } from "@remix-run/cloudflare";
import type { LibrarySort } from "~/domain/story/library";
import { debugStorybookRows, libraryOwnerKey, libraryPage } from "~/services/db/storybooks.server";

/** The /library page's server side: the first books of the view, and the owner's opaque cache key. */
export async function loadLibrary(context: AppLoadContext, view: { sort: LibrarySort; q: string; show: number }) {
  const [page, ownerKey] = await Promise.all([
    libraryPage(context.services.db, context.owner, { sort: view.sort, q: view.q, limit: view.show, offset: 0 }),
    libraryOwnerKey(context.owner),
  ]);
  return { ownerKey, books: page.books, hasMore: page.hasMore };
}

/** /debug-library's server side: the raw rows and the key the browser cache must carry. */
export async function loadLibraryDebug(context: AppLoadContext) {
  const [rows, ownerKey] = await Promise.all([debugStorybookRows(context.services.db, context.owner), libraryOwnerKey(context.owner)]);
  return { rows, ownerKey };
}
