import { useEffect, useRef } from "react";

/**
 * navigation-refresh: 100 ms after entering or leaving a path under /library, /yourstory or
 * /youraistory, the window gets a `navigation-refresh` CustomEvent with `{ visitorId, from, to }`
 * (whether or not analytics is on: this is not tracking, it lets the library's cache refresh). The
 * visitor id here is the page's public visitor handle (the root loader's), never the cookie itself.
 */
export const NAVIGATION_REFRESH_EVENT = "navigation-refresh";
export const NAVIGATION_REFRESH_DELAY_MS = 100;
const PREFIXES = ["/library", "/yourstory", "/youraistory"];

export function underRefreshPath(path: string | null): boolean {
  return path !== null && PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

export interface NavigationRefreshDetail {
  visitorId: string | null;
  from: string | null;
  to: string;
}

/** Whether moving from `from` (null: the page just loaded) to `to` fires the event. */
export function firesRefresh(from: string | null, to: string): boolean {
  if (from === to) return false;
  return underRefreshPath(from) || underRefreshPath(to);
}

export function useNavigationRefresh(pathname: string, visitorId: string | null): void {
  const previous = useRef<string | null>(null);
  const visitor = useRef(visitorId);
  visitor.current = visitorId;
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (!firesRefresh(from, pathname)) return;
    const detail: NavigationRefreshDetail = { visitorId: visitor.current, from, to: pathname };
    // Not cleared on a quick next move: each entry and exit is announced.
    setTimeout(() => window.dispatchEvent(new CustomEvent(NAVIGATION_REFRESH_EVENT, { detail })), NAVIGATION_REFRESH_DELAY_MS);
  }, [pathname]);
}
