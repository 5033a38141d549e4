import { z } from "zod";
import { LIBRARY_SORTS, type LibraryBook } from "./library";

/**
 * The browser's library cache (spec points 4, 8 and 9), as pure logic: storage, clock, timers and the
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
export const LIBRARY_CACHE = {
  keyPrefix: "story-app-",
  key: "story-app-library",
  ttlMs: 60 * 60 * 1000,
  refreshMinIntervalMs: 30_000,
  refreshDelayMs: 500,
  syncIntervalMs: 5 * 60 * 1000,
  firstSyncMs: 5_000,
  maxSnapshotBytes: 1024 * 1024,
  keepWhenLarge: 15,
  keepOnQuota: 5,
  changeWindow: 10,
  evictFraction: 0.25,
} as const;

const bookSchema = z.object({
  bookId: z.string(),
  childName: z.string(),
  theme: z.string(),
  storyDescription: z.string(),
  title: z.string().nullable(),
  slug: z.string().nullable(),
  tokensWords: z.number(),
  createdAt: z.string(),
  lastUpdated: z.string(),
  coverUrl: z.string().nullable(),
  status: z.enum(["draft", "writing", "illustrating", "complete", "failed"]),
});

export const librarySnapshotSchema = z.object({
  v: z.literal(1),
  ownerKey: z.string().min(1),
  books: z.array(bookSchema),
  hasMore: z.boolean(),
  /** when this snapshot was last written (ms since epoch) */
  savedAt: z.number(),
  /** when the server last confirmed it; null for optimistic-only changes since */
  syncedAt: z.number().nullable(),
  /** "full", or "minimal" when a quota error left only a few small records */
  mode: z.enum(["full", "minimal"]).default("full"),
});
export type LibrarySnapshot = z.infer<typeof librarySnapshotSchema>;

/** The first page of the default view, as GET /api/library returns it. */
export const libraryPageResponseSchema = z.object({
  ownerKey: z.string().min(1),
  sort: z.enum(LIBRARY_SORTS),
  q: z.string(),
  books: z.array(bookSchema),
  hasMore: z.boolean(),
});
export type LibraryPageResponse = z.infer<typeof libraryPageResponseSchema>;

/** The part of the Web Storage API the cache uses (localStorage, or a fake in tests). */
export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function isFresh(snapshot: Pick<LibrarySnapshot, "savedAt">, now: number): boolean {
  return now - snapshot.savedAt <= LIBRARY_CACHE.ttlMs && now >= snapshot.savedAt - 60_000;
}

/** Bytes of a string as UTF-16 (what browsers count against the storage quota). */
export function storedBytes(value: string): number {
  return value.length * 2;
}

/**
 * The stored snapshot for `ownerKey`, or null. A snapshot of another owner, an expired one or one
 * that does not parse is deleted.
 */
export function readSnapshot(storage: KeyValueStorage, ownerKey: string, now: number): LibrarySnapshot | null {
  let raw: string | null;
  try {
    raw = storage.getItem(LIBRARY_CACHE.key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: LibrarySnapshot | null = null;
  try {
    const r = librarySnapshotSchema.safeParse(JSON.parse(raw));
    parsed = r.success ? r.data : null;
  } catch {
    parsed = null;
  }
  if (!parsed || parsed.ownerKey !== ownerKey || !isFresh(parsed, now)) {
    safeRemove(storage, LIBRARY_CACHE.key);
    return null;
  }
  return parsed;
}

function safeRemove(storage: KeyValueStorage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // storage switched off: nothing to remove
  }
}

/** Spec point 9: the first 10 books by id and created date. */
export function listChanged(before: readonly LibraryBook[] | null, after: readonly LibraryBook[]): boolean {
  if (!before) return true;
  const n = LIBRARY_CACHE.changeWindow;
  const a = before.slice(0, n);
  const b = after.slice(0, n);
  if (a.length !== b.length) return true;
  return a.some((x, i) => x.bookId !== b[i].bookId || x.createdAt !== b[i].createdAt);
}

/**
 * An edit keeps a book's id and created date, so the list check alone would miss it: a book in the
 * same window that changed (last update, status, title, cover) also counts, so no write is hidden.
 */
export function contentChanged(before: readonly LibraryBook[] | null, after: readonly LibraryBook[]): boolean {
  if (!before) return true;
  const byId = new Map(before.map((b) => [b.bookId, b]));
  return after.some((b) => {
    const old = byId.get(b.bookId);
    return !old || old.lastUpdated !== b.lastUpdated || old.status !== b.status || old.title !== b.title || old.coverUrl !== b.coverUrl;
  });
}

/** Spec point 9: a snapshot over 1 MB keeps 15 stories. */
export function trimSnapshot(snapshot: LibrarySnapshot): LibrarySnapshot {
  if (storedBytes(JSON.stringify(snapshot)) <= LIBRARY_CACHE.maxSnapshotBytes) return snapshot;
  const books = snapshot.books.slice(0, LIBRARY_CACHE.keepWhenLarge);
  return { ...snapshot, books, hasMore: snapshot.hasMore || books.length < snapshot.books.length };
}

/** Spec point 8's last resort: 5 minimal book records. */
export function minimalSnapshot(snapshot: LibrarySnapshot): LibrarySnapshot {
  const books = snapshot.books.slice(0, LIBRARY_CACHE.keepOnQuota).map((b) => ({
    ...b,
    storyDescription: "",
    slug: null,
  }));
  return { ...snapshot, books, hasMore: snapshot.hasMore || snapshot.books.length > books.length, mode: "minimal" };
}

export function isQuotaError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { name?: string; code?: number };
  return e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" || e.code === 22 || e.code === 1014;
}

