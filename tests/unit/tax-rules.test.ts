import { describe, expect, it } from "vitest";
import { MARKETS } from "~/domain/pricing/markets";
import { EURO_AREA_FALLBACK, formatMoney, includedTaxMinor, ratePercentText, receiptLocale, taxRuleFor, taxRuleOfCountry } from "~/domain/pricing/tax";

// The tax a receipt states, by market (decision 050), and amounts written in the market's locale.

describe("the tax rule of each market", () => {
  it("has one for every one of the twenty markets, included where the market's law wants consumer prices to include it", () => {
    const rules = Object.fromEntries(MARKETS.map((m) => [m.country, taxRuleFor(m.country, null)]));
    expect(Object.keys(rules)).toHaveLength(20);
    const shown = Object.fromEntries(Object.entries(rules).map(([c, r]) => [c, r.kind === "included" ? `${r.name} ${ratePercentText(r.rateBp)}` : "none"]));
    expect(shown).toEqual({
      IN: "GST 18%",
      US: "none",
      GB: "VAT 20%",
      AU: "GST 10%",
      AE: "VAT 5%",
      CA: "none",
      EU: "VAT 19%",
      JP: "consumption tax 10%",
      SG: "GST 9%",
      NZ: "GST 15%",
      CH: "VAT 8.1%",
      SE: "VAT 25%",
      NO: "VAT 25%",
      DK: "VAT 25%",
      BR: "none",
      MX: "IVA 16%",
      ZA: "VAT 15%",
      KR: "VAT 10%",
      HK: "none",
      TW: "business tax (VAT) 5%",
    });
    expect(rules.US).toMatchObject({ note: expect.stringContaining("no sales tax was charged") });
  });

  it("takes the euro area's VAT from the buyer's country, Germany's when unknown, none outside the EU's VAT", () => {
    expect(taxRuleFor("EU", "FR")).toEqual({ kind: "included", name: "VAT", rateBp: 2000, country: "FR" });
    expect(taxRuleFor("EU", "fi")).toMatchObject({ rateBp: 2550, country: "FI" });
    expect(taxRuleFor("EU", "LU")).toMatchObject({ rateBp: 1700 });
    expect(taxRuleFor("EU", null)).toMatchObject({ rateBp: 1900, country: EURO_AREA_FALLBACK });
    expect(taxRuleFor("EU", "US")).toMatchObject({ country: "DE" });
    expect(taxRuleFor("EU", "ME").kind).toBe("none");
    // the recorded country reads back as the same rule
    expect(taxRuleOfCountry("FR")).toEqual(taxRuleFor("EU", "FR"));
    expect(taxRuleOfCountry("GB")).toEqual(taxRuleFor("GB"));
  });
});

describe("the tax inside a price", () => {
  it("is the rate's share of the gross amount, rounded to the minor unit", () => {
    expect(includedTaxMinor(1699, 2000)).toBe(283); // £16.99 with 20% VAT inside: £2.83
    expect(includedTaxMinor(780, 1000)).toBe(71); // ¥780 with 10%: ¥71
    expect(includedTaxMinor(499, 810)).toBe(37);
    expect(includedTaxMinor(499, null)).toBe(0);
    expect(includedTaxMinor(0, 2000)).toBe(0);
  });
});

describe("amounts on a receipt", () => {
  it("are written by Intl in the market's locale, in whole yen and won", () => {
    expect(formatMoney(1699, "GBP", receiptLocale("GB"))).toBe("£16.99");
    expect(formatMoney(41900, "INR", receiptLocale("IN"))).toBe("₹419.00");
    expect(formatMoney(780, "JPY", receiptLocale("JP"))).toBe("¥780");
    expect(formatMoney(499, "EUR", receiptLocale("EU"))).toBe("€4.99");
    expect(formatMoney(4900, "SEK", receiptLocale("SE"))).toMatch(/^49,00\s?kr$/);
    expect(receiptLocale(null)).toBe("en");
  });
});
