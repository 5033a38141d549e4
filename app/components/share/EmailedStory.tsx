import { Link } from "@remix-run/react";
import { LostIllustration, Nino } from "~/components/layout/illustrations";
import { buttonClass } from "~/components/ui/Button";

/**
 * The parts of /read/{token}, the read-only copy of a book opened from its story e-mail: the banner
 * that says what this copy is and until when the link works, the invitation to make a book and keep
 * books in an account, and the page for a link that no longer opens anything.
 */

export function EmailedBanner({ title, until }: { title: string; until: string }) {
  return (
    <p className="mx-auto mb-6 flex max-w-[64rem] items-start gap-3 rounded-3xl bg-sky/25 px-5 py-4 text-ink ring-1 ring-ink/5" data-testid="read-link-banner">
      <span aria-hidden="true" className="text-xl leading-none">
        ✉️
      </span>
      <span>
        A read-only copy of <strong className="font-bold">{title}</strong>
        {`, shared with you by e-mail. The link works until ${until}.`}
      </span>
    </p>
  );
}

export function KeepYourBooks() {
  return (
    <aside
      aria-labelledby="keep-your-books"
      className="mx-auto mt-10 flex max-w-[64rem] flex-col items-center gap-5 rounded-[1.75rem] bg-paper p-6 text-center shadow-card ring-1 ring-ink/5 sm:flex-row sm:p-8 sm:text-left"
      data-testid="keep-your-books"
    >
      <Nino className="w-24 shrink-0 sm:w-28" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="keep-your-books" className="font-display text-2xl font-semibold">
          Keep your books, or make another
        </h2>
        <p className="mt-2 text-lg text-ink-soft">
          With a free account, every book you make stays on your shelf on any device, and we e-mail you when each one is ready. Or make a new story now: it
          takes a few minutes.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:items-end">
        <Link to="/createstory" className={buttonClass("primary", "lg")}>
          Make a story
        </Link>
        <Link to="/auth/signup" className="min-h-11 content-center px-2 font-semibold text-plum underline underline-offset-4 hover:text-coral-dark">
          Create a free account
        </Link>
      </div>
    </aside>
  );
}

export function LinkNotWorking({ days }: { days: number }) {
  return (
    <section className="mx-auto max-w-3xl px-4 pb-16 pt-10 text-center sm:px-6 sm:pt-14" aria-labelledby="read-link-title">
      <LostIllustration className="mx-auto w-full max-w-[18rem]" />
      <h1 id="read-link-title" className="mt-4 text-4xl font-semibold sm:text-5xl">
        This reading link no longer works
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-ink-soft">
        {`The link from the e-mail has expired, or the book was deleted. Links to read a book work for ${days} days. If you made the book in this browser, it is still on your shelf; with a free account, your books stay with you on any device.`}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass("primary", "lg")}>
          Back to the home page
        </Link>
        <Link to="/library" className={buttonClass("secondary", "lg")}>
          Your books
        </Link>
      </div>
    </section>
  );
}
