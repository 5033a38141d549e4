import { z } from "zod";
import { MARKETS, type Market } from "./markets";

/**
 * The purchase pages' rules that the browser and the server share: what the checkout form sends,
 * what a query may ask for, and the words for a payment provider and a subscription's state.
 */

export const QUANTITY_MESSAGE = "Enter how many packs you want, as a whole number.";
const UNREADABLE_PRICE = "We couldn't read the price on this page. Please reload it and try again.";

/**
 * The checkout form: the plan, how many, and the price the parent saw (the unit price in minor
 * units and its currency). The server prices the plan again and refuses a price that differs; the
 * allowed quantities are the payment service's to decide.
 */
export const checkoutFormSchema = z.object({
  plan: z
    .string({ error: "Choose a plan on the pricing page." })
    .trim()
    .min(1, "Choose a plan on the pricing page.")
    .max(64, "Choose a plan on the pricing page."),
  quantity: z
    .string({ error: QUANTITY_MESSAGE })
    .trim()
    .regex(/^\d{1,3}$/, QUANTITY_MESSAGE)
    .transform(Number),
  amountMinor: z
    .string({ error: UNREADABLE_PRICE })
    .regex(/^\d{1,12}$/, UNREADABLE_PRICE)
    .transform(Number),
  currencyCode: z.string({ error: UNREADABLE_PRICE }).regex(/^[A-Z]{3}$/, UNREADABLE_PRICE),
});

/** The text fields of a posted form (a missing field stays missing, for the schema's message). */
export function readCheckoutForm(form: FormData): Record<string, string | undefined> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return { plan: text("plan"), quantity: text("quantity"), amountMinor: text("amountMinor"), currencyCode: text("currencyCode") };
}

/** A quantity asked for in the address: a whole number within 1…max, else 1. */
export function quantityFromQuery(value: string | null, max: number): number {
  const n = value && /^\d{1,3}$/.test(value) ? Number(value) : 1;
  return n >= 1 && n <= max ? n : 1;
}

/** An order id as the payment service writes it (a UUID). */
export const orderIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export function isOrderId(value: unknown): value is string {
  return orderIdSchema.safeParse(value).success;
}

/** Who takes the payment, as the checkout page says it. */
export function paymentProviderText(providerName: "stripe" | "test" | null): string | null {
  if (providerName === null) return null;
  return providerName === "test" ? "Test payments: no real money" : "Secure payment by Stripe";
}

/** The market whose currency an amount is in (for formatting), or a plain stand-in with the code as its symbol. */
export function marketOfCurrency(currencyCode: string): Pick<Market, "currencyCode" | "currencySymbol"> {
  const code = currencyCode.toUpperCase();
  return MARKETS.find((m) => m.currencyCode === code) ?? { currencyCode: code, currencySymbol: code };
}

export type SubscriptionStatus = "pending" | "active" | "past_due" | "cancelled" | "expired";

/** A subscription's state in a parent's words. */
export function subscriptionStatusText(status: SubscriptionStatus, cancelAtPeriodEnd: boolean): string {
  switch (status) {
    case "pending":
      return "Starting";
    case "active":
      return cancelAtPeriodEnd ? "Active until the end of this period" : "Active";
    case "past_due":
      return "Payment due: we could not take the last payment";
    case "cancelled":
      return "Cancelled";
    case "expired":
      return "Ended";
  }
}

/** Whether a subscription can still be cancelled at the end of its period, or resumed. */
export function subscriptionIsRunning(status: SubscriptionStatus): boolean {
  return status === "active" || status === "past_due";
}

/** "25 December 2026" (UTC), or "" for a date that does not parse. */
export function longDate(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? "" : at.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** "1 credit", "5 credits". */
export function creditsText(n: number): string {
  return `${n} ${n === 1 ? "credit" : "credits"}`;
}
