// Remembered route objects for the server bundle. Remix draws every page from route objects it
// builds again for that render: `<RemixServer>` turns the build's route manifest into React Router
// routes (`createServerRoutes`), and the static router turns those into data routes
// (`convertRoutesToDataRoutes`), 66 routes each time, the same every time. New objects also made the
// remembered route matching (remembered-route-matching.ts) describe the tree's shape again for each
// render. Both answers depend only on the build (its route manifest and route modules), which never
// changes while the Worker runs, so each is made once and handed out again; nothing in a render
// writes to them. vite.config.ts wires these into the two functions, in the server build only.
import type { AgnosticRouteObject } from "@remix-run/router";

interface KeptServerRoutes {
  modules: Record<string, unknown>;
  isSpaMode: boolean;
  routes: unknown[];
}

const serverRoutes = new WeakMap<object, KeptServerRoutes>();

/**
 * Remix's `createServerRoutes(manifest, routeModules, future, isSpaMode)` for the whole tree,
 * remembered per manifest while every route module and the mode are the ones it was made from.
 * `makeEachTime` is Remix's own function.
 */
export function rememberedServerRoutes<R>(
  manifest: Record<string, unknown>,
  routeModules: Record<string, unknown>,
  isSpaMode: boolean,
  makeEachTime: () => R[],
): R[] {
  const kept = serverRoutes.get(manifest);
  if (kept && kept.isSpaMode === isSpaMode && sameModules(kept.modules, routeModules)) return kept.routes as R[];
  const routes = makeEachTime();
  serverRoutes.set(manifest, { modules: { ...routeModules }, isSpaMode, routes });
  return routes;
}

function sameModules(kept: Record<string, unknown>, now: Record<string, unknown>): boolean {
  let count = 0;
  for (const id in now) {
    if (kept[id] !== now[id]) return false;
    count++;
  }
  return count === Object.keys(kept).length;
}

interface KeptDataRoutes {
  dataRoutes: AgnosticRouteObject[];
  byId: Record<string, AgnosticRouteObject>;
}

const dataRoutes = new WeakMap<object, KeptDataRoutes>();

/**
 * The static router's `convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, manifest)`,
 * remembered per routes array: the same data routes again, and the same routes by id written into
 * the caller's `manifest`, as the conversion does. `convertEachTime` is the router's own.
 */
export function rememberedDataRoutes(
  routes: object,
  manifest: Record<string, AgnosticRouteObject>,
  convertEachTime: () => AgnosticRouteObject[],
): AgnosticRouteObject[] {
  const kept = dataRoutes.get(routes);
  if (kept) {
    Object.assign(manifest, kept.byId);
    return kept.dataRoutes;
  }
  const converted = convertEachTime();
  dataRoutes.set(routes, { dataRoutes: converted, byId: { ...manifest } });
  return converted;
}
