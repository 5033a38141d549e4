import { asc, eq, sql } from "drizzle-orm";
import { formatPrice, localPriceMinor } from "~/domain/pricing/prices";
import type { Market } from "~/domain/pricing/markets";
import type { Db } from "../db/client.server";
import { plans } from "../db/schema/index";
import { PLAN_CATALOGUE, type Plan } from "../db/plans.server";
import { planSeedStatements } from "../db/seed.server";
import { rateFor, type RatesService } from "./rates.server";

/** A plan with its price in one market's currency: what /pricing shows and what checkout charges. */
export interface PricedPlan {
  id: string;
  kind: Plan["kind"];
  name: string;
  description: string;
  /** credits per purchase, or per month for a subscription */
  credits: number;
  interval: Plan["interval"];
  popular: boolean;
  /** the price in the market's currency, in minor units (the whole yen or won) */
  amountMinor: number;
  currencyCode: string;
  /** e.g. "£3.99" */
  formatted: string;
  /** the price of one credit (one book), e.g. "£3.20" */
  perCredit: string;
}

export interface PriceList {
  market: Market;
  plans: PricedPlan[];
  /** the day the exchange rates are from, and whether they are live or the kept snapshot */
  ratesDate: string;
  ratesSource: "live" | "snapshot";
}

/** The plan whose price is "the price of a book". */
export const SINGLE_BOOK_PLAN = "single-story";

export interface PricingService {
  /** the active plans, priced for a market, in the catalogue's order */
  priceList(market: Market): Promise<PriceList>;
  /** one active plan priced for a market, or null when it does not exist or is not on sale */
  pricedPlan(planId: string, market: Market): Promise<PricedPlan | null>;
  /** the price of one book in a market (the one-story pack), e.g. "£3.99" */
  bookPrice(market: Market): Promise<PricedPlan | null>;
  /** the catalogue in D1 (loaded from the built-in catalogue when the table is empty) */
  activePlans(): Promise<Plan[]>;
  /** forgets the exchange rates kept in KV: the next price list reads them again */
  forgetRates(): Promise<void>;
}

export function priceFor(plan: Plan, market: Market, rate: number): PricedPlan {
  const amountMinor = localPriceMinor(plan.priceMinor, market.currencyCode, rate);
  return {
    id: plan.id,
    kind: plan.kind,
    name: plan.name,
    description: plan.description,
    credits: plan.credits,
    interval: plan.interval,
    popular: plan.popular,
    amountMinor,
    currencyCode: market.currencyCode,
    formatted: formatPrice(amountMinor, market),
    perCredit: formatPrice(Math.round(amountMinor / plan.credits), market),
  };
}

export function createPricingService({ db, rates }: { db: Db; rates: RatesService }): PricingService {
  async function activePlans(): Promise<Plan[]> {
    const select = () => db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder), asc(plans.id));
    let rows = await select();
    if (rows.length === 0) {
      // A fresh database: load the built-in catalogue once (orders refer to plans by id).
      const [{ count }] = await db.select({ count: sql<number>`count(*)` }).from(plans);
      if (Number(count) === 0) {
        const statements = planSeedStatements(PLAN_CATALOGUE);
        await db.$client.batch(statements.map((s) => db.$client.prepare(s)));
        rows = await select();
      }
    }
    return rows.map(({ createdAt: _c, updatedAt: _u, ...plan }) => plan);
  }

  async function priceList(market: Market): Promise<PriceList> {
    const [table, catalogue] = await Promise.all([rates.table(), activePlans()]);
    const rate = rateFor(table, market.currencyCode);
    return { market, plans: catalogue.map((p) => priceFor(p, market, rate)), ratesDate: table.date, ratesSource: table.source };
  }

  return {
    activePlans,
    priceList,
    forgetRates: () => rates.forget(),
    async pricedPlan(planId, market) {
      const list = await priceList(market);
      return list.plans.find((p) => p.id === planId) ?? null;
    },
    async bookPrice(market) {
      const list = await priceList(market);
      return list.plans.find((p) => p.id === SINGLE_BOOK_PLAN) ?? list.plans.find((p) => p.kind === "credit_pack") ?? null;
    },
  };
}
