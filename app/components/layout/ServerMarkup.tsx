import { useEffect, useRef } from "react";
import { useNavigate } from "@remix-run/react";

/**
 * A part of a page that shows only links and pictures needs no code in the browser: the server draws
 * it, and the browser keeps that markup as it is (React leaves an element's own inner HTML alone when
 * it hydrates). `readServerMarkup` reads it once, before hydration, when the page's module first
 * runs; the part's code is fetched only when the part must be drawn in the browser (a client
 * navigation to the page, or its data changed).
 */
export interface ServerMarkup {
  html: string;
  /** The data the markup was drawn from (the first render in the browser is the hydration's, with the server's data). */
  key?: string;
}

export function readServerMarkup(id: string): ServerMarkup | null {
  if (typeof document === "undefined") return null;
  const el = document.getElementById(id);
  return el ? { html: el.innerHTML } : null;
}

/** The markup, if it was drawn from this data (the same data always draws the same markup). */
export function markupFor(markup: ServerMarkup | null, data: unknown): string | null {
  if (!markup) return null;
  const key = JSON.stringify(data);
  markup.key ??= key;
  return markup.key === key ? markup.html : null;
}

/**
 * The kept markup. Its links navigate in the page as `<Link>` does: a plain left click on a link to
 * this site (no new tab, no modifier key) goes through the router; anything else is left to the browser.
 */
export function KeptMarkup({ id, html }: { id: string; html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const a = e.target instanceof Element ? e.target.closest("a") : null;
      if (!a || !el.contains(a) || a.hasAttribute("download") || (a.target && a.target !== "_self")) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      e.preventDefault();
      const to = url.pathname + url.search + url.hash;
      navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
    };
    el.addEventListener("click", onClick);
    return () => el.removeEventListener("click", onClick);
  }, [navigate]);
  return <div id={id} ref={ref} className="contents" dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
