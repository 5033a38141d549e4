import { Link, useActionData, useFetcher } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";
import { SendIcon, SpinnerIcon } from "~/components/ui/icons";
import type { BookView } from "~/domain/story/book-view";

/** The form's intent, read by the reader page's action. */
export const EMAIL_PDF_INTENT = "email-pdf";

/**
 * What the reader page's action answers to "E-mail me the PDF": where the link went (masked), or
 * why nothing was sent. The address is always the book's own (the account's confirmed address, or
 * the one a visitor left on the form), never one typed here.
 */
export type EmailPdfResult =
  | { intent: typeof EMAIL_PDF_INTENT; ok: true; maskedEmail: string; days: number }
  | { intent: typeof EMAIL_PDF_INTENT; ok: false; reason: "not-ready" | "no-address" | "failed"; message: string };

function isResult(value: unknown): value is EmailPdfResult {
  return typeof value === "object" && value !== null && (value as { intent?: unknown }).intent === EMAIL_PDF_INTENT;
}

const linkClass = "font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum";

/**
 * "E-mail me the PDF", beside "Download PDF": a real form posted to the reader page's action (so it
 * works before JavaScript loads; with JavaScript it posts in place), and the answer below the row.
 */
export function EmailPdf({ book }: { book: BookView }) {
  const fetcher = useFetcher<EmailPdfResult>();
  const posted = useActionData();
  const result = isResult(fetcher.data) ? fetcher.data : isResult(posted) ? posted : null;
  const busy = fetcher.state !== "idle";
  const here = `/youraistory/${book.bookId}`;
  return (
    <>
      <fetcher.Form method="post" action={here}>
        <input type="hidden" name="intent" value={EMAIL_PDF_INTENT} />
        <button type="submit" disabled={busy} className={buttonClass("secondary", "md")} data-testid="email-pdf">
          {busy ? <SpinnerIcon className="h-5 w-5" /> : <SendIcon className="h-5 w-5" />}
          {busy ? "Sending…" : "E-mail me the PDF"}
        </button>
      </fetcher.Form>
      <div role="status" aria-live="polite" className={result ? "flex basis-full justify-center" : "sr-only"} data-testid="email-pdf-status">
        {result ? (
          <p className={`max-w-lg rounded-2xl px-4 py-3 text-center text-ink ${result.ok ? "bg-mint/40" : "bg-peach"}`}>
            {result.ok ? (
              <>
                We&apos;ve e-mailed a download link to <strong className="break-words">{result.maskedEmail}</strong>
                {`. It works for ${result.days} days.`}
              </>
            ) : result.reason === "no-address" ? (
              <>
                There is no e-mail address for this book yet.{" "}
                <Link to={`/auth/login?redirectTo=${encodeURIComponent(here)}`} className={linkClass}>
                  Sign in
                </Link>{" "}
                or{" "}
                <Link to={`/auth/signup?redirectTo=${encodeURIComponent(here)}`} className={linkClass}>
                  create a free account
                </Link>{" "}
                to have it e-mailed to you.
              </>
            ) : (
              result.message
            )}
          </p>
        ) : null}
      </div>
    </>
  );
}
