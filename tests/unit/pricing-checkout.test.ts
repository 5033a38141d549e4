import { describe, expect, it } from "vitest";
import {
  checkoutFormSchema,
  creditsText,
  isOrderId,
  longDate,
  marketOfCurrency,
  paymentProviderText,
  quantityFromQuery,
  subscriptionStatusText,
} from "~/domain/pricing/checkout";
import { formatPrice } from "~/domain/pricing/prices";

describe("the checkout form", () => {
  it("reads the plan, a whole quantity and the price the parent saw", () => {
    expect(checkoutFormSchema.parse({ plan: "family-pack", quantity: " 3 ", amountMinor: "1599", currencyCode: "GBP" })).toEqual({
      plan: "family-pack",
      quantity: 3,
      amountMinor: 1599,
      currencyCode: "GBP",
    });
  });

  it("refuses a quantity that is not a whole number, and a price or currency it cannot read", () => {
    const base = { plan: "family-pack", quantity: "1", amountMinor: "1599", currencyCode: "GBP" };
    for (const quantity of ["", "two", "1.5", "-1", "1e3"]) expect(checkoutFormSchema.safeParse({ ...base, quantity }).success).toBe(false);
    for (const amountMinor of ["", "15.99", "-1"]) expect(checkoutFormSchema.safeParse({ ...base, amountMinor }).success).toBe(false);
    for (const currencyCode of ["gbp", "POUND", ""]) expect(checkoutFormSchema.safeParse({ ...base, currencyCode }).success).toBe(false);
    expect(checkoutFormSchema.safeParse({ ...base, plan: undefined }).success).toBe(false);
  });

  it("takes a quantity from the address only within 1…max", () => {
    expect(quantityFromQuery("4", 10)).toBe(4);
    expect(quantityFromQuery("11", 10)).toBe(1);
    expect(quantityFromQuery("0", 10)).toBe(1);
    expect(quantityFromQuery("2", 1)).toBe(1);
    expect(quantityFromQuery(null, 10)).toBe(1);
    expect(quantityFromQuery("abc", 10)).toBe(1);
  });
});

describe("the purchase pages' words", () => {
  it("names who takes the payment", () => {
    expect(paymentProviderText("test")).toBe("Test payments: no real money");
    expect(paymentProviderText("stripe")).toBe("Secure payment by Stripe");
    expect(paymentProviderText(null)).toBeNull();
  });

  it("says a subscription's state in words", () => {
    expect(subscriptionStatusText("active", false)).toBe("Active");
    expect(subscriptionStatusText("active", true)).toBe("Active until the end of this period");
    expect(subscriptionStatusText("past_due", false)).toMatch(/^Payment due/);
    expect(subscriptionStatusText("cancelled", false)).toBe("Cancelled");
  });

  it("formats amounts in their market's currency, dates in full, credits in the singular or plural", () => {
    expect(formatPrice(1599, marketOfCurrency("gbp"))).toBe("£15.99");
    expect(formatPrice(780, marketOfCurrency("JPY"))).toBe("¥780");
    expect(formatPrice(500, marketOfCurrency("XYZ"))).toBe("XYZ 5.00");
    expect(longDate("2026-12-25T10:00:00.000Z")).toBe("25 December 2026");
    expect(longDate("not a date")).toBe("");
    expect(creditsText(1)).toBe("1 credit");
    expect(creditsText(5)).toBe("5 credits");
  });

  it("knows an order id", () => {
    expect(isOrderId(crypto.randomUUID())).toBe(true);
    expect(isOrderId("SN-1234")).toBe(false);
    expect(isOrderId(null)).toBe(false);
  });
});
