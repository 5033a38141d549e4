/** The currencies of the twenty markets as people name them, for "Prices in Pounds sterling (GBP)". */
// prettier-ignore
const CURRENCY_NAMES: Record<string, string> = {
  INR: "Indian rupees", USD: "US dollars", GBP: "Pounds sterling", AUD: "Australian dollars", AED: "UAE dirhams",
  CAD: "Canadian dollars", EUR: "Euros", JPY: "Japanese yen", SGD: "Singapore dollars", NZD: "New Zealand dollars",
  CHF: "Swiss francs", SEK: "Swedish kronor", NOK: "Norwegian kroner", DKK: "Danish kroner", BRL: "Brazilian reais",
  MXN: "Mexican pesos", ZAR: "South African rand", KRW: "South Korean won", HKD: "Hong Kong dollars", TWD: "New Taiwan dollars",
};

/** A currency's name, e.g. "Pounds sterling"; the code itself for one not listed. */
export function currencyName(currencyCode: string): string {
  return CURRENCY_NAMES[currencyCode.toUpperCase()] ?? currencyCode.toUpperCase();
}
