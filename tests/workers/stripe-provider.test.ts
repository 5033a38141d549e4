import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { marketOf } from "~/domain/pricing/markets";
import { parseEnv } from "~/services/env.server";
import { createStripeProvider } from "~/services/payments/stripe.server";
import { createServices } from "~/services/services.server";
import type { CheckoutRequest } from "~/services/payments/types";
import { signWebhook, verifyWebhook, WebhookSignatureError } from "~/services/payments/webhook.server";
import { makeAccount } from "./account-helpers";

// The real Stripe provider inside workerd against the local server that speaks Stripe's API
// (tests/fake-servers/stripe-server.ts). Each test is its own Stripe account (its own secret key),
// so what the fake recorded for it is only its own calls.

const stripeUrl = () => inject("fakeStripeUrl");

function secretKey(): string {
  return `sk_test_${crypto.randomUUID().replace(/-/g, "")}`;
}

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

async function callsOf(key: string): Promise<Recorded[]> {
  const res = await fetch(`${stripeUrl()}/__calls/${encodeURIComponent(key)}`);
  return (await res.json()) as Recorded[];
}

async function control(path: "fail-next" | "pay", body: Record<string, unknown>): Promise<Response> {
  return fetch(`${stripeUrl()}/__control/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** A monthly subscription checkout, paid at the fake Stripe: its subscription's id. */
async function paidSubscription(provider: ReturnType<typeof createStripeProvider>, key: string): Promise<string | null> {
  const sub = await provider.createCheckout(request({ mode: "subscription", quantity: 1, interval: "month" }));
  await control("pay", { key, session: sub.id });
  return (await provider.retrieveCheckout(sub.id)).subscriptionRef;
}

function request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const orderId = crypto.randomUUID();
  return {
    orderId,
    mode: "payment",
    productName: "Family Pack",
    description: "5 story credits",
    unitAmountMinor: 1699,
    quantity: 2,
    currency: "gbp",
    customerEmail: "sam.parent@example.com",
    successUrl: `https://storynest.example/checkout/success?order=${orderId}`,
    cancelUrl: `https://storynest.example/checkout?plan=family-pack&cancelled=${orderId}`,
    ...overrides,
  };
}

