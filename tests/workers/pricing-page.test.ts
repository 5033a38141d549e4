import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MARKET_COOKIE, marketOf, savedMarketValue, type Market } from "~/domain/pricing/markets";
import { formatPrice, localPriceMinor } from "~/domain/pricing/prices";
import { addLedgerEntry } from "~/services/db/credits.server";
import { PLAN_CATALOGUE } from "~/services/db/plans.server";
import { RATES_KEY } from "~/services/pricing/rates.server";
import { RATES_SNAPSHOT } from "~/services/pricing/rates-snapshot";
import { makeAccount, pageText, SITE } from "./account-helpers";
import { db } from "./db-helpers";

// The Workers pool has no EXCHANGE_RATES_URL: every price comes from the snapshot's rates, so the
// expected amounts are computed here with the same domain functions, never typed in.

function market(country: string): Market {
  const m = marketOf(country);
  if (!m) throw new Error(`no market ${country}`);
  return m;
}

/** The catalogue's price of a plan in a market, as the page must show it. */
function expected(planId: string, m: Market): string {
  const plan = PLAN_CATALOGUE.find((p) => p.id === planId)!;
  return formatPrice(localPriceMinor(plan.priceMinor, m.currencyCode, RATES_SNAPSHOT.rates[m.currencyCode]), m);
}

/** The price each plan card shows, by plan id. */
function shownPrices(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of html.matchAll(/data-plan="([a-z-]+)"[\s\S]*?data-testid="plan-price">([^<]+)</g)) out[match[1]] = match[2];
  return out;
}

const savedCookie = (country: string) => `${MARKET_COOKIE}=${encodeURIComponent(savedMarketValue(market(country)))}`;

function get(path: string, headers: Record<string, string> = {}) {
  return SELF.fetch(SITE + path, { headers, redirect: "manual" });
}

