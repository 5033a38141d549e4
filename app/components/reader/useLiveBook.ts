import { useCallback, useEffect, useRef, useState } from "react";
import { toast, TOAST_DURATION } from "~/components/overlays/toast";
import { progressToasts, type BookView, type ProgressToast } from "~/domain/story/book-view";
import { isNewer, isSettled } from "~/domain/story/reader/progress";
import type { CreditsLink } from "~/domain/story/credits";
import type { BookSource, RetryBook, StreamState } from "./book-source";

function announce(t: ProgressToast) {
  if (t.kind === "step") toast.show({ title: t.title, description: t.description, kind: "success", duration: TOAST_DURATION.step });
  else toast.show({ title: t.title, kind: "success", duration: TOAST_DURATION.image });
}

export interface LiveBook {
  book: BookView;
  stream: StreamState | "idle";
  retrying: boolean;
  retryError: { message: string; link?: CreditsLink } | null;
  retry(): Promise<void>;
}

/**
 * The book as it is being made: starts from the loader's snapshot, listens to the source until the
 * book is complete or has failed, and fires the progress toasts for every change.
 */
export function useLiveBook(initial: BookView, source: BookSource, retryBook: RetryBook): LiveBook {
  const [book, setBook] = useState(initial);
  const [stream, setStream] = useState<StreamState | "idle">("idle");
  const [listen, setListen] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<LiveBook["retryError"]>(null);
  const latest = useRef(initial);

  // A new book from the loader (another id) starts over.
  useEffect(() => {
    if (latest.current.bookId === initial.bookId) return;
    latest.current = initial;
    setBook(initial);
  }, [initial]);

  const bookId = book.bookId;
  const settled = isSettled(book);

  useEffect(() => {
    if (isSettled(latest.current)) {
      setStream("idle");
      return;
    }
    let stop: (() => void) | null = null;
    let done = false;
    const finish = () => {
      done = true;
      stop?.();
      setStream("idle");
    };
    stop = source(latest.current, {
      onSnapshot(next) {
        if (done || !isNewer(latest.current, next)) return;
        const toasts = progressToasts(latest.current, next);
        latest.current = next;
        setBook(next);
        toasts.forEach(announce);
        if (isSettled(next)) finish();
      },
      onState(state) {
        if (!done) setStream(state);
      },
    });
    if (done) stop();
    return () => {
      done = true;
      stop?.();
    };
    // `listen` restarts the stream after a retry; `settled` only matters for that restart
  }, [bookId, listen, source, settled]);

  const retry = useCallback(async () => {
    setRetrying(true);
    setRetryError(null);
    const result = await retryBook(latest.current.bookId);
    setRetrying(false);
    if (!result.ok) {
      setRetryError({ message: result.message, link: result.link });
      return;
    }
    const b = latest.current;
    const restarted: BookView = { ...b, error: null, status: b.step2complete ? "illustrating" : b.step1complete ? "writing" : "draft" };
    latest.current = restarted;
    setBook(restarted);
    setListen((n) => n + 1);
  }, [retryBook]);

  return { book, stream, retrying, retryError, retry };
}
