import { Link } from "@remix-run/react";
import { useState } from "react";
import { toast } from "~/components/overlays/toast";
import { cn } from "~/components/ui/cn";
import { REACTIONS, SOCIAL_ERRORS, type ReactionType, type ReactionsState } from "~/domain/social/social";
import { socialApi, SocialError, TRY_AGAIN } from "./social-api";

const countText = (n: number) => `${n} ${n === 1 ? "reaction" : "reactions"}`;

/**
 * The reactions under a book: one big button per kind (pressed when it is yours, with how many
 * people left it). A tap toggles it at once and the server's answer follows; a failure puts it back
 * and says so. Someone not signed in sees the counts and a link to sign in.
 */
export function ReactionBar({
  bookId,
  state,
  onChange,
  signedIn,
  signIn,
}: {
  bookId: string;
  state: ReactionsState;
  onChange: (next: ReactionsState) => void;
  signedIn: boolean;
  signIn: string;
}) {
  const [busy, setBusy] = useState<ReactionType | null>(null);
  const [announce, setAnnounce] = useState("");

  const toggle = async (type: ReactionType) => {
    if (busy) return;
    const on = !state.mine.includes(type);
    const before = state;
    const delta = on ? 1 : -1;
    onChange({
      counts: { ...state.counts, [type]: Math.max(0, state.counts[type] + delta) },
      mine: on ? [...state.mine, type] : state.mine.filter((t) => t !== type),
      total: Math.max(0, state.total + delta),
    });
    setBusy(type);
    try {
      const next = await socialApi.react(bookId, type, on);
      onChange(next);
      const label = REACTIONS.find((r) => r.type === type)?.label ?? type;
      setAnnounce(on ? `You reacted “${label}”.` : `Your “${label}” reaction is removed.`);
    } catch (e) {
      onChange(before);
      toast.show({
        title: on ? SOCIAL_ERRORS.addReaction : SOCIAL_ERRORS.removeReaction,
        description: e instanceof SocialError ? e.message : TRY_AGAIN,
        kind: "error",
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="reaction-bar">
      <h3 className="sr-only">Reactions</h3>
      <p className="text-sm font-semibold text-ink-soft" data-testid="reaction-total">
        {state.total ? countText(state.total) : "No reactions yet"}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Reactions">
        {REACTIONS.map((r) => {
          const mine = state.mine.includes(r.type);
          const count = state.counts[r.type] ?? 0;
          const content = (
            <>
              <span aria-hidden="true" className="text-2xl leading-none">
                {r.emoji}
              </span>
              <span>{r.label}</span>
              <span
                className={cn("min-w-6 rounded-full px-2 text-sm tabular-nums", mine ? "bg-paper/25" : "bg-ink/10")}
                data-testid={`reaction-count-${r.type}`}
              >
                {count}
              </span>
            </>
          );
          return (
            <li key={r.type}>
              {signedIn ? (
                <button
                  type="button"
                  aria-pressed={mine}
                  aria-label={`${r.label}: ${count}`}
                  disabled={busy === r.type}
                  onClick={() => void toggle(r.type)}
                  data-testid={`reaction-${r.type}`}
                  className={cn(
                    "inline-flex min-h-12 items-center gap-2 rounded-full border-2 px-4 font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum disabled:opacity-70",
                    mine ? "border-plum bg-plum text-white" : "border-ink/15 bg-paper text-ink hover:border-ink/30 hover:bg-cream",
                  )}
                >
                  {content}
                </button>
              ) : (
                <span
                  className="inline-flex min-h-12 items-center gap-2 rounded-full border-2 border-ink/10 bg-paper px-4 font-semibold text-ink"
                  data-testid={`reaction-${r.type}`}
                >
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {signedIn ? null : (
        <p className="mt-3">
          <Link
            to={signIn}
            className="inline-flex min-h-11 items-center font-semibold text-plum underline underline-offset-4 hover:text-coral-dark"
            data-testid="reaction-sign-in"
          >
            Sign in to react
          </Link>
        </p>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
