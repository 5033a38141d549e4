import type { LibraryBook } from "~/domain/story/library";
import { LIBRARY_PAGE_SIZE } from "~/domain/story/library";
import { parseLibraryPageResponse } from "~/domain/story/library-view";
import { createLibraryCache } from "./library-cache-rules";
import { setForceRefresh, takeForceRefresh, type KeyValueStorage } from "./library-cache-storage";

/**
 * THE browser's library cache: the rules live in library-cache-rules.ts (and what is stored, in
 * library-cache-storage.ts); this file gives them the browser's storage, clock, timers
 * and network. Other screens call `addOptimistic` (a book was just made), `applyUpdate` (a book was
 * edited), `remove` (a book was deleted) and `invalidate`; the library page and the preloader use the rest.
 */

const hasWindow = () => typeof window !== "undefined";

function browserStorage(): KeyValueStorage | null {
  if (!hasWindow()) return null;
  try {
    return window.localStorage;
  } catch {
    return null; // storage switched off
  }
}

async function fetchFirstPage() {
  const res = await fetch(`/api/library?limit=${LIBRARY_PAGE_SIZE}`, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  if (!res.ok) throw new Error(`The library could not be refreshed (${res.status})`);
  return parseLibraryPageResponse(await res.json());
}

const core = createLibraryCache({
  storage: browserStorage,
  fetchFirstPage,
  now: () => Date.now(),
  isOnline: () => !hasWindow() || navigator.onLine !== false,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
});

let listening = false;
/** Sync starts when online, stops when offline, and runs when the tab becomes visible. */
function listen() {
  if (listening || !hasWindow()) return;
  listening = true;
  window.addEventListener("online", () => core.handleOnline());
  window.addEventListener("offline", () => core.handleOffline());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") core.handleVisible();
  });
}

export const libraryCache = {
  /** a created story appears at once (optimistic add); a book already listed is updated in place */
  addOptimistic(book: LibraryBook): void {
    if (hasWindow()) core.addOptimistic(book);
  },
  /** an edit appears at once, applied by book_id */
  applyUpdate(bookId: string, patch: Partial<Omit<LibraryBook, "bookId">>): void {
    if (hasWindow()) core.applyUpdate(bookId, patch);
  },
  /** a deleted book leaves at once, by book_id */
  remove(bookId: string): void {
    if (hasWindow()) core.remove(bookId);
  },
  /** forget everything; the next read reloads from the server */
  invalidate(): void {
    core.invalidate();
  },
  /** sign-out: forget this browser's library, and make the library's next load ask the server */
  clearForSignOut(): void {
    core.invalidate();
    const storage = browserStorage();
    if (storage) setForceRefresh(storage);
  },
  /** whether the library's load must skip the cache (set at sign-out); reading it clears it */
  takeForceRefresh(): boolean {
    const storage = browserStorage();
    return storage ? takeForceRefresh(storage) : false;
  },
  subscribe(listener: () => void): () => void {
    return core.subscribe(listener);
  },
  snapshot(): LibraryBook[] | null {
    return hasWindow() ? core.snapshot() : null;
  },
  cachedPage: () => (hasWindow() ? core.cachedPage() : null),
  setOwner: (ownerKey: string) => core.setOwner(ownerKey),
  acceptServer: (page: { ownerKey: string; books: LibraryBook[]; hasMore: boolean }) => core.acceptServer(page),
  refresh: (options?: { force?: boolean }) => core.refresh(options),
  preload: () => core.preload(),
  startSync(): () => void {
    listen();
    return core.startSync();
  },
  debugState: () => core.debugState(),
};
