import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { log } from "~/services/log.server";
import { createPaymentService } from "~/services/payments/payments.server";
import { createTestProvider, EXPIRED_CHECKOUT_MESSAGE, TEST_CARDS, TEST_WEBHOOK_SECRET } from "~/services/payments/test-provider.server";
import { pageText } from "./account-helpers";
import { deliver, event, services, SITE, startPurchase, type Purchase } from "./payments-helpers";

// Item 10: abandoned checkouts end. A checkout waits for its payment as long as the provider's page
// (24 hours); after that it is Expired, whether or not the provider said so, and buying again works.

const HOUR = 3600_000;

async function words(res: Response): Promise<string> {
  return (await pageText(res))
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

/** The payment service and the test provider as the Worker builds them, but reading a clock `ahead` ms from now. */
function later(ahead: number) {
  const s = services();
  const clock = () => Promise.resolve(Date.now() + ahead);
  const base = {
    db: s.db,
    pricing: s.pricing,
    notifications: s.notifications,
    log,
    analytics: s.analytics,
    seller: { name: "StoryNest Ltd", address: "London" },
  };
  const provider = createTestProvider({
    db: s.db,
    deliver: (body, signature) => payments.handleWebhook(body, signature, SITE),
    waitUntil: (work) => void work,
    log,
    clock,
  });
  const payments = createPaymentService({ ...base, provider: provider.provider, webhookSecret: TEST_WEBHOOK_SECRET, now: clock });
  return { payments, provider };
}

const owner = (p: Purchase) => ({ kind: "profile" as const, userProfileId: p.parent.profileId });

const orderRow = (orderId: string) =>
  env.DB.prepare(`SELECT status, expires_at AS expiresAt, expired_at AS expiredAt, checkout_url AS checkoutUrl FROM orders WHERE id = ?`)
    .bind(orderId)
    .first<{ status: string; expiresAt: string | null; expiredAt: string | null; checkoutUrl: string | null }>();

describe("a checkout left waiting", () => {
  it("waits 24 hours: still waiting at 23, Expired at 25, with no word from the provider", async () => {
    const p = await startPurchase("family-pack", "GB");
    const row = await orderRow(p.orderId);
    expect(Math.abs(Date.parse(row!.expiresAt!) - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);

    expect((await later(23 * HOUR).payments.order(p.orderId, owner(p)))?.status).toBe("pending");
    const [seen] = (await later(25 * HOUR).payments.orders(owner(p))).filter((o) => o.id === p.orderId);
    expect(seen).toMatchObject({ status: "expired", checkoutUrl: null, buyAgainPlanId: "family-pack" });
    expect(await orderRow(p.orderId)).toMatchObject({ status: "cancelled", checkoutUrl: null, expiredAt: expect.any(String) });
  });

  it("shows Expired on My orders and its page, with a way to buy again", async () => {
    const p = await startPurchase("family-pack", "GB");
    await env.DB.prepare(`UPDATE orders SET expires_at = ? WHERE id = ?`)
      .bind(new Date(Date.now() - 1000).toISOString(), p.orderId)
      .run();
    const list = await words(await p.parent.call("/myorders"));
    expect(list).toContain("Expired");
    expect(list).not.toContain("Waiting for payment");
    const res = await p.parent.call(`/order/${p.orderId}`);
    const html = await pageText(res);
    expect(await words(new Response(html))).toContain("Expired — nothing was charged");
    expect(html).toContain('href="/checkout?plan=family-pack"');
    expect(html).not.toContain('data-testid="finish-paying"');
  });

  it("the test provider's page stops taking payment after 24 hours and reports the expiry", async () => {
    const p = await startPurchase("family-pack", "GB");
    const { provider } = later(25 * HOUR);
    expect(await provider.pay(p.sessionId, TEST_CARDS.succeeds)).toEqual({ outcome: "closed", message: EXPIRED_CHECKOUT_MESSAGE });
    expect((await provider.view(p.sessionId))?.status).toBe("expired");
    // its checkout.session.expired came at the session's time: Expired, not Cancelled
    expect(await orderRow(p.orderId)).toMatchObject({ status: "cancelled", expiredAt: expect.any(String) });
    expect((await services().payments.order(p.orderId, owner(p)))?.status).toBe("expired");
  });

  it("a session closed before its time (the parent cancelled) stays Cancelled; one that ran out is Expired", async () => {
    const closed = await startPurchase("family-pack", "GB");
    const ranOut = await startPurchase("family-pack", "GB");
    const now = Math.floor(Date.now() / 1000);
    const expired = (p: Purchase, created: number) => ({
      ...event("checkout.session.expired", {
        id: p.sessionId,
        object: "checkout.session",
        payment_status: "unpaid",
        client_reference_id: p.orderId,
        metadata: { orderId: p.orderId },
        expires_at: now + 24 * 3600,
      }),
      created,
    });
    expect((await deliver(expired(closed, now))).status).toBe(200);
    expect((await deliver(expired(ranOut, now + 24 * 3600))).status).toBe(200);
    expect((await services().payments.order(closed.orderId, owner(closed)))?.status).toBe("cancelled");
    expect((await services().payments.order(ranOut.orderId, owner(ranOut)))?.status).toBe("expired");
  });

  it("buying again works: an expired subscription checkout no longer holds the plan", async () => {
    const first = await startPurchase("storyteller-monthly", "GB");
    const { payments } = later(25 * HOUR);
    expect((await payments.order(first.orderId, owner(first)))?.status).toBe("expired");
    const again = await startPurchase("storyteller-monthly", "GB", 1, first.parent);
    expect(again.orderId).not.toBe(first.orderId);
    expect((await orderRow(again.orderId))?.status).toBe("pending");
    expect((await orderRow(first.orderId))?.expiredAt).not.toBeNull();
  });
});
