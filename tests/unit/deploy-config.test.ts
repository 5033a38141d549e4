import { readdirSync, readFileSync, statSync } from "node:fs";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { deployProblems, describeConfig, parseEnvFile, productionConfig } from "../../scripts/deploy-config.mjs";

const WRANGLER_TOML = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
const IDS = {
  D1_DATABASE_ID: "4c2f8a3e-1b7d-4e59-9a61-0f3c2d8b7e10",
  KV_NAMESPACE_ID: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
  SELLER_NAME: "Nest Stories GmbH",
  SELLER_ADDRESS: "Hauptstraße 1, 10115 Berlin, Germany",
};

describe("wrangler.toml fails closed", () => {
  it("says production and names no site: a plain deploy exposes no development page and links to no localhost", () => {
    const vars = (parse(WRANGLER_TOML) as { vars: Record<string, string> }).vars;
    expect(vars.ENVIRONMENT).toBe("production");
    expect(vars.WEBSITE_URL).toBeUndefined();
  });
});

describe("which requests skip the static files", () => {
  it("sends every address to the Worker at once except the static files' own: Vite's assets and each entry of public/", () => {
    const rules = (parse(WRANGLER_TOML) as { assets: { run_worker_first: string[] } }).assets.run_worker_first;
    expect(rules[0]).toBe("/*");
    expect(rules).toContain("!/assets/*");
    const publicDir = new URL("../../public/", import.meta.url);
    for (const name of readdirSync(publicDir)) {
      if (name === "_headers") continue; // the static files' headers, not a file anyone is served
      const rule = statSync(new URL(name, publicDir)).isDirectory() ? `!/${name}/*` : `!/${name}`;
      expect(rules, `public/${name} is a static file: wrangler.toml's run_worker_first must leave it to the static files`).toContain(rule);
    }
    // nothing else is left to the static files: a page's address always reaches the Worker
    expect(rules).toHaveLength(2 + readdirSync(publicDir).filter((n) => n !== "_headers").length);
  });
});

describe("npm run deploy's settings", () => {
  it("refuses a localhost, private, plain-http or missing site and placeholder ids for a real deploy", () => {
    for (const site of ["http://localhost:8787", "https://localhost", "https://127.0.0.1", "https://192.168.1.20", "https://box.local", "https://[::1]:8787"])
      expect(deployProblems({ WEBSITE_URL: site, ...IDS }, { dryRun: false }).join()).toMatch(/this machine or a private network/);
    expect(deployProblems({ WEBSITE_URL: "http://storynest.example", ...IDS }, { dryRun: false }).join()).toMatch(/must be https/);
    expect(deployProblems({ WEBSITE_URL: "", ...IDS }, { dryRun: false }).join()).toMatch(/WEBSITE_URL is not set/);
    const placeholders = deployProblems(
      { WEBSITE_URL: "https://storynest.example", D1_DATABASE_ID: "00000000-0000-0000-0000-000000000000", KV_NAMESPACE_ID: "" },
      { dryRun: false },
    );
    expect(placeholders).toHaveLength(3);
    expect(placeholders.join()).toMatch(/SELLER_NAME and SELLER_ADDRESS are not set/);
    expect(deployProblems({ WEBSITE_URL: "https://storynest.example", ...IDS }, { dryRun: false })).toEqual([]);
  });

  it("lets a dry run build without ids or a site, but not with a localhost site", () => {
    expect(deployProblems({}, { dryRun: true })).toEqual([]);
    expect(deployProblems({ WEBSITE_URL: "http://localhost:8787" }, { dryRun: true })).toHaveLength(1);
  });

  it("writes production's configuration from wrangler.toml: production, the site, the ids, every binding kept", () => {
    const base = parse(WRANGLER_TOML) as Record<string, unknown>;
    const config = productionConfig(WRANGLER_TOML, { WEBSITE_URL: "https://storynest.example/", ...IDS });
    expect(config.vars).toMatchObject({
      ENVIRONMENT: "production",
      WEBSITE_URL: "https://storynest.example",
      SELLER_NAME: IDS.SELLER_NAME,
      SELLER_ADDRESS: IDS.SELLER_ADDRESS,
    });
    expect(config.d1_databases[0]).toMatchObject({ binding: "DB", database_id: IDS.D1_DATABASE_ID });
    expect(config.kv_namespaces[0]).toMatchObject({ binding: "CACHE", id: IDS.KV_NAMESPACE_ID });
    expect(config.main).toBe(base.main);
    expect(config.ratelimits).toEqual(base.ratelimits);
    expect(config.workflows).toEqual(base.workflows);
    expect(config.durable_objects).toEqual(base.durable_objects);
    expect(config.minify).toBe(true);
    // the local Worker is bundled without keeping names (nothing is renamed); production's minified one keeps them
    expect(base.keep_names).toBe(false);
    expect(config.keep_names).toBe(true);
    const described = describeConfig(config);
    expect(described).toContain('WEBSITE_URL = "https://storynest.example"');
    expect(described).toContain(`D1 DB: storybook (${IDS.D1_DATABASE_ID})`);
    expect(described).toContain("STRIPE_WEBHOOK_SECRET");
  });

  it("reads deploy.env lines, ignoring comments and quotes", () => {
    expect(parseEnvFile('# a comment\nWEBSITE_URL="https://storynest.example"\n\nD1_DATABASE_ID = abc\nbroken\n')).toEqual({
      WEBSITE_URL: "https://storynest.example",
      D1_DATABASE_ID: "abc",
    });
  });
});
