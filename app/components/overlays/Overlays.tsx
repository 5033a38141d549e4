import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { ConnectionStatus } from "./ConnectionStatus";
import { CookieBanner } from "./CookieBanner";
import { NavigationProgress } from "./NavigationProgress";
import { Toaster } from "./Toaster";

/**
 * Every page-level overlay (cookie consent, connection status and its error modal, toasts, 'Loading page...'), mounted once in the root layout.
 *
 * - Top (fixed): the 'Loading page...' bar and pill, then the one toast.
 * - Bottom (sticky, at the end of the page flow): the cookie banner, with the connection status
 *   button stacked above it at the left. Bottom-right stays free for the Nino button.
 */
export function Overlays() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <div className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col items-center gap-2 px-3 pt-2">
        <NavigationProgress />
        <Toaster />
      </div>
      <div className="pointer-events-none sticky bottom-0 z-40 w-full">
        <div className="absolute bottom-full left-0 flex pb-3 pl-3 sm:pl-4">
          <ConnectionStatus />
        </div>
        <CookieBanner serverConsent={root?.cookieConsent ?? "unset"} />
      </div>
    </>
  );
}
