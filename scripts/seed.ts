/**
 * Loads seed data into the local D1 database: the five built-in theme templates as Active rows and
 * the plans catalogue. Idempotent (upserts that change nothing when nothing changed), so running it
 * on every start is safe.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { BUILT_IN_THEMES } from "../app/domain/story/themes";
import { PLAN_CATALOGUE } from "../app/services/db/plans.server";
import { seedSql } from "../app/services/db/seed.server";

const file = ".wrangler/seed.sql";
mkdirSync(".wrangler", { recursive: true });
writeFileSync(file, seedSql());
// `--persist-to DIR` passes through, so the end-to-end suite can seed its own state folder.
const persist = process.argv.slice(2);
execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", file, ...persist], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" },
});
console.log(`seed: ${BUILT_IN_THEMES.length} theme templates and ${PLAN_CATALOGUE.length} plans loaded`);
