import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { CheckIcon, StarIcon } from "~/components/ui/icons";
import { checkoutUrl, type PlanOffer } from "./page-data";

const credits = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;
const books = (n: number) => `${n} storybook${n === 1 ? "" : "s"}`;

/** The few lines under a plan's price: what it gives, in plain words. */
function planPoints(plan: PlanOffer): string[] {
  if (plan.kind === "subscription") {
    return [`${credits(plan.credits)} every month`, "Unused credits stay yours", "Cancel any time"];
  }
  return [`${credits(plan.credits)}: ${books(plan.credits)}`, "Credits never expire", "Pay once, no subscription"];
}

/** One plan: its name, what it gives, its price in the visitor's currency, the price of a book in it, and the way to buy it. */
export function PlanCard({ plan }: { plan: PlanOffer }) {
  const monthly = plan.kind === "subscription";
  const titleId = `plan-${plan.id}`;
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-[1.75rem] bg-paper p-6 shadow-card",
        plan.popular ? "ring-3 ring-coral lg:-my-3 lg:py-9" : "ring-1 ring-ink/5",
      )}
      data-testid="plan"
      data-plan={plan.id}
    >
      {plan.popular ? (
        <p className="absolute -top-4 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 whitespace-nowrap rounded-full bg-coral px-4 py-1.5 text-sm font-bold text-white shadow-card">
          <StarIcon className="size-4 text-sun" />
          Most popular
        </p>
      ) : null}
      <h3 id={titleId} className="text-2xl font-semibold lg:text-[1.35rem]">
        {plan.name}
      </h3>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-1.5">
        <span className="font-display text-4xl font-semibold tracking-tight text-ink" data-testid="plan-price">
          {plan.formatted}
        </span>
        <span className="text-base font-semibold text-ink-soft">{monthly ? "a month" : plan.credits === 1 ? "once" : "for the pack"}</span>
      </p>
      <p className="mt-1 text-[0.95rem] font-semibold text-plum" data-testid="plan-per-book">
        {plan.credits === 1 ? "One book, one credit" : `${plan.perCredit} a book`}
      </p>
      <p className="mt-4 text-ink-soft">{plan.description}</p>
      <ul className="mt-4 grid gap-2 text-base text-ink">
        {planPoints(plan).map((point) => (
          <li key={point} className="flex items-start gap-2">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-[#1f7a55]" />
            {point}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-6">
        <Link to={checkoutUrl(plan.id)} className={buttonClass(plan.popular ? "primary" : "secondary", "lg", "w-full")} aria-describedby={titleId}>
          {monthly ? "Subscribe" : plan.credits === 1 ? "Buy 1 credit" : `Buy ${plan.credits} credits`}
        </Link>
      </div>
    </li>
  );
}