describe("the Stripe provider against a server that speaks Stripe's API", () => {
  it("opens a one-time checkout with the amount, currency, quantity, order id and return links", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    const req = request();
    const session = await provider.createCheckout(req);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toContain(session.id);

    const [call] = await callsOf(key);
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/v1/checkout/sessions");
    expect(call.headers.authorization).toBe(`Bearer ${key}`);
    expect(call.headers["idempotency-key"]).toBe(`checkout:${req.orderId}`);
    expect(call.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.body).toMatchObject({
      mode: "payment",
      line_items: [
        { quantity: "2", price_data: { currency: "gbp", unit_amount: "1699", product_data: { name: "Family Pack", description: "5 story credits" } } },
      ],
      client_reference_id: req.orderId,
      customer_email: "sam.parent@example.com",
      metadata: { orderId: req.orderId },
      payment_intent_data: { metadata: { orderId: req.orderId } },
      success_url: `${req.successUrl}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: req.cancelUrl,
    });
    expect(call.body).not.toHaveProperty("subscription_data");
    expect((call.body.line_items as { price_data: object }[])[0].price_data).not.toHaveProperty("recurring");
  });

  it("leaves out an empty description or e-mail address, which Stripe would refuse", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    await provider.createCheckout(request({ description: "", customerEmail: "" }));
    const [call] = await callsOf(key);
    expect((call.body.line_items as { price_data: { product_data: object } }[])[0].price_data.product_data).toEqual({ name: "Family Pack" });
    expect(call.body).not.toHaveProperty("customer_email");
  });

  it("sends yen as whole yen (a zero-decimal currency) in lower case", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    await provider.createCheckout(request({ currency: "jpy", unitAmountMinor: 780, quantity: 1 }));
    const [call] = await callsOf(key);
    expect(call.body).toMatchObject({ line_items: [{ quantity: "1", price_data: { currency: "jpy", unit_amount: "780" } }] });
  });

  it("opens a subscription checkout with a monthly price and the order id on the subscription", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    const req = request({ mode: "subscription", productName: "Storyteller Monthly", unitAmountMinor: 1099, quantity: 1, interval: "month" });
    await provider.createCheckout(req);
    const [call] = await callsOf(key);
    expect(call.body).toMatchObject({
      mode: "subscription",
      line_items: [{ quantity: "1", price_data: { currency: "gbp", unit_amount: "1099", recurring: { interval: "month" } } }],
      subscription_data: { metadata: { orderId: req.orderId } },
      metadata: { orderId: req.orderId },
    });
    expect(call.body).not.toHaveProperty("payment_intent_data");
  });

  it("opens the same session when the same order is sent twice (the idempotency key)", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    const req = request();
    const first = await provider.createCheckout(req);
    const second = await provider.createCheckout(req);
    expect(second).toEqual(first);
    const other = await provider.createCheckout(request());
    expect(other.id).not.toBe(first.id);
    expect(await callsOf(key)).toHaveLength(3);
  });

  it("reads a checkout back: unpaid while open, then paid with its payment or subscription", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    const req = request();
    const { id } = await provider.createCheckout(req);
    expect(await provider.retrieveCheckout(id)).toEqual({ id, status: "open", paid: false, orderId: req.orderId, paymentRef: null, subscriptionRef: null });

    expect((await control("pay", { key, session: id })).status).toBe(200);
    const paid = await provider.retrieveCheckout(id);
    expect(paid).toMatchObject({ id, status: "complete", paid: true, orderId: req.orderId, subscriptionRef: null });
    expect(paid.paymentRef).toMatch(/^pi_/);

    const sub = await provider.createCheckout(request({ mode: "subscription", quantity: 1, interval: "month" }));
    await control("pay", { key, session: sub.id });
    const subscribed = await provider.retrieveCheckout(sub.id);
    expect(subscribed).toMatchObject({ status: "complete", paid: true, paymentRef: null });
    expect(subscribed.subscriptionRef).toMatch(/^sub_/);
    const calls = await callsOf(key);
    expect(calls.filter((c) => c.method === "GET").map((c) => c.path)).toEqual([
      `/v1/checkout/sessions/${id}`,
      `/v1/checkout/sessions/${id}`,
      `/v1/checkout/sessions/${sub.id}`,
    ]);
  });

  it("sets and clears cancel_at_period_end on a subscription", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    const subscriptionRef = await paidSubscription(provider, key);
    await provider.setCancelAtPeriodEnd(subscriptionRef!, true);
    await provider.setCancelAtPeriodEnd(subscriptionRef!, false);
    const updates = (await callsOf(key)).filter((c) => c.path.startsWith("/v1/subscriptions/"));
    expect(updates.map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", `/v1/subscriptions/${subscriptionRef}`, { cancel_at_period_end: "true" }],
      ["POST", `/v1/subscriptions/${subscriptionRef}`, { cancel_at_period_end: "false" }],
    ]);
    await expect(provider.setCancelAtPeriodEnd("sub_does_not_exist", true)).rejects.toThrow(/No such subscription/);
  });

  it("ends a subscription now (an account being deleted)", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    const subscriptionRef = await paidSubscription(provider, key);
    await provider.cancelNow(subscriptionRef!);
    const calls = (await callsOf(key)).filter((c) => c.path.startsWith("/v1/subscriptions/"));
    expect(calls.map((c) => [c.method, c.path])).toEqual([["DELETE", `/v1/subscriptions/${subscriptionRef}`]]);
    await expect(provider.cancelNow("sub_does_not_exist")).rejects.toThrow(/No such subscription/);
  });

  it("retries a call that failed with 500 once, with the same idempotency key, and opens one session", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    await control("fail-next", { key, status: 500, count: 1 });
    const req = request();
    const session = await provider.createCheckout(req);
    expect(session.id).toMatch(/^cs_test_/);
    const calls = await callsOf(key);
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.headers["idempotency-key"])).toEqual([`checkout:${req.orderId}`, `checkout:${req.orderId}`]);
  });

  it("gives up after its retries when Stripe keeps failing", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    await control("fail-next", { key, status: 500, count: 5 });
    await expect(provider.createCheckout(request())).rejects.toThrow();
    expect(await callsOf(key)).toHaveLength(3);
  }, 15_000);

  it("throws on a wrong key, without retrying", async () => {
    const key = "sk_test_nope";
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    await expect(provider.createCheckout(request())).rejects.toThrow(/Invalid API Key/);
    await expect(provider.retrieveCheckout("cs_test_x")).rejects.toThrow(/Invalid API Key/);
    expect(await callsOf(key)).toHaveLength(2);
  });

  it("names the payment of a paid subscription's invoice", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    const sub = await provider.createCheckout(request({ mode: "subscription", quantity: 1, interval: "month" }));
    const paid = (await (await control("pay", { key, session: sub.id })).json()) as { invoice: string };
    expect(await provider.invoicePaymentRef!(paid.invoice)).toMatch(/^pi_/);
    expect(await provider.invoicePaymentRef!("in_unknown")).toBeNull();
    const list = (await callsOf(key)).filter((c) => c.path === "/v1/invoice_payments");
    expect(list).toHaveLength(2);
  });

  it("a session of another account is not found", async () => {
    const mine = createStripeProvider({ secretKey: secretKey(), apiUrl: stripeUrl() });
    const theirs = createStripeProvider({ secretKey: secretKey(), apiUrl: stripeUrl() });
    const { id } = await mine.createCheckout(request());
    await expect(theirs.retrieveCheckout(id)).rejects.toThrow(/No such checkout.session/);
  });
});

describe("the fake Stripe checks parameters like Stripe", () => {
  async function post(key: string, form: Record<string, string>) {
    const res = await fetch(`${stripeUrl()}/v1/checkout/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
    return { status: res.status, body: (await res.json()) as { error?: { type: string; code?: string; param?: string; message: string } } };
  }
  const item = {
    "line_items[0][quantity]": "1",
    "line_items[0][price_data][currency]": "usd",
    "line_items[0][price_data][unit_amount]": "499",
    "line_items[0][price_data][product_data][name]": "Single Story",
  };
  const good = { mode: "payment", success_url: "https://storynest.example/ok", ...item };

  it("answers 400 with Stripe's error shape for a missing or wrong parameter", async () => {
    const key = secretKey();
    expect((await post(key, good)).status).toBe(200);
    const cases: [Record<string, string>, string][] = [
      [{ ...good, mode: "" }, "mode"],
      [{ success_url: good.success_url, ...item }, "mode"],
      [{ mode: "payment", ...item }, "success_url"],
      [{ mode: "payment", success_url: good.success_url }, "line_items"],
      [{ ...good, "line_items[0][price_data][currency]": "" }, "line_items[0][price_data][currency]"],
      [{ ...good, "line_items[0][price_data][unit_amount]": "4.99" }, "line_items[0][price_data][unit_amount]"],
      [{ ...good, "line_items[0][price_data][product_data][name]": "" }, "line_items[0][price_data][product_data][name]"],
      [{ ...good, "line_items[0][quantity]": "0" }, "line_items[0][quantity]"],
      [{ ...good, mode: "subscription" }, "line_items"],
      [{ ...good, "line_items[0][price_data][recurring][interval]": "month" }, "line_items"],
      [{ ...good, surprise: "1" }, "surprise"],
      [{ ...good, "line_items[0][price_data][product_data][description]": "" }, "line_items[0][price_data][product_data][description]"],
    ];
    for (const [form, param] of cases) {
      const { status, body } = await post(key, form);
      expect([status, body.error?.type, body.error?.param], JSON.stringify(form)).toEqual([400, "invalid_request_error", param]);
    }
  });

  it("answers 401 like Stripe without a key or with a wrong one", async () => {
    const res = await fetch(`${stripeUrl()}/v1/checkout/sessions/cs_test_1`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
    expect((await post("sk_live_realkeyrealkeyrealkeyrealkey", good)).status).toBe(401);
  });

  it("refuses an idempotency key reused with other parameters", async () => {
    const key = secretKey();
    const send = (form: Record<string, string>) =>
      fetch(`${stripeUrl()}/v1/checkout/sessions`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded", "idempotency-key": "same" },
        body: new URLSearchParams(form),
      });
    expect((await send(good)).status).toBe(200);
    const again = await send({ ...good, "line_items[0][quantity]": "2" });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { type: string } }).error.type).toBe("idempotency_error");
  });
});

