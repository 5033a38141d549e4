import { describe, expect, it } from "vitest";
import { MARKETS, type Market } from "~/domain/pricing/markets";
import { currencyDigits, formatPrice, localPriceMinor, pricePointMinor } from "~/domain/pricing/prices";
import { PLAN_CATALOGUE } from "~/services/db/plans.server";
import { RATES_SNAPSHOT } from "~/services/pricing/rates-snapshot";

// Local prices for the twenty markets at the kept snapshot rates. The expectations are the rules
// (price points, never below the exact conversion, dollars unchanged), not typed-in prices, so a
// new snapshot keeps them true; the anchors for pricePointMinor use fixed amounts.

const rate = (m: Market) => RATES_SNAPSHOT.rates[m.currencyCode];
const zeroDecimal = (m: Market) => currencyDigits(m.currencyCode) === 0;

const rows = MARKETS.flatMap((market) =>
  PLAN_CATALOGUE.map((plan) => {
    const exact = (plan.priceMinor / 100) * rate(market);
    const minor = localPriceMinor(plan.priceMinor, market.currencyCode, rate(market));
    return { market, plan, exact, minor, shown: formatPrice(minor, market) };
  }),
);

describe("pricePointMinor: the price points", () => {
  it.each([
    [3.794396, "GBP", 399],
    [16.42, "GBP", 1699],
    [16.99, "GBP", 1699],
    [17, "GBP", 1799],
    [16.995, "GBP", 1799],
    [99.5, "EUR", 9999],
    [99.995, "EUR", 10900],
    [412.8, "INR", 41900],
    [419, "INR", 41900],
    [419.5, "INR", 42900],
    [999.5, "INR", 109900],
    [1512, "INR", 159900],
    [1599, "INR", 159900],
    [1599.01, "INR", 169900],
    [4.99 * 1, "USD", 499],
    [773, "JPY", 780],
    [780, "JPY", 780],
    [7310, "KRW", 7400],
    [7400.2, "KRW", 7500],
    [123_456, "KRW", 124_000],
  ])("%f %s → %i", (amount, currency, expected) => {
    expect(pricePointMinor(amount, currency)).toBe(expected);
  });

  it("refuses a price that is not a positive amount", () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => pricePointMinor(bad, "GBP")).toThrow(RangeError);
    expect(() => localPriceMinor(4.99, "GBP", 0.76)).toThrow(RangeError);
    expect(() => localPriceMinor(499, "GBP", 0)).toThrow(RangeError);
  });

  it("is never below the amount and always on a price point, for amounts from 0.5 to 20,000", () => {
    for (let amount = 0.5; amount < 20_000; amount = amount * 1.0137 + 0.003) {
      const cents = pricePointMinor(amount, "EUR");
      expect(cents / 100, String(amount)).toBeGreaterThanOrEqual(amount - 1e-9);
      if (cents < 100_00) expect(cents % 100).toBe(99);
      else if (cents < 1000_00) expect(cents % 1000).toBe(900);
      else expect(cents % 10_000).toBe(9900);
      const yen = pricePointMinor(amount * 10, "JPY");
      expect(yen).toBeGreaterThanOrEqual(amount * 10 - 1e-9);
      expect(yen % 10).toBe(0);
    }
  });
});

