import { useState, useSyncExternalStore } from "react";
import { cn } from "~/components/ui/cn";
import { AlertIcon, RefreshIcon, SpinnerIcon, WifiOffIcon } from "~/components/ui/icons";
import { canRetry, classifyLoadError, initialRetry, LOAD_ERROR_TEXT, MAX_RETRIES, registerRetry, resetRetry, retryLabel } from "./retry";
import { softButton, strongButton } from "./styles";

function subscribeOnline(cb: () => void) {
  window.addEventListener("online", cb);
  window.addEventListener("offline", cb);
  return () => {
    window.removeEventListener("online", cb);
    window.removeEventListener("offline", cb);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The retry box for content that failed to load. Try Again runs `onRetry` and counts
 * 'Retry attempt {n} of {max}'; once the retries are used up it offers Reset, which starts the count
 * over and tries once more.
 */
export function RetryBox({
  error,
  onRetry,
  busy = false,
  max = MAX_RETRIES,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  busy?: boolean;
  max?: number;
  className?: string;
}) {
  const [retry, setRetry] = useState(() => initialRetry(max));
  const online = useOnline();
  const kind = classifyLoadError(error, online);
  const text = LOAD_ERROR_TEXT[kind];
  const label = retryLabel(retry);
  const more = canRetry(retry);

  const tryAgain = () => {
    setRetry(registerRetry);
    onRetry();
  };
  const reset = () => {
    setRetry(resetRetry);
    onRetry();
  };

  return (
    <div
      data-testid="retry-box"
      data-kind={kind}
      aria-busy={busy}
      className={cn("rounded-3xl border-2 border-dashed border-ink/15 bg-paper px-5 py-6 text-center sm:px-8", className)}
    >
      <span
        className={cn(
          "mx-auto inline-flex size-12 items-center justify-center rounded-2xl",
          kind === "network" ? "bg-sun/40 text-[#7a4d00]" : "bg-coral/15 text-coral-dark",
        )}
      >
        {kind === "network" ? <WifiOffIcon width={26} height={26} /> : <AlertIcon width={26} height={26} />}
      </span>
      <p role="alert" className="mx-auto mt-3 max-w-md text-ink">
        <strong className="font-display text-lg font-semibold">{text.title}:</strong> {text.body}
      </p>
      <p role="status" className="mt-2 text-sm font-semibold text-ink-soft">
        {busy ? "Trying again…" : label}
      </p>
      {!more && !busy ? <p className="mt-1 text-sm text-ink-soft">We tried {max} times. Reset to start over.</p> : null}
      <div className="mt-4 flex justify-center">
        {more ? (
          <button type="button" onClick={tryAgain} disabled={busy} className={strongButton("md")}>
            {busy ? <SpinnerIcon width={18} height={18} /> : <RefreshIcon width={18} height={18} />}
            Try Again
          </button>
        ) : (
          <button type="button" onClick={reset} disabled={busy} className={softButton("md")}>
            Reset
          </button>
        )}
      </div>
    </div>
  );
}
