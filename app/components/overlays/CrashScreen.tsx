import { useLocation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { buildReport, clientErrorId, reportClientError } from "./error-report";
import { CheckIcon } from "~/components/ui/icons";
import { softButton, strongButton } from "./styles";

/**
 * The crash screen: 'Oops! Something went wrong...', 'Our team has been notified.',
 * Try Again, Go Back, Home, and an error id.
 *
 * `serverErrorId` is the id of the request whose error the server already logged (the root loader's
 * requestId, also the x-request-id header). Without it the error happened in the browser: the screen
 * makes an id and reports it to POST /api/client-errors, which logs it under the same id.
 */
export function CrashScreen({ error, serverErrorId }: { error: unknown; serverErrorId?: string }) {
  const location = useLocation();
  const errorId = useMemo(() => serverErrorId ?? clientErrorId(error), [serverErrorId, error]);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!serverErrorId) reportClientError(buildReport(errorId, error, location.pathname));
    // Report once per id; the path is the page that crashed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorId, serverErrorId]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [errorId]);

  const here = `${location.pathname}${location.search}`;
  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else window.location.assign("/");
  };

  return (
    <section aria-labelledby="crash-title" data-testid="crash-screen" className="px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-xl rounded-[2rem] border border-ink/10 bg-paper px-6 py-10 text-center shadow-[0_12px_40px_rgba(43,37,66,0.10)] sm:px-12">
        <TumbledBooks />
        <h1 id="crash-title" ref={headingRef} tabIndex={-1} className="mt-6 font-display text-3xl font-semibold text-ink outline-none sm:text-4xl">
          Oops! Something went wrong...
        </h1>
        <p className="mt-3 text-lg text-ink">Our team has been notified.</p>
        <p className="mt-1 text-ink-soft">You can try again, go back to where you were, or start fresh from the home page.</p>

        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {/* Links work even before the page's JavaScript has loaded. */}
          <a href={here} className={strongButton("lg")}>
            Try Again
          </a>
          <button type="button" onClick={goBack} className={softButton("lg")}>
            Go Back
          </button>
          <a href="/" className={softButton("lg")}>
            Home
          </a>
        </div>

        <ErrorId id={errorId} />
      </div>
    </section>
  );
}

function ErrorId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), 2_000);
    return () => window.clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
    } catch {
      /* clipboard refused: the id stays selectable */
    }
  };
  return (
    <div className="mt-8 rounded-2xl bg-cream px-4 py-3 text-sm text-ink-soft">
      <p className="text-balance">If you write to us, please include this error id:</p>
      <div className="mt-2 flex flex-wrap items-center justify-center gap-2">
        <code data-testid="error-id" className="rounded-lg bg-paper px-2 py-1 font-mono text-[0.8rem] break-all text-ink select-all">
          {id}
        </code>
        <button
          type="button"
          onClick={copy}
          className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-plum hover:bg-lavender/25 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum"
        >
          {copied ? (
            <>
              <CheckIcon width={16} height={16} /> Copied
            </>
          ) : (
            "Copy id"
          )}
        </button>
      </div>
      <span role="status" className="sr-only">
        {copied ? "Error id copied" : ""}
      </span>
    </div>
  );
}

/** A little stack of storybooks that has toppled over, with a star still twinkling. */
function TumbledBooks() {
  return (
    <svg viewBox="0 0 200 120" className="mx-auto h-28 w-auto sm:h-32" aria-hidden="true" focusable="false">
      <ellipse cx="100" cy="108" rx="78" ry="8" fill="#2b2542" opacity="0.08" />
      <g transform="rotate(-8 70 92)">
        <rect x="28" y="80" width="92" height="20" rx="5" fill="#7cc6f2" />
        <rect x="28" y="80" width="12" height="20" rx="4" fill="#5b9fc8" />
        <rect x="48" y="86" width="60" height="3" rx="1.5" fill="#fff" opacity="0.7" />
      </g>
      <g transform="rotate(14 128 76)">
        <rect x="92" y="62" width="84" height="20" rx="5" fill="#b9a6f2" />
        <rect x="164" y="62" width="12" height="20" rx="4" fill="#9682d6" />
        <rect x="102" y="68" width="52" height="3" rx="1.5" fill="#fff" opacity="0.7" />
      </g>
      <g transform="rotate(-24 86 52)">
        <path d="M58 46 q14 -8 28 0 q14 -8 28 0 v22 q-14 -8 -28 0 q-14 -8 -28 0z" fill="#fff" stroke="#e85d3f" strokeWidth="3" strokeLinejoin="round" />
        <path d="M86 46 v22" stroke="#e85d3f" strokeWidth="3" />
      </g>
      <path
        d="M160 20 l3.5 7.5 8 1 -6 5.5 1.6 8 -7.1 -4 -7.1 4 1.6 -8 -6 -5.5 8 -1z"
        fill="#ffc94d"
        stroke="#e0a21f"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <circle cx="40" cy="30" r="3" fill="#8fd9b6" />
      <circle cx="134" cy="18" r="2.2" fill="#e85d3f" opacity="0.7" />
    </svg>
  );
}
