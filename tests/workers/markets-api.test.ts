import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MARKET_COOKIE, MARKETS, marketOf, parseSavedMarket, type Market } from "~/domain/pricing/markets";
import { formatPrice, localPriceMinor } from "~/domain/pricing/prices";
import { PLAN_CATALOGUE } from "~/services/db/plans.server";
import { marketFor, marketSignals } from "~/services/pricing/market.server";
import { RATES_SNAPSHOT } from "~/services/pricing/rates-snapshot";
import worker from "../../workers/app";
import { makeAccount } from "./account-helpers";

// The market a request sees and the prices it is shown, through the Worker. The Worker runs with
// ENVIRONMENT=test and no rate service, so the country comes from the development header or
// ?country=, and prices are the kept snapshot's.

const SITE = "http://example.com";

interface MarketsAnswer {
  markets: Market[];
  current: Market;
  source: string;
}

async function markets(headers: Record<string, string> = {}, query = ""): Promise<MarketsAnswer> {
  const res = await SELF.fetch(`${SITE}/api/markets${query}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as MarketsAnswer;
}

const savedCookie = (country: string, currencyCode: string) => `${MARKET_COOKIE}=${encodeURIComponent(JSON.stringify({ country, currencyCode }))}`;

describe("GET /api/markets", () => {
  it("lists the twenty markets and, with nothing known, India by default", async () => {
    const answer = await markets();
    expect(answer.markets).toEqual(MARKETS);
    expect(answer.markets).toHaveLength(20);
    expect(answer.current).toEqual(marketOf("IN"));
    expect(answer.source).toBe("default");
  });

  it("a visitor from Germany (the development header) sees the euro area", async () => {
    const answer = await markets({ "x-dev-country": "DE" });
    expect([answer.current.country, answer.source]).toEqual(["EU", "location"]);
  });

  it("a saved choice wins over the visitor's country", async () => {
    const answer = await markets({ "x-dev-country": "DE", cookie: savedCookie("JP", "JPY") });
    expect([answer.current.country, answer.source]).toEqual(["JP", "saved"]);
  });

  it("a signed-in parent's profile country comes after a saved choice and before the visitor's country", async () => {
    const parent = await makeAccount();
    await env.DB.prepare(`UPDATE user_profiles SET country = 'CA' WHERE id = ?`).bind(parent.profileId).run();
    const session = `sn_session=${parent.token}`;
    const byProfile = await markets({ "x-dev-country": "DE", cookie: session });
    expect([byProfile.current.country, byProfile.source]).toEqual(["CA", "profile"]);
    const bySaved = await markets({ "x-dev-country": "DE", cookie: `${session}; ${savedCookie("GB", "GBP")}` });
    expect([bySaved.current.country, bySaved.source]).toEqual(["GB", "saved"]);
  });

  it("?country= forces the visitor's country outside production", async () => {
    const answer = await markets({}, "?country=gb");
    expect([answer.current.country, answer.source]).toEqual(["GB", "location"]);
    expect((await markets({}, "?country=nowhere")).source).toBe("default");
  });

  it.each([
    ["a broken percent escape", "%E0%A4%A"],
    ["cut JSON", '{"country":'],
    ["the text undefined", "undefined"],
    ["a mismatched pair", encodeURIComponent(JSON.stringify({ country: "GB", currencyCode: "JPY" }))],
  ])("a malformed sn_market cookie (%s) never fails and counts as absent", async (_label, value) => {
    const res = await SELF.fetch(`${SITE}/api/markets`, { headers: { cookie: `${MARKET_COOKIE}=${value}`, "x-dev-country": "SE" } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as MarketsAnswer;
    expect([answer.current.country, answer.source]).toEqual(["SE", "location"]);
    const page = await SELF.fetch(`${SITE}/api/pricing`, { headers: { cookie: `${MARKET_COOKIE}=${value}` } });
    expect(page.status).toBe(200);
  });
});

describe("the market in production comes from Cloudflare's country, never from a developer's", () => {
  const request = (headers: Record<string, string> = {}, query = "") =>
    new Request(`https://storynest.example/pricing${query}`, { headers, cf: { country: "GB", continent: "EU" } } as RequestInit);

  it("reads request.cf.country and request.cf.continent", () => {
    expect(marketSignals(request(), { production: true })).toEqual({ saved: null, profileCountry: undefined, country: "GB", continent: "EU" });
    // the buyer's own country is kept beside the market (a receipt's VAT in the euro area is the buyer's country's)
    expect(marketFor(request(), { production: true })).toEqual({ market: marketOf("GB"), source: "location", country: "GB" });
  });

  it("ignores the development header, ?country= and the development cookie", () => {
    const forced = request({ "x-dev-country": "JP", cookie: "sn_dev_country=JP" }, "?country=JP");
    expect(marketFor(forced, { production: true })).toEqual({ market: marketOf("GB"), source: "location", country: "GB" });
    // outside production the same request is Japan's, and Cloudflare's placeholder country is not read
    expect(marketFor(forced, { production: false }).market.country).toBe("JP");
    expect(marketFor(request(), { production: false })).toMatchObject({ market: marketOf("IN"), source: "default" });
  });

  it("the production Worker answers with Cloudflare's country, whatever the request forces", async () => {
    const ctx = createExecutionContext();
    const forced = new Request("https://storynest.example/api/markets?country=JP", {
      headers: { "x-dev-country": "JP", cookie: "sn_dev_country=JP" },
      cf: { country: "GB", continent: "EU" },
    } as RequestInit);
    const res = await worker.fetch(forced, { ...env, ENVIRONMENT: "production" } as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as MarketsAnswer;
    expect([answer.current.country, answer.source]).toEqual(["GB", "location"]);
  });

  it("a country without its own market takes its continent's, and the profile comes first", () => {
    const poland = new Request("https://storynest.example/", { cf: { country: "PL", continent: "EU" } } as RequestInit);
    expect(marketFor(poland, { production: true })).toEqual({ market: marketOf("GB"), source: "region", country: "PL" });
    expect(marketFor(poland, { production: true, profileCountry: "NZ" })).toEqual({ market: marketOf("NZ"), source: "profile", country: "PL" });
  });
});

describe("POST /api/markets/choice", () => {
  const choose = (body: string, type = "application/json") =>
    SELF.fetch(`${SITE}/api/markets/choice`, { method: "POST", headers: { "content-type": type, origin: SITE }, body });

  it("saves the choice in the sn_market cookie, which the next request reads", async () => {
    const res = await choose(JSON.stringify({ country: "GB" }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { market: Market }).market).toEqual(marketOf("GB"));
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${MARKET_COOKIE}=`))!;
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    const value = cookie.split(";")[0].slice(MARKET_COOKIE.length + 1);
    expect(parseSavedMarket(decodeURIComponent(value))).toEqual(marketOf("GB"));
    const next = await markets({ cookie: `${MARKET_COOKIE}=${value}`, "x-dev-country": "DE" });
    expect([next.current.country, next.source]).toEqual(["GB", "saved"]);
  });

  it("refuses an unknown country, a missing body and a body that is not JSON", async () => {
    const unknown = await choose(JSON.stringify({ country: "XX" }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/country must be one of/);
    expect(unknown.headers.getSetCookie().some((c) => c.startsWith(MARKET_COOKIE))).toBe(false);
    expect((await choose("")).status).toBe(400);
    expect((await choose(JSON.stringify({}))).status).toBe(400);
    expect((await choose(JSON.stringify({ country: "GB", extra: 1 }))).status).toBe(400);
    expect((await choose("country=GB", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await choose("{not json")).status).toBe(400);
    expect((await SELF.fetch(`${SITE}/api/markets/choice`)).status).toBe(405);
  });
});

describe("GET /api/pricing", () => {
  interface PricingAnswer {
    market: Market;
    ratesSource: string;
    ratesDate: string;
    plans: { planId: string; kind: string; amountMinor: number; currencyCode: string; formatted: string; credits: number }[];
  }

  it.each(["IN", "GB", "JP"])("prices the four plans in %s's currency at the snapshot rate", async (country) => {
    const res = await SELF.fetch(`${SITE}/api/pricing`, { headers: { "x-dev-country": country } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as PricingAnswer;
    const market = marketOf(country)!;
    expect(answer.market).toEqual(market);
    expect([answer.ratesSource, answer.ratesDate]).toEqual(["snapshot", RATES_SNAPSHOT.date]);
    expect(answer.plans.map((p) => p.planId)).toEqual(PLAN_CATALOGUE.map((p) => p.id));
    for (const plan of PLAN_CATALOGUE) {
      const priced = answer.plans.find((p) => p.planId === plan.id)!;
      const amountMinor = localPriceMinor(plan.priceMinor, market.currencyCode, RATES_SNAPSHOT.rates[market.currencyCode]);
      expect(priced).toMatchObject({
        kind: plan.kind,
        credits: plan.credits,
        amountMinor,
        currencyCode: market.currencyCode,
        formatted: formatPrice(amountMinor, market),
      });
    }
  });

  it("yen prices are whole yen, shown without decimals", async () => {
    const answer = (await (await SELF.fetch(`${SITE}/api/pricing`, { headers: { "x-dev-country": "JP" } })).json()) as PricingAnswer;
    for (const p of answer.plans) expect(p.formatted).toMatch(/^¥[\d,]+$/);
  });
});
