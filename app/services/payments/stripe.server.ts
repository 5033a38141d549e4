import Stripe from "stripe";
import { readSubscriptionState } from "./events";
import { ORDER_METADATA_KEY, type CheckoutRequest, type CheckoutState, type PaymentProvider } from "./types";

/**
 * Stripe, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set: Checkout hosts the payment page
 * (cards, wallets, the bank's extra confirmation) and its webhook reports the outcome to
 * POST /api/payments/webhook. The client uses fetch (the Workers runtime has no Node http);
 * `apiUrl` points it at a local server that speaks Stripe's API in tests.
 */
export interface StripeSettings {
  secretKey: string;
  apiUrl?: string;
}

export function createStripeProvider({ secretKey, apiUrl }: StripeSettings): PaymentProvider {
  const target = apiUrl ? new URL(apiUrl) : null;
  const stripe = new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(target
      ? { host: target.hostname, port: target.port || (target.protocol === "https:" ? 443 : 80), protocol: target.protocol === "https:" ? "https" : "http" }
      : {}),
  });

  return {
    name: "stripe",
    async createCheckout(request: CheckoutRequest) {
      const metadata = { [ORDER_METADATA_KEY]: request.orderId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: request.mode,
          line_items: [
            {
              quantity: request.quantity,
              price_data: {
                currency: request.currency,
                unit_amount: request.unitAmountMinor,
                // Stripe refuses an empty description (it reads it as unsetting one)
                product_data: { name: request.productName, ...(request.description ? { description: request.description } : {}) },
                ...(request.mode === "subscription" ? { recurring: { interval: request.interval ?? "month" } } : {}),
              },
            },
          ],
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          client_reference_id: request.orderId,
          metadata,
          // The subscription and its invoices carry the order id too, so any event finds its order.
          ...(request.mode === "subscription" ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          success_url: `${request.successUrl}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: request.cancelUrl,
        },
        // A retried call (a network blip) opens the same session, not a second one.
        { idempotencyKey: `checkout:${request.orderId}` },
      );
      if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
      return { id: session.id, url: session.url, expiresAt: session.expires_at };
    },
    async retrieveCheckout(sessionId): Promise<CheckoutState> {
      const s = await stripe.checkout.sessions.retrieve(sessionId);
      const id = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === "string" ? v : v.id);
      return {
        id: s.id,
        status: s.status === "complete" ? "complete" : s.status === "expired" ? "expired" : "open",
        paid: s.payment_status === "paid" || s.payment_status === "no_payment_required",
        orderId: s.metadata?.[ORDER_METADATA_KEY] ?? s.client_reference_id ?? null,
        paymentRef: id(s.payment_intent),
        subscriptionRef: id(s.subscription),
      };
    },
    async expireCheckout(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    async setCancelAtPeriodEnd(subscriptionRef, cancel) {
      await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: cancel });
    },
    async retrieveSubscription(subscriptionRef) {
      return readSubscriptionState(await stripe.subscriptions.retrieve(subscriptionRef));
    },
    async cancelNow(subscriptionRef) {
      await stripe.subscriptions.cancel(subscriptionRef);
    },
    async refundInFull(paymentRef, _amountMinor, idempotencyKey) {
      // Without an amount Stripe refunds what is left of the payment.
      const refund = await stripe.refunds.create({ payment_intent: paymentRef }, { idempotencyKey });
      return { id: refund.id };
    },
    async refund(paymentRef, amountMinor, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: paymentRef, amount: amountMinor }, { idempotencyKey });
      return { id: refund.id };
    },
    async receiptUrl(paymentRef) {
      // The receipt belongs to the payment's charge: its latest, read in the same call.
      const intent = await stripe.paymentIntents.retrieve(paymentRef, { expand: ["latest_charge"] });
      const charge = intent.latest_charge;
      return charge && typeof charge !== "string" ? (charge.receipt_url ?? null) : null;
    },
    async invoicePaymentRef(invoiceId) {
      const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: "paid", limit: 10 });
      const paid = payments.data.find((p) => p.payment.payment_intent);
      const intent = paid?.payment.payment_intent;
      return intent == null ? null : typeof intent === "string" ? intent : intent.id;
    },
  };
}
