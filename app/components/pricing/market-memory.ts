import { MARKET_STORAGE_KEY, marketOf, parseSavedMarket, savedMarketValue, type MarketSource } from "~/domain/pricing/markets";
import type { MarketChoice } from "./MarketPicker";

/** Set for the browser session once a lost cookie was put back, so a browser that refuses cookies is not reloaded forever. */
const RESTORED_KEY = "story-app-market-restored";

/**
 * Keeps the browser's copy of the chosen market, or sends a kept copy back when the server's cookie
 * is gone (cleared, expired) and loads the page again in that market.
 */
export function rememberMarket(market: MarketChoice, source: MarketSource): void {
  const saved = parseSavedMarket(window.localStorage.getItem(MARKET_STORAGE_KEY));
  if (saved && saved.country !== market.country && source !== "saved") {
    if (window.sessionStorage.getItem(RESTORED_KEY)) return;
    window.sessionStorage.setItem(RESTORED_KEY, "1");
    void fetch("/api/markets/choice", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ country: saved.country }),
    })
      .then((res) => {
        if (res.ok) window.location.reload();
      })
      .catch(() => undefined);
    return;
  }
  // Only a market the parent chose is remembered: the one a location or the default gave would
  // otherwise become a preference and hide the next location's prices.
  const chosen = source === "saved" ? marketOf(market.country) : undefined;
  if (chosen) window.localStorage.setItem(MARKET_STORAGE_KEY, savedMarketValue(chosen));
}
