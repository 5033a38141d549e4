import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { dateText } from "~/domain/auth/account-pages";
import { creditsText, signedCredits, storybooksText, type CreditLine } from "~/domain/pricing/orders";

/** The balance, big: how many credits and how many storybooks they make, and the ways on. */
export function BalanceCard({ balance }: { balance: number }) {
  return (
    <section aria-labelledby="balance-title" className="rounded-[2rem] bg-paper p-6 shadow-card ring-1 ring-ink/5 sm:p-8" data-testid="credit-balance">
      <h2 id="balance-title" className="text-3xl font-semibold leading-tight text-ink sm:text-4xl">
        You have <span className="text-plum">{creditsText(balance)}</span>: {storybooksText(Math.max(0, balance))}
      </h2>
      <p className="mt-2 text-lg text-ink-soft">One credit makes one storybook.</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/pricing" className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
          Get more credits
        </Link>
        <Link to="/myorders" className={buttonClass("secondary", "lg", "w-full sm:w-auto")}>
          My orders
        </Link>
      </div>
    </section>
  );
}

/** The credit history, newest first: what happened in words, when, and the change with its sign. */
export function CreditHistory({ lines, limited }: { lines: CreditLine[]; limited: boolean }) {
  return (
    <section aria-labelledby="history-title" className="mt-6 rounded-[2rem] bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-8">
      <h2 id="history-title" className="text-2xl font-semibold text-ink">
        History
      </h2>
      {lines.length === 0 ? (
        <p className="mt-3 text-lg text-ink-soft" data-testid="history-empty">
          Nothing yet: credits you get and spend will show here.
        </p>
      ) : (
        <>
          <p className="mt-1 text-ink-soft">{limited ? `The latest ${lines.length} changes, newest first.` : "Every change, newest first."}</p>
          <ol className="mt-4 divide-y divide-ink/10" data-testid="credit-history">
            {lines.map((line) => (
              <li key={line.id} className="flex items-center gap-4 py-3.5" data-testid="history-line">
                <span
                  className={cn(
                    "flex h-11 min-w-14 shrink-0 items-center justify-center rounded-2xl px-2 text-lg font-bold tabular-nums",
                    line.delta > 0 ? "bg-mint-soft text-ink" : "bg-peach text-coral-dark",
                  )}
                >
                  <span className="sr-only">{line.delta > 0 ? "added " : "spent or taken back "}</span>
                  {signedCredits(line.delta)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-ink">{line.words}</span>
                  <span className="block text-sm text-ink-soft">
                    {dateText(line.createdAt)}
                    {line.orderId ? (
                      <>
                        {" · "}
                        <Link to={`/order/${line.orderId}`} className="font-semibold text-plum underline underline-offset-4 hover:text-ink">
                          See the order
                        </Link>
                      </>
                    ) : null}
                    {line.bookId ? (
                      <>
                        {" · "}
                        <Link to={`/youraistory/${line.bookId}`} className="font-semibold text-plum underline underline-offset-4 hover:text-ink">
                          Open the book
                        </Link>
                      </>
                    ) : null}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
