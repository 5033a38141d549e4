import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";
import { LostIllustration } from "./lost-illustration";

const SUGGESTIONS = [
  { to: "/createstory", label: "Create a story", hint: "Make a book starring your child" },
  { to: "/real-stories", label: "Sample stories", hint: "See what a finished book looks like" },
  { to: "/blog", label: "Blog", hint: "Ideas for reading and bedtime" },
  { to: "/faq", label: "Questions and answers", hint: "Credits, photos, Nino and more" },
] as const;

/** The friendly not-found page (a 404 from the splat route, a loader or the root error boundary). */
export function NotFound() {
  return (
    <section className="mx-auto max-w-3xl px-4 pb-16 pt-10 text-center sm:px-6 sm:pt-14" aria-labelledby="not-found-title">
      <LostIllustration className="mx-auto w-full max-w-[22rem]" />
      <p className="mt-2 font-display text-lg font-semibold text-coral">Page not found</p>
      <h1 id="not-found-title" className="mt-1 text-4xl font-semibold sm:text-5xl">
        This page wandered off
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-ink-soft">
        We looked under every pillow and behind the bookshelf, but the page you asked for isn&apos;t here. The link may be old, or the address may have a small
        typo.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass("primary", "lg")}>
          Back to the home page
        </Link>
      </div>
      <h2 className="mt-12 font-display text-xl font-semibold">Or try one of these</h2>
      <ul className="mx-auto mt-4 grid max-w-2xl gap-3 text-left sm:grid-cols-2">
        {SUGGESTIONS.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              className="flex min-h-16 flex-col justify-center rounded-2xl bg-paper px-5 py-3 shadow-card transition hover:-translate-y-0.5 hover:shadow-lift"
            >
              <span className="font-bold text-ink">{s.label}</span>
              <span className="text-sm text-ink-soft">{s.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