describe("webhook signatures with a Stripe-style secret", () => {
  const secret = "whsec_test_0123456789abcdefghijklmnopqrstuv";
  const body = JSON.stringify({
    id: "evt_1SbXyzA1b2C3d4E5",
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type: "checkout.session.completed",
    data: {
      object: {
        id: "cs_test_a1B2c3",
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        client_reference_id: "0c5d4b8e-3f0a-4c3e-9d59-2a0c9b7f1e11",
        metadata: { orderId: "0c5d4b8e-3f0a-4c3e-9d59-2a0c9b7f1e11" },
        payment_intent: "pi_3SbXyz",
        subscription: null,
      },
    },
  });

  it("accepts a body signed with the secret", async () => {
    const event = await verifyWebhook(body, await signWebhook(body, secret), secret);
    expect(event).toMatchObject({
      kind: "checkout-paid",
      sessionId: "cs_test_a1B2c3",
      orderId: "0c5d4b8e-3f0a-4c3e-9d59-2a0c9b7f1e11",
      paymentRef: "pi_3SbXyz",
    });
  });

  it("refuses a tampered body, a wrong secret, a signature ten minutes old and a header without v1", async () => {
    const header = await signWebhook(body, secret);
    await expect(verifyWebhook(body.replace("pi_3SbXyz", "pi_3Stolen"), header, secret)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(verifyWebhook(body, await signWebhook(body, "whsec_someone_else"), secret)).rejects.toBeInstanceOf(WebhookSignatureError);
    const old = await signWebhook(body, secret, Math.floor(Date.now() / 1000) - 600);
    await expect(verifyWebhook(body, old, secret)).rejects.toBeInstanceOf(WebhookSignatureError);
    const t = /t=(\d+)/.exec(header)![1];
    await expect(verifyWebhook(body, `t=${t}`, secret)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(verifyWebhook(body, `t=${t},v0=${header.split("v1=")[1]}`, secret)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(verifyWebhook(body, null, secret)).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe("the payment service with Stripe: a subscription paid, then refunded", () => {
  it("finds the order of a refunded subscription payment through the invoice's payment", async () => {
    const key = secretKey();
    const secret = "whsec_test_subscription_refund_0123456789";
    const s = createServices(parseEnv({ ...env, STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_URL: stripeUrl() } as Env));
    expect(s.payments.providerName).toBe("stripe");
    const parent = await makeAccount();
    const { orderId, url } = await s.payments.startCheckout({
      buyer: {
        owner: { kind: "profile", userProfileId: parent.profileId },
        visitorId: `visitor${parent.profileId.replace(/-/g, "")}`,
        email: parent.email,
        fullName: "Sam Parent",
      },
      planId: "storyteller-monthly",
      quantity: 1,
      market: marketOf("GB")!,
      site: "http://example.com",
    });
    const sessionId = url.split("/").pop()!;
    const paid = (await (await control("pay", { key, session: sessionId })).json()) as { subscription: string; invoice: string };
    const intent = (await (
      await fetch(`${stripeUrl()}/v1/invoice_payments?invoice=${paid.invoice}`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as {
      data: { payment: { payment_intent: string } }[];
    };
    const pi = intent.data[0].payment.payment_intent;

    const deliver = async (type: string, object: Record<string, unknown>) => {
      const raw = JSON.stringify({
        id: `evt_${crypto.randomUUID().replace(/-/g, "")}`,
        object: "event",
        api_version: "2026-10-28.endive",
        type,
        data: { object },
      });
      return s.payments.handleWebhook(raw, await signWebhook(raw, secret), "http://example.com");
    };
    await deliver("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      status: "complete",
      client_reference_id: orderId,
      metadata: { orderId },
      payment_intent: null,
      subscription: paid.subscription,
      invoice: paid.invoice,
    });
    const start = Math.floor(Date.now() / 1000);
    // the current API's invoice: no subscription, no payment_intent, no payments on it
    await deliver("invoice.paid", {
      id: paid.invoice,
      object: "invoice",
      billing_reason: "subscription_create",
      amount_paid: 1099,
      currency: "gbp",
      status: "paid",
      parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: paid.subscription, metadata: { orderId } } },
      lines: { object: "list", data: [{ id: "il_1", object: "line_item", metadata: {}, period: { start, end: start + 30 * 86400 } }] },
    });
    const order = () =>
      env.DB.prepare(`SELECT status, payment_ref AS ref, total_minor AS total FROM orders WHERE id = ?`)
        .bind(orderId)
        .first<{ status: string; ref: string; total: number }>();
    expect(await order()).toMatchObject({ status: "paid", ref: pi });
    expect(await s.payments.balance({ kind: "profile", userProfileId: parent.profileId })).toBe(4);

    await deliver("charge.refunded", { id: "ch_1", object: "charge", payment_intent: pi, amount_refunded: (await order())!.total, refunded: true });
    expect((await order())?.status).toBe("refunded");
    expect(await s.payments.balance({ kind: "profile", userProfileId: parent.profileId })).toBe(0);
  });
});

describe("a subscription read again from Stripe", () => {
  it("gives the subscription's state now: status, cancel at period end and the period", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    const subscriptionRef = await paidSubscription(provider, key);
    await provider.setCancelAtPeriodEnd(subscriptionRef!, true);
    const state = await provider.retrieveSubscription(subscriptionRef!);
    expect(state).toMatchObject({ subscriptionRef, status: "active", cancelAtPeriodEnd: true });
    expect(state.periodEnd! - state.periodStart!).toBeGreaterThan(27 * 86400);
  });
});

describe("closing a checkout the parent left", () => {
  it("expires an open session; a paid one cannot be expired", async () => {
    const key = secretKey();
    const provider = createStripeProvider({ secretKey: key, apiUrl: stripeUrl() });
    const open = await provider.createCheckout(request());
    await provider.expireCheckout(open.id);
    expect((await provider.retrieveCheckout(open.id)).status).toBe("expired");
    const paid = await provider.createCheckout(request({ orderId: crypto.randomUUID() }));
    await control("pay", { key, session: paid.id });
    await expect(provider.expireCheckout(paid.id)).rejects.toThrow(/can be expired/);
  });
});
