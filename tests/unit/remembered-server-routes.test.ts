import type { AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { rememberedDataRoutes, rememberedServerRoutes } from "../../workers/shims/remembered-server-routes";

// The server build hands out the route objects of a render again (vite.config.ts wires these in).
// What a render gets must be what Remix and the router would make, and made again whenever what
// they are made from is not the same.

describe("remembered server routes", () => {
  const manifest = { root: { id: "root" }, "routes/_index": { id: "routes/_index", parentId: "root" } };
  const modules = () => ({ root: ROOT, "routes/_index": INDEX });
  const ROOT = { default: () => null };
  const INDEX = { default: () => null };

  it("makes the routes once for a build's manifest and modules, then hands out the same ones", () => {
    let made = 0;
    const make = () => [{ id: "root", made: ++made }];
    const first = rememberedServerRoutes(manifest, modules(), false, make);
    // every request brings a new object holding the same modules
    const second = rememberedServerRoutes(manifest, modules(), false, make);
    expect(second).toBe(first);
    expect(made).toBe(1);
  });

  it("makes them again for another module, another set of modules, the other mode or another manifest", () => {
    const m = { root: { id: "root" } };
    let made = 0;
    const make = () => [{ made: ++made }];
    const first = rememberedServerRoutes(m, modules(), false, make);
    expect(rememberedServerRoutes(m, { ...modules(), root: { default: () => null } }, false, make)).not.toBe(first);
    expect(rememberedServerRoutes(m, { root: ROOT }, false, make)[0]).toEqual({ made: 3 });
    expect(rememberedServerRoutes(m, { ...modules(), extra: INDEX }, false, make)[0]).toEqual({ made: 4 });
    expect(rememberedServerRoutes(m, modules(), true, make)[0]).toEqual({ made: 5 });
    expect(rememberedServerRoutes({ ...m }, modules(), true, make)[0]).toEqual({ made: 6 });
  });

  it("hands out the same data routes and writes the routes by id into each caller's manifest", () => {
    const routes = [{ id: "root" }];
    let converted = 0;
    const convert = (byId: Record<string, AgnosticRouteObject>) => () => {
      converted++;
      const root: AgnosticRouteObject = { id: "root", children: [{ id: "child", path: "a" }] };
      byId.root = root;
      byId.child = root.children![0]!;
      return [root];
    };
    const firstById: Record<string, AgnosticRouteObject> = {};
    const first = rememberedDataRoutes(routes, firstById, convert(firstById));
    const secondById: Record<string, AgnosticRouteObject> = {};
    const second = rememberedDataRoutes(routes, secondById, convert(secondById));
    expect(converted).toBe(1);
    expect(second).toBe(first);
    expect(secondById).toEqual(firstById);
    expect(secondById.child).toBe(first[0]!.children![0]);
    // other routes are converted for themselves
    const otherById: Record<string, AgnosticRouteObject> = {};
    expect(rememberedDataRoutes([{ id: "root" }], otherById, convert(otherById))).not.toBe(first);
    expect(converted).toBe(2);
  });
});
