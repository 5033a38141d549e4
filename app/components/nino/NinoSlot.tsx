import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { NINO_OPEN_EVENT } from "./events";
import { ninoButtonHidden } from "./visibility";

const NinoLauncher = lazy(() => import("./NinoLauncher").then((m) => ({ default: m.NinoLauncher })));

/**
 * Where the Nino button goes, mounted once in the root layout. The button is drawn only once the
 * page is interactive, so its code (./NinoLauncher) is not in the page's first load: it comes when
 * the browser is first idle after hydration on a page that shows the button, or at once when
 * something asks for Nino (the creation page's "Make it up with Nino", the demo page), which then
 * opens as soon as it is here.
 */
export function NinoSlot() {
  const { pathname } = useLocation();
  const hidden = ninoButtonHidden(pathname);
  const [wanted, setWanted] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const asked = () => {
      setOpenAtOnce(true);
      setWanted(true);
    };
    window.addEventListener(NINO_OPEN_EVENT, asked);
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (!hidden) {
      if ("requestIdleCallback" in window) idle = window.requestIdleCallback(() => setWanted(true), { timeout: 1500 });
      else timer = setTimeout(() => setWanted(true), 200);
    }
    return () => {
      window.removeEventListener(NINO_OPEN_EVENT, asked);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [hidden, wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <NinoLauncher openAtOnce={openAtOnce} />
    </Suspense>
  ) : null;
}
