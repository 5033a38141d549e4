import { Link } from "@remix-run/react";
import { dayLongMonth } from "~/domain/dates";
import type { SharedWithMe } from "~/domain/social/social";

/** "5 September": the same text on the server and in the browser (UTC), without making a date formatter (app/domain/dates.ts). */
const until = dayLongMonth;

/**
 * "Shared with me" on /library: the books family members shared with the signed-in parent's
 * address, newest first, each while its share is live (a year).
 */
export function SharedWithMeList({ books }: { books: SharedWithMe[] }) {
  if (!books.length) return null;
  return (
    <section aria-labelledby="shared-with-me" className="mt-8" data-testid="shared-with-me">
      <h2 id="shared-with-me" className="font-display text-2xl font-semibold text-ink">
        Shared with me
      </h2>
      <p className="mt-1 text-ink-soft">
        Books your family shared with you. Each one can be read for a year after it was shared, unless the family member stops sharing it.
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {books.map((b) => (
          <li key={b.code}>
            <Link
              to={`/shared/${b.code}`}
              className="group flex h-full gap-4 rounded-3xl bg-paper p-3 shadow-card ring-1 ring-ink/5 transition-colors hover:bg-cream focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum"
              data-testid="shared-with-me-book"
            >
              {b.coverUrl ? (
                <img src={b.coverUrl} alt="" width={96} height={96} loading="lazy" className="size-24 shrink-0 rounded-2xl object-cover object-top" />
              ) : (
                <span aria-hidden="true" className="flex size-24 shrink-0 items-center justify-center rounded-2xl bg-sky-soft text-4xl">
                  📖
                </span>
              )}
              <span className="min-w-0 self-center">
                <span className="block font-display text-lg font-semibold leading-snug text-ink group-hover:text-coral-dark">{b.title}</span>
                <span className="mt-1 block text-sm text-ink-soft">{`Made for ${b.childName} · shared by ${b.sharedByName}`}</span>
                <span className="mt-1 block text-sm font-semibold text-plum">{`Until ${until(b.expiresAt)}`}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
