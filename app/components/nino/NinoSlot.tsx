import { useLocation } from "@remix-run/react";
import { useEffect, useState, type ComponentType } from "react";
import { NINO_OPEN_EVENT } from "./events";
import { ninoButtonHidden } from "./visibility";

type Launcher = ComponentType<{ openAtOnce?: boolean }>;

/**
 * Where the Nino button goes, mounted once in the root layout. The button is drawn only once the
 * page is interactive, so its code (./NinoLauncher) is not in the page's first load: it comes when
 * the browser is first idle after hydration on a page that shows the button, or at once when
 * something asks for Nino (the creation page's "Make it up with Nino", the demo page), which then
 * opens as soon as it is here. If the code cannot be fetched (the connection dropped), the page
 * stays as it is, without the button, and the code is asked for again when the browser is back online.
 */
export function NinoSlot() {
  const { pathname } = useLocation();
  const hidden = ninoButtonHidden(pathname);
  const [wanted, setWanted] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [Launcher, setLauncher] = useState<Launcher | null>(null);

  // Nino asked for before the code is here (also while it is on its way): it opens once it comes.
  useEffect(() => {
    if (Launcher) return;
    const asked = () => {
      setOpenAtOnce(true);
      setWanted(true);
    };
    window.addEventListener(NINO_OPEN_EVENT, asked);
    return () => window.removeEventListener(NINO_OPEN_EVENT, asked);
  }, [Launcher]);

  useEffect(() => {
    if (wanted || hidden) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if ("requestIdleCallback" in window) idle = window.requestIdleCallback(() => setWanted(true), { timeout: 1500 });
    else timer = setTimeout(() => setWanted(true), 200);
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [hidden, wanted]);

  useEffect(() => {
    if (!wanted || Launcher) return;
    let live = true;
    const retry = () => setWanted(false);
    import("./NinoLauncher").then(
      (m) => live && setLauncher(() => m.NinoLauncher),
      () => live && window.addEventListener("online", retry, { once: true }),
    );
    return () => {
      live = false;
      window.removeEventListener("online", retry);
    };
  }, [wanted, Launcher]);

  return Launcher ? <Launcher openAtOnce={openAtOnce} /> : null;
}
