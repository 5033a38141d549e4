import { useRef, useState, type MouseEvent } from "react";
import { toast } from "~/components/overlays/toast";
import { buttonClass } from "~/components/ui/Button";
import { DownloadIcon, SpinnerIcon } from "~/components/ui/icons";
import type { BookView } from "~/domain/story/book-view";

type State = { kind: "idle" } | { kind: "preparing" } | { kind: "error"; message: string };

/** The file name a response asks for (RFC 6266: filename* wins over filename), or a fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (disposition) {
    const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
    if (star) {
      try {
        return decodeURIComponent(star[1].trim());
      } catch {
        /* a broken encoding: use the plain name */
      }
    }
    const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
    const name = (plain?.[1] ?? plain?.[2])?.trim();
    if (name) return name;
  }
  return fallback;
}

/** A parent-friendly sentence for a failed download. */
export function pdfErrorMessage(status: number, serverMessage: string | undefined): string {
  if (status === 409) return serverMessage || "This book is still being made. The PDF will be ready as soon as every page is drawn.";
  if (status === 404) return "We couldn't find this book. Books live in the browser they were made in.";
  if (status === 0) return "We couldn't reach StoryNest. Please check your connection and try again.";
  return "Something went wrong while making your PDF. Please try again in a moment.";
}

/**
 * "Download PDF" under the finished reader. A plain link to /api/books/{id}/pdf (it works before
 * JavaScript loads); with JavaScript it shows "Preparing your PDF…" while the PDF is made (a few
 * seconds the first time, instant once kept), then saves it, or explains what went wrong.
 */
export function PdfDownload({ book }: { book: BookView }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const busy = useRef(false);
  const href = `/api/books/${book.bookId}/pdf`;
  const fallbackName = `${(book.title ?? "").replace(/[^A-Za-z0-9 ._-]+/g, " ").trim() || "StoryNest book"}.pdf`;

  async function download(event?: MouseEvent<HTMLAnchorElement>) {
    if (event) {
      // a new tab or window: let the browser follow the link itself
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
    }
    if (busy.current) return;
    busy.current = true;
    setState({ kind: "preparing" });
    try {
      let res: Response;
      try {
        res = await fetch(href, { credentials: "same-origin", headers: { Accept: "application/pdf" } });
      } catch {
        throw Object.assign(new Error(pdfErrorMessage(0, undefined)), { shown: true });
      }
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
        throw Object.assign(new Error(pdfErrorMessage(res.status, typeof body?.error === "string" ? body.error : undefined)), { shown: true });
      }
      const blob = await res.blob();
      const url = URL.createObjectURL(new Blob([blob], { type: "application/pdf" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = filenameFrom(res.headers.get("Content-Disposition"), fallbackName);
      document.body.appendChild(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ kind: "idle" });
      toast.show({ title: "Your PDF is ready", description: "It is in your downloads, ready to print or keep.", kind: "success", duration: 4000 });
    } catch (error) {
      const message = (error as { shown?: boolean }).shown ? (error as Error).message : pdfErrorMessage(500, undefined);
      setState({ kind: "error", message });
    } finally {
      busy.current = false;
    }
  }

  const preparing = state.kind === "preparing";
  return (
    // a fragment: the link sits in the actions' row, the error (if any) gets a line of its own below it
    <>
      <a
        href={href}
        download={fallbackName}
        onClick={download}
        aria-disabled={preparing || undefined}
        className={buttonClass("primary", "md", preparing ? "cursor-progress opacity-80" : undefined)}
        data-testid="pdf-download"
      >
        {preparing ? <SpinnerIcon className="h-5 w-5" /> : <DownloadIcon className="h-5 w-5" />}
        {preparing ? "Preparing your PDF…" : "Download PDF"}
      </a>
      <p role="status" aria-live="polite" className="sr-only">
        {preparing ? "Preparing your PDF. This can take a few seconds." : ""}
      </p>
      {state.kind === "error" ? (
        <div className="flex basis-full justify-center">
          <div role="alert" className="max-w-sm rounded-2xl bg-peach px-4 py-3 text-center text-sm text-ink">
            <p>{state.message}</p>
            <button
              type="button"
              onClick={() => void download()}
              className="mt-1 min-h-11 font-semibold text-coral-dark underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum"
            >
              Try again
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
