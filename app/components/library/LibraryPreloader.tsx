import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { libraryCache } from "./library-cache";
import { isLibraryLink, preloadsLibrary } from "./library-links";

/** Preload delays. Hovering or focusing a library link waits 50 ms (a pointer only passing by does nothing); arriving on a create/story page waits 10 ms. */
export const LINK_PRELOAD_DELAY_MS = 50;
export const ROUTE_PRELOAD_DELAY_MS = 10;

/**
 * Keeps the library warm: hovering or focusing any link to /library, or arriving on a
 * create/story page, fills the browser's library cache in the background (throttled to once per
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
    const t = setTimeout(() => void libraryCache.preload(), ROUTE_PRELOAD_DELAY_MS);
    return () => clearTimeout(t);
  }, [pathname]);

  return null;
}
