/**
 * What a parent reads about their purchases and credits: an order's state in plain words, credits
 * and storybooks counted in words, and the signed amounts of the credit history. The order pages
 * (/order/{id}, /myorders) and /user-credits share these; the server fills in the data.
 */

/** "expired": a checkout left waiting until the provider's page closed (24 hours), nothing charged. */
export type OrderStatus = "pending" | "paid" | "failed" | "cancelled" | "expired" | "refunded";

/** What a receipt says: who sold what, when, for how much, and the tax inside it. Amounts already written in the market's locale. */
export interface ReceiptSummary {
  number: string;
  /** when it was paid (ISO) */
  date: string;
  lines: { description: string; quantity: number; unitPrice: string; amount: string }[];
  total: string;
  /** "Pounds sterling (GBP)" */
  currency: string;
  tax: { kind: "included"; label: string; amount: string } | { kind: "none"; note: string };
  seller: { name: string; address: string };
  /** the payment provider's own receipt (Stripe's), when there is one */
  providerReceiptUrl: string | null;
}

/** Whether the parent can have this order's unused credits refunded now, and what they would get back. */
export type RefundOffer =
  { available: true; credits: number; amount: string; amountMinor: number; until: string } | { available: false; reason: string } | null;

/** One line of an order: a plan, how many, the credits it brings and what it cost (formatted). */
export interface OrderItemSummary {
  planId: string;
  description: string;
  quantity: number;
  credits: number;
  total: string;
}

/** An order as the pages show it (amounts already formatted in the order's currency). */
export interface OrderSummary {
  id: string;
  number: string;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  currency: string;
  total: string;
  refundedMinor: number;
  refunded: string;
  items: OrderItemSummary[];
  credits: number;
  creditsGranted: number;
  checkoutUrl: string | null;
  isRenewal: boolean;
  /** it paid for a second subscription to a plan the parent already had: cancelled and refunded */
  duplicateSubscription: boolean;
  /** when a waiting checkout's payment page closes (ISO) */
  expiresAt: string | null;
  /** the receipt of a paid (or refunded) order; null before payment */
  receipt: ReceiptSummary | null;
  /** the self-service refund of unused credits: null for orders it never applies to (plans, unpaid) */
  refund: RefundOffer;
  /** a pack or plan to buy again, for an order that did not go through */
  buyAgainPlanId: string | null;
}

/** One entry of the credit history, already in words. */
export interface CreditLine {
  id: string;
  createdAt: string;
  delta: number;
  words: string;
  bookId: string | null;
  orderId: string | null;
}

/**
 * How an order's state looks: the label in full (the order's own page), the same shortened for a
 * list (`short`, with `note` beneath it when there is more to say), a sentence more, and the colour.
 */
export interface OrderStatusWords {
  label: string;
  short: string;
  note: string | null;
  detail: string;
  tone: "waiting" | "done" | "stopped" | "returned";
}

/** "1 credit", "5 credits". */
export function creditsText(n: number): string {
  return `${n} ${Math.abs(n) === 1 ? "credit" : "credits"}`;
}

/** "1 storybook", "7 storybooks" (one credit makes one storybook). */
export function storybooksText(n: number): string {
  return `${n} ${Math.abs(n) === 1 ? "storybook" : "storybooks"}`;
}

/** A ledger change with its sign: "+5", "−1" (a real minus sign, which screen readers say as "minus"). */
export function signedCredits(delta: number): string {
  return delta > 0 ? `+${delta}` : `\u2212${Math.abs(delta)}`;
}

/**
 * An order's state in plain words. A cancelled or failed order never took money (a payment that
 * arrives after a cancel turns the order into a paid one); a paid order with part of its total
 * returned is "Partly refunded".
 */
export function orderStatusWords(
  order: Pick<OrderSummary, "status" | "total" | "refunded" | "refundedMinor" | "checkoutUrl" | "duplicateSubscription">,
): OrderStatusWords {
  switch (order.status) {
    case "pending":
      return {
        label: "Waiting for payment",
        short: "Waiting for payment",
        note: null,
        detail: order.checkoutUrl ? "Nothing has been charged yet. You can finish paying on the payment page." : "Nothing has been charged yet.",
        tone: "waiting",
      };
    case "paid":
      if (order.duplicateSubscription)
        return {
          label: "Being refunded",
          short: "Being refunded",
          note: "You already had this subscription",
          detail: "You already had this subscription, so this second one was cancelled and its payment is being refunded in full.",
          tone: "returned",
        };
      if (order.refundedMinor > 0)
        return {
          label: "Partly refunded",
          short: "Partly refunded",
          note: `${order.refunded} refunded`,
          detail: `${order.refunded} of ${order.total} was refunded.`,
          tone: "returned",
        };
      return { label: "Paid", short: "Paid", note: null, detail: "Thank you: the payment went through.", tone: "done" };
    case "refunded":
      return {
        label: "Refunded",
        short: "Refunded",
        note: `${order.refunded} refunded`,
        detail: order.duplicateSubscription
          ? "You already had this subscription, so this second payment was refunded in full."
          : `${order.refunded} was refunded.`,
        tone: "returned",
      };
    case "expired":
      return {
        label: "Expired — nothing was charged",
        short: "Expired",
        note: "Nothing was charged",
        detail: "The payment page closed after 24 hours without a payment, so nothing was charged. You can buy again whenever you like.",
        tone: "stopped",
      };
    case "cancelled":
      return {
        label: "Cancelled — nothing was charged",
        short: "Cancelled",
        note: "Nothing was charged",
        detail: "The payment was not finished, so nothing was charged.",
        tone: "stopped",
      };
    case "failed":
      return {
        label: "Payment failed — nothing was charged",
        short: "Payment failed",
        note: "Nothing was charged",
        detail: "The payment did not go through, so nothing was charged.",
        tone: "stopped",
      };
  }
}

/** What an order bought, in a few words: "Family Pack", "Family Pack × 2", "Monthly renewal: Storyteller Monthly". */
export function orderWhat(order: Pick<OrderSummary, "items" | "isRenewal">): string {
  const items = order.items.map((i) => (i.quantity > 1 ? `${i.description} × ${i.quantity}` : i.description));
  const what = items.join(", ") || "Credits";
  return order.isRenewal ? `Monthly renewal: ${what.replace(/ renewal$/, "")}` : what;
}

/** The credits line of an order: what it added, or what it will add once paid. */
export function orderCreditsWords(order: Pick<OrderSummary, "status" | "credits" | "creditsGranted">): string {
  if (order.creditsGranted > 0) return `${creditsText(order.creditsGranted)} added to your balance`;
  if (order.status === "pending") return `${creditsText(order.credits)} will be added once the payment goes through`;
  return "No credits were added";
}
