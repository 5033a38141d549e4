import { Link, NavLink } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AccountCard } from "~/components/account/AccountUi";
import { cn } from "~/components/ui/cn";
import { ChevronRightIcon } from "~/components/ui/icons";
import type { OrderStatusWords } from "~/domain/pricing/orders";

/** The purchase pages of an account, one link each (the page you are on is marked). */
export const PURCHASE_LINKS = [
  { to: "/myorders", label: "My orders" },
  { to: "/mysubscriptions", label: "My subscriptions" },
  { to: "/user-credits", label: "Credits" },
] as const;

/** The purchase pages' links, as pills (data-hydrated: the page's script runs). */
export function PurchasesNav() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      "inline-flex min-h-11 items-center rounded-full px-4 font-semibold transition-colors sm:px-5",
      isActive ? "bg-ink text-white" : "bg-paper text-ink ring-1 ring-ink/10 hover:bg-cream",
    );
  return (
    <nav aria-label="Your purchases" className="mb-6 flex flex-wrap gap-2" data-hydrated={hydrated ? "true" : undefined}>
      {PURCHASE_LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} className={link} end>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}

const TONES: Record<OrderStatusWords["tone"], string> = {
  waiting: "bg-sun-soft text-ink ring-sun/60",
  done: "bg-mint-soft text-ink ring-mint",
  stopped: "bg-cream text-ink-soft ring-ink/15",
  returned: "bg-lavender-soft text-plum ring-lavender",
};

const DOTS: Record<OrderStatusWords["tone"], string> = {
  waiting: "bg-sun",
  done: "bg-mint",
  stopped: "bg-ink-soft/50",
  returned: "bg-lavender",
};

/**
 * An order's state as a small label with a coloured dot (the colour only repeats the words). In a
 * list (`compact`) the label is the short one, with its note beneath.
 */
export function StatusBadge({ status, compact = false, className }: { status: OrderStatusWords; compact?: boolean; className?: string }) {
  const badge = (
    <span
      className={cn(
        "inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-bold ring-1",
        compact && "whitespace-nowrap",
        TONES[status.tone],
        (!compact || !status.note) && className,
      )}
      data-testid="order-status"
    >
      <span aria-hidden="true" className={cn("size-2.5 shrink-0 rounded-full", DOTS[status.tone])} />
      {compact ? status.short : status.label}
    </span>
  );
  if (!compact || !status.note) return badge;
  return (
    <span className={cn("inline-flex flex-col items-start gap-1", className)}>
      {badge}
      <span className="pl-1 text-sm text-ink-soft">{status.note}</span>
    </span>
  );
}

const PURCHASE_CARDS = [
  { to: "/myorders", label: "My orders", hint: "Every pack and plan you bought, with its receipt" },
  { to: "/mysubscriptions", label: "My subscriptions", hint: "Your monthly plan: renew or cancel" },
  { to: "/user-credits", label: "Credits", hint: "How many you have, and what you got and spent" },
  { to: "/pricing", label: "Pricing", hint: "Credit packs and plans in your currency" },
] as const;

/** /myaccount's way to the purchase pages. */
export function PurchasesSection() {
  return (
    <AccountCard id="purchases" title="Purchases" intro="Your orders, your subscription and your credits.">
      <ul className="grid gap-3 sm:grid-cols-2">
        {PURCHASE_CARDS.map((c) => (
          <li key={c.to}>
            <Link
              to={c.to}
              className="flex min-h-16 items-center gap-3 rounded-2xl bg-cream/60 px-4 py-3 ring-1 ring-ink/10 transition-colors hover:bg-lavender-soft"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-bold text-ink">{c.label}</span>
                <span className="block text-sm text-ink-soft">{c.hint}</span>
              </span>
              <ChevronRightIcon className="size-5 shrink-0 text-ink-soft" />
            </Link>
          </li>
        ))}
      </ul>
    </AccountCard>
  );
}
