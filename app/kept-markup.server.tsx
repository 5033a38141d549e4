import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server.node";
import { KeptSiteFooter } from "~/components/layout/KeptSiteFooter";
import type { KeptMarkup } from "~/components/layout/kept-markup-memo";

/** How many pieces of markup the Worker keeps (each a few KiB; the least recently used goes first). */
export const KEPT_MARKUP_ENTRIES = 200;

const kept = new Map<string, string>();

/**
 * Markup the browser keeps as the server drew it (app/components/layout/ServerMarkup.tsx) and that
 * depends only on `key` is drawn once and then written from memory: every page drew the footer's
 * hundred-odd elements again, for the same result.
 */
function remember(key: string, draw: () => ReactElement): string {
  const html = kept.get(key);
  if (html !== undefined) {
    // most recently used last, so the oldest is the first key
    kept.delete(key);
    kept.set(key, html);
    return html;
  }
  const drawn = renderToStaticMarkup(draw());
  if (kept.size >= KEPT_MARKUP_ENTRIES) kept.delete(kept.keys().next().value!);
  kept.set(key, drawn);
  return drawn;
}

export const keptMarkup: KeptMarkup = {
  footer: (page) =>
    // everything the footer shows: the market chosen, the address its forms send the browser back to
    // (with the newsletter's answer in it), the year
    remember(JSON.stringify(["footer", page.market, page.pathname, page.search, new Date().getFullYear()]), () => <KeptSiteFooter {...page} />),
};
