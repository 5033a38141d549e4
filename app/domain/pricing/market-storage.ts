/** The local storage key that keeps a chosen market (apart from ./markets, so every page can read it without the market table). */
export const MARKET_STORAGE_KEY = "story-app-market";
