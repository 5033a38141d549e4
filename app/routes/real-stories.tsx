import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { Nino } from "~/components/layout/illustrations";
import { SampleCardView } from "~/components/share/SampleCard";
import { buttonClass } from "~/components/ui/Button";
import { pageMeta } from "~/domain/content/meta";

/** While samples are still being drawn the page looks again this often. */
export const SAMPLES_REFRESH_MS = 8000;

export async function loader({ context }: LoaderFunctionArgs) {
  const { samples } = context.services;
  let books = await samples.list();
  // A fresh server: write the sample rows now (and start the first one) so the page is never empty.
  if (books.length === 0) books = (await samples.ensure()).books;
  const drawing = books.some((b) => b.status !== "complete");
  // Keep the next sample moving without making this visitor wait for it.
  if (drawing)
    context.waitUntil(
      samples.ensure().then(
        () => undefined,
        (error: unknown) => context.log.error("ensureSampleBooks failed", { error }),
      ),
    );
  return { books, drawing };
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? "public, max-age=60" });

export const meta: MetaFunction = () =>
  pageMeta(
    "Sample stories",
    "Read finished StoryNest books: personalised, illustrated stories across adventure, space, animals, fantasy and the ocean, each 24 pages long.",
  );

export default function RealStories() {
  const { books, drawing } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!drawing) return;
    const t = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, SAMPLES_REFRESH_MS);
    return () => window.clearInterval(t);
  }, [drawing, revalidator]);
  const ready = books.filter((b) => b.status === "complete").length;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
      <header className="mx-auto max-w-3xl text-center">
        <p className="font-display text-lg font-semibold text-coral-dark">Sample stories</p>
        <h1 className="mt-1 text-4xl font-semibold leading-tight sm:text-5xl">See what a StoryNest book looks like</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-ink-soft">
          Each of these books was written and illustrated by StoryNest from a few details about a child, just as yours would be. Open one and turn the pages, or
          let the reader read it aloud.
        </p>
        {drawing ? (
          <p className="mt-4 text-base text-ink-soft" role="status" data-testid="samples-status">
            {ready} of {books.length} books are ready; the rest are being drawn right now and appear here as they finish.
          </p>
        ) : null}
      </header>

      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Sample books" data-testid="sample-books">
        {books.map((b) => (
          <li key={b.bookId}>
            <SampleCardView book={b} />
          </li>
        ))}
      </ul>

      <aside
        aria-labelledby="your-own"
        className="mx-auto mt-14 flex max-w-3xl flex-col items-center gap-4 rounded-[1.75rem] bg-paper p-6 text-center shadow-card ring-1 ring-ink/5 sm:flex-row sm:p-8 sm:text-left"
      >
        <Nino className="w-24 shrink-0" aria-hidden="true" />
        <div className="flex-1">
          <h2 id="your-own" className="font-display text-2xl font-semibold">
            Ready to make one with your child as the hero?
          </h2>
          <p className="mt-2 text-lg text-ink-soft">Pick a theme, add their name and a few favourite things. Your book is ready in a few minutes.</p>
        </div>
        <Link to="/createstory" className={buttonClass("primary", "lg")}>
          Make a book
        </Link>
      </aside>
    </div>
  );
}
