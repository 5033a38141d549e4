// Purchases for the payment tests: a signed-in parent, a pending order through the real checkout
// service with the built-in test provider, and webhook events signed the way the provider signs them.
import { env, SELF } from "cloudflare:test";
import { marketOf, type Market } from "~/domain/pricing/markets";
import { parseEnv } from "~/services/env.server";
import { createServices } from "~/services/services.server";
import { signWebhook } from "~/services/payments/webhook.server";
import { TEST_WEBHOOK_SECRET } from "~/services/payments/test-provider.server";
import { makeAccount, type TestAccount } from "./account-helpers";

export const SITE = "http://example.com";

/** The services as the Worker builds them for one request (test provider, D1 outbox). Deliveries run at once, not after the response. */
export function services() {
  return createServices(parseEnv(env));
}

export function market(country: string): Market {
  const m = marketOf(country);
  if (!m) throw new Error(`no market ${country}`);
  return m;
}

export interface Purchase {
  parent: TestAccount;
  orderId: string;
  sessionId: string;
}

/** A signed-in parent with a pending order for a plan, and the test provider's checkout for it. */
export async function startPurchase(planId = "family-pack", country = "GB", quantity = 1, parent?: TestAccount): Promise<Purchase> {
  const buyer = parent ?? (await makeAccount());
  const s = services();
  const { orderId, url } = await s.payments.startCheckout({
    buyer: {
      owner: { kind: "profile", userProfileId: buyer.profileId },
      visitorId: `visitor${buyer.profileId.replace(/-/g, "")}`,
      email: buyer.email,
      fullName: "Sam Parent",
    },
    planId,
    quantity,
    market: market(country),
    site: SITE,
  });
  return { parent: buyer, orderId, sessionId: url.split("/").pop()! };
}

/** A Stripe-shaped event, as the provider would send it. */
export function event(type: string, object: Record<string, unknown>, id = `evt_${crypto.randomUUID().replace(/-/g, "")}`) {
  return { id, object: "event", type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
}

/** POSTs an event to the webhook, signed with the test provider's secret (or `signature` as given). */
export async function deliver(body: unknown, signature?: string): Promise<Response> {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  return SELF.fetch(`${SITE}/api/payments/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature ?? (await signWebhook(raw, TEST_WEBHOOK_SECRET)) },
    body: raw,
  });
}

export async function balanceOf(parent: TestAccount): Promise<number> {
  const row = await env.DB.prepare(`SELECT coalesce(sum(delta), 0) AS n FROM credit_ledger WHERE user_profile_id = ? AND affects_balance = 1`)
    .bind(parent.profileId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function orderStatus(orderId: string): Promise<string | undefined> {
  return (await env.DB.prepare(`SELECT status FROM orders WHERE id = ?`).bind(orderId).first<{ status: string }>())?.status;
}

/** The checkout.session.completed event of a paid pack checkout. */
export function paidSession(p: Purchase, paymentIntent = `pi_${crypto.randomUUID().slice(0, 12)}`, subscription: string | null = null) {
  return event("checkout.session.completed", {
    id: p.sessionId,
    object: "checkout.session",
    payment_status: "paid",
    client_reference_id: p.orderId,
    metadata: { orderId: p.orderId },
    payment_intent: subscription ? null : paymentIntent,
    subscription,
  });
}

/** invoice.paid for a subscription period. */
export function paidInvoice(p: Purchase, subscription: string, start: number, reason: "subscription_create" | "subscription_cycle", amount = 1299) {
  const end = start + 30 * 86400;
  return event("invoice.paid", {
    id: `in_${crypto.randomUUID().slice(0, 12)}`,
    object: "invoice",
    billing_reason: reason,
    amount_paid: amount,
    currency: "gbp",
    parent: { subscription_details: { subscription, metadata: { orderId: p.orderId } } },
    lines: { data: [{ period: { start, end }, metadata: { orderId: p.orderId } }] },
    payments: { data: [{ payment: { payment_intent: `pi_${crypto.randomUUID().slice(0, 12)}` } }] },
  });
}
