import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation, useNavigate, useNavigation, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ChangeEvent, type MouseEvent } from "react";
import { BookCard, useCardLinkNavigation } from "~/components/library/BookCard";
import { EmptyLibrary, NoMatches } from "~/components/library/EmptyLibrary";
import { libraryCache } from "~/components/library/library-cache";
import { useWhenNear } from "~/components/library/useWhenNear";
import { librarySocial, type LibrarySocial } from "~/components/social/library-social";
import { SharedWithMeList } from "~/components/social/SharedWithMeList";
import { loadLibrary } from "~/routes/library.server";
import { buttonClass } from "~/components/ui/Button";
import { pageMeta } from "~/domain/content/meta";
import {
  isDefaultView,
  LIBRARY_PAGE_SIZE,
  LIBRARY_SEARCH_MAX,
  LIBRARY_SORT_LABELS,
  LIBRARY_SORTS,
  sortAndFilter,
  type LibraryBook,
  type LibrarySort,
} from "~/domain/story/library";
import { lenientLibraryView, libraryHref, parseLibraryPageResponse } from "~/domain/story/library-view";

export async function loader({ context, request }: LoaderFunctionArgs) {
  const view = lenientLibraryView(new URL(request.url).searchParams);
  const page = await loadLibrary(context, view);
  return { view, ...page };
}

interface LibraryData {
  view: { sort: LibrarySort; q: string; show: number };
  ownerKey: string;
  books: LibraryBook[];
  hasMore: boolean;
  /** books shared with the parent, reactions per book (absent when the cache answered before any server answer) */
  social?: LibrarySocial;
  /** true when the browser cache answered (a background refresh follows) */
  fromCache?: boolean;
}

