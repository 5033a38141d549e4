import type { SubscriptionState } from "./events";

/**
 * A payment provider: Stripe when its keys are set, otherwise the built-in test provider
 * (test-provider.server.ts). Both host the page where a parent pays and both tell us what happened
 * through the same signed webhook (events.ts reads it), so fulfilment has one path.
 */
export interface CheckoutRequest {
  orderId: string;
  mode: "payment" | "subscription";
  /** what the parent sees on the provider's page */
  productName: string;
  description: string;
  /** per unit, in the currency's minor units */
  unitAmountMinor: number;
  quantity: number;
  /** lower-case ISO 4217, as providers take it */
  currency: string;
  interval?: "month" | "year";
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
  /** Unix seconds: when the provider's page stops taking payment (24 hours at most) */
  expiresAt: number;
}

export interface CheckoutState {
  id: string;
  status: "open" | "complete" | "expired";
  paid: boolean;
  orderId: string | null;
  paymentRef: string | null;
  subscriptionRef: string | null;
}

export interface PaymentProvider {
  /** the name orders record: "stripe" or "test" */
  readonly name: "stripe" | "test";
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** what the provider says about a checkout now (the success page asks, racing the webhook) */
  retrieveCheckout(sessionId: string): Promise<CheckoutState>;
  /** closes an open checkout so it can no longer be paid (the parent came back without paying) */
  expireCheckout(sessionId: string): Promise<void>;
  /** cancel at the end of the period (true) or take that back (false) */
  setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean): Promise<void>;
  /**
   * The subscription as the provider holds it now. Update events can arrive out of order (a cancel's
   * event after the resume that followed it): fulfilment applies the provider's current state, not
   * the event's copy.
   */
  retrieveSubscription(subscriptionRef: string): Promise<SubscriptionState>;
  /** end a subscription now, with no further charge (the parent deletes the account; a second subscription to a plan) */
  cancelNow(subscriptionRef: string): Promise<void>;
  /**
   * Gives back all that is left of a payment of `amountMinor` (a second subscription to a plan). The
   * same key refunds once however often it is asked. Returns the provider's refund id.
   */
  refundInFull(paymentRef: string, amountMinor: number, idempotencyKey: string): Promise<{ id: string }>;
  /**
   * Gives back `amountMinor` of a payment none of which was refunded before (a parent's refund of
   * unused credits). The same key refunds once however often it is asked.
   */
  refund(paymentRef: string, amountMinor: number, idempotencyKey: string): Promise<{ id: string }>;
  /** The provider's own receipt of a payment (Stripe's charge receipt_url), for providers that have one. */
  receiptUrl?(paymentRef: string): Promise<string | null>;
  /**
   * The payment that paid an invoice, for providers whose invoice events do not carry it (Stripe's
   * invoices no longer name their PaymentIntent): a refund finds its order by that payment.
   */
  invoicePaymentRef?(invoiceId: string): Promise<string | null>;
}

/** The metadata key every checkout and subscription carries: our order id. */
export const ORDER_METADATA_KEY = "orderId";
