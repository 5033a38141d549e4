import type { Market, MarketSource } from "~/domain/pricing/markets";

/** One plan as the /pricing page shows it, priced in the visitor's currency. */
export interface PlanOffer {
  id: string;
  kind: "credit_pack" | "subscription";
  name: string;
  description: string;
  credits: number;
  popular: boolean;
  /** e.g. "£3.99" */
  formatted: string;
  /** the price of one book (one credit), e.g. "£3.20" */
  perCredit: string;
}

/** What the /pricing page receives from its loader. */
export interface PricingPageData {
  market: Market;
  source: MarketSource;
  plans: PlanOffer[];
  /** the day of the exchange rates the prices were converted at (YYYY-MM-DD) */
  ratesDate: string;
  ratesSource: "live" | "snapshot";
  /** the signed-in parent's credits, or null for a visitor (or when they could not be read) */
  balance: number | null;
  signedIn: boolean;
  /** who takes the payment here: Stripe, the built-in test provider (no real money), or nobody (payments off) */
  payments: "stripe" | "test" | null;
}

/** Where a plan is bought (the checkout page). */
export function checkoutUrl(planId: string): string {
  return `/checkout?plan=${encodeURIComponent(planId)}`;
}
