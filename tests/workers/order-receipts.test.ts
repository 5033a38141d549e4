import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { formatMoney, includedTaxMinor, receiptLocale } from "~/domain/pricing/tax";
import { parseEnv } from "~/services/env.server";
import { orderNumber } from "~/services/payments/payments.server";
import { createServices } from "~/services/services.server";
import { makeAccount, pageText, type TestAccount } from "./account-helpers";
import { deliver, market, paidSession, services, SITE } from "./payments-helpers";

// Item 9: a receipt is a receipt. The order page and the purchase e-mail say what was bought, how
// many and for how much in the currency paid, the tax inside by the market's rule, the date, the
// order number and the seller; with Stripe, a link to Stripe's own receipt.

const SELLER = parseEnv(env).secrets;

async function words(res: Response): Promise<string> {
  return (await pageText(res))
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

/** A pack order in a market, started for a buyer in `country`, and paid by its webhook. */
async function paidOrder(country: string, buyerCountry: string | null, quantity = 2, parent?: TestAccount) {
  const buyer = parent ?? (await makeAccount());
  const { orderId, url } = await services().payments.startCheckout({
    buyer: { owner: { kind: "profile", userProfileId: buyer.profileId }, visitorId: `v${buyer.profileId}`, email: buyer.email, fullName: "Sam Parent" },
    planId: "family-pack",
    quantity,
    market: market(country),
    buyerCountry,
    site: SITE,
  });
  const p = { parent: buyer, orderId, sessionId: url.split("/").pop()! };
  expect((await deliver(paidSession(p))).status).toBe(200);
  const row = await env.DB.prepare(`SELECT total_minor AS total, currency, paid_at AS paidAt FROM orders WHERE id = ?`)
    .bind(orderId)
    .first<{ total: number; currency: string; paidAt: string }>();
  return { ...p, total: row!.total, currency: row!.currency, paidAt: row!.paidAt };
}

const purchaseEmail = (orderId: string) =>
  env.DB.prepare(`SELECT html, text FROM email_deliveries WHERE id = ?`).bind(`plan-purchase:${orderId}`).first<{ html: string; text: string }>();

describe("the receipt of a paid order", () => {
  it("on the order page: lines, quantity, amounts in the market's locale, VAT inside, date, number and seller", async () => {
    const o = await paidOrder("GB", "GB", 2);
    const money = (minor: number) => formatMoney(minor, "GBP", receiptLocale("GB"));
    const page = await words(await o.parent.call(`/order/${o.orderId}`));
    expect(page).toContain("Receipt");
    expect(page).toContain(`Order number: ${orderNumber(o.orderId)}`);
    expect(page).toMatch(/Date paid: \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(page).toContain(`Sold by: ${SELLER.SELLER_NAME}, ${SELLER.SELLER_ADDRESS}`);
    expect(page).toContain(`Family Pack 2 ${money(o.total / 2)} ${money(o.total)}`);
    expect(page).toContain(`Total paid ${money(o.total)}`);
    expect(page).toContain(`VAT included (20%) ${money(includedTaxMinor(o.total, 2000))}`);
    expect(page).toContain("Paid in Pounds sterling (GBP).");
    // the order keeps the tax it was sold with (total = subtotal + tax)
    const row = await env.DB.prepare(`SELECT subtotal_minor AS s, tax_minor AS t, tax_country AS c, tax_rate_bp AS r FROM orders WHERE id = ?`)
      .bind(o.orderId)
      .first<{ s: number; t: number; c: string; r: number }>();
    expect(row).toEqual({ s: o.total - includedTaxMinor(o.total, 2000), t: includedTaxMinor(o.total, 2000), c: "GB", r: 2000 });
  });

  it("in the purchase e-mail, the same receipt", async () => {
    const o = await paidOrder("JP", "JP", 1);
    const mail = await purchaseEmail(o.orderId);
    expect(mail).not.toBeNull();
    const money = (minor: number) => formatMoney(minor, "JPY", receiptLocale("JP"));
    for (const part of [
      mail!.text,
      mail!.html
        .replace(/<!-- -->/g, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " "),
    ]) {
      expect(part).toContain("Receipt");
      expect(part).toContain(orderNumber(o.orderId));
      expect(part).toContain("Family Pack × 1");
      expect(part).toContain(money(o.total));
      expect(part).toContain("Consumption tax included (10%)");
      expect(part).toContain(money(includedTaxMinor(o.total, 1000)));
      expect(part).toContain(`Sold by ${SELLER.SELLER_NAME}, ${SELLER.SELLER_ADDRESS}`);
      expect(part).toContain("Japanese yen (JPY)");
      expect(part).toMatch(/paid on \d{1,2} [A-Z][a-z]+ \d{4}/);
    }
  });

  it("takes the euro area's VAT from the buyer's country, and says where no tax is added", async () => {
    const fr = await paidOrder("EU", "FR", 1);
    expect(await words(await fr.parent.call(`/order/${fr.orderId}`))).toContain(
      `VAT included (20%) ${formatMoney(includedTaxMinor(fr.total, 2000), "EUR", receiptLocale("EU"))}`,
    );
    const us = await paidOrder("US", "US", 1);
    const page = await words(await us.parent.call(`/order/${us.orderId}`));
    expect(page).toContain("Prices in the United States do not include sales tax, and no sales tax was charged.");
    expect(page).not.toContain("included (");
  });
});

describe("with Stripe", () => {
  it("links Stripe's own receipt of the payment, read from the charge", async () => {
    const key = `sk_test_${crypto.randomUUID().replace(/-/g, "")}`;
    const stripeUrl = inject("fakeStripeUrl");
    const s = createServices(parseEnv({ ...env, STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: "whsec_receipts", STRIPE_API_URL: stripeUrl } as Env));
    const parent = await makeAccount();
    const owner = { kind: "profile" as const, userProfileId: parent.profileId };
    const { orderId } = await s.payments.startCheckout({
      buyer: { owner, visitorId: `v${parent.profileId}`, email: parent.email, fullName: "Sam" },
      planId: "family-pack",
      quantity: 1,
      market: market("GB"),
      site: SITE,
    });
    const session = await env.DB.prepare(`SELECT provider_ref AS ref, expires_at AS expiresAt FROM orders WHERE id = ?`)
      .bind(orderId)
      .first<{ ref: string; expiresAt: string }>();
    // the order waits as long as Stripe's session: 24 hours
    expect(Math.abs(Date.parse(session!.expiresAt) - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
    await fetch(`${stripeUrl}/__control/pay`, { method: "POST", body: JSON.stringify({ key, session: session!.ref }) });
    const view = await s.payments.confirmOrder(orderId, owner, SITE);
    expect(view?.status).toBe("paid");
    expect(view?.receipt?.providerReceiptUrl).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\/payment\/ch_/);
    const mail = await purchaseEmail(orderId);
    expect(mail!.html).toContain(view!.receipt!.providerReceiptUrl!);
    const calls = (await (await fetch(`${stripeUrl}/__calls/${key}`)).json()) as { method: string; path: string }[];
    expect(calls.filter((c) => c.method === "GET" && c.path.startsWith("/v1/payment_intents/"))).toHaveLength(1);
  });
});
