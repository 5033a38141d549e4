import type { LibraryBook } from "~/domain/story/library";
import type { LibraryPageResponse } from "~/domain/story/library-view";
import {
  contentChanged,
  isFresh,
  LIBRARY_CACHE,
  listChanged,
  readSnapshot,
  safeRemove,
  storageEntries,
  storedBytes,
  writeSnapshot,
  type KeyValueStorage,
  type LibrarySnapshot,
  type StorageEntryInfo,
} from "./library-cache-storage";

/**
 * The browser's library cache, as pure logic: storage, clock, timers and the
 * network are passed in, so it runs the same in the browser and in Node tests with fakes.
 *
 * Rules: memory first, then local storage (key prefix `story-app-`, valid 1 h); a background refresh
 * at most once per 30 s, 500 ms after it is asked for; sync every 5 min while online (the first 5 s
 * after start), when coming online and when the tab becomes visible; nothing while offline. Change
 * detection compares the first 10 books by id and created date. A snapshot over 1 MB keeps 15
 * stories; a quota error removes the oldest 25% of `story-app-` entries and retries, and as a last
 * resort keeps 5 minimal records.
 *
 * Safety: the cache belongs to one owner, named by an opaque key the server gives (never the owner's
 * id). Until the server has named the owner in this page's life, nothing stored is shown; a stored
 * snapshot of another owner is deleted. The server is the truth: every server answer replaces the
 * cached list, optimistic entries included.
 */
