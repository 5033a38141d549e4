import type { BookSource, RetryBook } from "./book-source";

/**
 * The reader's live stream and Retry, with their code (and the check of what the server sends)
 * fetched only when used: a finished book, the usual case, opens no stream and never loads them.
 */
const load = () => import("./book-source");

export const laterEventStream: BookSource = (book, handlers) => {
  let stop: (() => void) | null = null;
  let stopped = false;
  load().then(
    (m) => {
      if (!stopped) stop = m.eventStreamSource(book, handlers);
    },
    // offline: said as a broken connection; the stream is opened again with the next page load
    () => !stopped && handlers.onState("reconnecting"),
  );
  return () => {
    stopped = true;
    stop?.();
  };
};

export const laterRetry: RetryBook = (bookId) =>
  load().then(
    (m) => m.retryThroughApi(bookId),
    () => ({ ok: false, message: "We couldn't reach StoryNest. Please check your internet connection and try again." }),
  );
