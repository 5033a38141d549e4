import { describe, expect, it } from "vitest";
import { creditsText, orderCreditsWords, orderStatusWords, orderWhat, signedCredits, storybooksText, type OrderSummary } from "~/domain/pricing/orders";

// The words the purchase pages show for an order's state, its contents and credit changes.

const order = (over: Partial<OrderSummary> = {}): OrderSummary => ({
  id: "7d4c0e6a-2b1f-4c3d-9e8f-0a1b2c3d4e5f",
  number: "SN-7D4C0E6A",
  status: "paid",
  createdAt: "2026-11-24T10:00:00.000Z",
  paidAt: "2026-11-24T10:01:00.000Z",
  currency: "GBP",
  total: "£15.99",
  refundedMinor: 0,
  refunded: "£0.00",
  items: [{ planId: "family-pack", description: "Family Pack", quantity: 1, credits: 5, total: "£15.99" }],
  credits: 5,
  creditsGranted: 5,
  checkoutUrl: null,
  isRenewal: false,
  duplicateSubscription: false,
  expiresAt: null,
  receipt: null,
  refund: null,
  buyAgainPlanId: null,
  ...over,
});

describe("an order's state in words", () => {
  it("says why a second subscription's payment went back", () => {
    const duplicate = { duplicateSubscription: true, total: "£9.99", refunded: "£9.99", refundedMinor: 999 };
    expect(orderStatusWords(order({ ...duplicate, status: "refunded" }))).toMatchObject({
      label: "Refunded",
      detail: "You already had this subscription, so this second payment was refunded in full.",
    });
    expect(orderStatusWords(order({ ...duplicate, status: "paid", refundedMinor: 0 }))).toMatchObject({ label: "Being refunded", tone: "returned" });
  });

  it("says what happened to the money in each state", () => {
    expect(orderStatusWords(order())).toMatchObject({ label: "Paid", short: "Paid", note: null, tone: "done" });
    expect(orderStatusWords(order({ status: "pending", paidAt: null, checkoutUrl: "/pay/test/cs_1" }))).toMatchObject({
      label: "Waiting for payment",
      detail: "Nothing has been charged yet. You can finish paying on the payment page.",
      tone: "waiting",
    });
    expect(orderStatusWords(order({ status: "pending", paidAt: null })).detail).toBe("Nothing has been charged yet.");
    expect(orderStatusWords(order({ status: "cancelled", paidAt: null }))).toMatchObject({
      label: "Cancelled — nothing was charged",
      short: "Cancelled",
      note: "Nothing was charged",
    });
    expect(orderStatusWords(order({ status: "failed", paidAt: null }))).toMatchObject({
      label: "Payment failed — nothing was charged",
      short: "Payment failed",
    });
    expect(orderStatusWords(order({ status: "refunded", refundedMinor: 1599, refunded: "£15.99" }))).toMatchObject({
      label: "Refunded",
      note: "£15.99 refunded",
      tone: "returned",
    });
  });

  it("a paid order with part of its total returned is partly refunded, with the amount", () => {
    expect(orderStatusWords(order({ refundedMinor: 799, refunded: "£7.99" }))).toMatchObject({
      label: "Partly refunded",
      detail: "£7.99 of £15.99 was refunded.",
      note: "£7.99 refunded",
    });
  });
});

describe("what an order bought and the credits it brings", () => {
  it("names the plans, with how many, and a renewal as one", () => {
    expect(orderWhat(order())).toBe("Family Pack");
    expect(orderWhat(order({ items: [{ planId: "single-story", description: "One Story", quantity: 2, credits: 2, total: "£7.98" }] }))).toBe("One Story × 2");
    const renewal = order({
      isRenewal: true,
      items: [{ planId: "storyteller-monthly", description: "Storyteller Monthly renewal", quantity: 1, credits: 4, total: "£9.99" }],
    });
    expect(orderWhat(renewal)).toBe("Monthly renewal: Storyteller Monthly");
  });

  it("says the credits added, to come, or none", () => {
    expect(orderCreditsWords(order())).toBe("5 credits added to your balance");
    expect(orderCreditsWords(order({ status: "pending", creditsGranted: 0, credits: 1 }))).toBe("1 credit will be added once the payment goes through");
    expect(orderCreditsWords(order({ status: "cancelled", creditsGranted: 0 }))).toBe("No credits were added");
  });

  it("counts credits and storybooks in words, and signs a change with a real minus", () => {
    expect([creditsText(0), creditsText(1), creditsText(7)]).toEqual(["0 credits", "1 credit", "7 credits"]);
    expect([storybooksText(1), storybooksText(7)]).toEqual(["1 storybook", "7 storybooks"]);
    expect([signedCredits(5), signedCredits(-1)]).toEqual(["+5", "\u22121"]);
  });
});
