import { Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { toast } from "~/components/overlays/toast";
import { cn } from "~/components/ui/cn";
import { REACTIONS, SOCIAL_ERRORS, type ReactionType, type ReactionsState } from "~/domain/social/social";
import { socialApi, SocialError, TRY_AGAIN, type SocialBook } from "./social-api";

const countText = (n: number) => `${n} ${n === 1 ? "reaction" : "reactions"}`;

/** The state with one reaction of the caller's turned on or off (counts never below 0). */
function toggled(s: ReactionsState, type: ReactionType, on: boolean): ReactionsState {
  if (s.mine.includes(type) === on) return s;
  const delta = on ? 1 : -1;
  return {
    counts: { ...s.counts, [type]: Math.max(0, (s.counts[type] ?? 0) + delta) },
    mine: on ? [...s.mine, type] : s.mine.filter((t) => t !== type),
    total: Math.max(0, s.total + delta),
  };
}

/**
 * The reactions under a book: one big button per kind (pressed when it is yours, with how many
 * people left it). A tap toggles it at once; the taps go to the server one after another, and the
 * server's state is shown once the last one is answered. A failure takes that tap back and says
 * so. Someone not signed in sees the counts and a link to sign in.
 */
export function ReactionBar({ book, initial, signedIn, signIn }: { book: SocialBook; initial: ReactionsState; signedIn: boolean; signIn: string }) {
  const [state, setState] = useState(initial);
  const [announce, setAnnounce] = useState("");
  const queue = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef(0);

  const toggle = (type: ReactionType) => {
    const on = !state.mine.includes(type);
    const label = REACTIONS.find((r) => r.type === type)?.label ?? type;
    setState((s) => toggled(s, type, on));
    waiting.current += 1;
    queue.current = queue.current.then(async () => {
      try {
        const next = await socialApi.react(book, type, on);
        if (waiting.current === 1) setState(next);
        setAnnounce(on ? `You reacted “${label}”.` : `Your “${label}” reaction is removed.`);
      } catch (e) {
        setState((s) => toggled(s, type, !on));
        toast.show({
          title: on ? SOCIAL_ERRORS.addReaction : SOCIAL_ERRORS.removeReaction,
          description: e instanceof SocialError ? e.message : TRY_AGAIN,
          kind: "error",
        });
      } finally {
        waiting.current -= 1;
      }
    });
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
                  onClick={() => toggle(r.type)}
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
