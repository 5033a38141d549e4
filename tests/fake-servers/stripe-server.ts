// A fake of the part of Stripe's API that app/services/payments/stripe.server.ts calls:
//   POST /v1/checkout/sessions        creates a Checkout Session (validated like Stripe; Idempotency-Key honoured)
//   GET  /v1/checkout/sessions/:id    the session as it is now
//   POST /v1/checkout/sessions/:id/expire   closes an open session (400 once it is complete)
//   GET  /v1/subscriptions/:id        the subscription as it is now
//   POST /v1/subscriptions/:id        updates cancel_at_period_end
//   DELETE /v1/subscriptions/:id      cancels the subscription now (status canceled)
//   GET  /v1/invoice_payments?invoice=in_…   the payments of an invoice (a paid subscription's first invoice)
//   POST /v1/refunds                  refunds a PaymentIntent, what is left of it or `amount` (Idempotency-Key honoured)
//   GET  /v1/payment_intents/:id      a PaymentIntent; with expand[]=latest_charge its charge, which carries the receipt_url
// Bodies are form-encoded the way Stripe takes them (`line_items[0][price_data][currency]=gbp`,
// `metadata[orderId]=...`) and decoded into nested objects and arrays. Auth is `Authorization: Bearer
// <secret key>`: a test-mode key `sk_test_` followed by at least 24 letters or digits is an account
// of its own (sessions are visible only to the key that made them); anything else is 401.
// Errors have Stripe's shape: { error: { type, code, message, param, doc_url } }.
//
// Control endpoints for tests (not Stripe's):
//   POST /__control/fail-next  {"key": "sk_test_…", "status": 500, "count": 1}  the key's next call(s) fail
//   POST /__control/pay        {"key": "sk_test_…", "session": "cs_test_…"}   the customer pays the session
//   GET  /__calls/<key>        every call the key made: method, path, headers, decoded body
import type { IncomingMessage } from "node:http";
import { randomBytes } from "node:crypto";
import { startFakeServer, type Exchange, type FakeServer } from "./base";

const VALID_KEY = /^sk_test_[A-Za-z0-9]{24,}$/;
const DOCS = "https://docs.stripe.com/error-codes";

type Form = Record<string, unknown>;
type Session = Record<string, unknown> & { id: string; mode: string; metadata: Record<string, string>; subscription_data?: Form };

const rid = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x")}`;

/** Decodes a Stripe form body: bracketed keys become nested objects; objects keyed 0..n-1 become arrays. */
function decodeStripeForm(text: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Form = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Form;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== "object") return v;
    const entries = Object.entries(v as Form).map(([k, x]) => [k, arrays(x)] as const);
    const isArray = entries.length > 0 && entries.every(([k], i) => k === String(i));
    return isArray ? entries.map(([, x]) => x) : Object.fromEntries(entries);
  };
  return arrays(root) as Form;
}

async function parseForm(req: IncomingMessage, raw: Buffer): Promise<unknown> {
  const text = raw.toString("utf8");
  if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return text === "" ? {} : text;
  return decodeStripeForm(text);
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code, doc_url: `${DOCS}#${this.code}` } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

const missing = (param: string) => new StripeError(400, "invalid_request_error", `Missing required param: ${param}.`, "parameter_missing", param);
const invalid = (param: string, message: string) => new StripeError(400, "invalid_request_error", message, "parameter_invalid", param);
const unknownParam = (param: string) => new StripeError(400, "invalid_request_error", `Received unknown parameter: ${param}`, "parameter_unknown", param);

const isObject = (v: unknown): v is Form => Boolean(v) && typeof v === "object" && !Array.isArray(v);
const integer = (value: unknown, param: string, min = 0): number => {
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) throw invalid(param, `Invalid integer: ${String(value)}`);
  const n = Number(value);
  if (n < min) throw invalid(param, `This value must be greater than or equal to ${min}.`);
  return n;
};
const url = (value: unknown, param: string): string => {
  if (value === undefined || value === "") throw missing(param);
  if (typeof value !== "string" || !/^https?:\/\/[^\s]+$/.test(value)) throw invalid(param, "Not a valid URL");
  return value;
};
function metadataOf(value: unknown, param: string): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) throw invalid(param, "Invalid hash");
  for (const [k, v] of Object.entries(value)) {
    if (k.length > 40) throw invalid(`${param}[${k}]`, "Metadata keys can be at most 40 characters long.");
    if (typeof v !== "string" || v.length > 500) throw invalid(`${param}[${k}]`, "Metadata values can be at most 500 characters long.");
  }
  return value as Record<string, string>;
}

