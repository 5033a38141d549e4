import { Link } from "@remix-run/react";
import type { CreditsLink } from "~/domain/story/credits";
import { buttonClass } from "~/components/ui/Button";
import { RetryIcon } from "~/components/ui/icons";

/** A book that could not be finished: kind words, the reason, and Retry. */
export function FailedPanel({
  reason,
  retrying,
  retryError,
  onRetry,
}: {
  reason: string | null;
  retrying: boolean;
  /** `link`: where to get credits (sign up, or the credit packs) when that was the problem */
  retryError: { message: string; link?: CreditsLink } | null;
  onRetry(): void;
}) {
  return (
    <section aria-labelledby="failed-title" className="rounded-[2rem] bg-paper p-6 shadow-card ring-1 ring-ink/5 sm:p-8" data-testid="failed-panel">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <SleepyMoon />
        <div className="min-w-0 flex-1">
          <h2 id="failed-title" className="text-2xl font-semibold sm:text-[1.75rem]">
            We couldn&apos;t finish this book. You have not been charged.
          </h2>
          {reason ? <p className="mt-2 text-lg text-ink">{reason}</p> : null}
          <p className="mt-2 text-ink-soft">Press Retry and we&apos;ll start making it again. Credits are only used once, when the book is finished.</p>
          {retryError ? (
            <p role="alert" className="mt-4 rounded-2xl bg-peach px-4 py-3 text-ink">
              {retryError.message}
              {retryError.link ? (
                <>
                  {" "}
                  <Link to={retryError.link.url} className="font-bold text-coral-dark underline underline-offset-2">
                    {retryError.link.label}
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          <div className="mt-5 flex flex-wrap gap-3">
            <button type="button" onClick={onRetry} disabled={retrying} className={buttonClass("primary", "lg")}>
              <RetryIcon />
              {retrying ? "Starting again…" : "Retry"}
            </button>
            <Link to="/createstory" className={buttonClass("secondary", "lg")}>
              Start a new story
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function SleepyMoon() {
  return (
    <svg viewBox="0 0 96 96" className="size-20 shrink-0 sm:size-24" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="46" fill="#eee8fd" />
      <path d="M58 20a30 30 0 1 0 18 46A26 26 0 0 1 58 20z" fill="#ffc94d" />
      <path d="M40 50q4 3 8 0M54 56q4 3 8 0" stroke="#2b2542" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M44 64q6 4 12 0" stroke="#2b2542" strokeWidth="3" fill="none" strokeLinecap="round" />
      <text x="70" y="30" fontSize="14" fontWeight="700" fill="#5b3fa6" fontFamily="sans-serif">
        z
      </text>
      <text x="78" y="20" fontSize="10" fontWeight="700" fill="#5b3fa6" fontFamily="sans-serif">
        z
      </text>
    </svg>
  );
}