/**
 * Back to the library within the app: the browser cache answers at once when it holds this owner's
 * first page (fresh, under an hour old), and a background refresh brings the server's truth.
 * Anything else asks the server. The first load is always server-rendered.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs): Promise<LibraryData> {
  const params = new URL(request.url).searchParams;
  // Coming from "Delete this book": it leaves the cached shelf before the shelf is shown.
  const deleted = params.get("deleted");
  if (deleted) libraryCache.remove(deleted);
  const view = lenientLibraryView(params);
  // Just after a sign-out the server answers, whatever the cache holds.
  if (libraryCache.takeForceRefresh()) return await serverLoader<typeof loader>();
  if (isDefaultView(view) && view.show === LIBRARY_PAGE_SIZE) {
    const cached = libraryCache.cachedPage();
    if (cached && !cached.minimal)
      return { view, ownerKey: cached.ownerKey, books: cached.books, hasMore: cached.hasMore, social: librarySocial.recall(cached.ownerKey), fromCache: true };
  }
  return await serverLoader<typeof loader>();
}

// A private page: never stored by a shared cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", Vary: "Cookie" });

export const meta: MetaFunction = () => [
  ...pageMeta("Your library", "Every storybook you have made with StoryNest, ready to read again, edit or share."),
  { name: "robots", content: "noindex, nofollow" },
];

const SEARCH_DEBOUNCE_MS = 300;

export default function Library() {
  const data = useLoaderData<LibraryData>();
  const navigate = useNavigate();
  const onCardClick = useCardLinkNavigation();
  const navigation = useNavigation();
  const location = useLocation();
  const searchRef = useRef<HTMLInputElement>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);

  const [sort, setSort] = useState<LibrarySort>(data.view.sort);
  const [q, setQ] = useState(data.view.q);
  const [more, setMore] = useState<{ books: LibraryBook[]; hasMore: boolean } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  // Back/forward (or a link) to another view: the controls follow the URL, unless the person is typing.
  useEffect(() => {
    setSort(data.view.sort);
    if (document.activeElement !== searchRef.current) setQ(data.view.q);
    setMore(null);
    setMoreError(null);
  }, [location.key, data.view.sort, data.view.q]);

  const defaultView = isDefaultView(data.view) && data.view.show === LIBRARY_PAGE_SIZE;

  // The server's answer is the truth for the cache; a cached answer is refreshed in the background.
  useEffect(() => {
    libraryCache.setOwner(data.ownerKey);
    // A page the server rendered is the fresh load a sign-out asked for.
    if (!data.fromCache) libraryCache.takeForceRefresh();
    if (!data.fromCache && data.social) librarySocial.remember(data.ownerKey, data.social);
    if (!defaultView) return;
    if (data.fromCache) void libraryCache.refresh();
    else libraryCache.acceptServer({ ownerKey: data.ownerKey, books: data.books, hasMore: data.hasMore });
  }, [data, defaultView]);

  const cached = useSyncExternalStore(libraryCache.subscribe, libraryCache.snapshot, () => null);
  // The cache holding the same books as the page (it just took them from it) changes nothing on screen:
  // the page's own list is kept, so no card is drawn again.
  const base = defaultView && cached && !sameBooks(cached, data.books) ? cached : data.books;
  const all = useMemo(() => [...base, ...(more?.books ?? []).filter((b) => !base.some((x) => x.bookId === b.bookId))], [base, more]);
  // Instant with JavaScript: the list already here is sorted and searched at once; the server's
  // answer (a moment later) replaces it.
  const shown = sort === data.view.sort && q.trim() === data.view.q ? all : sortAndFilter(all, sort, q);
  const hasMore = more ? more.hasMore : data.hasMore;
  const pending = navigation.state === "loading" && navigation.location.pathname === "/library";
  const searching = q.trim() !== "";

  // With JavaScript the view's URL is built here, so it stays short (no empty `q=`).
  const go = (view: { sort: LibrarySort; q: string }) => {
    if (debounce.current) clearTimeout(debounce.current);
    navigate(libraryHref({ sort: view.sort, q: view.q.trim() }), { replace: true, preventScrollReset: true });
  };
  const submitNow = () => go({ sort, q });

  const onSort = (e: ChangeEvent<HTMLSelectElement>) => {
    const next = e.target.value as LibrarySort;
    setSort(next);
    go({ sort: next, q });
  };

  const onSearch = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value;
    setQ(next);
    if (debounce.current) clearTimeout(debounce.current);
    debounce.current = setTimeout(() => go({ sort, q: next }), SEARCH_DEBOUNCE_MS);
  };

  useEffect(() => () => void (debounce.current && clearTimeout(debounce.current)), []);

  const showMoreHref = libraryHref({ sort: data.view.sort, q: data.view.q, show: all.length + LIBRARY_PAGE_SIZE });

  const onShowMore = async (e?: MouseEvent<HTMLAnchorElement>) => {
    e?.preventDefault();
    if (loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const params = new URLSearchParams({ sort: data.view.sort, q: data.view.q, offset: String(all.length), limit: String(LIBRARY_PAGE_SIZE) });
      const res = await fetch(`/api/library?${params}`, { headers: { Accept: "application/json" } });
      if (!res.ok) throw new Error(String(res.status));
      const page = parseLibraryPageResponse(await res.json());
      if (page.ownerKey !== data.ownerKey) {
        // someone else is using this browser now: start again from the server
        libraryCache.invalidate();
        window.location.reload();
        return;
      }
      setMore((m) => ({ books: [...(m?.books ?? []), ...page.books], hasMore: page.hasMore }));
    } catch {
      setMoreError("More books could not be loaded just now. Please try again.");
    } finally {
      setLoadingMore(false);
    }
  };

  const canShowMore = hasMore && shown.length > 0 && sort === data.view.sort && q.trim() === data.view.q;
  // scrolling near the end of the shelf brings the next books (not again after a failure: the button retries)
  const moreRef = useWhenNear<HTMLAnchorElement>(() => void onShowMore(), canShowMore && !loadingMore && !moreError);

  const isEmptyLibrary = data.books.length === 0 && !data.view.q && all.length === 0;
  const deletedTitle = deletedNotice(location.search);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-sun-soft px-3 py-1 text-sm font-semibold text-ink">
            <span aria-hidden="true">📚</span> Your bookshelf
          </p>
          <h1 className="mt-3 font-display text-3xl font-semibold text-ink sm:text-4xl">Your library</h1>
          <p className="mt-2 max-w-2xl text-ink-soft">Every book you have made, ready to read again at bedtime, edit or share.</p>
        </div>
        {isEmptyLibrary ? null : (
          <Link to="/createstory" className={buttonClass("primary", "md")}>
            <span aria-hidden="true">✨</span> Make a new book
          </Link>
        )}
      </div>
      {deletedTitle !== null ? (
        <p role="status" className="mt-6 rounded-3xl bg-mint-soft px-5 py-4 font-semibold text-ink" data-testid="library-deleted">
          {`${deletedTitle ? `“${deletedTitle}” was deleted` : "The book was deleted"}, with its pictures and photo.`}
        </p>
      ) : null}

      <SharedWithMeList books={data.social?.shared ?? []} />

      {isEmptyLibrary ? (
        <EmptyLibrary />
      ) : (
        <>
          <Form
            method="get"
            action="/library"
            role="search"
            aria-label="Find a book"
            className="mt-8 grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 rounded-3xl bg-paper p-4 shadow-card ring-1 ring-ink/5 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:p-5"
            onSubmit={(e) => {
              e.preventDefault();
              submitNow();
            }}
          >
            <div className="col-span-2 sm:col-span-1">
              <label htmlFor="library-q" className="block text-sm font-semibold text-ink">
                Search your books
              </label>
              <input
                ref={searchRef}
                id="library-q"
                name="q"
                type="search"
                value={q}
                onChange={onSearch}
                maxLength={LIBRARY_SEARCH_MAX}
                placeholder="A name, a theme, a word from the story"
                autoComplete="off"
                enterKeyHint="search"
                className="mt-1.5 block min-h-12 w-full rounded-2xl border-2 border-ink/15 bg-cream/60 px-4 text-base text-ink placeholder:text-ink-soft/80 focus:border-plum focus:outline-none focus-visible:ring-3 focus-visible:ring-plum/30"
              />
            </div>
            <div>
              <label htmlFor="library-sort" className="block text-sm font-semibold text-ink">
                Sort by
              </label>
              <select
                id="library-sort"
                name="sort"
                value={sort}
                onChange={onSort}
                className="mt-1.5 block min-h-12 w-full rounded-2xl border-2 border-ink/15 bg-cream/60 px-3 text-base text-ink focus:border-plum focus:outline-none focus-visible:ring-3 focus-visible:ring-plum/30 sm:w-56"
              >
                {LIBRARY_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {LIBRARY_SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass("secondary", "md", "min-h-12")}>
              Show books
            </button>
          </Form>

          <p className="mt-6 text-sm font-semibold text-ink-soft" role="status" aria-live="polite" data-testid="library-count">
            {pending ? "Looking through your books…" : countText(shown.length, hasMore, searching ? q.trim() : "")}
          </p>

          {shown.length === 0 ? (
            <NoMatches q={q.trim() || data.view.q} />
          ) : (
            <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your books" data-testid="library-list" onClick={onCardClick}>
              {shown.map((book, i) => (
                <li key={book.bookId}>
                  <BookCard book={book} eager={i === 0} first={i === 0} reactions={data.social?.reactions[book.bookId] ?? 0} />
                </li>
              ))}
            </ul>
          )}

          {canShowMore ? (
            <div className="mt-8 flex flex-col items-center gap-2">
              <Link
                ref={moreRef}
                to={showMoreHref}
                onClick={(e) => void onShowMore(e)}
                preventScrollReset
                className={buttonClass("secondary", "lg")}
                aria-busy={loadingMore}
              >
                {loadingMore ? "Finding more books…" : "Show more books"}
              </Link>
              {moreError ? (
                <p role="alert" className="text-sm font-semibold text-coral-dark">
                  {moreError}
                </p>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function countText(n: number, hasMore: boolean, q: string): string {
  const books = `${n}${hasMore ? "+" : ""} ${n === 1 && !hasMore ? "book" : "books"}`;
  return q ? `${books} matching “${q}”` : `${books} on your shelf`;
}

/** The title in `?deleted={bookId}&title=…` after "Delete this book" ("" without one), or null. */
function deletedNotice(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.get("deleted")) return null;
  return (params.get("title") ?? "").trim().slice(0, 120);
}

/** Whether two lists hold the same books with the same details (a cache copy of the page's own list). */
function sameBooks(a: readonly LibraryBook[], b: readonly LibraryBook[]): boolean {
  return a === b || (a.length === b.length && JSON.stringify(a) === JSON.stringify(b));
}
