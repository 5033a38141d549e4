import { BASE_CURRENCY, plans } from "./schema/index";

export type Plan = Omit<typeof plans.$inferSelect, "createdAt" | "updatedAt">;

/**
 * The catalogue, priced in the base currency's minor units (cents). One book costs one credit.
 * The seed loads it into D1; no page shows it yet.
 */
export const PLAN_CATALOGUE: readonly Plan[] = [
  {
    id: "single-story",
    kind: "credit_pack",
    name: "One Story",
    description: "One personalised, fully illustrated storybook starring your child. Perfect for a first try or a special occasion.",
    credits: 1,
    priceMinor: 499,
    currency: BASE_CURRENCY,
    interval: null,
    isActive: true,
    popular: false,
    sortOrder: 10,
  },
  {
    id: "family-pack",
    kind: "credit_pack",
    name: "Family Pack",
    description: "Five storybooks for brothers, sisters, cousins and bedtimes to come. Five books for the price of four.",
    credits: 5,
    priceMinor: 1999,
    currency: BASE_CURRENCY,
    interval: null,
    isActive: true,
    popular: true,
    sortOrder: 20,
  },
  {
    id: "bookshelf-pack",
    kind: "credit_pack",
    name: "Bookshelf Pack",
    description: "Twelve storybooks, a whole year of new adventures. Credits never expire.",
    credits: 12,
    priceMinor: 3999,
    currency: BASE_CURRENCY,
    interval: null,
    isActive: true,
    popular: false,
    sortOrder: 30,
  },
  {
    id: "storyteller-monthly",
    kind: "subscription",
    name: "Storyteller Monthly",
    description: "Four new storybooks every month for families who read together every week. Cancel any time.",
    credits: 4,
    priceMinor: 1299,
    currency: BASE_CURRENCY,
    interval: "month",
    isActive: true,
    popular: false,
    sortOrder: 40,
  },
];
