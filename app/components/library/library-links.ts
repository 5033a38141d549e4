/** Which links and pages warm the library's cache, and where the cache lives. Tiny, with no imports: every page's root loads it. */

/** The browser's copy of the library (localStorage). */
export const LIBRARY_STORAGE_KEY = "story-app-library";

/** A link to the library (any link: header, footer, a page), whatever its query. */
export function isLibraryLink(el: Element | null, origin: string): HTMLAnchorElement | null {
  const a = el?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!a) return null;
  try {
    const url = new URL(a.href, origin);
    return url.origin === origin && url.pathname.replace(/\/+$/, "") === "/library" ? a : null;
  } catch {
    return null;
  }
}

/** Navigating to a page whose path contains 'create' or 'story' preloads the library. */
export function preloadsLibrary(pathname: string): boolean {
  return /create|story/i.test(pathname);
}
