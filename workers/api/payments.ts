import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { z, ZodError } from "zod";
import { resolveSite } from "../../app/domain/story/links";
import { SIGNATURE_HEADER, WebhookSignatureError } from "../../app/services/payments/webhook.server";
import type { ApiEnv } from "./env";
import { methodNotAllowed } from "./errors";
import { notInProduction } from "./dev-only";
import { zodValidator } from "./validate";

/** A provider's event is a few kilobytes; anything far larger is not one. */
const MAX_EVENT_BYTES = 256 * 1024;
/** How much of an oversized body is still read (and dropped) before the connection is cut. */
const DRAIN_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * POST /api/payments/webhook: the payment provider reports what happened (Stripe, or the built-in
 * test provider, both signing the same way). The signature is checked over the raw body before
 * anything is read: a missing, wrong or stale one (over five minutes) is 400 and changes nothing.
 * A verified event is applied exactly once (app/services/payments/fulfilment.server.ts) and
 * answered 200, a repeat included, so the provider stops retrying.
 */
export const paymentsWebhook = new Hono<ApiEnv>()
  .post("/", async (c) => {
    const { services, env } = c.get("app");
    if (!services.payments.available) return c.json({ error: "Payments are not available." }, 503);
    const declared = Number(c.req.header("content-length") ?? 0);
    if (declared > MAX_EVENT_BYTES) return c.json({ error: "This event is too large." }, 413);
    const body = await readAtMost(c.req.raw, MAX_EVENT_BYTES);
    if (body === null) return c.json({ error: "This event is too large." }, 413);
    try {
      const result = await services.payments.handleWebhook(body, c.req.header(SIGNATURE_HEADER) ?? null, resolveSite(env.secrets.WEBSITE_URL, c.req.url));
      return c.json({ received: true, duplicate: !result.applied });
    } catch (error) {
      if (error instanceof WebhookSignatureError) return c.json({ error: "The webhook signature is not valid." }, 400);
      if (error instanceof ZodError) return c.json({ error: "This event is missing fields it should carry." }, 400);
      throw error;
    }
  })
  .all("/", methodNotAllowed(["POST"]));

/**
 * The request's body as text, or null when it is over `limit` bytes (a body sent without a declared
 * length is kept only up to the limit). Bytes, not characters: the limit is what the network carries.
 * The rest of an oversized body is read and dropped, up to a few megabytes, so the sender gets the
 * 413 rather than a broken connection.
 */
async function readAtMost(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_LIMIT_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    if (size <= limit) chunks.push(value);
  }
  if (size > limit) return null;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

const renewBody = z.object({ subscriptionId: z.string().min(1).max(64) }).strict();
const refundBody = z.object({ orderId: z.string().uuid(), amountMinor: z.number().int().min(1).optional() }).strict();

/**
 * What a payment provider does on its own, for local trials and tests, with the built-in test
 * provider only (404 in production or with Stripe):
 *   POST /api/test/payments/renew  {subscriptionId}  ends the caller's subscription's period now and bills the next
 *   POST /api/test/payments/refund {orderId, amountMinor?}  refunds the caller's paid order (all of it unless told)
 */
export const testPayments = new Hono<ApiEnv>()
  .use("*", notInProduction)
  .use("*", async (c, next) => {
    if (!c.get("app").services.testPayments) throw new HTTPException(404, { message: "Not found" });
    await next();
  })
  .post("/renew", zodValidator("json", renewBody), async (c) => {
    const { services, owner } = c.get("app");
    const provider = services.testPayments!;
    const mine = (await services.payments.subscriptions(owner)).find((s) => s.id === c.req.valid("json").subscriptionId);
    const ref = mine
      ? await services.db.$client.prepare(`SELECT provider_ref AS ref FROM subscriptions WHERE id = ?`).bind(mine.id).first<{ ref: string }>()
      : null;
    if (!ref?.ref) return c.json({ error: "No such subscription." }, 404);
    await provider.endPeriodNow(ref.ref);
    return c.json(await provider.renewDue());
  })
  .post("/refund", zodValidator("json", refundBody), async (c) => {
    const { services, owner } = c.get("app");
    const { orderId, amountMinor } = c.req.valid("json");
    const order = await services.payments.order(orderId, owner);
    const ref = order
      ? await services.db.$client.prepare(`SELECT payment_ref AS ref FROM orders WHERE id = ?`).bind(orderId).first<{ ref: string | null }>()
      : null;
    if (!order || !ref?.ref || (order.status !== "paid" && order.status !== "refunded")) return c.json({ error: "No paid order with this id." }, 404);
    await services.testPayments!.refund(ref.ref, Math.min(amountMinor ?? order.totalMinor, order.totalMinor));
    return c.json(await services.payments.order(orderId, owner));
  });
