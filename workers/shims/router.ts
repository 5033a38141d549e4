// @remix-run/router as the server bundle sees it: the same module, with `matchRoutes` remembering
// its answers. Rendering one page matches the whole route tree (about 75 routes) three times through
// this export: Remix's own match of the request, React Router's `<Routes>` during the render, and
// the route discovery in `<Scripts>`. Each match flattens and ranks every branch and builds a
// regular expression per route; that was about a sixth of a page's CPU. A match depends only on
// the tree's shape (each route's id, path, index and case flags, in order), the basename and the
// pathname, so an answer is kept per shape and address and handed out again as fresh match objects
// made from the routes of the tree passed in (Remix builds new route objects of the same shape for
// every render). A tree whose routes lack distinct ids is matched as before. Server only: in the
// browser, route discovery adds routes to the tree in place, which this key would not see.
import * as bundled from "@remix-run/router/dist/router.js";
import type * as Router from "@remix-run/router";
import type { AgnosticRouteMatch, AgnosticRouteObject, Location } from "@remix-run/router";

export * from "@remix-run/router/dist/router.js";

// the file is the package's own entry; its declarations are those of the package
const router = bundled as unknown as typeof Router;

interface Shape {
  key: string;
  byId: Map<string, AgnosticRouteObject>;
}
interface Kept {
  ids: string[];
  params: Record<string, string | undefined>;
  pathnames: string[];
  bases: string[];
}

/** Addresses remembered per tree shape; past this the memory starts again (unbounded paths such as a book's address). */
const MAX_KEPT = 2000;
const shapes = new WeakMap<AgnosticRouteObject[], Shape | null>();
const kept = new Map<string, Map<string, Kept | null>>();

function shapeOf(routes: AgnosticRouteObject[]): Shape | null {
  let shape = shapes.get(routes);
  if (shape !== undefined) return shape;
  const byId = new Map<string, AgnosticRouteObject>();
  const describe = (list: AgnosticRouteObject[]): string | null => {
    let out = "";
    for (const route of list) {
      const id = route.id;
      if (typeof id !== "string" || byId.has(id)) return null;
      byId.set(id, route);
      const children = route.children ? describe(route.children) : "";
      if (children === null) return null;
      out += `${JSON.stringify([id, route.path ?? null, route.index === true, route.caseSensitive === true])}[${children}]`;
    }
    return out;
  };
  const key = describe(routes);
  shape = key === null ? null : { key, byId };
  shapes.set(routes, shape);
  return shape;
}

export function matchRoutes<R extends AgnosticRouteObject = AgnosticRouteObject>(
  routes: R[],
  locationArg: Partial<Location> | string,
  basename = "/",
): AgnosticRouteMatch<string, R>[] | null {
  const shape = shapeOf(routes);
  if (!shape) return router.matchRoutes(routes, locationArg, basename);
  const pathname = (typeof locationArg === "string" ? router.parsePath(locationArg) : locationArg).pathname || "/";
  let forShape = kept.get(shape.key);
  if (!forShape) kept.set(shape.key, (forShape = new Map()));
  const address = `${basename}\n${pathname}`;
  let answer = forShape.get(address);
  if (answer === undefined) {
    const matches = router.matchRoutes(routes, pathname, basename);
    answer = matches && {
      ids: matches.map((m) => m.route.id as string),
      params: { ...matches[0]?.params },
      pathnames: matches.map((m) => m.pathname),
      bases: matches.map((m) => m.pathnameBase),
    };
    if (forShape.size >= MAX_KEPT) forShape.clear();
    forShape.set(address, answer ?? null);
    // the first answer is the router's own
    return matches;
  }
  if (answer === null) return null;
  // as the router does, every match of one answer shares one params object
  const params = { ...answer.params };
  const { ids, pathnames, bases } = answer;
  return ids.map((id, i) => ({ params, pathname: pathnames[i], pathnameBase: bases[i], route: shape.byId.get(id) as R }));
}
