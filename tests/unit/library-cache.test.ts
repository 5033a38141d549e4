import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLibraryCache } from "~/components/library/library-cache-rules";
import {
  contentChanged,
  evictOldest,
  LIBRARY_CACHE,
  listChanged,
  readSnapshot,
  writeSnapshot,
  type KeyValueStorage,
  type LibrarySnapshot,
} from "~/components/library/library-cache-storage";
import { compareBooks, libraryBookFromView, sortAndFilter, type LibraryBook } from "~/domain/story/library";
import { libraryQuerySchema } from "~/domain/story/library-query";
import { lenientLibraryView, libraryHref, type LibraryPageResponse } from "~/domain/story/library-view";

/** localStorage with a quota (UTF-16 bytes of keys and values), throwing like a browser does. */
class FakeStorage implements KeyValueStorage {
  map = new Map<string, string>();
  writes = 0;
  constructor(public quota = Infinity) {}
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  used(except?: string) {
    let n = 0;
    for (const [k, v] of this.map) if (k !== except) n += (k.length + v.length) * 2;
    return n;
  }
  setItem(k: string, v: string) {
    this.writes += 1;
    if (this.used(k) + (k.length + v.length) * 2 > this.quota) {
      const e = new Error("The quota has been exceeded.");
      e.name = "QuotaExceededError";
      throw e;
    }
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

let n = 0;
function book(extra: Partial<LibraryBook> = {}): LibraryBook {
  n += 1;
  return {
    bookId: `b${n}`,
    childName: "Mia",
    theme: "Space",
    storyDescription: "Mia flies a cardboard rocket to the moon.",
    title: `Book ${n}`,
    slug: null,
    tokensWords: 500,
    createdAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
    lastUpdated: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
    coverUrl: null,
    status: "complete",
    ...extra,
  };
}

const T0 = Date.UTC(2026, 10, 1, 12);

function snapshot(books: LibraryBook[], extra: Partial<LibrarySnapshot> = {}): LibrarySnapshot {
  return { v: 1, ownerKey: "owner-a", books, hasMore: false, savedAt: T0, syncedAt: T0, mode: "full", ...extra };
}

describe("stored snapshot", () => {
  it("is valid for 1 hour, then deleted", () => {
    const s = new FakeStorage();
    writeSnapshot(s, snapshot([book()]));
    expect(readSnapshot(s, "owner-a", T0 + LIBRARY_CACHE.ttlMs)?.books).toHaveLength(1);
    expect(readSnapshot(s, "owner-a", T0 + LIBRARY_CACHE.ttlMs + 1)).toBeNull();
    expect(s.getItem(LIBRARY_CACHE.key)).toBeNull();
  });

  it("belongs to one owner: another owner's snapshot is deleted, never returned", () => {
    const s = new FakeStorage();
    writeSnapshot(s, snapshot([book()]));
    expect(readSnapshot(s, "owner-b", T0)).toBeNull();
    expect(s.getItem(LIBRARY_CACHE.key)).toBeNull();
  });

  it("drops what does not parse", () => {
    const s = new FakeStorage();
    s.setItem(LIBRARY_CACHE.key, "{not json");
    expect(readSnapshot(s, "owner-a", T0)).toBeNull();
    s.setItem(LIBRARY_CACHE.key, JSON.stringify({ v: 1, ownerKey: "owner-a", books: [{ bookId: 1 }] }));
    expect(readSnapshot(s, "owner-a", T0)).toBeNull();
    expect(s.length).toBe(0);
  });

  it("keeps 15 stories when the snapshot is over 1 MB", () => {
    const s = new FakeStorage();
    const big = Array.from({ length: 40 }, () => book({ storyDescription: "x".repeat(20_000) }));
    const out = writeSnapshot(s, snapshot(big));
    expect(out).toMatchObject({ ok: true, mode: "trimmed" });
    const stored = readSnapshot(s, "owner-a", T0)!;
    expect(stored.books.map((b) => b.bookId)).toEqual(big.slice(0, 15).map((b) => b.bookId));
    expect(stored.hasMore).toBe(true);
  });
});

describe("storage quota", () => {
  it("removes the oldest 25% of story-app- entries (only those) and retries", () => {
    const s = new FakeStorage();
    for (let i = 0; i < 8; i++) s.setItem(`story-app-old-${i}`, JSON.stringify({ savedAt: T0 - (10 - i) * 1000, data: "y".repeat(1000) }));
    s.setItem("other-app-key", "z".repeat(200));
    s.quota = s.used() + 100; // full: the library snapshot does not fit
    const out = writeSnapshot(s, snapshot([book(), book()]));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.mode).toBe("full");
    expect(out.evicted).toEqual(["story-app-old-0", "story-app-old-1"]);
    expect(s.getItem("other-app-key")).not.toBeNull();
    expect(s.getItem("story-app-old-2")).not.toBeNull();
    expect(readSnapshot(s, "owner-a", T0)?.books).toHaveLength(2);
  });

  it("evicts entries of unknown age first", () => {
    const s = new FakeStorage();
    s.setItem("story-app-a", JSON.stringify({ savedAt: T0 }));
    s.setItem("story-app-b", "plain text");
    s.setItem("story-app-c", JSON.stringify({ timestamp: new Date(T0 - 5000).toISOString() }));
    s.setItem("story-app-d", JSON.stringify({ savedAt: T0 - 1 }));
    expect(evictOldest(s)).toEqual(["story-app-b"]);
    expect(evictOldest(s, 0.5)).toEqual(["story-app-c", "story-app-d"]);
  });

  it("keeps 5 minimal records as a last resort, and fails quietly when even that does not fit", () => {
    const s = new FakeStorage();
    const books = Array.from({ length: 12 }, () => book({ storyDescription: "d".repeat(100) }));
    const minimalBytes = JSON.stringify(snapshot(books.slice(0, 5))).length * 2;
    s.quota = minimalBytes + 200;
    const out = writeSnapshot(s, snapshot(books));
    expect(out).toMatchObject({ ok: true, mode: "minimal" });
    const stored = readSnapshot(s, "owner-a", T0)!;
    expect(stored.books.map((b) => b.bookId)).toEqual(books.slice(0, 5).map((b) => b.bookId));
    expect(stored.books.every((b) => b.storyDescription === "")).toBe(true);
    expect(stored.mode).toBe("minimal");
    expect(stored.hasMore).toBe(true);

    const tiny = new FakeStorage(10);
    expect(writeSnapshot(tiny, snapshot(books))).toMatchObject({ ok: false, reason: "quota" });
  });

  it("treats a storage that refuses every write (not a quota) as unavailable", () => {
    const s = new FakeStorage();
    s.setItem = () => {
      throw Object.assign(new Error("denied"), { name: "SecurityError" });
    };
    expect(writeSnapshot(s, snapshot([book()]))).toMatchObject({ ok: false, reason: "unavailable" });
  });
});

describe("change detection", () => {
  it("compares the first 10 books by id and created date", () => {
    const a = Array.from({ length: 12 }, () => book());
    expect(
      listChanged(
        a,
        a.map((b) => ({ ...b })),
      ),
    ).toBe(false);
    expect(listChanged(null, a)).toBe(true);
    expect(listChanged(a, [book(), ...a])).toBe(true);
    expect(
      listChanged(
        a,
        a.map((b, i) => (i === 9 ? { ...b, createdAt: "2020-01-01T00:00:00.000Z" } : b)),
      ),
    ).toBe(true);
    // the 11th book is outside the window
    expect(
      listChanged(
        a,
        a.map((b, i) => (i === 10 ? book() : b)),
      ),
    ).toBe(false);
    // an edit (same id and date) is not a list change, but is a content change
    const edited = a.map((b, i) => (i === 0 ? { ...b, title: "New title", lastUpdated: "2027-01-01T00:00:00.000Z" } : b));
    expect(listChanged(a, edited)).toBe(false);
    expect(contentChanged(a, edited)).toBe(true);
    expect(contentChanged(a, a)).toBe(false);
  });
});

describe("the cache", () => {
  let storage: FakeStorage;
  let online: boolean;
  let server: { ownerKey: string; books: LibraryBook[]; hasMore: boolean };
  let fetches: number;
  let failNext: boolean;

  function make() {
    return createLibraryCache({
      storage: () => storage,
      fetchFirstPage: async (): Promise<LibraryPageResponse> => {
        fetches += 1;
        if (failNext) {
          failNext = false;
          throw new Error("offline for a moment");
        }
        return { ...server, books: server.books.map((b) => ({ ...b })), sort: "latest", q: "" };
      },
      now: () => Date.now(),
      isOnline: () => online,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    storage = new FakeStorage();
    online = true;
    fetches = 0;
    failNext = false;
    server = { ownerKey: "owner-a", books: [book(), book()], hasMore: false };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads memory first, then local storage, but only once the server named the owner", () => {
    const first = make();
    first.acceptServer(server);
    expect(first.snapshot()?.map((b) => b.bookId)).toEqual(server.books.map((b) => b.bookId));

    // a new page load: memory is empty, the stored snapshot waits for the owner
    const second = make();
    expect(second.snapshot()).toBeNull();
    expect(second.cachedPage()).toBeNull();
    second.setOwner("owner-a");
    expect(second.cachedPage()?.books).toHaveLength(2);

    // someone else on this browser: the other owner's snapshot is gone for good
    const third = make();
    third.setOwner("owner-b");
    expect(third.snapshot()).toBeNull();
    expect(storage.getItem(LIBRARY_CACHE.key)).toBeNull();
    const fourth = make();
    fourth.setOwner("owner-a");
    expect(fourth.snapshot()).toBeNull();
  });

  it("a sign-in or sign-out names another owner: the previous owner's list is not shown, in memory or stored", () => {
    const page = make();
    page.acceptServer({ ...server, ownerKey: "visitor-key" });
    page.addOptimistic(book());
    expect(page.snapshot()).toHaveLength(3);
    page.setOwner("profile-key");
    expect(page.snapshot()).toBeNull();
    expect(page.cachedPage()).toBeNull();
    expect(storage.getItem(LIBRARY_CACHE.key)).toBeNull();
    // and back: the profile's list is not shown to the visitor either
    page.acceptServer({ ...server, ownerKey: "profile-key" });
    page.setOwner("visitor-key");
    expect(page.snapshot()).toBeNull();
    expect(make().cachedPage()).toBeNull();
  });

  it("expires after an hour, in memory too", () => {
    const c = make();
    c.acceptServer(server);
    vi.setSystemTime(T0 + LIBRARY_CACHE.ttlMs + 1);
    expect(c.snapshot()).toBeNull();
    expect(c.cachedPage()).toBeNull();
  });

  it("refreshes at most once per 30 s, 500 ms after it is asked", async () => {
    const c = make();
    c.setOwner("owner-a");
    const p = c.refresh();
    expect(fetches).toBe(0);
    await vi.advanceTimersByTimeAsync(LIBRARY_CACHE.refreshDelayMs - 1);
    expect(fetches).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(fetches).toBe(1);
    expect(c.snapshot()).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(10_000);
    await c.refresh();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetches).toBe(1); // throttled

    await vi.advanceTimersByTimeAsync(LIBRARY_CACHE.refreshMinIntervalMs);
    const again = c.refresh();
    await vi.advanceTimersByTimeAsync(LIBRARY_CACHE.refreshDelayMs);
    await again;
    expect(fetches).toBe(2);

    // Reload (forced) goes now, whatever the throttle says
    await c.refresh({ force: true });
    expect(fetches).toBe(3);
  });

  it("does not refresh while offline, and records a failed refresh without throwing", async () => {
    const c = make();
    online = false;
    await c.refresh({ force: true });
    expect(fetches).toBe(0);
    online = true;
    failNext = true;
    await c.refresh({ force: true });
    expect(c.debugState().lastError).toBe("offline for a moment");
    expect(c.snapshot()).toBeNull();
  });

  it("syncs 5 s after start and every 5 min while online, stops offline, resumes online and on a visible tab", async () => {
    const c = make();
    c.acceptServer(server); // there is a cache to keep fresh
    const stop = c.startSync();
    await vi.advanceTimersByTimeAsync(LIBRARY_CACHE.firstSyncMs + LIBRARY_CACHE.refreshDelayMs);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(LIBRARY_CACHE.syncIntervalMs);
    expect(fetches).toBe(2);

    online = false;
    c.handleOffline();
    await vi.advanceTimersByTimeAsync(3 * LIBRARY_CACHE.syncIntervalMs);
    expect(fetches).toBe(2);
    expect(c.debugState().syncing).toBe(false);

    online = true;
    c.handleOnline();
    await vi.advanceTimersByTimeAsync(LIBRARY_CACHE.refreshDelayMs);
    expect(fetches).toBe(3);

    await vi.advanceTimersByTimeAsync(LIBRARY_CACHE.refreshMinIntervalMs);
    c.handleVisible();
    await vi.advanceTimersByTimeAsync(LIBRARY_CACHE.refreshDelayMs);
    expect(fetches).toBe(4);

    stop();
    await vi.advanceTimersByTimeAsync(3 * LIBRARY_CACHE.syncIntervalMs);
    expect(fetches).toBe(4);
  });

  it("does not poll a visitor who never opened the library", async () => {
    const c = make();
    c.startSync();
    await vi.advanceTimersByTimeAsync(2 * LIBRARY_CACHE.syncIntervalMs);
    expect(fetches).toBe(0);
  });

  it("adds a created book first at once, applies an edit by id, and lets the server's answer replace both", async () => {
    const c = make();
    c.acceptServer(server);
    const events = vi.fn();
    c.subscribe(events);
    const fresh = book({ status: "writing", title: null });
    c.addOptimistic(fresh);
    expect(c.snapshot()?.[0].bookId).toBe(fresh.bookId);
    expect(events).toHaveBeenCalledTimes(1);
    // a book already there is updated in place, not moved
    c.addOptimistic({ ...server.books[1], title: "Renamed" });
    expect(c.snapshot()?.map((b) => b.title)).toEqual([null, server.books[0].title, "Renamed"]);
    c.applyUpdate(fresh.bookId, { status: "complete", title: "Mia and the Moon" });
    expect(c.snapshot()?.[0]).toMatchObject({ bookId: fresh.bookId, status: "complete", title: "Mia and the Moon" });
    // stored too: a reload of the page keeps the optimistic entries until the server answers
    const reloaded = make();
    reloaded.setOwner("owner-a");
    expect(reloaded.snapshot()?.[0].title).toBe("Mia and the Moon");

    // the server knows the book with its real data: it wins
    server.books = [{ ...fresh, status: "illustrating", title: "From the server" }, ...server.books];
    await c.refresh({ force: true });
    expect(c.snapshot()?.[0]).toMatchObject({ status: "illustrating", title: "From the server" });
    expect(c.snapshot()?.[2].title).toBe(server.books[2].title);
    expect(c.debugState().pendingWrites).toBe(0);
  });

  it("drops a deleted book at once, kept across a reload, and the server's answer agrees", async () => {
    const c = make();
    c.acceptServer(server);
    const gone = server.books[1];
    c.remove(gone.bookId);
    expect(c.snapshot()?.map((b) => b.bookId)).not.toContain(gone.bookId);
    expect(c.snapshot()).toHaveLength(server.books.length - 1);
    const reloaded = make();
    reloaded.setOwner("owner-a");
    expect(reloaded.snapshot()?.map((b) => b.bookId)).not.toContain(gone.bookId);
    server.books = server.books.filter((b) => b.bookId !== gone.bookId);
    await c.refresh({ force: true });
    expect(c.snapshot()?.map((b) => b.bookId)).toEqual(server.books.map((b) => b.bookId));
    expect(c.debugState().pendingWrites).toBe(0);
  });

  it("keeps an optimistic write made before the cache loaded and applies it once the owner is known", () => {
    const first = make();
    first.acceptServer(server);
    const c = make(); // a new page: nothing loaded yet
    const fresh = book();
    c.addOptimistic(fresh);
    expect(c.snapshot()).toBeNull();
    c.setOwner("owner-a");
    expect(c.snapshot()?.map((b) => b.bookId)).toEqual([fresh.bookId, ...server.books.map((b) => b.bookId)]);
  });

  it("tells listeners only when the server's answer changed something", async () => {
    const c = make();
    c.acceptServer(server);
    const events = vi.fn();
    c.subscribe(events);
    await c.refresh({ force: true });
    expect(events).not.toHaveBeenCalled();
    server.books = [{ ...server.books[0], lastUpdated: "2027-01-01T00:00:00.000Z" }, server.books[1]];
    await c.refresh({ force: true });
    expect(events).toHaveBeenCalledTimes(1);
    server.books = [book(), ...server.books];
    await c.refresh({ force: true });
    expect(events).toHaveBeenCalledTimes(2);
  });

  it("forgets everything on invalidate", () => {
    const c = make();
    c.acceptServer(server);
    c.invalidate();
    expect(c.snapshot()).toBeNull();
    expect(storage.getItem(LIBRARY_CACHE.key)).toBeNull();
  });

  it("still works in memory when local storage is full", () => {
    storage = new FakeStorage(10);
    const c = make();
    c.acceptServer(server);
    expect(c.snapshot()).toHaveLength(2);
    expect(c.debugState().lastWrite).toBe("failed (quota)");
  });
});

describe("library views", () => {
  it("parses the API query strictly and the page's URL kindly", () => {
    expect(libraryQuerySchema.parse({})).toEqual({ sort: "latest", q: "", limit: 12, offset: 0 });
    expect(libraryQuerySchema.parse({ sort: "", q: "  moon ", limit: "10", offset: "20" })).toEqual({ sort: "latest", q: "moon", limit: 10, offset: 20 });
    expect(libraryQuerySchema.safeParse({ sort: "best" }).success).toBe(false);
    expect(lenientLibraryView(new URLSearchParams("sort=best&q=%20moon%20&show=48"))).toEqual({ sort: "latest", q: "moon", show: 48 });
    expect(lenientLibraryView(new URLSearchParams("show=5000")).show).toBe(100);
    expect(libraryHref({ sort: "latest", q: "" })).toBe("/library");
    expect(libraryHref({ sort: "name", q: "mia & leo", show: 48 })).toBe("/library?sort=name&q=mia+%26+leo&show=48");
  });

  it("sorts and searches in the browser like the server does", () => {
    const a = book({ childName: "adam", title: "B", createdAt: "2025-01-02T00:00:00.000Z", lastUpdated: "2025-01-09T00:00:00.000Z" });
    const b = book({ childName: "Adam", title: "a", createdAt: "2025-01-03T00:00:00.000Z", lastUpdated: "2025-01-03T00:00:00.000Z" });
    const z = book({ childName: "Zoe", theme: "Ocean", title: null, createdAt: "2025-01-01T00:00:00.000Z", lastUpdated: "2025-01-01T00:00:00.000Z" });
    const all = [z, a, b];
    expect(sortAndFilter(all, "name", "").map((x) => x.bookId)).toEqual([b.bookId, a.bookId, z.bookId]);
    expect(sortAndFilter(all, "newest", "").map((x) => x.bookId)).toEqual([b.bookId, a.bookId, z.bookId]);
    expect(sortAndFilter(all, "oldest", "").map((x) => x.bookId)).toEqual([z.bookId, a.bookId, b.bookId]);
    expect([...all].sort(compareBooks("latest")).map((x) => x.bookId)).toEqual([a.bookId, b.bookId, z.bookId]);
    expect(sortAndFilter(all, "latest", "OCEAN").map((x) => x.bookId)).toEqual([z.bookId]);
  });

  it("makes a library item of a book being read", () => {
    const item = libraryBookFromView({
      bookId: "abc123",
      title: null,
      status: "illustrating",
      createdAt: "2026-11-01T10:00:00.000Z",
      lastUpdated: "2026-11-01T10:01:00.000Z",
      pages: [
        { pageNumber: 1, url: "/api/images/abc123/0/page-1.png", isGenerated: true, content: "" },
        { pageNumber: 3, url: null, isGenerated: false, content: "Once upon a time, Mia found a map." },
      ],
      story: { formData: { childName: "Mia", theme: "Space", storyDescription: "🚀".repeat(120) } },
    });
    expect(item).toMatchObject({
      bookId: "abc123",
      childName: "Mia",
      theme: "Space",
      coverUrl: "/api/images/abc123/0/page-1.png",
      tokensWords: 8,
      status: "illustrating",
    });
    expect(Array.from(item.storyDescription)).toHaveLength(100);
  });
});