function chooseMarket(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${SITE}/market`, { method: "POST", body: new URLSearchParams(fields), headers, redirect: "manual" });
}

const ACTIVE_PLANS = PLAN_CATALOGUE.filter((p) => p.isActive);

describe("/pricing", () => {
  it("shows India's prices by default: rupees, the four plans at the snapshot's rate, one most popular, the links to checkout", async () => {
    const res = await get("/pricing");
    expect(res.status).toBe(200);
    const html = await pageText(res);
    const india = market("IN");
    const prices = shownPrices(html);
    expect(Object.keys(prices)).toEqual(ACTIVE_PLANS.map((p) => p.id));
    expect(ACTIVE_PLANS).toHaveLength(4);
    for (const plan of ACTIVE_PLANS) {
      expect(prices[plan.id], plan.id).toBe(expected(plan.id, india));
      expect(prices[plan.id]).toMatch(/^₹[\d,]+\.\d\d$/);
      expect(html).toContain(`href="/checkout?plan=${plan.id}"`);
      expect(html).toContain(plan.name);
    }
    expect(html.match(/Most popular/g)).toHaveLength(1);
    expect(html).toContain("Prices in Indian rupees (INR), converted from our US dollar prices at the exchange rates of 14 November 2025");
    expect(html).toContain("Credits never expire");
    expect(html).toMatch(/<title>Prices: credit packs and the monthly plan · StoryNest<\/title>/);
    // the picker, with India chosen, posting to /market and coming back here
    expect(html).toMatch(/<form method="post" action="\/market"/);
    expect(html).toMatch(/<option value="IN" selected="">India \(INR\)<\/option>/);
    expect(html).toContain('name="redirectTo" value="/pricing"');
    // a visitor has no balance to see
    expect(html).not.toContain('data-testid="pricing-balance"');
    // without Stripe keys the page says payments are tests, never that Stripe takes them
    expect(html).toContain("no real card works and no real money moves");
    expect(html).not.toContain("Payments are taken by Stripe");
  });

  it("shows pounds to a request from the United Kingdom", async () => {
    const html = await pageText(await get("/pricing", { "X-Dev-Country": "GB" }));
    const prices = shownPrices(html);
    for (const plan of ACTIVE_PLANS) expect(prices[plan.id]).toBe(expected(plan.id, market("GB")));
    expect(prices["single-story"]).toMatch(/^£\d+\.\d\d$/);
    expect(html).toContain("Prices in Pounds sterling (GBP)");
  });

  it("the saved market (the sn_market cookie) wins over the request's country", async () => {
    const html = await pageText(await get("/pricing", { "X-Dev-Country": "GB", Cookie: savedCookie("EU") }));
    const prices = shownPrices(html);
    expect(prices["family-pack"]).toBe(expected("family-pack", market("EU")));
    expect(prices["family-pack"]).toMatch(/^€/);
    expect(html).not.toContain("£");
  });

  it("a signed-in parent whose profile says Japan sees yen in whole units, and their credits", async () => {
    const parent = await makeAccount();
    await env.DB.prepare("UPDATE user_profiles SET country = 'JP' WHERE id = ?").bind(parent.profileId).run();
    await addLedgerEntry(db, {
      owner: { kind: "profile", userProfileId: parent.profileId },
      delta: 3,
      reason: "bonus",
      idempotencyKey: `pricing-${parent.profileId}`,
    });
    const html = await pageText(await parent.call("/pricing"));
    const prices = shownPrices(html);
    for (const plan of ACTIVE_PLANS) {
      expect(prices[plan.id]).toBe(expected(plan.id, market("JP")));
      expect(prices[plan.id]).toMatch(/^¥[\d,]+$/);
    }
    expect(html).toContain("Yen and won are shown and charged in whole units.");
    expect(html).toMatch(/data-testid="pricing-balance"[\s\S]*?You have <strong>3 credits<\/strong>, enough for 3 books\./);
  });
});

describe("POST /market", () => {
  it("keeps the chosen market in a cookie for a year and goes back to the page", async () => {
    const res = await chooseMarket({ country: "GB", redirectTo: "/pricing?from=footer" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/pricing?from=footer");
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toContain(`${savedCookie("GB")}; Path=/; Max-Age=31536000; SameSite=Lax`);
    expect(cookie).not.toContain("Secure"); // plain http here; https adds it
    const html = await pageText(await get("/pricing", { Cookie: cookie.split(";")[0] }));
    expect(shownPrices(html)["single-story"]).toBe(expected("single-story", market("GB")));
  });

  it("sets a Secure cookie over https, and goes home without a redirectTo", async () => {
    const res = await SELF.fetch("https://example.com/market", { method: "POST", body: new URLSearchParams({ country: "jp" }), redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.get("Set-Cookie")).toContain(`${savedCookie("JP")}; Path=/; Max-Age=31536000; SameSite=Lax; Secure`);
  });

  it("answers 400 in words for a country that is not one of the twenty, and sets nothing", async () => {
    for (const country of ["XX", "", "GBR"]) {
      const res = await chooseMarket({ country, redirectTo: "/pricing" });
      expect(res.status, country).toBe(400);
      expect(res.headers.get("Set-Cookie") ?? "").not.toContain(MARKET_COOKIE);
      expect(await res.text()).toBe("We don't have prices for that country. Please go back and choose one of the countries in the list.");
    }
  });

  it("never sends the browser to another site", async () => {
    for (const redirectTo of ["https://evil.example/prices", "//evil.example/prices", "/\\evil.example", "javascript:alert(1)", "/\t/evil.example/"]) {
      const res = await chooseMarket({ country: "GB", redirectTo });
      expect(res.status, redirectTo).toBe(302);
      expect(res.headers.get("Location"), redirectTo).toBe("/");
    }
  });

  it("answers a control character in redirectTo with the plain safe redirect, never a 5xx", async () => {
    for (const c of ["\u0000", "\u0001", "\u001b", "\u007f", "\r", "\n"]) {
      const res = await chooseMarket({ country: "GB", redirectTo: `/${c}x` });
      expect(res.status, JSON.stringify(c)).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
    }
  });

  it("refuses a form posted from another site", async () => {
    const res = await chooseMarket({ country: "GB" }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie") ?? "").not.toContain(MARKET_COOKIE);
  });

  it("a GET goes to the prices", async () => {
    const res = await get("/market");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/pricing");
  });
});

describe("the price of a book on home and the story form", () => {
  for (const path of ["/", "/createstory"]) {
    it(`${path} shows it in the request's currency, server-rendered, with the way to /pricing`, async () => {
      const india = await pageText(await get(path));
      expect(india).toMatch(
        new RegExp(`One storybook costs 1 credit: <strong[^>]*>${expected("single-story", market("IN"))}</strong> on its own, less in a pack\\.`),
      );
      const uk = await pageText(await get(path, { "X-Dev-Country": "GB" }));
      expect(uk).toMatch(new RegExp(`One storybook costs 1 credit: <strong[^>]*>${expected("single-story", market("GB"))}</strong> on its own`));
      expect(uk).not.toContain("₹");
      expect(uk).toMatch(/data-testid="book-price"[\s\S]*?href="\/pricing"/);
    });
  }
});

describe("POST /api/test/rates/forget (for the pricing benchmark; not in production)", () => {
  it("forgets the exchange rates kept in KV outside production, and does not exist in production", async () => {
    const kept = JSON.stringify({ base: "USD", date: "2026-01-01", source: "live", rates: { USD: 1, GBP: 0.8 } });
    await env.CACHE.put(RATES_KEY, kept);
    const res = await SELF.fetch(`${SITE}/api/test/rates/forget`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ forgotten: true });
    expect(await env.CACHE.get(RATES_KEY)).toBeNull();

    await env.CACHE.put(RATES_KEY, kept);
    const { default: worker } = await import("../../workers/app");
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const production = await worker.fetch(new Request(`${SITE}/api/test/rates/forget`, { method: "POST" }), { ...env, ENVIRONMENT: "production" }, ctx);
    expect(production.status).toBe(404);
    expect(await env.CACHE.get(RATES_KEY)).toBe(kept);
    await env.CACHE.delete(RATES_KEY);
  });
});