/** When a `story-app-` entry was written: its savedAt / timestamp field, or 0 (oldest) when unknown. */
function entryTime(raw: string | null): number {
  if (!raw) return 0;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    for (const f of ["savedAt", "timestamp", "ts", "updatedAt"]) {
      const t = v?.[f];
      if (typeof t === "number" && Number.isFinite(t)) return t;
      if (typeof t === "string" && !Number.isNaN(Date.parse(t))) return Date.parse(t);
    }
  } catch {
    // not JSON: age unknown
  }
  return 0;
}

/** Spec point 8: removes the oldest 25% of the `story-app-` entries (at least one); returns their keys. */
export function evictOldest(storage: KeyValueStorage, fraction: number = LIBRARY_CACHE.evictFraction): string[] {
  const entries: { key: string; time: number }[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(LIBRARY_CACHE.keyPrefix)) entries.push({ key, time: entryTime(storage.getItem(key)) });
  }
  if (entries.length === 0) return [];
  entries.sort((a, b) => a.time - b.time || (a.key < b.key ? -1 : 1));
  const removed = entries.slice(0, Math.max(1, Math.ceil(entries.length * fraction))).map((e) => e.key);
  removed.forEach((k) => safeRemove(storage, k));
  return removed;
}

export type WriteOutcome =
  | { ok: true; mode: "full" | "trimmed" | "minimal"; evicted: string[]; stored: LibrarySnapshot }
  | { ok: false; reason: "quota" | "unavailable"; evicted: string[] };

/**
 * Writes the snapshot: trimmed to 15 books when over 1 MB; on a quota error the oldest 25% of
 * `story-app-` entries go and the write is retried; last, 5 minimal records.
 */
export function writeSnapshot(storage: KeyValueStorage, snapshot: LibrarySnapshot): WriteOutcome {
  const trimmed = trimSnapshot(snapshot);
  const mode = trimmed === snapshot ? "full" : "trimmed";
  const attempt = (s: LibrarySnapshot) => storage.setItem(LIBRARY_CACHE.key, JSON.stringify(s));
  try {
    attempt(trimmed);
    return { ok: true, mode, evicted: [], stored: trimmed };
  } catch (e) {
    if (!isQuotaError(e)) return { ok: false, reason: "unavailable", evicted: [] };
  }
  const evicted = evictOldest(storage);
  try {
    attempt(trimmed);
    return { ok: true, mode, evicted, stored: trimmed };
  } catch (e) {
    if (!isQuotaError(e)) return { ok: false, reason: "unavailable", evicted };
  }
  const minimal = minimalSnapshot(trimmed);
  try {
    attempt(minimal);
    return { ok: true, mode: "minimal", evicted, stored: minimal };
  } catch {
    return { ok: false, reason: "quota", evicted };
  }
}

/** A stored `story-app-` entry, for /debug-library. */
export interface StorageEntryInfo {
  key: string;
  bytes: number;
  savedAt: number | null;
}

export function storageEntries(storage: KeyValueStorage): StorageEntryInfo[] {
  const out: StorageEntryInfo[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(LIBRARY_CACHE.keyPrefix)) continue;
    const raw = storage.getItem(key) ?? "";
    const t = entryTime(raw);
    out.push({ key, bytes: storedBytes(key) + storedBytes(raw), savedAt: t || null });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------
// The cache itself, with everything outside passed in.

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

type Op = { kind: "add"; book: LibraryBook } | { kind: "update"; bookId: string; patch: Partial<Omit<LibraryBook, "bookId">> } | { kind: "remove"; bookId: string };

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

export type LibraryCache = ReturnType<typeof createLibraryCache>;
