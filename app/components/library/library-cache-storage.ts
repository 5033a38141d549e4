import type { LibraryBook } from "~/domain/story/library";
import { readLibraryBooks } from "~/domain/story/library-view";
import { LIBRARY_STORAGE_KEY } from "./library-links";

/**
 * What the browser's library cache keeps in local storage, and how: the snapshot's shape, reading
 * it back (only the owner's, only while fresh), writing it (trimmed when large, evicting the oldest
 * entries on a quota error), and the change checks. Storage is passed in, so this runs the same in
 * the browser and in Node tests with a fake.
 */
export const LIBRARY_CACHE = {
  keyPrefix: "story-app-",
  key: LIBRARY_STORAGE_KEY,
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

export interface LibrarySnapshot {
  v: 1;
  ownerKey: string;
  books: LibraryBook[];
  hasMore: boolean;
  /** when this snapshot was last written (ms since epoch) */
  savedAt: number;
  /** when the server last confirmed it; null for optimistic-only changes since */
  syncedAt: number | null;
  /** "full", or "minimal" when a quota error left only a few small records */
  mode: "full" | "minimal";
}

/** A stored snapshot read back (only its known fields), or null when it does not fit the shape. */
export function parseSnapshot(v: unknown): LibrarySnapshot | null {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const books = readLibraryBooks(o.books);
  const mode = o.mode === undefined ? "full" : o.mode;
  if (o.v !== 1 || typeof o.ownerKey !== "string" || o.ownerKey.length === 0 || !books || typeof o.hasMore !== "boolean") return null;
  if (typeof o.savedAt !== "number" || Number.isNaN(o.savedAt) || !(o.syncedAt === null || (typeof o.syncedAt === "number" && !Number.isNaN(o.syncedAt))))
    return null;
  if (mode !== "full" && mode !== "minimal") return null;
  return { v: 1, ownerKey: o.ownerKey, books, hasMore: o.hasMore, savedAt: o.savedAt, syncedAt: o.syncedAt, mode };
}

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
    parsed = parseSnapshot(JSON.parse(raw));
  } catch {
    parsed = null;
  }
  if (!parsed || parsed.ownerKey !== ownerKey || !isFresh(parsed, now)) {
    safeRemove(storage, LIBRARY_CACHE.key);
    return null;
  }
  return parsed;
}

/** Removes an entry; storage that is switched off has nothing to remove. */
export function safeRemove(storage: KeyValueStorage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // storage switched off: nothing to remove
  }
}

/** Whether the list changed: the first 10 books compared by id and created date. */
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

/** A snapshot over 1 MB keeps 15 stories. */
export function trimSnapshot(snapshot: LibrarySnapshot): LibrarySnapshot {
  if (storedBytes(JSON.stringify(snapshot)) <= LIBRARY_CACHE.maxSnapshotBytes) return snapshot;
  const books = snapshot.books.slice(0, LIBRARY_CACHE.keepWhenLarge);
  return { ...snapshot, books, hasMore: snapshot.hasMore || books.length < snapshot.books.length };
}

/** The last resort when storage is full: 5 minimal book records. */
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

/** Removes the oldest 25% of the `story-app-` entries (at least one); returns their keys. */
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

/**
 * The force-refresh flag: set at sign-out, so the library's next load asks the server whatever the
 * cache holds (another person may use this browser next). It is read once: reading clears it. Its key
 * is outside the `story-app-` prefix so that making room for a snapshot never evicts it.
 */
export const FORCE_REFRESH_KEY = "storynest-library-force-refresh";

export function setForceRefresh(storage: KeyValueStorage): void {
  try {
    storage.setItem(FORCE_REFRESH_KEY, "1");
  } catch {
    // storage switched off or full: the cache it guards could not be written either
  }
}

/** Whether the flag was set; clears it. */
export function takeForceRefresh(storage: KeyValueStorage): boolean {
  let set = false;
  try {
    set = storage.getItem(FORCE_REFRESH_KEY) !== null;
  } catch {
    return false;
  }
  if (set) safeRemove(storage, FORCE_REFRESH_KEY);
  return set;
}
