import { createContext, useContext } from "react";

/**
 * The site's stylesheet, written into the page's head instead of linked, so the first paint waits
 * for no second request (on a slow mobile network that is a whole round trip and more). The
 * server's render (app/entry.server.tsx) provides the text; the browser's bundle never holds it:
 * hydration, and any render after it, keeps the text the page arrived with.
 */
export const InlineStylesContext = createContext<string | undefined>(undefined);

export function InlineStyles() {
  const fromServer = useContext(InlineStylesContext);
  const css = fromServer ?? (typeof document === "undefined" ? "" : (document.getElementById("site-styles")?.textContent ?? ""));
  return <style id="site-styles" dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
