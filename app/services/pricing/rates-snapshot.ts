/**
 * Exchange rates kept in the repository: US dollars to each market's currency. They are used
 * offline (no EXCHANGE_RATES_URL), when the rate service fails, and for a currency the service
 * leaves out. `npm run rates:snapshot` fetches the service again and rewrites this file.
 */
export const RATES_SNAPSHOT = {
  base: "USD",
  date: "2025-11-14",
  source: "approximate mid-market rates of mid-November 2025, entered by hand; npm run rates:snapshot replaces them with the service's",
  // prettier-ignore
  rates: {
    USD: 1, INR: 88.66, GBP: 0.7604, AUD: 1.5312, AED: 3.6725, CAD: 1.4036, EUR: 0.8603, JPY: 154.6, SGD: 1.3013, NZD: 1.7662,
    CHF: 0.7948, SEK: 9.4731, NOK: 10.0712, DKK: 6.4229, BRL: 5.3021, MXN: 18.3198, ZAR: 17.2064, KRW: 1458.3, HKD: 7.7712, TWD: 31.0612,
  } as Record<string, number>,
};
