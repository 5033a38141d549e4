/**
 * The twenty markets StoryNest sells in: each is a country (or "EU" for the euro area), the currency
 * its prices are shown and charged in, and a region. India comes first and is the default.
 */
export interface Market {
  country: MarketCountry;
  currencyCode: string;
  currencySymbol: string;
  name: string;
  region: MarketRegion;
}

export const MARKET_REGIONS = ["Asia", "North America", "Europe", "Oceania", "South America", "Africa"] as const;
export type MarketRegion = (typeof MARKET_REGIONS)[number];

export const MARKET_COUNTRIES = [
  "IN",
  "US",
  "GB",
  "AU",
  "AE",
  "CA",
  "EU",
  "JP",
  "SG",
  "NZ",
  "CH",
  "SE",
  "NO",
  "DK",
  "BR",
  "MX",
  "ZA",
  "KR",
  "HK",
  "TW",
] as const;
export type MarketCountry = (typeof MARKET_COUNTRIES)[number];

// prettier-ignore
export const MARKETS: readonly Market[] = [
  { country: "IN", currencyCode: "INR", currencySymbol: "₹", name: "India", region: "Asia" },
  { country: "US", currencyCode: "USD", currencySymbol: "$", name: "United States", region: "North America" },
  { country: "GB", currencyCode: "GBP", currencySymbol: "£", name: "United Kingdom", region: "Europe" },
  { country: "AU", currencyCode: "AUD", currencySymbol: "A$", name: "Australia", region: "Oceania" },
  { country: "AE", currencyCode: "AED", currencySymbol: "AED", name: "United Arab Emirates", region: "Asia" },
  { country: "CA", currencyCode: "CAD", currencySymbol: "C$", name: "Canada", region: "North America" },
  { country: "EU", currencyCode: "EUR", currencySymbol: "€", name: "Euro area", region: "Europe" },
  { country: "JP", currencyCode: "JPY", currencySymbol: "¥", name: "Japan", region: "Asia" },
  { country: "SG", currencyCode: "SGD", currencySymbol: "S$", name: "Singapore", region: "Asia" },
  { country: "NZ", currencyCode: "NZD", currencySymbol: "NZ$", name: "New Zealand", region: "Oceania" },
  { country: "CH", currencyCode: "CHF", currencySymbol: "CHF", name: "Switzerland", region: "Europe" },
  { country: "SE", currencyCode: "SEK", currencySymbol: "kr", name: "Sweden", region: "Europe" },
  { country: "NO", currencyCode: "NOK", currencySymbol: "kr", name: "Norway", region: "Europe" },
  { country: "DK", currencyCode: "DKK", currencySymbol: "kr", name: "Denmark", region: "Europe" },
  { country: "BR", currencyCode: "BRL", currencySymbol: "R$", name: "Brazil", region: "South America" },
  { country: "MX", currencyCode: "MXN", currencySymbol: "MX$", name: "Mexico", region: "North America" },
  { country: "ZA", currencyCode: "ZAR", currencySymbol: "R", name: "South Africa", region: "Africa" },
  { country: "KR", currencyCode: "KRW", currencySymbol: "₩", name: "South Korea", region: "Asia" },
  { country: "HK", currencyCode: "HKD", currencySymbol: "HK$", name: "Hong Kong", region: "Asia" },
  { country: "TW", currencyCode: "TWD", currencySymbol: "NT$", name: "Taiwan", region: "Asia" },
];

export const DEFAULT_MARKET: Market = MARKETS[0];

/** The market of a market code ("GB", "EU"), or undefined. */
export function marketOf(country: string | null | undefined): Market | undefined {
  if (!country) return undefined;
  const code = country.trim().toUpperCase();
  return MARKETS.find((m) => m.country === code);
}

/** Countries that pay in euros: their visitors see the euro area's market. */
// prettier-ignore
const EURO_COUNTRIES = new Set(["AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PT", "SI", "SK", "AD", "MC", "SM", "VA", "ME", "XK"]);

/** The market of a country (ISO 3166-1 alpha-2): its own, the euro area's, or none. */
export function marketOfCountry(country: string | null | undefined): Market | undefined {
  if (!country) return undefined;
  const code = country.trim().toUpperCase();
  if (EURO_COUNTRIES.has(code)) return marketOf("EU");
  return code === "EU" ? undefined : marketOf(code);
}

/** Cloudflare's continent codes, by the region they name. */
const CONTINENTS: Record<string, string> = {
  NA: "North America",
  EU: "Europe",
  AS: "Asia",
  SA: "South America",
  AF: "Africa",
  OC: "Oceania",
  AN: "Antarctica",
};

/** The market of a region for a country without its own: North America → US, Europe → GB, Asia → IN, elsewhere → US. */
export function marketOfContinent(continent: string | null | undefined): Market | undefined {
  const region = continent ? CONTINENTS[continent.trim().toUpperCase()] : undefined;
  if (!region) return undefined;
  if (region === "Europe") return marketOf("GB");
  if (region === "Asia") return marketOf("IN");
  return marketOf("US");
}

/**
 * The market a saved preference names, or undefined when it is absent or unusable: a stored
 * 'undefined' or 'null', something that is not JSON, a value without both country and currency
 * code, or a pair that is not one of the twenty markets. (Checked by hand: this runs in every
 * page's bundle, which carries no validation library for it.)
 */
export function parseSavedMarket(raw: string | null | undefined): Market | undefined {
  if (raw == null) return undefined;
  const text = raw.trim();
  if (text === "" || text === "undefined" || text === "null") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== "object") return undefined;
  const { country, currencyCode } = value as { country?: unknown; currencyCode?: unknown };
  if (typeof country !== "string" || typeof currencyCode !== "string" || !country || !currencyCode) return undefined;
  const market = marketOf(country);
  return market && market.currencyCode === currencyCode.trim().toUpperCase() ? market : undefined;
}

/** What a saved preference holds (the cookie's value and the browser's local storage). */
export function savedMarketValue(market: Market): string {
  return JSON.stringify({ country: market.country, currencyCode: market.currencyCode });
}

/** The name of the cookie (read by the server) and the local storage key that keep a chosen market. */
export const MARKET_COOKIE = "sn_market";
export { MARKET_STORAGE_KEY } from "./market-storage";

/** Where the market in force came from, in the order they are tried. */
export type MarketSource = "saved" | "profile" | "location" | "region" | "default";

export interface MarketSignals {
  /** the saved preference (cookie value) */
  saved?: string | null;
  /** the signed-in parent's profile country */
  profileCountry?: string | null;
  /** the visitor's country as Cloudflare sees it (request.cf.country), or the one development forces */
  country?: string | null;
  /** the visitor's continent as Cloudflare sees it (request.cf.continent) */
  continent?: string | null;
}

/**
 * Which market a request sees: the saved preference → the signed-in profile's country → the
 * request's country → its region → India.
 */
export function resolveMarket(signals: MarketSignals): { market: Market; source: MarketSource } {
  const saved = parseSavedMarket(signals.saved);
  if (saved) return { market: saved, source: "saved" };
  const profile = marketOfCountry(signals.profileCountry) ?? marketOf(signals.profileCountry);
  if (profile) return { market: profile, source: "profile" };
  const located = marketOfCountry(signals.country);
  if (located) return { market: located, source: "location" };
  const region = marketOfContinent(signals.continent);
  if (region) return { market: region, source: "region" };
  return { market: DEFAULT_MARKET, source: "default" };
}
