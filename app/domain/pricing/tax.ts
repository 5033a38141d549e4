import { currencyDigits } from "./prices";
import type { MarketCountry } from "./markets";

/**
 * The tax a receipt states, by market (docs/decisions/050-receipts-and-tax-by-market.md). Prices
 * are charged exactly as shown; where a market's law wants consumer prices to include VAT or GST,
 * the shown price includes it and the receipt says how much of it was tax. Where tax is added at
 * checkout by law (the US, Canada) or not itemised, nothing is added and the receipt says so.
 */
export type TaxRule =
  { kind: "included"; name: string; /** basis points: 2000 = 20 % */ rateBp: number; country: string } | { kind: "none"; country: string; note: string };

const included = (country: string, name: string, ratePercent: number): TaxRule => ({
  kind: "included",
  name,
  rateBp: Math.round(ratePercent * 100),
  country,
});

// prettier-ignore
const MARKET_RULES: Record<Exclude<MarketCountry, "EU">, TaxRule> = {
  IN: included("IN", "GST", 18),
  US: { kind: "none", country: "US", note: "Prices in the United States do not include sales tax, and no sales tax was charged." },
  GB: included("GB", "VAT", 20),
  AU: included("AU", "GST", 10),
  AE: included("AE", "VAT", 5),
  CA: { kind: "none", country: "CA", note: "Prices in Canada do not include GST, HST or PST, and none was charged." },
  JP: included("JP", "consumption tax", 10),
  SG: included("SG", "GST", 9),
  NZ: included("NZ", "GST", 15),
  CH: included("CH", "VAT", 8.1),
  SE: included("SE", "VAT", 25),
  NO: included("NO", "VAT", 25),
  DK: included("DK", "VAT", 25),
  BR: { kind: "none", country: "BR", note: "No tax is itemised on this receipt: the price shown is the full price." },
  MX: included("MX", "IVA", 16),
  ZA: included("ZA", "VAT", 15),
  KR: included("KR", "VAT", 10),
  HK: { kind: "none", country: "HK", note: "Hong Kong has no VAT or sales tax, so none was charged." },
  TW: included("TW", "business tax (VAT)", 5),
};

/** The standard VAT rates of the euro area's EU members (and Monaco, inside France's VAT), in percent. */
// prettier-ignore
export const EURO_AREA_VAT: Record<string, number> = {
  AT: 20, BE: 21, CY: 19, DE: 19, EE: 24, ES: 21, FI: 25.5, FR: 20, GR: 24, HR: 25, IE: 23, IT: 22, LT: 21,
  LU: 17, LV: 21, MC: 20, MT: 18, NL: 21, PT: 23, SI: 22, SK: 23,
};

/** The euro area's country when the buyer's is not known: the largest of its markets. */
export const EURO_AREA_FALLBACK = "DE";

/** Euro users outside the EU's VAT (Andorra, San Marino, the Vatican, Montenegro, Kosovo). */
const EURO_OUTSIDE_EU_VAT = new Set(["AD", "SM", "VA", "ME", "XK"]);

/**
 * The rule of an order's market. The euro area is one market but twenty VAT rates: the buyer's
 * country (where the request came from, else the profile's) picks it, Germany's when unknown.
 */
export function taxRuleFor(marketCountry: string | null | undefined, buyerCountry?: string | null): TaxRule {
  const market = (marketCountry ?? "").toUpperCase();
  if (market === "EU") {
    const country = (buyerCountry ?? "").toUpperCase();
    if (EURO_OUTSIDE_EU_VAT.has(country)) return { kind: "none", country, note: "EU VAT does not apply where you bought from, and no tax was charged." };
    const chosen = EURO_AREA_VAT[country] !== undefined ? country : EURO_AREA_FALLBACK;
    return included(chosen, "VAT", EURO_AREA_VAT[chosen]);
  }
  return MARKET_RULES[market as Exclude<MarketCountry, "EU">] ?? { kind: "none", country: market, note: "No tax was charged." };
}

/** The rule a recorded tax country stands for: a euro-area member's VAT, or a market's own. */
export function taxRuleOfCountry(country: string | null | undefined): TaxRule {
  const code = (country ?? "").toUpperCase();
  return EURO_AREA_VAT[code] !== undefined ? taxRuleFor("EU", code) : taxRuleFor(code);
}

/** The tax inside a tax-inclusive amount (minor units, rounded to the nearest): 20 % of £16.99 gross is £2.83. */
export function includedTaxMinor(grossMinor: number, rateBp: number | null | undefined): number {
  if (!rateBp || rateBp <= 0 || grossMinor <= 0) return 0;
  return Math.round((grossMinor * rateBp) / (10_000 + rateBp));
}

/** "20%", "8.1%", "25.5%". */
export function ratePercentText(rateBp: number): string {
  return `${Number((rateBp / 100).toFixed(2))}%`;
}

/** The locale a market's amounts are written in on receipts: English, with the market's own conventions. */
export function receiptLocale(marketCountry: string | null | undefined): string {
  const market = (marketCountry ?? "").toUpperCase();
  return market === "EU" ? "en-IE" : /^[A-Z]{2}$/.test(market) ? `en-${market}` : "en";
}

/** An amount in minor units as the market's locale writes it ("£16.99", "1 234,50 kr"). Server-side only: Intl's data is heavy for a phone's first paint. */
export function formatMoney(amountMinor: number, currencyCode: string, locale: string): string {
  const digits = currencyDigits(currencyCode);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currencyCode.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountMinor / 10 ** digits);
}
