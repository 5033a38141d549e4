import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { loader as rootLoader } from "~/root";
import { ConnectionStatus } from "./ConnectionStatus";
import { CookieBanner } from "./CookieBanner";
import { NavigationProgress } from "./NavigationProgress";
import { Toaster } from "./Toaster";
import { DOCK_NINO_ID, keepFocusUncovered, publishDockHeight } from "./dock";

/**
 * Every page-level overlay (cookie consent, connection status and its error modal, toasts, 'Loading page...'), mounted once in the root layout.
 *
 * - Top (fixed): the 'Loading page...' bar and pill, then the one toast.
 * - Bottom: the dock, sticky at the end of the page flow: a row with the connection status at the
 *   left and the Nino button at the right, above the cookie banner. Being in the flow, the page's
 *   end is never under it; its height is published as --dock-h, which keeps focus and scrolled-to
 *   controls above it (scroll-padding) and lifts the pages' own sticky bars over it.
 */
export function Overlays() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const dock = useRef<HTMLDivElement>(null);
  useEffect(() => (dock.current ? publishDockHeight(dock.current) : undefined), []);
  useEffect(() => keepFocusUncovered(), []);
  return (
    <>
      <div className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col items-center gap-2 px-3 pt-2">
        <NavigationProgress />
        <Toaster />
      </div>
      {/* On wide screens one line: the status, the banner, Nino. */}
      <div ref={dock} id="dock" className="pointer-events-none sticky bottom-0 z-40 w-full lg:flex lg:items-end lg:gap-4 lg:px-6 lg:pb-4" data-testid="dock">
        {/* drawn only while it holds a button, so an empty row takes no room */}
        <div className="flex items-end justify-between gap-3 px-3 pb-3 sm:px-6 sm:pb-4 lg:contents [&:not(:has([data-dock-item]))]:hidden">
          <div className="flex lg:order-1">
            <ConnectionStatus />
          </div>
          <div id={DOCK_NINO_ID} className="ml-auto flex lg:order-3" />
        </div>
        <CookieBanner serverConsent={root?.cookieConsent ?? "unset"} />
      </div>
    </>
  );
}
