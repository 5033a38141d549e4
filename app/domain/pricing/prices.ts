import type { Market } from "./markets";
import { groupedCount } from "~/domain/dates";

/**
 * Local prices. The catalogue is priced in US dollars; a market's price is the dollar price
 * converted at the day's rate and rounded up to a local price point, and the amount charged is
 * exactly the amount shown. Amounts are integers in the currency's minor units (cents, pence,
 * paise); yen and won have none, so their minor unit is the whole yen or won.
 */
export const BASE_CURRENCY = "USD";

/** Currencies without minor units (ISO 4217 exponent 0): shown and charged in whole units. */
const ZERO_DECIMAL_CURRENCIES = new Set(["JPY", "KRW"]);

/** Digits after the decimal point a currency is shown and charged with: 0 for yen and won, else 2. */
export function currencyDigits(currencyCode: string): 0 | 2 {
  return ZERO_DECIMAL_CURRENCIES.has(currencyCode.toUpperCase()) ? 0 : 2;
}

/**
 * A converted amount (in whole units, e.g. 16.42) rounded up to a price point people expect, never
 * below the amount itself:
 * - two-decimal currencies: below 100, the next whole unit less one cent (16.42 → 16.99, 17.00 →
 *   17.99); then the next ten less one (412.80 → 419.00, 419.50 → 429.00); from 1,000, the next
 *   hundred less one (1,512 → 1,599.00). An amount just under a bound that no point below it
 *   covers takes the next rule's point (99.995 → 109.00);
 * - yen and won: the next 10 below 1,000 (773 → 780), the next 100 below 100,000 (7,310 → 7,400),
 *   else the next 1,000.
 * Returns minor units.
 */
export function pricePointMinor(amount: number, currencyCode: string): number {
  if (!Number.isFinite(amount) || amount <= 0) throw new RangeError("A price is a positive amount");
  if (currencyDigits(currencyCode) === 0) {
    const units = ceilIgnoringNoise(amount);
    const step = units < 1000 ? 10 : units < 100_000 ? 100 : 1000;
    return Math.ceil(units / step) * step;
  }
  const cents = ceilIgnoringNoise(amount * 100);
  // the smallest N.99 at or above the amount, while below 100
  const belowHundred = Math.ceil((cents + 1) / 100) * 100 - 1;
  if (belowHundred < 100_00) return belowHundred;
  // the smallest N9.00, while below 1,000
  const belowThousand = Math.ceil((cents + 100) / 1000) * 1000 - 100;
  if (belowThousand < 1000_00) return belowThousand;
  // the smallest N99.00
  return Math.ceil((cents + 100) / 10_000) * 10_000 - 100;
}

/**
 * The next whole number at or above a value, where float noise (4.99 × 100 = 499.00000000000006)
 * does not count as a fraction.
 */
function ceilIgnoringNoise(value: number): number {
  return Math.ceil(value - 1e-6);
}

/**
 * The local price of a catalogue price (US cents) at a rate (units of the currency per dollar).
 * The base currency itself is never re-rounded: $4.99 stays $4.99.
 */
export function localPriceMinor(baseMinor: number, currencyCode: string, rate: number): number {
  if (!Number.isInteger(baseMinor) || baseMinor <= 0) throw new RangeError("A catalogue price is a positive whole number of cents");
  if (currencyCode.toUpperCase() === BASE_CURRENCY) return baseMinor;
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError("An exchange rate is a positive number");
  return pricePointMinor((baseMinor / 100) * rate, currencyCode);
}

/**
 * An amount as people read it: the market's symbol and the amount with its digits, e.g. "£3.99",
 * "₹419.00", "¥780", "CHF 4.99", "49.00 kr".
 */
export function formatPrice(amountMinor: number, market: Pick<Market, "currencyCode" | "currencySymbol">): string {
  const digits = currencyDigits(market.currencyCode);
  // Written out from the whole minor units rather than with `Intl.NumberFormat`: the first number
  // formatter a page makes loads the browser's locale data, a long task on a phone.
  const minor = Math.abs(Math.round(amountMinor));
  const whole = groupedCount(Math.floor(minor / 10 ** digits));
  const number = `${amountMinor < 0 ? "-" : ""}${digits ? `${whole}.${String(minor % 10 ** digits).padStart(digits, "0")}` : whole}`;
  const symbol = market.currencySymbol;
  if (symbol === "kr") return `${number} kr`;
  return /[A-Za-z]$/.test(symbol) ? `${symbol} ${number}` : `${symbol}${number}`;
}
