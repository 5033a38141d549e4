import { matchRoutes, RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// The server's HTML is painted first; hydration starts in the frame after, so a slow phone shows the
// page at once instead of after its scripts have run.
requestAnimationFrame(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);

interface RemixWindow {
  __remixRouter?: {
    routes: Parameters<typeof matchRoutes>[0];
    subscribe: (fn: (state: { navigation: { location?: Parameters<typeof matchRoutes>[1] } }) => void) => void;
  };
  __remixManifest?: { routes: Record<string, { imports?: string[] } | undefined> };
}

/**
 * A navigation fetches the next page's route modules, and the chunks they import only once each
 * module has come (the code every page shows is in the first load, the rest comes with the pages that
 * show it): ask for those chunks as the navigation starts, so they come with the modules, not after.
 */
function preloadNavigationChunks(triesLeft = 100): void {
  const w = window as unknown as RemixWindow;
  const router = w.__remixRouter;
  if (!router || !w.__remixManifest) {
    if (triesLeft > 0) setTimeout(() => preloadNavigationChunks(triesLeft - 1), 50);
    return;
  }
  const asked = new Set<string>();
  router.subscribe((state) => {
    const location = state.navigation.location;
    if (!location) return;
    for (const match of matchRoutes(router.routes, location) ?? []) {
      for (const href of w.__remixManifest?.routes[match.route.id ?? ""]?.imports ?? []) {
        if (asked.has(href)) continue;
        asked.add(href);
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.appendChild(link);
      }
    }
  });
}
preloadNavigationChunks();
