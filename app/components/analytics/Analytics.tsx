import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useCookieConsent, type ConsentValue } from "~/components/overlays/consent";
import { useNavigationRefresh } from "./navigation-refresh";
import type { Tracker } from "./tracker";

/** The gate's code, loaded once needed (and then kept for the tab); a failed fetch (offline) is tried again. */
let gate: Promise<typeof import("./gate")> | undefined;
function loadGate() {
  gate ??= import("./gate").catch((error: unknown) => {
    gate = undefined;
    throw error;
  });
  return gate;
}

/**
 * Mounted once in the root layout. Renders nothing. The navigation-refresh event always; the
 * gate (./gate) is loaded only once consent is given, and the tracker (./tracker and the device-components library) only when the gate allows it
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
    const drop = () => void tracker.current?.then((t) => t.drop()).catch(() => undefined);
    // Before Accept All nothing is sent, and the gate's own code (./gate) is loaded only to keep an
    // `?analytics=on|off` in the address for the tab (a later Accept All on another page obeys it).
    if (consent !== "granted") {
      drop();
      const search = location.search;
      if (/[?&]analytics=/.test(search))
        void loadGate().then(
          ({ browserFlag }) => browserFlag(search),
          () => undefined,
        );
      return;
    }
    // each run's check and page view are queued on the same promise, so they keep the order of the runs
    void loadGate()
      .then(({ browserAllows }) => {
        if (!browserAllows(consent)) return drop();
        tracker.current ??= import("./tracker").then((m) => m.startTracker(() => browserAllows(consentNow.current)));
        return tracker.current.then((t) => t.pageView());
      })
      .catch(() => undefined);
  }, [location.key, location.search, consent]);

  return null;
}
