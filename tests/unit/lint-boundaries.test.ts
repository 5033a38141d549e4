import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layers' boundaries as ESLint enforces them (eslint.config.js): each case lints one import as
 * if it were written in a file of that layer, and reads whether the boundary rule refused it.
 */

const eslint = new ESLint({ cwd: process.cwd() });

async function refused(file: string, line: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${line}\nexport const used = [typeof x];\n`, { filePath: file });
  return result.messages.some((m) => m.ruleId === "@typescript-eslint/no-restricted-imports");
}

const COMPONENT = "app/components/story-form/Probe.tsx";
const SERVICE = "app/services/books/probe.server.ts";
const DOMAIN = "app/domain/story/writer/probe.ts";
const ROUTE = "app/routes/probe.tsx";

describe("the layers' import boundaries", () => {
  it.each([
    ["a service", `import { x } from "~/services/books/books.server";`],
    ["a service's type, by a relative path", `import type { x } from "../../services/env.server";`],
    ["a server module beside it", `import type { x } from "./page.server";`],
    ["a route", `import { x } from "~/routes/library";`],
    ["a route's server module, by a relative path", `import { x } from "../../routes/library.server";`],
    ["a type re-exported from a service", `export type { x } from "~/services/log.server";`],
  ])("a component may not import %s", async (_what, line) => {
    expect(await refused(COMPONENT, line)).toBe(true);
  });

  it.each([
    ["the domain", `import { x } from "~/domain/story/form";`],
    ["another component", `import { x } from "../overlays/error-report";`],
    ["a package", `import { x } from "zod";`],
  ])("a component may import %s", async (_what, line) => {
    expect(await refused(COMPONENT, line)).toBe(false);
  });

  it.each([
    ["a route", `import { x } from "~/routes/library.server";`],
    ["a route, by a relative path", `import { x } from "../../routes/library.server";`],
    ["a component's type", `import type { x } from "~/components/story-form/values";`],
    ["a component, by a relative path", `import { x } from "../../components/overlays/error-report";`],
  ])("a service may not import %s", async (_what, line) => {
    expect(await refused(SERVICE, line)).toBe(true);
  });

  it("a service may import another service and the domain", async () => {
    expect(await refused(SERVICE, `import { x } from "../db/client.server";`)).toBe(false);
    expect(await refused(SERVICE, `import { x } from "~/domain/story/form";`)).toBe(false);
  });

  it.each([
    ["a service's type, by a relative path", `import type { x } from "../../../services/env.server";`],
    ["a component", `import { x } from "~/components/story-form/values";`],
    ["a server module", `import { x } from "../../content/blog.server";`],
    ["the runtime", `import { x } from "cloudflare:workers";`],
  ])("the domain may not import %s", async (_what, line) => {
    expect(await refused(DOMAIN, line)).toBe(true);
  });

  it("the domain may import the domain and packages", async () => {
    expect(await refused(DOMAIN, `import { x } from "../../form";`)).toBe(false);
    expect(await refused(DOMAIN, `import { x } from "zod";`)).toBe(false);
  });

  it("a route may not import the runtime's modules, and may import services and components", async () => {
    expect(await refused(ROUTE, `import { x } from "cloudflare:workers";`)).toBe(true);
    expect(await refused(ROUTE, `import { x } from "~/services/env.server";`)).toBe(false);
    expect(await refused(ROUTE, `import { x } from "~/components/reader/BookExperience";`)).toBe(false);
  });
});
