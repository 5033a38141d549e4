import { Link } from "@remix-run/react";
import { useCallback, useEffect, useId, useState, type RefObject } from "react";
import { libraryCache } from "~/components/library/library-cache";
import { CloseIcon, ShareIcon } from "~/components/ui/icons";
import { iconButton } from "~/components/overlays/styles";
import { toast } from "~/components/overlays/toast";
import { fetchShareState, setShared, SHARE_FAILED, ShareError } from "~/components/share/share-api";
import { ShareWithFamily } from "~/components/social/ShareWithFamily";
import { useViewer } from "~/components/social/useViewer";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Modal } from "~/components/ui/Modal";
import type { BookView } from "~/domain/story/book-view";
import type { ShareState } from "~/domain/story/public-story";
import { PublicLinkPart } from "./PublicLinkPart";

type Phase = "loading" | "ready" | "saving" | "error";
const PRIVACY_SETTINGS = "/profile/privacy";

/**
 * Share (the dialog ShareControl opens, loaded when first wanted): two ways to share a finished book. "Share with family": by e-mail, with one
 * person signed in with that address, for a year (revocable). "Public link": anyone with the link
 * can read it (a new slug each time), while the parent's privacy settings allow public links.
 * Sharing needs an account; someone not signed in is asked to sign in.
 */
export function ShareDialog({
  book,
  open,
  setOpen,
  opener,
}: {
  book: BookView;
  open: boolean;
  setOpen(open: boolean): void;
  opener: RefObject<HTMLButtonElement>;
}) {
  const { signedIn, signIn } = useViewer();
  const [state, setState] = useState<ShareState | null>(null);
  const [phase, setPhase] = useState<Phase>("loading");
  const [error, setError] = useState<string | null>(null);
  const [blockedBy, setBlockedBy] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const explainId = useId();
  const titleId = useId();
  const title = book.title?.trim() || "this book";

  const load = useCallback(async () => {
    setPhase("loading");
    setError(null);
    try {
      const next = await fetchShareState(book.bookId);
      setState(next);
      // Public links turned off in the privacy settings: said before the switch is tried.
      if (next.publicSharingAllowed === false && signedIn) setBlockedBy(PRIVACY_SETTINGS);
      setPhase("ready");
    } catch (e) {
      setError(e instanceof ShareError ? e.message : SHARE_FAILED);
      setPhase("error");
    }
  }, [book.bookId, signedIn]);

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
      setPhase("ready");
      // Public links are off in the privacy settings: explained beside the switch, with the way to change it.
      if (e instanceof ShareError && e.status === 403 && e.settings) {
        setBlockedBy(e.settings);
        toast.show({ title: SHARE_FAILED, description: e.message, kind: "error" });
        return;
      }
      const message = e instanceof ShareError ? e.message : SHARE_FAILED;
      setError(message);
      toast.show({ title: SHARE_FAILED, description: message === SHARE_FAILED ? "Please try again in a moment." : message, kind: "error" });
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      labelledBy={titleId}
      describedBy={explainId}
      returnFocusTo={opener}
      data-testid="share-dialog"
      className="fixed inset-x-3 bottom-3 z-[70] mx-auto max-h-[calc(100dvh-1.5rem)] max-w-lg overflow-y-auto rounded-3xl bg-paper p-6 shadow-2xl transition-[opacity,translate] starting:translate-y-4 starting:opacity-0 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2 sm:p-8 sm:starting:-translate-y-[45%]"
    >
      <div className="flex items-start gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-mint/50 text-ink">
          <ShareIcon width={26} height={26} aria-hidden="true" />
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 self-center font-display text-2xl font-semibold text-ink">
          Share this book
        </h2>
        <button type="button" className={`${iconButton} -mr-2`} aria-label="Close" onClick={() => setOpen(false)}>
          <CloseIcon />
        </button>
      </div>

      <div id={explainId} className="mt-4 space-y-2 text-ink-soft">
        <p>
          Share with family by e-mail (only the person you name can read it), or make a public link:{" "}
          <strong className="text-ink">anyone with the link can read it</strong>. Either way they see the words and the pictures. The photo itself is never
          shown.
        </p>
        <p>You can stop sharing at any time; the link then stops working.</p>
      </div>

      {signedIn ? (
        <ShareWithFamily bookId={book.bookId} title={title} />
      ) : (
        <p className="mt-4">
          <Link
            to={signIn}
            className="inline-flex min-h-11 items-center font-semibold text-plum underline underline-offset-4"
            data-testid="share-family-sign-in"
          >
            Sign in to share with family
          </Link>
        </p>
      )}

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
          <PublicLinkPart
            state={state}
            busy={phase === "saving"}
            title={title}
            blockedBy={blockedBy}
            signedIn={signedIn}
            signIn={signIn}
            onChange={(makePublic) => void change(makePublic)}
            onNotice={setNotice}
          />
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
    </Modal>
  );
}
