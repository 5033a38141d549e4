import Stripe from "stripe";
import { readPaymentEvent, type PaymentEvent } from "./events";

/** How old a signed event may be: Stripe's own default, five minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The header that carries the signature. */
export const SIGNATURE_HEADER = "stripe-signature";

export class WebhookSignatureError extends Error {
  constructor() {
    super("The webhook signature is not valid");
    this.name = "WebhookSignatureError";
  }
}

const crypto = Stripe.createSubtleCryptoProvider();

/**
 * Checks an event's signature (HMAC-SHA256 over the timestamp and the raw body, with WebCrypto)
 * and its age, then reads it. A bad or missing signature, or one older than five minutes, throws
 * WebhookSignatureError; a signed event we act on that lacks its fields throws a ZodError.
 */
export async function verifyWebhook(rawBody: string, signature: string | null, secret: string): Promise<PaymentEvent> {
  if (!signature) throw new WebhookSignatureError();
  let event: unknown;
  try {
    event = await Stripe.webhooks.constructEventAsync(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, crypto);
  } catch {
    throw new WebhookSignatureError();
  }
  return readPaymentEvent(event);
}

/** Signs an event body the way Stripe does (the test provider's deliveries, and tests). */
export function signWebhook(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp, cryptoProvider: crypto });
}
