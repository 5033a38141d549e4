// Remembered route matching for the server bundle. Rendering one page matches the whole route
// tree (66 routes today) four times: Remix's static handler matching the request (inside
// @remix-run/router), Remix's own match of the request, React Router's `<Routes>` during the render,
// and the route discovery in `<Scripts>`. Each match flattens and ranks every branch and builds a
// regular expression per route tried; that was about a sixth of a page's CPU. A match depends only
// on the tree's shape (each route's id, path, index and case flags, in order), the basename and the
// pathname, so an answer is kept per shape and address and handed out again as fresh match objects
// made from the routes of the tree passed in (a tree's shape is described once per tree: the render's
// trees are kept per build by remembered-server-routes.ts). A tree whose routes lack distinct ids is
// matched as before.
// vite.config.ts wires this into the router's own `matchRoutes` (so the calls inside the router
// module are remembered too), in the server build only: in the browser, route discovery adds
// routes to the tree in place, which this key would not see.
import type { AgnosticRouteMatch, AgnosticRouteObject, Location, Path } from "@remix-run/router";

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

type MatchRoutes = <R extends AgnosticRouteObject>(
  routes: R[],
  location: Partial<Location> | string,
  basename?: string,
) => AgnosticRouteMatch<string, R>[] | null;

/**
 * The router's `matchRoutes`, remembered: `matchEachTime` is the router's own matching and
 * `parsePath` its own parser.
 */
export function rememberedMatchRoutes<R extends AgnosticRouteObject = AgnosticRouteObject>(
  routes: R[],
  locationArg: Partial<Location> | string,
  basename: string | undefined,
  matchEachTime: MatchRoutes,
  parsePath: (path: string) => Partial<Path>,
): AgnosticRouteMatch<string, R>[] | null {
  const base = basename ?? "/";
  const shape = shapeOf(routes);
  if (!shape) return matchEachTime(routes, locationArg, base);
  const pathname = (typeof locationArg === "string" ? parsePath(locationArg) : locationArg).pathname || "/";
  let forShape = kept.get(shape.key);
  if (!forShape) kept.set(shape.key, (forShape = new Map()));
  const address = `${base}\n${pathname}`;
  let answer = forShape.get(address);
  if (answer === undefined) {
    const matches = matchEachTime(routes, pathname, base);
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
