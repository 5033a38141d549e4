import { Link } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { toast } from "~/components/overlays/toast";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import type { ShareState } from "~/domain/story/public-story";

const linkClass = "font-semibold text-plum underline underline-offset-4 hover:text-coral-dark";

/**
 * The public link inside the Share dialog: the switch, and while the book is public its link to
 * copy or send, and "Stop sharing". While the parent's privacy settings turn public links off, the
 * switch's refusal is explained with a link to those settings. Someone not signed in cannot make a
 * new public link (they can still stop one made before).
 */
export function PublicLinkPart({
  state,
  busy,
  title,
  blockedBy,
  signedIn,
  signIn,
  onChange,
  onNotice,
}: {
  state: ShareState | null;
  busy: boolean;
  title: string;
  /** the settings page named by a refusal (public links are off), or null */
  blockedBy: string | null;
  signedIn: boolean;
  signIn: string;
  onChange: (makePublic: boolean) => void;
  onNotice: (text: string) => void;
}) {
  const switchId = useId();
  const linkRef = useRef<HTMLInputElement>(null);
  const [canNativeShare] = useState(() => typeof navigator !== "undefined" && typeof navigator.share === "function");
  const isPublic = Boolean(state?.public);

  const copy = async () => {
    if (!state?.public) return;
    try {
      await navigator.clipboard.writeText(state.url);
      onNotice("Link copied. Paste it into a message to share the book.");
      toast.show({ title: "Link copied", kind: "success" });
    } catch {
      // No clipboard permission: select the link so it can be copied by hand.
      linkRef.current?.focus();
      linkRef.current?.select();
      onNotice("The link is selected: copy it with your device's Copy command.");
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

  if (!signedIn && !isPublic) {
    return (
      <div className="mt-6 rounded-2xl bg-cream px-4 py-3 text-ink" data-testid="share-sign-in">
        <p>Sharing needs a free StoryNest account, so you can see and stop every share later.</p>
        <Link to={signIn} className={cn(buttonClass("primary", "sm"), "mt-3")}>
          Sign in to share
        </Link>
      </div>
    );
  }

  return (
    <>
      <h3 className="mt-6 font-display text-xl font-semibold text-ink">Public link</h3>
      <div className="mt-2 flex items-center justify-between gap-4 rounded-2xl bg-cream px-4 py-3">
        <label htmlFor={switchId} className="font-semibold text-ink">
          Anyone with the link can read it
        </label>
        <button
          id={switchId}
          type="button"
          role="switch"
          aria-checked={isPublic}
          aria-describedby={blockedBy ? `${switchId}-blocked` : undefined}
          disabled={busy || (!isPublic && (!signedIn || Boolean(blockedBy)))}
          onClick={() => onChange(!isPublic)}
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

      {blockedBy && !isPublic ? (
        <p id={`${switchId}-blocked`} className="mt-3 rounded-2xl bg-sun-soft px-4 py-3 text-ink" data-testid="share-public-off">
          Public links are turned off in your privacy settings, so this book can only be shared with family by e-mail. To make public links, turn on “Allow
          public links” in{" "}
          <Link to={blockedBy} className={linkClass}>
            your privacy settings
          </Link>
          .
        </p>
      ) : null}

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
            <button type="button" className={buttonClass("secondary")} disabled={busy} onClick={() => onChange(false)} data-testid="share-stop">
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
    </>
  );
}
