import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { libraryCache } from "./library-cache";
import { isLibraryLink, preloadsLibrary } from "./library-links";

/** Preload delays. Hovering or focusing a library link waits 50 ms (a pointer only passing by does nothing). */
export const LINK_PRELOAD_DELAY_MS = 50;
/**
 * Arriving on a create/story page preloads once the page has loaded and the browser is idle (at most
 * this long after the load event), so the library's download and storage never compete with the
 * page's own picture and first taps.
 */
export const ROUTE_PRELOAD_IDLE_MS = 2000;

/** Runs `run` after the page's load event, when the main thread is idle; answers a cancel. */
function whenPageIdle(run: () => void): () => void {
  let idle: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(run, { timeout: ROUTE_PRELOAD_IDLE_MS });
    else timer = setTimeout(run, 0);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle !== null) window.cancelIdleCallback(idle);
    if (timer) clearTimeout(timer);
  };
}

/**
 * Keeps the library warm: hovering or focusing any link to /library, or arriving on a
 * create/story page (once it has loaded), fills the browser's library cache in the background (throttled to once per
 * 30 s), so opening the library answers at once. Also runs the cache's sync while the app is open.
 * Rendered once, in the root layout; draws nothing.
 */
export function LibraryPreloader() {
  const { pathname } = useLocation();

  useEffect(() => libraryCache.startSync(), []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let target: HTMLAnchorElement | null = null;
    const cancel = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      target = null;
    };
    const intent = (e: Event) => {
      const a = isLibraryLink(e.target as Element | null, window.location.origin);
      if (!a || a === target) return;
      cancel();
      target = a;
      timer = setTimeout(() => {
        timer = null;
        void libraryCache.preload();
      }, LINK_PRELOAD_DELAY_MS);
    };
    const leave = (e: Event) => {
      if (target && isLibraryLink(e.target as Element | null, window.location.origin) === target) cancel();
    };
    document.addEventListener("pointerover", intent, { passive: true });
    document.addEventListener("focusin", intent);
    document.addEventListener("pointerout", leave, { passive: true });
    document.addEventListener("focusout", leave);
    document.addEventListener("touchstart", intent, { passive: true });
    return () => {
      cancel();
      document.removeEventListener("pointerover", intent);
      document.removeEventListener("focusin", intent);
      document.removeEventListener("pointerout", leave);
      document.removeEventListener("focusout", leave);
      document.removeEventListener("touchstart", intent);
    };
  }, []);

  useEffect(() => {
    if (!preloadsLibrary(pathname)) return;
    return whenPageIdle(() => void libraryCache.preload());
  }, [pathname]);

  return null;
}
