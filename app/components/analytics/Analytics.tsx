import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useCookieConsent, type ConsentValue } from "~/components/overlays/consent";
import { useNavigationRefresh } from "./navigation-refresh";
import type { Tracker } from "./tracker";

/** The gate's code, loaded once consent is given (and then kept for the tab). */
let gate: Promise<typeof import("./gate")> | undefined;

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
    // Before Accept All nothing is sent: the gate's own code (./gate) is not even loaded.
    if (consent !== "granted") return drop();
    // a failed fetch (offline) is tried again at the next run
    gate ??= import("./gate").catch((error: unknown) => {
      gate = undefined;
      throw error;
    });
    // each run's check and page view are queued on the same promise, so they keep the order of the runs
    void gate
      .then(({ browserAllows }) => {
        if (!browserAllows(consent)) return drop();
        tracker.current ??= import("./tracker").then((m) => m.startTracker(() => browserAllows(consentNow.current)));
        return tracker.current.then((t) => t.pageView());
      })
      .catch(() => undefined);
  }, [location.key, consent]);

  return null;
}
