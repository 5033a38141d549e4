import { createContext } from "react";
import type { FooterMarket } from "./FooterFrame";

/**
 * On the server: markup that depends only on what it is drawn from, drawn once and written from
 * memory after that (app/kept-markup.server.tsx, provided by app/entry.server.tsx). Absent in the
 * browser, which never draws such markup itself; the server's own modules stay out of the page's code.
 */
export interface KeptMarkup {
  /** the footer's markup for the page at `pathname` + `search` in `market` */
  footer(page: { market: FooterMarket; pathname: string; search: string }): string;
}

export const KeptMarkupMemo = /* @__PURE__ */ createContext<KeptMarkup | null>(null);
