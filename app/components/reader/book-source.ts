import type { BookView } from "~/domain/story/book-view";
import { linkFrom402, type CreditsLink } from "~/domain/story/credits";
import { reconnectDelay } from "~/domain/story/reader/navigation";
import { apiErrorMessage, parseSnapshot } from "~/domain/story/reader/snapshot";

export type StreamState = "connecting" | "open" | "reconnecting";

export interface BookSourceHandlers {
  onSnapshot(book: BookView): void;
  onState(state: StreamState): void;
}

/**
 * Where a book's live changes come from. Called with the latest known book; returns a function that
 * stops listening. The app uses the server-sent events of GET /api/books/{bookId}/events; the test
 * page plays back a simulated making.
 */
export type BookSource = (book: BookView, handlers: BookSourceHandlers) => () => void;

/**
 * The live stream: `snapshot` events carry the whole BookView. The browser's EventSource reconnects
 * by itself after a dropped connection; when it gives up (the stream answered an error), we open a
 * new one after 1, 2, 4, 8, then every 15 seconds.
 */
export const eventStreamSource: BookSource = (book, handlers) => {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;

  const open = () => {
    if (stopped) return;
    handlers.onState(attempt === 0 ? "connecting" : "reconnecting");
    const es = new EventSource(`/api/books/${encodeURIComponent(book.bookId)}/events`);
    source = es;
    es.addEventListener("open", () => {
      attempt = 0;
      handlers.onState("open");
    });
    es.addEventListener("snapshot", (event) => {
      const next = parseSnapshot((event as MessageEvent<string>).data);
      if (next) handlers.onSnapshot(next);
    });
    es.addEventListener("error", () => {
      if (stopped) return;
      handlers.onState("reconnecting");
      if (es.readyState === EventSource.CLOSED) {
        es.close();
        timer = setTimeout(open, reconnectDelay(attempt++));
      }
    });
  };

  // Back online: do not wait for the next back-off step.
  const online = () => {
    if (stopped || source?.readyState === EventSource.OPEN) return;
    if (timer) clearTimeout(timer);
    source?.close();
    open();
  };

  open();
  window.addEventListener("online", online);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
    window.removeEventListener("online", online);
  };
};

/** `link` when the answer was "out of credits": sign up (a visitor) or the credit packs (a signed-in parent). */
export type RetryResult = { ok: true } | { ok: false; message: string; link?: CreditsLink };

/** Starts a failed book again (never charges twice: the engine's promise). */
export type RetryBook = (bookId: string) => Promise<RetryResult>;

export const retryThroughApi: RetryBook = async (bookId) => {
  let res: Response;
  try {
    res = await fetch(`/api/books/${encodeURIComponent(bookId)}/retry`, { method: "POST", headers: { Accept: "application/json" } });
  } catch {
    return { ok: false, message: "We couldn't reach StoryNest. Please check your internet connection and try again." };
  }
  if (res.ok) return { ok: true };
  const body: unknown = await res.json().catch(() => null);
  const message = apiErrorMessage(
    body,
    res.status === 404 ? "We couldn't find this book any more." : "We couldn't start this book again just now. Please try again in a moment.",
  );
  const link = res.status === 402 ? linkFrom402(body) : undefined;
  return { ok: false, message, link };
};
