/**
 * Loads seed data into the local D1 database: the five built-in theme templates as Active rows and
 * the plans catalogue. Idempotent (upserts that change nothing when nothing changed), so running it
 * on every start is safe.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BUILT_IN_THEMES } from "../app/domain/story/themes";
import { PLAN_CATALOGUE } from "../app/services/db/plans.server";
import { seedSql } from "../app/services/db/seed.server";
import { THEME_CACHE_KEY } from "../app/services/themes.server";

const file = ".wrangler/seed.sql";
mkdirSync(".wrangler", { recursive: true });
writeFileSync(file, seedSql());
// `--persist-to DIR` passes through, so the end-to-end suite can seed its own state folder.
const persist = process.argv.slice(2);
const quiet = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };
execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", file, ...persist], { stdio: ["ignore", "ignore", "inherit"], env: quiet });

// Themes that changed since the last seed of this state: the theme service's cached list is
// forgotten, so the pages (and the edge cache, whose key holds the themes' version) show them at once.
const at = persist.indexOf("--persist-to");
const stateDir = at >= 0 && persist[at + 1] ? persist[at + 1] : ".wrangler/state";
const marker = path.join(stateDir, "seeded-themes-version");
const version = createHash("sha256").update(JSON.stringify(BUILT_IN_THEMES)).digest("hex");
if (!existsSync(marker) || readFileSync(marker, "utf8") !== version) {
  // (A state without any KV data yet has nothing to forget.)
  if (existsSync(path.join(stateDir, "v3", "kv")))
    execFileSync("npx", ["wrangler", "kv", "key", "delete", THEME_CACHE_KEY, "--binding", "CACHE", "--local", ...persist], { stdio: "ignore", env: quiet });
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(marker, version);
}
console.log(`seed: ${BUILT_IN_THEMES.length} theme templates and ${PLAN_CATALOGUE.length} plans loaded`);
