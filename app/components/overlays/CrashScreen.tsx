import { useMemo } from "react";

/** The crash screen (spec point 8): Try Again, Go Back, Home, plus an error id. */
export function CrashScreen({ error, serverErrorId }: { error: unknown; serverErrorId?: string }) {
  const errorId = useMemo(() => serverErrorId ?? crypto.randomUUID(), [serverErrorId]);
  void error;
  return (
    <section role="alert" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-semibold">Oops! Something went wrong...</h1>
      <p className="mt-3 text-lg text-ink-soft">Our team has been notified.</p>
      <p className="mt-2 text-sm text-ink-soft">
        Error id: <code data-testid="error-id">{errorId}</code>
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className="rounded-full bg-coral px-6 py-3 font-semibold text-white">
          Try Again
        </button>
        <button type="button" onClick={() => window.history.back()} className="rounded-full border border-ink/20 px-6 py-3 font-semibold">
          Go Back
        </button>
        <a href="/" className="rounded-full border border-ink/20 px-6 py-3 font-semibold">
          Home
        </a>
      </div>
    </section>
  );
}
