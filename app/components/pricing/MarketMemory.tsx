import { useEffect } from "react";
import { MARKET_STORAGE_KEY } from "~/domain/pricing/market-storage";
import type { MarketSource } from "~/domain/pricing/markets";
import type { MarketChoice } from "./MarketPicker";

/**
 * The browser keeps a copy of the chosen market in local storage. When the cookie the server reads
 * is gone (cleared, expired) but the copy is still here, the copy is sent back once and the page is
 * loaded again in that market. Otherwise the market the server kept is the one remembered.
 * Mounted once in the root layout; its code (./market-memory) loads only when there is something
 * to keep or to put back, so a first visit loads none of it.
 */
export function MarketMemory({ market, source }: { market: MarketChoice; source: MarketSource }) {
  useEffect(() => {
    try {
      if (source !== "saved" && window.localStorage.getItem(MARKET_STORAGE_KEY) === null) return;
    } catch {
      return; // storage refused (private mode, the browser's settings): nothing to keep
    }
    void import("./market-memory").then((m) => m.rememberMarket(market, source)).catch(() => undefined);
  }, [market, source]);
  return null;
}
