import { useCallback, useEffect, useRef, useState } from "react";
import { libraryCache } from "~/components/library/library-cache";
import { toast } from "~/components/overlays/toast";
import type { BookView } from "~/domain/story/book-view";
import type { PictureResult } from "~/domain/story/edit";

export type RedrawState = { phase: "idle" } | { phase: "drawing" } | { phase: "error"; message: string };

const POLL_MS = 1500;
const POLL_LIMIT_MS = 4 * 60 * 1000;
const FAILED = "We couldn't draw a new picture just now. The old one is still there; please try again in a moment.";

/**
 * Draws one page's picture again (POST /api/books/{bookId}/pages/{n}/picture). While another
 * request is already drawing it (202), waits for the page to be ready by reading the book.
 */
export function usePictureRedraw(bookId: string, pageNumber: number, initialUrl: string | null) {
  const [url, setUrl] = useState(initialUrl);
  const [state, setState] = useState<RedrawState>({ phase: "idle" });
  const busy = useRef(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const done = useCallback(
    (newUrl: string, lastUpdated?: string) => {
      setUrl(newUrl);
      setState({ phase: "idle" });
      if (pageNumber === 1) libraryCache.applyUpdate(bookId, { coverUrl: newUrl, ...(lastUpdated ? { lastUpdated } : {}) });
      else if (lastUpdated) libraryCache.applyUpdate(bookId, { lastUpdated });
      toast.show({ title: `A new picture for page ${pageNumber} is ready!`, kind: "success" });
    },
    [bookId, pageNumber],
  );

  const waitForPage = useCallback(async () => {
    const until = Date.now() + POLL_LIMIT_MS;
    while (alive.current && Date.now() < until) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const res = await fetch(`/api/books/${bookId}`, { headers: { Accept: "application/json" } });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const book = (await res.json()) as BookView;
      const page = book.pages.find((p) => p.pageNumber === pageNumber);
      if (page && page.generationProgress === 100 && page.url) return done(page.url, book.lastUpdated);
    }
    throw new Error("timed out");
  }, [bookId, pageNumber, done]);

  const redraw = useCallback(async () => {
    if (busy.current) return; // a double click draws one picture
    busy.current = true;
    setState({ phase: "drawing" });
    try {
      const res = await fetch(`/api/books/${bookId}/pages/${pageNumber}/picture`, { method: "POST", headers: { Accept: "application/json" } });
      const body = (await res.json().catch(() => null)) as (PictureResult & { error?: string }) | null;
      if (res.status === 200 && body?.ok && body.status === "drawn") done(body.url, body.lastUpdated);
      else if (res.status === 202) await waitForPage();
      else setState({ phase: "error", message: body?.error ?? FAILED });
    } catch {
      if (alive.current) setState({ phase: "error", message: FAILED });
    } finally {
      busy.current = false;
    }
  }, [bookId, pageNumber, done, waitForPage]);

  return { url, state, redraw };
}
