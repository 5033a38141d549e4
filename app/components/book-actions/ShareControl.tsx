import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { libraryCache } from "~/components/library/library-cache";
import { CloseIcon, ShareIcon } from "~/components/ui/icons";
import { iconButton } from "~/components/overlays/styles";
import { toast } from "~/components/overlays/toast";
import { fetchShareState, setShared, SHARE_FAILED, ShareError } from "~/components/share/share-api";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import type { BookView } from "~/domain/story/book-view";
import type { ShareState } from "~/domain/story/public-story";

type Phase = "loading" | "ready" | "saving" | "error";

/**
 * Share: a dialog where the owner makes the finished book readable by anyone with a link (a new
 * slug each time), copies or sends the link, and stops sharing (the link then stops working).
 */
export function ShareControl({ book }: { book: BookView }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<ShareState | null>(null);
  const [phase, setPhase] = useState<Phase>("loading");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const [canNativeShare, setCanNativeShare] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);
  const switchId = useId();
  const explainId = useId();
  const title = book.title?.trim() || "this book";

  useEffect(() => setCanNativeShare(typeof navigator !== "undefined" && typeof navigator.share === "function"), []);

  const load = useCallback(async () => {
    setPhase("loading");
    setError(null);
    try {
      setState(await fetchShareState(book.bookId));
      setPhase("ready");
    } catch (e) {
      setError(e instanceof ShareError ? e.message : SHARE_FAILED);
      setPhase("error");
    }
  }, [book.bookId]);

  useEffect(() => {
    if (open) void load();
    else setNotice("");
  }, [open, load]);

  const change = async (makePublic: boolean) => {
    setPhase("saving");
    setError(null);
    try {
      const next = await setShared(book.bookId, makePublic);
      setState(next);
      setPhase("ready");
      libraryCache.applyUpdate(book.bookId, { slug: next.slug });
      setNotice(next.public ? "Your book is shared. Anyone with the link below can read it." : "Sharing stopped. The old link no longer works.");
    } catch (e) {
      const message = e instanceof ShareError ? e.message : SHARE_FAILED;
      setError(message);
      setPhase("ready");
      toast.show({ title: SHARE_FAILED, description: message === SHARE_FAILED ? "Please try again in a moment." : message, kind: "error" });
    }
  };

  const copy = async () => {
    if (!state?.public) return;
    try {
      await navigator.clipboard.writeText(state.url);
      setNotice("Link copied. Paste it into a message to share the book.");
      toast.show({ title: "Link copied", kind: "success" });
    } catch {
      // No clipboard permission: select the link so it can be copied by hand.
      linkRef.current?.focus();
      linkRef.current?.select();
      setNotice("The link is selected: copy it with your device's Copy command.");
    }
  };

  const nativeShare = async () => {
    if (!state?.public) return;
    try {
      await navigator.share({ title, text: `Read "${title}", a StoryNest book`, url: state.url });
    } catch {
      /* the person closed the share sheet */
    }
  };

  const isPublic = Boolean(state?.public);
  const busy = phase === "saving" || phase === "loading";

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClass("secondary")} data-testid="share-open">
        <ShareIcon width={20} height={20} aria-hidden="true" />
        Share this book
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/40 backdrop-blur-[2px] transition-opacity starting:opacity-0" />
        <Dialog.Content
          aria-describedby={explainId}
          data-testid="share-dialog"
          className="fixed inset-x-3 bottom-3 z-[70] mx-auto max-h-[calc(100dvh-1.5rem)] max-w-lg overflow-y-auto rounded-3xl bg-paper p-6 shadow-2xl transition-[opacity,translate] starting:translate-y-4 starting:opacity-0 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2 sm:p-8 sm:starting:-translate-y-[45%]"
        >
          <div className="flex items-start gap-4">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-mint/50 text-ink">
              <ShareIcon width={26} height={26} aria-hidden="true" />
            </span>
            <Dialog.Title className="min-w-0 flex-1 self-center font-display text-2xl font-semibold text-ink">Share this book</Dialog.Title>
            <Dialog.Close className={`${iconButton} -mr-2`} aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>

          <div id={explainId} className="mt-4 space-y-2 text-ink-soft">
            <p>
              When you share, <strong className="text-ink">anyone with the link can read it</strong>: the words and the pictures of the book. The photo itself
              is never shown.
            </p>
            <p>
              The link is hard to guess and the book is not listed anywhere. You can stop sharing at any time; the link then stops working, and sharing again
              makes a new link.
            </p>
          </div>

          {phase === "loading" ? (
            <p className="mt-6 rounded-2xl bg-cream px-4 py-3 text-ink" role="status">
              Checking how this book is shared…
            </p>
          ) : phase === "error" ? (
            <div className="mt-6 rounded-2xl bg-red-50 px-4 py-3 text-red-800" role="alert">
              <p>{error}</p>
              <button type="button" className={cn(buttonClass("secondary", "sm"), "mt-3")} onClick={() => void load()}>
                Try again
              </button>
            </div>
          ) : (
            <>
              <div className="mt-6 flex items-center justify-between gap-4 rounded-2xl bg-cream px-4 py-3">
                <label htmlFor={switchId} className="font-semibold text-ink">
                  Anyone with the link can read it
                </label>
                <button
                  id={switchId}
                  type="button"
                  role="switch"
                  aria-checked={isPublic}
                  disabled={busy}
                  onClick={() => void change(!isPublic)}
                  data-testid="share-switch"
                  className={cn(
                    "relative inline-flex h-9 w-16 shrink-0 items-center rounded-full border-2 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum disabled:opacity-60",
                    isPublic ? "border-coral-dark bg-coral-dark" : "border-ink/30 bg-paper",
                  )}
                >
                  <span className="sr-only">{isPublic ? "On" : "Off"}</span>
                  <span
                    aria-hidden="true"
                    className={cn(
                      "inline-block size-6 rounded-full shadow transition-transform motion-reduce:transition-none",
                      isPublic ? "translate-x-8 bg-paper" : "translate-x-1 bg-ink/60",
                    )}
                  />
                </button>
              </div>

              {isPublic && state ? (
                <div className="mt-5" data-testid="share-link-box">
                  <label htmlFor={`${switchId}-link`} className="block font-semibold text-ink">
                    Link to the book
                  </label>
                  <div className="mt-2 flex flex-col gap-2 sm:flex-row">
                    <input
                      ref={linkRef}
                      id={`${switchId}-link`}
                      readOnly
                      value={state.url}
                      onFocus={(e) => e.currentTarget.select()}
                      data-testid="share-link"
                      className="min-h-12 w-full min-w-0 flex-1 rounded-2xl border-2 border-ink/15 bg-paper px-4 text-base text-ink focus-visible:border-plum focus-visible:outline-none"
                    />
                    <button type="button" className={buttonClass("primary")} onClick={() => void copy()}>
                      Copy link
                    </button>
                  </div>
                  <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                    <button type="button" className={buttonClass("secondary")} disabled={busy} onClick={() => void change(false)} data-testid="share-stop">
                      Stop sharing
                    </button>
                    {canNativeShare ? (
                      <button type="button" className={buttonClass("secondary")} onClick={() => void nativeShare()}>
                        Send with…
                      </button>
                    ) : null}
                  </div>
                </div>
              ) : null}

              {error ? (
                <p className="mt-4 rounded-2xl bg-red-50 px-4 py-3 text-red-800" role="alert">
                  {error}
                </p>
              ) : null}
            </>
          )}

          <p className="sr-only" role="status" aria-live="polite">
            {notice}
          </p>
          {notice ? (
            <p className="mt-4 text-base font-semibold text-ink" aria-hidden="true" data-testid="share-notice">
              {notice}
            </p>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
