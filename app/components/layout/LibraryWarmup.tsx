import { useLocation } from "@remix-run/react";
import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import { isLibraryLink, LIBRARY_STORAGE_KEY, preloadsLibrary } from "~/components/library/library-links";

// a background helper: if its code cannot be fetched (offline), the page goes on without it
const LibraryPreloader = lazy(() =>
  import("~/components/library/LibraryPreloader").then(
    (m) => ({ default: m.LibraryPreloader }),
    () => ({ default: () => null }),
  ),
);

/** Whether this browser keeps a copy of a library (a family that has opened theirs): then it is kept in sync. */
function hasLibraryCopy(): boolean {
  try {
    return window.localStorage.getItem(LIBRARY_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The library's preloader and its cache load only where they help: on a create or story page, in a
 * browser that keeps a copy of a library, or at the first sign of heading there (a pointer over, a
 * touch on or the focus on a link to /library, which also starts filling the cache at once). A
 * visitor reading the home page for the first time loads none of it.
 */
export function LibraryWarmup() {
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    if (preloadsLibrary(pathname) || hasLibraryCopy()) {
      // at low priority: a background helper is not worth a long task next to the page's hydration
      startTransition(() => setWanted(true));
      return;
    }
    const intent = (e: Event) => {
      if (!isLibraryLink(e.target as Element | null, window.location.origin)) return;
      setWanted(true);
      void import("~/components/library/library-cache").then((m) => m.libraryCache.preload());
    };
    const events = ["pointerover", "touchstart", "focusin"] as const;
    for (const type of events) document.addEventListener(type, intent, { passive: true });
    return () => {
      for (const type of events) document.removeEventListener(type, intent);
    };
  }, [pathname, wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <LibraryPreloader />
    </Suspense>
  ) : null;
}