const SESSION_PARAMS = new Set([
  "mode",
  "line_items",
  "success_url",
  "cancel_url",
  "customer_email",
  "client_reference_id",
  "metadata",
  "payment_intent_data",
  "subscription_data",
  "expand",
]);

/** Stripe reads an empty value as an attempt to unset a parameter, which a create call cannot do. */
function refuseEmpty(value: unknown, param: string): void {
  if (value === "")
    throw new StripeError(
      400,
      "invalid_request_error",
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      "parameter_invalid_empty",
      param,
    );
  if (Array.isArray(value)) value.forEach((v, i) => refuseEmpty(v, `${param}[${i}]`));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) refuseEmpty(v, `${param}[${k}]`);
}

/** Checks a Checkout Session's parameters as Stripe does and returns the new session. */
function newSession(form: Form, base: string): Session {
  for (const key of Object.keys(form)) if (!SESSION_PARAMS.has(key)) throw unknownParam(key);
  for (const [key, value] of Object.entries(form)) refuseEmpty(value, key);
  const mode = form.mode;
  if (mode === undefined) throw missing("mode");
  if (mode !== "payment" && mode !== "subscription") throw invalid("mode", `Invalid mode: must be one of payment, setup, or subscription`);
  const successUrl = url(form.success_url, "success_url");
  if (form.cancel_url !== undefined) url(form.cancel_url, "cancel_url");
  if (form.customer_email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(String(form.customer_email)))
    throw invalid("customer_email", "Invalid email address: " + String(form.customer_email));
  if (typeof form.client_reference_id === "string" && form.client_reference_id.length > 200)
    throw invalid("client_reference_id", "client_reference_id must be at most 200 characters.");
  if (mode === "subscription" && form.payment_intent_data !== undefined)
    throw new StripeError(400, "invalid_request_error", "You can not pass `payment_intent_data` in `subscription` mode.", undefined, "payment_intent_data");
  if (mode === "payment" && form.subscription_data !== undefined)
    throw new StripeError(400, "invalid_request_error", "You can not pass `subscription_data` in `payment` mode.", undefined, "subscription_data");

  const items = form.line_items;
  if (items === undefined) throw missing("line_items");
  if (!Array.isArray(items) || items.length === 0) throw invalid("line_items", "Invalid array");
  let amountTotal = 0;
  let currency: string | null = null;
  items.forEach((item, i) => {
    const at = `line_items[${i}]`;
    if (!isObject(item)) throw invalid(at, "Invalid hash");
    const data = item.price_data;
    if (data === undefined && item.price === undefined)
      throw new StripeError(400, "invalid_request_error", `You must specify either \`price\` or \`price_data\` in ${at}.`, undefined, at);
    if (!isObject(data)) throw invalid(`${at}[price_data]`, "Invalid hash");
    if (data.currency === undefined) throw missing(`${at}[price_data][currency]`);
    if (typeof data.currency !== "string" || !/^[a-zA-Z]{3}$/.test(data.currency))
      throw invalid(`${at}[price_data][currency]`, `Invalid currency: ${String(data.currency)}`);
    const product = data.product_data;
    if (data.product === undefined && product === undefined) throw missing(`${at}[price_data][product_data]`);
    if (product !== undefined && (!isObject(product) || !product.name)) throw missing(`${at}[price_data][product_data][name]`);
    if (data.unit_amount === undefined) throw missing(`${at}[price_data][unit_amount]`);
    const unit = integer(data.unit_amount, `${at}[price_data][unit_amount]`);
    if (unit > 99_999_999) throw invalid(`${at}[price_data][unit_amount]`, "This value must be less than or equal to 99999999.");
    if (item.quantity === undefined) throw missing(`${at}[quantity]`);
    const quantity = integer(item.quantity, `${at}[quantity]`, 1);
    const recurring = data.recurring;
    if (mode === "subscription") {
      if (!isObject(recurring))
        throw new StripeError(
          400,
          "invalid_request_error",
          "You must provide at least one recurring price in `subscription` mode when using prices.",
          undefined,
          "line_items",
        );
      if (!["day", "week", "month", "year"].includes(String(recurring.interval))) throw missing(`${at}[price_data][recurring][interval]`);
    } else if (recurring !== undefined) {
      throw new StripeError(
        400,
        "invalid_request_error",
        "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
        undefined,
        "line_items",
      );
    }
    const code = data.currency.toLowerCase();
    if (currency && currency !== code) throw invalid(`${at}[price_data][currency]`, "All line items must use the same currency.");
    currency = code;
    amountTotal += unit * quantity;
  });

  const metadata = metadataOf(form.metadata, "metadata");
  if (isObject(form.subscription_data)) metadataOf(form.subscription_data.metadata, "subscription_data[metadata]");
  if (isObject(form.payment_intent_data)) metadataOf(form.payment_intent_data.metadata, "payment_intent_data[metadata]");
  const id = rid("cs_test");
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: "checkout.session",
    amount_subtotal: amountTotal,
    amount_total: amountTotal,
    cancel_url: form.cancel_url ?? null,
    client_reference_id: form.client_reference_id ?? null,
    created: now,
    currency,
    customer: null,
    customer_details: null,
    customer_email: form.customer_email ?? null,
    expires_at: now + 24 * 3600,
    livemode: false,
    metadata,
    mode,
    payment_intent: null,
    payment_status: "unpaid",
    status: "open",
    subscription: null,
    invoice: null,
    success_url: successUrl,
    ui_mode: "hosted",
    url: `${base}/c/pay/${id}`,
    ...(isObject(form.subscription_data) ? { subscription_data: form.subscription_data } : {}),
  };
}

