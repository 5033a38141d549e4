import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { MarketPicker, type MarketChoice } from "~/components/pricing/MarketPicker";
import { markupFor, readServerMarkup } from "./ServerMarkup";

/**
 * The footer's market picker is a plain form posted to /market (it works before any JavaScript), so
 * the browser keeps the server's markup of it and loads neither the picker's code nor the list of
 * markets. Only the page to come back to (a hidden field) follows client navigations. The picker's
 * code comes when the market in force changes without a page load (the market memory put one back,
 * a sign-in): the kept markup shows until it has come.
 */
const ID = "footer-market";
const serverMarkup = readServerMarkup(ID);
const LazyMarketPicker = lazy(() => import("~/components/pricing/MarketPicker").then((m) => ({ default: m.MarketPicker })));

export function FooterMarketPicker({ market }: { market: MarketChoice }) {
  const current = { country: market.country, currencyCode: market.currencyCode, name: market.name };
  if (import.meta.env.SSR) {
    return (
      <div id={ID} className="contents">
        <MarketPicker current={current} idPrefix="footer" tone="dark" label="Prices shown in" />
      </div>
    );
  }
  const html = markupFor(serverMarkup, current);
  if (html !== null) return <KeptPicker html={html} />;
  return (
    <Suspense fallback={serverMarkup ? <KeptPicker html={serverMarkup.html} /> : null}>
      <LazyMarketPicker current={current} idPrefix="footer" tone="dark" label="Prices shown in" />
    </Suspense>
  );
}

function KeptPicker({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    const back = ref.current?.querySelector<HTMLInputElement>('input[name="redirectTo"]');
    if (back) back.value = `${pathname}${search}`;
  }, [pathname, search]);
  return <div id={ID} ref={ref} className="contents" dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
