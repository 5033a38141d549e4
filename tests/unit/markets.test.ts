import { describe, expect, it } from "vitest";
import { DEFAULT_MARKET, MARKET_COUNTRIES, MARKETS, marketOf, parseSavedMarket, resolveMarket, savedMarketValue } from "~/domain/pricing/markets";

const saved = (country: string, currencyCode: string) => JSON.stringify({ country, currencyCode });

describe("the twenty markets", () => {
  it("are the twenty countries, India first and the default, each with its own currency", () => {
    expect(MARKETS.map((m) => m.country)).toEqual([...MARKET_COUNTRIES]);
    expect(MARKETS).toHaveLength(20);
    expect(DEFAULT_MARKET.country).toBe("IN");
    expect(new Set(MARKETS.map((m) => m.currencyCode)).size).toBe(20);
  });

  it("marketOf reads a code in any case and ignores spaces", () => {
    expect(marketOf(" gb ")?.currencyCode).toBe("GBP");
    expect(marketOf("XX")).toBeUndefined();
    expect(marketOf("")).toBeUndefined();
    expect(marketOf(null)).toBeUndefined();
  });
});

describe("resolveMarket: the saved choice, the profile, the country, the region, India", () => {
  const all = { saved: saved("JP", "JPY"), profileCountry: "CA", country: "DE", continent: "EU" };

  it("takes each signal in order, the first usable one winning", () => {
    expect(resolveMarket(all)).toEqual({ market: marketOf("JP"), source: "saved" });
    expect(resolveMarket({ ...all, saved: null })).toEqual({ market: marketOf("CA"), source: "profile" });
    expect(resolveMarket({ ...all, saved: null, profileCountry: null })).toEqual({ market: marketOf("EU"), source: "location" });
    expect(resolveMarket({ continent: "EU" })).toEqual({ market: marketOf("GB"), source: "region" });
    expect(resolveMarket({})).toEqual({ market: DEFAULT_MARKET, source: "default" });
  });

  it("an unusable signal is skipped, not taken", () => {
    expect(resolveMarket({ saved: "undefined", profileCountry: "XX", country: "T1", continent: "NA" })).toEqual({ market: marketOf("US"), source: "region" });
    expect(resolveMarket({ saved: saved("GB", "EUR"), profileCountry: "", country: "ZZ", continent: "XX" })).toEqual({
      market: DEFAULT_MARKET,
      source: "default",
    });
  });

  it("a profile country in the euro area, or the euro area itself, is the euro market", () => {
    expect(resolveMarket({ profileCountry: "fr" })).toEqual({ market: marketOf("EU"), source: "profile" });
    expect(resolveMarket({ profileCountry: "EU" })).toEqual({ market: marketOf("EU"), source: "profile" });
  });

  it.each(["AT", "BE", "DE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "NL", "PT", "SK"])("a visitor from %s sees the euro area", (country) => {
    expect(resolveMarket({ country })).toEqual({ market: marketOf("EU"), source: "location" });
  });

  it("a country with its own market sees it, whatever its continent", () => {
    for (const m of MARKETS.filter((x) => x.country !== "EU")) expect(resolveMarket({ country: m.country, continent: "AF" }).market).toBe(m);
    // "EU" is not a country Cloudflare reports
    expect(resolveMarket({ country: "EU" }).source).toBe("default");
  });

  it.each([
    ["NA", "US"],
    ["EU", "GB"],
    ["AS", "IN"],
    ["SA", "US"],
    ["AF", "US"],
    ["OC", "US"],
    ["AN", "US"],
  ])("a country without its own market on continent %s sees %s", (continent, country) => {
    expect(resolveMarket({ country: "PL", continent })).toEqual({ market: marketOf(country), source: "region" });
  });
});

describe("parseSavedMarket", () => {
  it("reads a saved country and currency that name one of the twenty", () => {
    for (const m of MARKETS) expect(parseSavedMarket(savedMarketValue(m))).toBe(m);
    expect(parseSavedMarket(saved("gb", "gbp"))).toBe(marketOf("GB"));
    expect(parseSavedMarket(` ${saved("JP", "JPY")} `)).toBe(marketOf("JP"));
  });

  it.each([
    ["nothing", null],
    ["undefined (JS)", undefined],
    ["the text undefined", "undefined"],
    ["the text null", "null"],
    ["an empty value", ""],
    ["spaces", "   "],
    ["not JSON", "GB"],
    ["broken JSON", '{"country":'],
    ["a JSON string", '"GB"'],
    ["a JSON array", '["GB","GBP"]'],
    ["only the country", JSON.stringify({ country: "GB" })],
    ["only the currency", JSON.stringify({ currencyCode: "GBP" })],
    ["an empty country", saved("", "GBP")],
    ["a mismatched pair", saved("GB", "EUR")],
    ["a market that does not exist", saved("XX", "XXX")],
    ["numbers", JSON.stringify({ country: 44, currencyCode: 826 })],
  ])("treats %s as absent", (_label, raw) => {
    expect(parseSavedMarket(raw)).toBeUndefined();
  });
});