export interface LibraryCacheDeps {
  /** local storage, or null when the browser has none (private mode, switched off) */
  storage: () => KeyValueStorage | null;
  /** the first page of the default view from the server */
  fetchFirstPage: () => Promise<LibraryPageResponse>;
  now: () => number;
  isOnline: () => boolean;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

type Op =
  { kind: "add"; book: LibraryBook } | { kind: "update"; bookId: string; patch: Partial<Omit<LibraryBook, "bookId">> } | { kind: "remove"; bookId: string };

export interface LibraryCacheState {
  ownerKey: string | null;
  memory: { books: number; bytes: number; savedAt: number; syncedAt: number | null; hasMore: boolean; mode: string } | null;
  storage: StorageEntryInfo[] | null;
  pendingWrites: number;
  lastRefreshAt: number | null;
  lastSyncAt: number | null;
  lastError: string | null;
  lastWrite: string | null;
  syncing: boolean;
  online: boolean;
}

function applyOp(books: LibraryBook[], op: Op): LibraryBook[] {
  if (op.kind === "remove") return books.filter((b) => b.bookId !== op.bookId);
  if (op.kind === "add") {
    const i = books.findIndex((b) => b.bookId === op.book.bookId);
    // a book already listed is updated where it is; a new one comes first
    return i >= 0 ? books.map((b, j) => (j === i ? { ...b, ...op.book } : b)) : [op.book, ...books];
  }
  return books.map((b) => (b.bookId === op.bookId ? { ...b, ...op.patch, bookId: b.bookId } : b));
}

export function createLibraryCache(deps: LibraryCacheDeps) {
  let ownerKey: string | null = null;
  let memory: LibrarySnapshot | null = null;
  /** optimistic writes not yet confirmed by the server, re-applied to whatever is loaded */
  let pending: Op[] = [];
  let lastRefreshAt: number | null = null;
  let lastSyncAt: number | null = null;
  let lastError: string | null = null;
  let lastWrite: string | null = null;
  let refreshTimer: unknown = null;
  let refreshPromise: Promise<void> | null = null;
  let syncStarts = 0;
  let firstSyncTimer: unknown = null;
  let syncInterval: unknown = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const storage = () => {
    try {
      return deps.storage();
    } catch {
      return null;
    }
  };

  function persist() {
    const s = storage();
    if (!s || !memory) return;
    const out = writeSnapshot(s, memory);
    lastWrite = out.ok ? `${out.mode}${out.evicted.length ? `, removed ${out.evicted.length} old entries` : ""}` : `failed (${out.reason})`;
  }

  /** Memory first, then local storage (only once the server named the owner). */
  function load(): LibrarySnapshot | null {
    const now = deps.now();
    if (memory && (memory.ownerKey !== ownerKey || !isFresh(memory, now))) memory = null;
    if (memory || !ownerKey) return memory;
    const s = storage();
    const stored = s ? readSnapshot(s, ownerKey, now) : null;
    if (stored) memory = { ...stored, books: pending.reduce(applyOp, stored.books) };
    return memory;
  }

  function setOwner(key: string): void {
    if (key === ownerKey) return;
    const had = memory !== null;
    // writes made before anyone was named are this page's own: they stay; another owner's go
    if (ownerKey !== null) pending = [];
    ownerKey = key;
    if (memory && memory.ownerKey !== key) memory = null;
    const s = storage();
    if (s) readSnapshot(s, key, deps.now()); // deletes another owner's snapshot
    if (had && !memory) emit();
  }

  /** Server data: the truth. Replaces the cached list and every optimistic entry. */
  function acceptServer(page: { ownerKey: string; books: LibraryBook[]; hasMore: boolean }): void {
    setOwner(page.ownerKey);
    const before = load()?.books ?? null;
    const now = deps.now();
    const changed = listChanged(before, page.books) || contentChanged(before, page.books) || (memory?.hasMore ?? !page.hasMore) !== page.hasMore;
    const hadPending = pending.length > 0;
    pending = [];
    memory = { v: 1, ownerKey: page.ownerKey, books: page.books, hasMore: page.hasMore, savedAt: now, syncedAt: now, mode: "full" };
    lastSyncAt = now;
    persist();
    if (changed || hadPending) emit();
  }

  function write(op: Op) {
    pending.push(op);
    const current = load();
    if (!current) return;
    memory = { ...current, books: applyOp(current.books, op), savedAt: deps.now() };
    persist();
    emit();
  }

  function runRefresh(): Promise<void> {
    refreshTimer = null;
    return deps
      .fetchFirstPage()
      .then((page) => {
        lastError = null;
        acceptServer(page);
      })
      .catch((e: unknown) => {
        lastError = e instanceof Error ? e.message : String(e);
      })
      .finally(() => {
        refreshPromise = null;
      });
  }

  /**
   * A background refresh: at most once per 30 s, 500 ms after it is asked for (a forced one — the
   * Reload button — runs now). Nothing while offline.
   */
  function refresh(options: { force?: boolean } = {}): Promise<void> {
    if (!deps.isOnline()) return Promise.resolve();
    if (refreshPromise) return refreshPromise;
    const now = deps.now();
    if (!options.force && lastRefreshAt !== null && now - lastRefreshAt < LIBRARY_CACHE.refreshMinIntervalMs) return Promise.resolve();
    lastRefreshAt = now;
    refreshPromise = options.force
      ? runRefresh()
      : new Promise<void>((resolve) => {
          refreshTimer = deps.setTimeout(() => {
            runRefresh().then(resolve, resolve);
          }, LIBRARY_CACHE.refreshDelayMs);
        });
    return refreshPromise;
  }

  /** Sync only keeps an existing cache fresh: a visitor who never opened the library is not polled. */
  function syncTick() {
    if (load()) void refresh();
  }

  function startTimers() {
    if (firstSyncTimer !== null || syncInterval !== null || !deps.isOnline()) return;
    firstSyncTimer = deps.setTimeout(() => {
      firstSyncTimer = null;
      syncTick();
    }, LIBRARY_CACHE.firstSyncMs);
    syncInterval = deps.setInterval(syncTick, LIBRARY_CACHE.syncIntervalMs);
  }

  function stopTimers() {
    if (firstSyncTimer !== null) deps.clearTimeout(firstSyncTimer);
    if (syncInterval !== null) deps.clearInterval(syncInterval);
    if (refreshTimer !== null) {
      deps.clearTimeout(refreshTimer);
      refreshTimer = null;
      refreshPromise = null;
      lastRefreshAt = null; // the refresh did not happen: the next one may run
    }
    firstSyncTimer = null;
    syncInterval = null;
  }

  return {
    addOptimistic(book: LibraryBook): void {
      write({ kind: "add", book });
    },
    applyUpdate(bookId: string, patch: Partial<Omit<LibraryBook, "bookId">>): void {
      write({ kind: "update", bookId, patch });
    },
    /** a deleted book leaves at once */
    remove(bookId: string): void {
      write({ kind: "remove", bookId });
    },
    invalidate(): void {
      memory = null;
      pending = [];
      lastRefreshAt = null;
      const s = storage();
      if (s) safeRemove(s, LIBRARY_CACHE.key);
      emit();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    snapshot(): LibraryBook[] | null {
      return load()?.books ?? null;
    },
    /** the cached first page of the default view, when fresh and known to be this owner's */
    cachedPage(): { ownerKey: string; books: LibraryBook[]; hasMore: boolean; minimal: boolean } | null {
      const m = load();
      return m && ownerKey ? { ownerKey, books: m.books, hasMore: m.hasMore, minimal: m.mode === "minimal" } : null;
    },
    setOwner,
    acceptServer,
    refresh,
    /** a preload (hovering a link to the library): the same throttled background refresh */
    preload(): Promise<void> {
      return refresh();
    },
    /** starts the sync; the returned function stops it (reference-counted) */
    startSync(): () => void {
      syncStarts += 1;
      startTimers();
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        syncStarts -= 1;
        if (syncStarts === 0) stopTimers();
      };
    },
    handleOnline(): void {
      if (syncStarts === 0) return;
      startTimers();
      syncTick();
    },
    handleOffline(): void {
      stopTimers();
    },
    handleVisible(): void {
      if (syncStarts > 0 && deps.isOnline()) syncTick();
    },
    debugState(): LibraryCacheState {
      const m = load();
      const s = storage();
      let entries: StorageEntryInfo[] | null = null;
      try {
        entries = s ? storageEntries(s) : null;
      } catch {
        entries = null;
      }
      return {
        ownerKey,
        memory: m
          ? { books: m.books.length, bytes: storedBytes(JSON.stringify(m)), savedAt: m.savedAt, syncedAt: m.syncedAt, hasMore: m.hasMore, mode: m.mode }
          : null,
        storage: entries,
        pendingWrites: pending.length,
        lastRefreshAt,
        lastSyncAt,
        lastError,
        lastWrite,
        syncing: syncInterval !== null,
        online: deps.isOnline(),
      };
    },
  };
}
