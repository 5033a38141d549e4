import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventStreamSource, retryThroughApi, type StreamState } from "~/components/reader/book-source";
import type { BookView } from "~/domain/story/book-view";
import { sampleAt } from "~/domain/story/reader/sample";

/** A stand-in for the browser's EventSource: the test opens, sends, fails and closes it. */
class FakeEventSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  constructor(public url: string) {
    super();
    FakeEventSource.all.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event("open"));
  }
  send(event: string, data: string) {
    this.dispatchEvent(new MessageEvent(event, { data }));
  }
  /** a dropped connection the browser retries by itself (CONNECTING), or gives up on (CLOSED) */
  fail(giveUp: boolean) {
    this.readyState = giveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event("error"));
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

function listen(book: BookView) {
  const snapshots: BookView[] = [];
  const states: StreamState[] = [];
  const stop = eventStreamSource(book, { onSnapshot: (b) => snapshots.push(b), onState: (s) => states.push(s) });
  return { snapshots, states, stop };
}

describe("the live stream (EventSource)", () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.useFakeTimers();
    vi.stubGlobal("EventSource", FakeEventSource);
    vi.stubGlobal("window", new EventTarget());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("listens to GET /api/books/{id}/events and passes on each snapshot that is a BookView", () => {
    const book = sampleAt("written");
    const { snapshots, states, stop } = listen(book);
    const es = FakeEventSource.all[0];
    expect(es.url).toBe(`/api/books/${book.bookId}/events`);
    expect(states).toEqual(["connecting"]);
    es.open();
    es.send("snapshot", JSON.stringify(sampleAt("illustrating", 4)));
    es.send("snapshot", "{broken");
    es.send("message", JSON.stringify(sampleAt("illustrating", 5)));
    expect(snapshots.map((s) => s.stats.totalImagesGenerated)).toEqual([4]);
    expect(states).toEqual(["connecting", "open"]);
    stop();
    expect(es.closed).toBe(true);
  });

  it("lets the browser reconnect a dropped stream, and opens a new one (with back-off) when it gives up", () => {
    const { states, stop } = listen(sampleAt("written"));
    const first = FakeEventSource.all[0];
    first.open();
    first.fail(false);
    expect(states.at(-1)).toBe("reconnecting");
    expect(FakeEventSource.all).toHaveLength(1);

    first.fail(true);
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);

    // the second attempt fails too: 2 s this time
    FakeEventSource.all[1].fail(true);
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(3);
    FakeEventSource.all[2].open();
    expect(states.at(-1)).toBe("open");
    stop();
  });

  it("reconnects at once when the browser comes back online", () => {
    const { stop } = listen(sampleAt("written"));
    FakeEventSource.all[0].fail(true);
    (globalThis.window as unknown as EventTarget).dispatchEvent(new Event("online"));
    expect(FakeEventSource.all).toHaveLength(2);
    vi.advanceTimersByTime(20_000);
    expect(FakeEventSource.all).toHaveLength(2);
    stop();
  });

  it("stops for good: no reconnect after stop", () => {
    const { stop } = listen(sampleAt("written"));
    const es = FakeEventSource.all[0];
    stop();
    es.fail(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.all).toHaveLength(1);
  });
});

describe("retry through the API", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts to /api/books/{id}/retry and reports success", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ bookId: "abc123", status: "draft" }), { status: 202 }));
    vi.stubGlobal("fetch", fetch);
    await expect(retryThroughApi("abc123")).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith("/api/books/abc123/retry", expect.objectContaining({ method: "POST" }));
  });

  it("passes on the server's message, with the way to more credits when they are short", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ error: "This book is already being made." }), { status: 409 }));
    await expect(retryThroughApi("abc123")).resolves.toEqual({ ok: false, message: "This book is already being made.", link: undefined });
    // a signed-in parent: the credit packs
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ error: "You need 1 more credit.", pricingUrl: "/pricing" }), { status: 402 }));
    await expect(retryThroughApi("abc123")).resolves.toEqual({
      ok: false,
      message: "You need 1 more credit.",
      link: { url: "/pricing", label: "See credit packs and prices" },
    });
    // a visitor: a free account
    const signupUrl = "/auth/signup?redirectTo=/createstory";
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ error: "Create a free account to get 2 more free books.", signupUrl }), { status: 402 }));
    await expect(retryThroughApi("abc123")).resolves.toEqual({
      ok: false,
      message: "Create a free account to get 2 more free books.",
      link: { url: signupUrl, label: "Create a free account" },
    });
  });

  it("explains a network failure and a reply that is not JSON", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const offline = await retryThroughApi("abc123");
    expect(offline.ok).toBe(false);
    expect(!offline.ok && offline.message).toMatch(/internet connection/);
    vi.stubGlobal("fetch", async () => new Response("<html>oops</html>", { status: 500 }));
    const broken = await retryThroughApi("abc123");
    expect(!broken.ok && broken.message).toBe("We couldn't start this book again just now. Please try again in a moment.");
  });
});
