import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { toast } from "~/components/overlays/toast";
import { buttonClass } from "~/components/ui/Button";
import { SOCIAL_ERRORS, type ShareView } from "~/domain/social/social";
import { socialApi, SocialError, TRY_AGAIN } from "./social-api";

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const dayText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : dayFormat.format(d);
};

/**
 * "Share with family", inside the reader's Share dialog: the owner types an e-mail address; that
 * person (signed in with it) can read the book for a year. The list shows every share with its
 * expiry, and Revoke ends one at once.
 */
export function ShareWithFamily({ bookId, title }: { bookId: string; title: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [shares, setShares] = useState<ShareView[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const [revoking, setRevoking] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(false);
    try {
      setShares((await socialApi.shares(bookId)).shares);
    } catch {
      setLoadError(true);
    }
  }, [bookId]);
  useEffect(() => void load(), [load]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!inputRef.current?.checkValidity() || !email.trim()) {
      setError("Please enter a valid e-mail address.");
      inputRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    setNotice("");
    try {
      const answer = await socialApi.share(bookId, email.trim());
      setEmail("");
      setShares((list) => [answer.share, ...(list ?? []).filter((s) => s.id !== answer.share.id)]);
      const until = dayText(answer.share.expiresAt);
      setNotice(
        answer.recipient
          ? `${answer.recipient.name} has StoryNest: “${title}” is in their library now, until ${until}.`
          : `We've e-mailed them a link. They can read “${title}” until ${until}, after signing in with ${answer.share.email}.`,
      );
    } catch (e) {
      const why = e instanceof SocialError ? e.message : TRY_AGAIN;
      setError(why);
      toast.show({ title: SOCIAL_ERRORS.share, description: why, kind: "error" });
      inputRef.current?.focus();
    } finally {
      setSending(false);
    }
  };

  const revoke = async (share: ShareView) => {
    setRevoking(share.id);
    try {
      await socialApi.revoke(bookId, share.id);
      setShares((list) => (list ?? []).filter((s) => s.id !== share.id));
      setNotice(`Sharing with ${share.email} stopped. Their link no longer opens the book.`);
    } catch (e) {
      toast.show({ title: "Failed to stop sharing", description: e instanceof SocialError ? e.message : TRY_AGAIN, kind: "error" });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 border-t-2 border-ink/10 pt-6" data-testid="share-family">
      <h3 id={`${id}-title`} className="font-display text-xl font-semibold text-ink">
        Share with family
      </h3>
      <p className="mt-1 text-ink-soft">
        Only the person you name can read it, for a year. We e-mail them a link that opens the book and signs them in with that address: no password to choose.
      </p>
      <form onSubmit={(e) => void submit(e)} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-email`} className="block font-semibold text-ink">
            Their e-mail address
          </label>
          <input
            ref={inputRef}
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="off"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-1.5 block min-h-12 w-full rounded-2xl border-2 border-ink/15 bg-paper px-4 text-base text-ink focus-visible:border-plum focus-visible:outline-none"
            data-testid="share-family-email"
          />
        </div>
        <button type="submit" className={buttonClass("primary")} disabled={sending} data-testid="share-family-send">
          {sending ? "Sharing…" : "Share"}
        </button>
      </form>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 rounded-2xl bg-red-50 px-4 py-3 text-red-800">
          {error}
        </p>
      ) : null}
      <p className="mt-2 font-semibold text-ink" role="status" aria-live="polite" data-testid="share-family-notice">
        {notice}
      </p>

      {loadError ? (
        <p className="mt-3 text-ink-soft">
          The people you shared with could not be listed just now.{" "}
          <button type="button" className="font-semibold text-plum underline underline-offset-4" onClick={() => void load()}>
            Try again
          </button>
        </p>
      ) : shares && shares.length ? (
        <>
          <h4 className="mt-4 font-semibold text-ink">Shared with</h4>
          <ul className="mt-2 space-y-2" data-testid="share-family-list">
            {shares.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-cream px-4 py-2" data-testid="share-family-item">
                <span className="min-w-0 break-all">
                  <span className="font-semibold text-ink">{s.email}</span>
                  <span className="block text-sm text-ink-soft">
                    {s.status === "live" ? `Until ${dayText(s.expiresAt)}` : `Expired on ${dayText(s.expiresAt)}`}
                  </span>
                </span>
                {s.status === "live" ? (
                  <button type="button" className={buttonClass("secondary", "sm")} disabled={revoking === s.id} onClick={() => void revoke(s)}>
                    {revoking === s.id ? "Revoking…" : "Revoke"}
                    <span className="sr-only">{` sharing with ${s.email}`}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