/** A sessions's public shape (what Stripe answers): without what we keep for ourselves. */
const publicSession = ({ subscription_data: _s, ...session }: Session) => session;

export async function startFakeStripe(): Promise<FakeServer> {
  const sessions = new Map<string, { key: string; session: Session }>();
  const subscriptions = new Map<string, { key: string; subscription: Record<string, unknown> }>();
  const invoicePayments = new Map<string, { key: string; payment: Record<string, unknown> }>();
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const failures = new Map<string, { status: number; left: number }>();
  // every PaymentIntent a paid session or invoice made, and how much of it has been refunded
  const intents = new Map<string, { key: string; amount: number; currency: string; refunded: number; charge: string }>();
  const newIntent = (key: string, s: Session) => ({ key, amount: s.amount_total as number, currency: s.currency as string, refunded: 0, charge: rid("ch") });

  /** A PaymentIntent as Stripe answers it; its latest charge only as an id unless expanded (expand[]=latest_charge). */
  function paymentIntent(id: string, intent: { amount: number; currency: string; refunded: number; charge: string }, expand: string[]) {
    const charge = {
      id: intent.charge,
      object: "charge",
      amount: intent.amount,
      amount_refunded: intent.refunded,
      currency: intent.currency,
      payment_intent: id,
      paid: true,
      refunded: intent.refunded >= intent.amount,
      receipt_url: `https://pay.stripe.com/receipts/payment/${intent.charge}`,
    };
    return {
      id,
      object: "payment_intent",
      amount: intent.amount,
      amount_received: intent.amount,
      currency: intent.currency,
      status: "succeeded",
      latest_charge: expand.includes("latest_charge") ? charge : charge.id,
    };
  }

  function pay(key: string, sessionId: string) {
    const found = sessions.get(sessionId);
    if (!found || found.key !== key) throw new StripeError(404, "invalid_request_error", `No such checkout.session: '${sessionId}'`, "resource_missing", "id");
    const s = found.session;
    s.status = "complete";
    s.payment_status = "paid";
    s.customer = rid("cus");
    if (s.mode === "subscription") {
      const now = Math.floor(Date.now() / 1000);
      const end = now + 30 * 86400;
      const intent = rid("pi");
      intents.set(intent, newIntent(key, s));
      const sub = {
        id: rid("sub"),
        object: "subscription",
        status: "active",
        cancel_at_period_end: false,
        customer: s.customer,
        metadata: (s.subscription_data?.metadata as Record<string, string> | undefined) ?? {},
        items: { object: "list", data: [{ id: rid("si"), object: "subscription_item", current_period_start: now, current_period_end: end }] },
      };
      subscriptions.set(sub.id, { key, subscription: sub });
      s.subscription = sub.id;
      // the subscription's first invoice, paid by a PaymentIntent that the session itself does not name
      s.invoice = rid("in");
      invoicePayments.set(s.invoice as string, {
        key,
        payment: {
          id: rid("inpay"),
          object: "invoice_payment",
          amount_paid: s.amount_total,
          amount_requested: s.amount_total,
          created: now,
          currency: s.currency,
          invoice: s.invoice,
          is_default: true,
          livemode: false,
          payment: { type: "payment_intent", payment_intent: intent },
          status: "paid",
          status_transitions: { canceled_at: null, paid_at: now },
        },
      });
    } else {
      s.payment_intent = rid("pi");
      intents.set(s.payment_intent as string, newIntent(key, s));
    }
    return publicSession(s);
  }

  /** A POST that Stripe answers once per Idempotency-Key: a repeat gets the first answer; other parameters are refused. */
  function once({ req, key, raw }: Exchange, make: () => unknown): { status: number; answer: unknown } {
    const idempotencyKey = req.headers["idempotency-key"];
    const stored = typeof idempotencyKey === "string" ? idempotent.get(`${key}:${idempotencyKey}`) : undefined;
    if (stored) {
      if (stored.body !== raw.toString("utf8"))
        throw new StripeError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
      return { status: stored.status, answer: stored.answer };
    }
    const answer = make();
    if (typeof idempotencyKey === "string") idempotent.set(`${key}:${idempotencyKey}`, { body: raw.toString("utf8"), status: 200, answer });
    return { status: 200, answer };
  }

  function refund(key: string, form: Form) {
    for (const param of Object.keys(form)) if (!["payment_intent", "amount", "reason", "metadata"].includes(param)) throw unknownParam(param);
    const id = form.payment_intent;
    if (id === undefined)
      throw new StripeError(400, "invalid_request_error", "One of the following params should be provided for this request: payment_intent or charge.");
    const intent = intents.get(String(id));
    if (!intent || intent.key !== key)
      throw new StripeError(404, "invalid_request_error", `No such payment_intent: '${String(id)}'`, "resource_missing", "payment_intent");
    const left = intent.amount - intent.refunded;
    if (left <= 0) throw new StripeError(400, "invalid_request_error", `Charge for ${String(id)} has already been refunded.`, "charge_already_refunded");
    const amount = form.amount === undefined ? left : integer(form.amount, "amount", 1);
    if (amount > left) throw invalid("amount", `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
    intent.refunded += amount;
    return {
      id: rid("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: id,
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    };
  }

  function api(x: Exchange): { status: number; answer: unknown } {
    const { req, url: u, key, body } = x;
    const form = isObject(body) ? body : {};
    if (req.method === "POST" && u.pathname === "/v1/checkout/sessions")
      return once(x, () => {
        const session = newSession(form, u.origin);
        sessions.set(session.id, { key, session });
        return publicSession(session);
      });
    if (req.method === "POST" && u.pathname === "/v1/refunds") return once(x, () => refund(key, form));
    const session = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(u.pathname);
    if (req.method === "GET" && session) {
      const found = sessions.get(session[1]);
      if (!found || found.key !== key)
        throw new StripeError(404, "invalid_request_error", `No such checkout.session: '${session[1]}'`, "resource_missing", "id");
      return { status: 200, answer: publicSession(found.session) };
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(u.pathname);
    if (req.method === "POST" && expire) {
      const found = sessions.get(expire[1]);
      if (!found || found.key !== key)
        throw new StripeError(404, "invalid_request_error", `No such checkout.session: '${expire[1]}'`, "resource_missing", "id");
      if (found.session.status !== "open")
        throw new StripeError(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired.`, "checkout_session_expired");
      found.session.status = "expired";
      return { status: 200, answer: publicSession(found.session) };
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(u.pathname);
    if (req.method === "POST" && sub) {
      const found = subscriptions.get(sub[1]);
      if (!found || found.key !== key) throw new StripeError(404, "invalid_request_error", `No such subscription: '${sub[1]}'`, "resource_missing", "id");
      for (const param of Object.keys(form)) if (param !== "cancel_at_period_end" && param !== "metadata") throw unknownParam(param);
      if (form.cancel_at_period_end !== undefined) {
        if (form.cancel_at_period_end !== "true" && form.cancel_at_period_end !== "false")
          throw invalid("cancel_at_period_end", "Invalid boolean: " + String(form.cancel_at_period_end));
        found.subscription.cancel_at_period_end = form.cancel_at_period_end === "true";
      }
      return { status: 200, answer: found.subscription };
    }
    if (req.method === "GET" && sub) {
      const found = subscriptions.get(sub[1]);
      if (!found || found.key !== key) throw new StripeError(404, "invalid_request_error", `No such subscription: '${sub[1]}'`, "resource_missing", "id");
      return { status: 200, answer: found.subscription };
    }
    if (req.method === "DELETE" && sub) {
      const found = subscriptions.get(sub[1]);
      if (!found || found.key !== key) throw new StripeError(404, "invalid_request_error", `No such subscription: '${sub[1]}'`, "resource_missing", "id");
      found.subscription.status = "canceled";
      found.subscription.canceled_at = Math.floor(Date.now() / 1000);
      return { status: 200, answer: found.subscription };
    }
    const intent = /^\/v1\/payment_intents\/([\w-]+)$/.exec(u.pathname);
    if (req.method === "GET" && intent) {
      const found = intents.get(intent[1]);
      if (!found || found.key !== key)
        throw new StripeError(404, "invalid_request_error", `No such payment_intent: '${intent[1]}'`, "resource_missing", "intent");
      // stripe-node writes expand[0]=…; other clients expand[]=…
      const expand = [...u.searchParams].filter(([k]) => k === "expand" || /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
      return { status: 200, answer: paymentIntent(intent[1], found, expand) };
    }
    if (req.method === "GET" && u.pathname === "/v1/invoice_payments") {
      const invoice = u.searchParams.get("invoice");
      const status = u.searchParams.get("status");
      const found = invoice ? invoicePayments.get(invoice) : undefined;
      const data = found && found.key === key && (!status || found.payment.status === status) ? [found.payment] : [];
      return { status: 200, answer: { object: "list", data, has_more: false, url: "/v1/invoice_payments" } };
    }
    throw new StripeError(404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${u.pathname}).`);
  }

  function control({ url: u, raw, send }: Exchange) {
    let order: { key?: string; status?: number; count?: number; session?: string } = {};
    try {
      order = JSON.parse(raw.toString("utf8"));
    } catch {
      return send(400, { error: "control bodies are JSON" });
    }
    if (!order.key) return send(400, { error: "key is required" });
    if (u.pathname === "/__control/fail-next") {
      failures.set(order.key, { status: order.status ?? 500, left: order.count ?? 1 });
      return send(200, { ok: true });
    }
    if (u.pathname === "/__control/pay") {
      try {
        return send(200, pay(order.key, order.session ?? ""));
      } catch (error) {
        return error instanceof StripeError ? send(error.status, error.body()) : send(500, { error: String(error) });
      }
    }
    return send(404, { error: "unknown control" });
  }

  return startFakeServer(
    (x) => {
      if (x.req.method === "POST" && x.url.pathname.startsWith("/__control/")) return control(x);
      if (!x.req.headers.authorization) return x.send(401, new StripeError(401, "invalid_request_error", "You did not provide an API key.").body());
      if (!VALID_KEY.test(x.key)) {
        const shown = x.key.length > 12 ? `${x.key.slice(0, 8)}${"*".repeat(4)}${x.key.slice(-4)}` : x.key;
        return x.send(401, new StripeError(401, "invalid_request_error", `Invalid API Key provided: ${shown}`, "api_key_invalid").body());
      }
      const failure = failures.get(x.key);
      if (failure && failure.left > 0) {
        failure.left -= 1;
        return x.send(failure.status, new StripeError(failure.status, "api_error", "An unknown error occurred").body(), { "request-id": rid("req") });
      }
      try {
        const { status, answer } = api(x);
        return x.send(status, answer, { "request-id": rid("req") });
      } catch (error) {
        if (error instanceof StripeError) return x.send(error.status, error.body(), { "request-id": rid("req") });
        throw error;
      }
    },
    undefined,
    parseForm,
  );
}
