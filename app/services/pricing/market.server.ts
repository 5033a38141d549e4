import { MARKET_COOKIE, resolveMarket, savedMarketValue, type Market, type MarketSignals, type MarketSource } from "~/domain/pricing/markets";

/**
 * Which market a request sees (the order is in app/domain/pricing/markets.ts `resolveMarket`).
 * The visitor's country is the one Cloudflare attaches to every request (`request.cf.country` and
 * `request.cf.continent`): no call to a geolocation service, no added time. Outside production the
 * local runtime's `cf` is a placeholder, not the visitor's country, so it is ignored there and a
 * developer or a test may force a country instead: `?country=GB` on any page (kept for the browser
 * session in the `sn_dev_country` cookie; `?country=` forgets it) or the `X-Dev-Country` header.
 */
export const DEV_COUNTRY_COOKIE = "sn_dev_country";
export const DEV_COUNTRY_HEADER = "x-dev-country";
const ONE_YEAR_S = 60 * 60 * 24 * 365;
const COUNTRY = /^[A-Za-z]{2}$/;

export interface MarketInForce {
  market: Market;
  source: MarketSource;
  /** the buyer's country as far as known (the request's, else the profile's): the euro area's VAT depends on it */
  country: string | null;
}

export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

/** The country a development request forces, from its query, header or cookie; "" when it asks to forget one. */
export function forcedCountry(request: Request): string | null {
  const query = new URL(request.url).searchParams.get("country");
  if (query !== null) return COUNTRY.test(query) ? query.toUpperCase() : "";
  const header = request.headers.get(DEV_COUNTRY_HEADER);
  if (header && COUNTRY.test(header)) return header.toUpperCase();
  const cookie = readCookie(request.headers.get("cookie"), DEV_COUNTRY_COOKIE);
  return cookie && COUNTRY.test(cookie) ? cookie.toUpperCase() : null;
}

/** What Cloudflare says of where a request comes from (request.cf). */
export interface RequestPlace {
  country?: unknown;
  continent?: unknown;
}

export interface MarketOptions {
  production: boolean;
  profileCountry?: string | null;
  /** the original request's `cf` when `request` is a copy (a copy made with new Request may not carry it) */
  cf?: RequestPlace | null;
}

export function marketSignals(request: Request, { production, profileCountry, cf: given }: MarketOptions): MarketSignals {
  const saved = readCookie(request.headers.get("cookie"), MARKET_COOKIE);
  if (production) {
    const cf = given ?? (request as { cf?: RequestPlace }).cf;
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    return { saved, profileCountry, country: text(cf?.country), continent: text(cf?.continent) };
  }
  return { saved, profileCountry, country: forcedCountry(request) || null, continent: null };
}

export function marketFor(request: Request, options: MarketOptions): MarketInForce {
  const signals = marketSignals(request, options);
  return { ...resolveMarket(signals), country: signals.country?.toUpperCase() || signals.profileCountry?.toUpperCase() || null };
}

/** The cookie that keeps a chosen market (a year; readable by the page, which mirrors it in local storage). */
export function marketCookie(market: Market, secure: boolean): string {
  return `${MARKET_COOKIE}=${encodeURIComponent(savedMarketValue(market))}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The development cookie that keeps a forced country for the browser session, or forgets it. */
export function devCountryCookie(country: string): string {
  return country ? `${DEV_COUNTRY_COOKIE}=${country}; Path=/; SameSite=Lax` : `${DEV_COUNTRY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
