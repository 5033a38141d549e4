import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { dayLongMonthYear } from "~/domain/dates";
import { currencyName } from "~/domain/pricing/currency-names";
import { BASE_CURRENCY } from "~/domain/pricing/prices";
import { FreeBooksLine } from "./FreeBooksLine";
import { MarketPicker } from "./MarketPicker";
import type { PricingPageData } from "./page-data";
import { PlanCard } from "./PlanCard";

/** "14 November 2025" from "2025-11-14", the same on the server and in the browser. */
function longDate(day: string): string {
  return dayLongMonthYear(`${day}T12:00:00Z`) || day;
}

/** /pricing: the plans in the visitor's currency, what a credit buys, and the choice of country. */
export function PricingPage({ data }: { data: PricingPageData }) {
  const { market, plans } = data;
  const packs = plans.filter((p) => p.kind === "credit_pack");
  const monthly = plans.find((p) => p.kind === "subscription");
  return (
    <div className="relative overflow-x-clip">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
        <div className="absolute -left-24 -top-24 size-72 rounded-full bg-sun/25 blur-3xl" />
        <div className="absolute -right-20 top-48 size-80 rounded-full bg-lavender-soft blur-3xl" />
      </div>
      <div className="relative mx-auto max-w-6xl px-4 pb-16 pt-10 sm:px-6 sm:pt-14">
        <header className="max-w-3xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-paper px-4 py-1.5 text-sm font-bold text-plum shadow-card">
            <span aria-hidden="true">🪙</span> Prices in {currencyName(market.currencyCode)}
          </p>
          <h1 className="mt-5 text-[2.4rem] font-semibold leading-[1.08] tracking-tight sm:text-5xl">One credit makes one storybook</h1>
          <p className="mt-4 text-lg leading-relaxed text-ink-soft sm:text-xl">
            Each credit turns your child&apos;s name, favourite things and a little adventure into an illustrated book of their own. Buy a pack when you need
            one{monthly ? `, or get ${monthly.credits} credits every month` : ""}. Credits never expire.
          </p>
          <FreeBooksLine className="mt-5" />
        </header>

        {data.signedIn && data.balance !== null ? <Balance balance={data.balance} /> : null}

        <section aria-labelledby="plans-title" className="mt-12">
          <h2 id="plans-title" className="sr-only">
            Credit packs and the monthly plan
          </h2>
          <ul className={cn("grid gap-6 pt-2 sm:grid-cols-2", plans.length >= 4 ? "lg:grid-cols-4" : "lg:grid-cols-3")}>
            {[...packs, ...(monthly ? [monthly] : [])].map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </ul>
          <RatesNote data={data} />
        </section>

        <section aria-labelledby="country-title" className="mt-10 rounded-[1.75rem] bg-paper/80 p-5 shadow-card ring-1 ring-ink/5 sm:p-7">
          <h2 id="country-title" className="text-2xl font-semibold">
            Shopping from somewhere else?
          </h2>
          <p className="mt-1 max-w-2xl text-ink-soft">
            You&apos;re seeing prices for {market.name}. Choose your country to see every price in its own currency. We&apos;ll remember your choice on this
            device.
          </p>
          <div className="mt-4 max-w-xl">
            <MarketPicker current={market} idPrefix="pricing" />
          </div>
        </section>

        <CreditFacts monthlyCredits={monthly?.credits ?? null} payments={data.payments} />
      </div>
    </div>
  );
}

function Balance({ balance }: { balance: number }) {
  return (
    <p
      className="mt-8 inline-flex min-h-14 flex-wrap items-center gap-x-3 gap-y-1 rounded-3xl bg-mint-soft px-5 py-3 text-lg text-ink ring-1 ring-ink/5"
      data-testid="pricing-balance"
    >
      <span aria-hidden="true">📚</span>
      <span>
        You have <strong>{balance === 1 ? "1 credit" : `${balance} credits`}</strong>
        {balance > 0 ? `, enough for ${balance === 1 ? "1 book" : `${balance} books`}.` : "."}
      </span>
      <Link to="/createstory" className="inline-flex min-h-11 items-center font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum">
        Make a story
      </Link>
    </p>
  );
}

function RatesNote({ data }: { data: PricingPageData }) {
  const { currencyCode } = data.market;
  const currency = `${currencyName(currencyCode)} (${currencyCode})`;
  const whole = currencyCode === "JPY" || currencyCode === "KRW" ? " Yen and won are shown and charged in whole units." : "";
  return (
    <p className="mt-8 max-w-3xl text-[0.95rem] leading-relaxed text-ink-soft" data-testid="rates-note">
      {currencyCode === BASE_CURRENCY
        ? `Prices in ${currency}. The amount you pay is the amount shown.`
        : `Prices in ${currency}, converted from our US dollar prices at the exchange rates of ${longDate(data.ratesDate)} and rounded to a local price. The amount you pay is the amount shown.${whole}`}
    </p>
  );
}

const FACT_TINTS = ["bg-sun/35", "bg-mint/35", "bg-lavender/35", "bg-sky/30"] as const;

/** How a payment is taken, in words that are true for this deployment. */
const PAYMENT_WORDS: Record<"stripe" | "test" | "none", { title: string; text: string }> = {
  stripe: { title: "Paid for safely", text: "Payments are taken by Stripe, on Stripe's own checkout page. Your card details never reach StoryNest." },
  test: {
    title: "Test payments here",
    text: "This copy of StoryNest takes test payments on its own test checkout page: no real card works and no real money moves.",
  },
  none: { title: "Buying is paused", text: "Payments are not available on this site at the moment. Your credits and books are safe." },
};

function CreditFacts({ monthlyCredits, payments }: { monthlyCredits: number | null; payments: PricingPageData["payments"] }) {
  const paying = PAYMENT_WORDS[payments ?? "none"];
  const facts: { icon: string; title: string; text: ReactNode }[] = [
    {
      icon: "📖",
      title: "One credit, one book",
      text: "A credit makes one illustrated storybook starring your child. It is only used once your book is made: if anything goes wrong, it costs nothing.",
    },
    { icon: "⏳", title: "Credits never expire", text: "Keep them for birthdays, holidays and rainy afternoons. They wait for you, however long you take." },
    {
      icon: "🗓️",
      title: "The monthly plan",
      text: `${monthlyCredits ?? 4} credits each month. Cancel any time from My subscriptions: you keep your credits, and the plan ends at the end of the month you paid for.`,
    },
    { icon: "🔒", ...paying },
  ];
  return (
    <section aria-labelledby="facts-title" className="mt-14">
      <h2 id="facts-title" className="text-3xl font-semibold sm:text-4xl">
        What a credit buys
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {facts.map((f, i) => (
          <li key={f.title} className="flex gap-4 rounded-3xl bg-paper p-5 shadow-card ring-1 ring-ink/5">
            <span
              aria-hidden="true"
              className={cn("flex size-12 shrink-0 items-center justify-center rounded-2xl text-2xl", FACT_TINTS[i % FACT_TINTS.length])}
            >
              {f.icon}
            </span>
            <div>
              <h3 className="text-lg font-semibold">{f.title}</h3>
              <p className="mt-1 leading-relaxed text-ink-soft">{f.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <ButtonLink to="/createstory" size="lg">
          Make a story
        </ButtonLink>
        <ButtonLink to="/faq" size="lg" variant="secondary">
          Questions and answers
        </ButtonLink>
        <ButtonLink to="/returns" size="lg" variant="secondary">
          Refunds
        </ButtonLink>
      </div>
    </section>
  );
}