describe("local prices in the twenty markets at the snapshot rates", () => {
  it("every market's currency has a snapshot rate", () => {
    expect(MARKETS).toHaveLength(20);
    for (const m of MARKETS) expect(rate(m), m.currencyCode).toBeGreaterThan(0);
  });

  it.each(MARKETS.map((m) => [m.country, m.currencyCode, formatPrice(rows.find((r) => r.market === m && r.plan.id === "family-pack")!.minor, m)]))(
    "%s (%s): the Family Pack costs %s",
    (country) => {
      const row = rows.find((r) => r.market.country === country && r.plan.id === "family-pack")!;
      expect(row.minor / 10 ** currencyDigits(row.market.currencyCode)).toBeGreaterThanOrEqual(row.exact);
    },
  );

  it("US dollars are the catalogue's prices, unchanged", () => {
    const us = rows.filter((r) => r.market.country === "US").map((r) => [r.plan.id, r.minor, r.shown]);
    expect(us).toEqual([
      ["single-story", 499, "$4.99"],
      ["family-pack", 1999, "$19.99"],
      ["bookshelf-pack", 3999, "$39.99"],
      ["storyteller-monthly", 1299, "$12.99"],
    ]);
  });

  it("a price is never below the exact conversion, and not far above it", () => {
    for (const r of rows) {
      const amount = r.minor / 10 ** currencyDigits(r.market.currencyCode);
      const label = `${r.market.country} ${r.plan.id}`;
      expect(amount, label).toBeGreaterThanOrEqual(r.exact);
      // a price point is at most one step (a unit, ten or a hundred; 10, 100 or 1,000 yen or won) above
      expect(amount - r.exact, label).toBeLessThan(
        zeroDecimal(r.market) ? (r.exact < 1000 ? 10 : r.exact < 100_000 ? 100 : 1000) : r.exact < 100 ? 1 : r.exact < 1000 ? 10 : 100,
      );
    }
  });

  it("two-decimal currencies end in .99 below 100 and in 9.00 from 100; yen and won are whole", () => {
    for (const r of rows) {
      const label = `${r.market.country} ${r.plan.id}: ${r.shown}`;
      expect(Number.isInteger(r.minor), label).toBe(true);
      if (zeroDecimal(r.market)) {
        expect(r.minor % 10, label).toBe(0);
        expect(r.shown, label).not.toContain(".");
      } else if (r.minor < 100_00) {
        expect(r.shown, label).toMatch(/\.99( kr)?$/);
      } else {
        expect(r.shown, label).toMatch(/9\.00( kr)?$/);
      }
    }
  });

  it("a bigger pack costs more, in every market", () => {
    for (const m of MARKETS) {
      const price = (id: string) => rows.find((r) => r.market === m && r.plan.id === id)!.minor;
      expect(price("single-story")).toBeLessThan(price("family-pack"));
      expect(price("family-pack")).toBeLessThan(price("bookshelf-pack"));
    }
  });
});

describe("formatPrice", () => {
  const of = (country: string) => MARKETS.find((m) => m.country === country)!;

  it("shows two decimals, except yen and won, with the market's symbol", () => {
    expect(formatPrice(399, of("GB"))).toBe("£3.99");
    expect(formatPrice(41900, of("IN"))).toBe("₹419.00");
    expect(formatPrice(159900, of("IN"))).toBe("₹1,599.00");
    expect(formatPrice(499, of("US"))).toBe("$4.99");
    expect(formatPrice(780, of("JP"))).toBe("¥780");
    expect(formatPrice(7400, of("KR"))).toBe("₩7,400");
    expect(formatPrice(499, of("CH"))).toBe("CHF 4.99");
    expect(formatPrice(1999, of("AE"))).toBe("AED 19.99");
    expect(formatPrice(4900, of("SE"))).toBe("49.00 kr");
    expect(formatPrice(1599, of("EU"))).toBe("€15.99");
  });

  it("every shown price of every market has the market's decimals", () => {
    for (const r of rows) {
      const decimals = /\.(\d+)/.exec(r.shown)?.[1]?.length ?? 0;
      expect(decimals, r.shown).toBe(currencyDigits(r.market.currencyCode));
    }
  });
});

describe("formatPrice: an amount as people read it", () => {
  // the reference: the platform's number formatter, as the prices were written before
  const intl = (minor: number, digits: number) =>
    new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits);
  it.each([0, 5, 99, 100, 399, 1_099, 41_900, 123_456, 1_234_567, 99_999_999])("%i minor units read as Intl reads them", (minor) => {
    const gbp = { currencyCode: "GBP", currencySymbol: "£" };
    const jpy = { currencyCode: "JPY", currencySymbol: "¥" };
    expect(formatPrice(minor, gbp)).toBe(`£${intl(minor, 2)}`);
    expect(formatPrice(minor, jpy)).toBe(`¥${intl(minor, 0)}`);
  });

  it("puts a lettered symbol before the amount with a space, and kr after it", () => {
    expect(formatPrice(123_456, { currencyCode: "CHF", currencySymbol: "CHF" })).toBe("CHF 1,234.56");
    expect(formatPrice(4_900, { currencyCode: "SEK", currencySymbol: "kr" })).toBe("49.00 kr");
    expect(formatPrice(41_900, { currencyCode: "INR", currencySymbol: "₹" })).toBe("₹419.00");
  });
});
