import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useCookieConsent, type ConsentValue } from "~/components/overlays/consent";
import { browserAllows } from "./gate";
import { useNavigationRefresh } from "./navigation-refresh";
import type { Tracker } from "./tracker";

/**
 * Mounted once in the root layout. Renders nothing. The navigation-refresh event always; the
 * tracker (./tracker and the device-components library) is loaded only when the gate allows it
 * (Accept All, no GPC, the host rule and the session flag), so a page's own JavaScript does not grow
 * and nothing leaves the browser before consent. A page view on load, on every history change, and
 * at the moment Accept All is chosen; Decline after Accept drops what is queued at once.
 */
export function Analytics({ serverConsent, visitorId }: { serverConsent: ConsentValue; visitorId: string | null }) {
  const location = useLocation();
  const { consent } = useCookieConsent(serverConsent);
  const consentNow = useRef(consent);
  consentNow.current = consent;
  const tracker = useRef<Promise<Tracker> | null>(null);

  useNavigationRefresh(location.pathname, visitorId);

  useEffect(() => {
    if (!browserAllows(consent)) {
      void tracker.current?.then((t) => t.drop()).catch(() => undefined);
      return;
    }
    tracker.current ??= import("./tracker").then((m) => m.startTracker(() => browserAllows(consentNow.current)));
    void tracker.current.then((t) => t.pageView()).catch(() => undefined);
  }, [location.key, consent]);

  return null;
}
