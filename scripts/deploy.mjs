// `npm run deploy`: StoryNest to Cloudflare with production's settings, in one command.
//   npm run deploy                 build, check the settings, apply D1 migrations remotely, deploy
//   npm run deploy -- --dry-run    build and bundle without uploading; print production's settings
//                                  and the Worker's size (fails past 3 MiB gzip: `npm test` runs
//                                  this, so CI does)
// Settings come from the environment or from deploy.env (see deploy.env.example): WEBSITE_URL,
// D1_DATABASE_ID, KV_NAMESPACE_ID, optionally R2_BUCKET_NAME, ADMIN_EMAIL, EMAIL_FROM. The README's
// "Deploy to Cloudflare" section walks through making them. wrangler.production.json is written
// beside wrangler.toml (not committed) and used for every remote command.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { DEPLOY_SETTINGS, deployProblems, describeConfig, parseEnvFile, productionConfig } from "./deploy-config.mjs";
import { run } from "./lib.mjs";

/** The Worker's upload limit on the paid plan is 10 MiB gzip; ours is kept well under it. */
const BUNDLE_BUDGET_BYTES = 3 * 1024 * 1024;
const CONFIG = "wrangler.production.json";
const OUTDIR = ".wrangler/deploy/dist";

const dryRun = process.argv.includes("--dry-run");
const fromFile = existsSync("deploy.env") ? parseEnvFile(readFileSync("deploy.env", "utf8")) : {};
const settings = Object.fromEntries(DEPLOY_SETTINGS.map((k) => [k, process.env[k] || fromFile[k] || ""]));

const problems = deployProblems(settings, { dryRun });
if (problems.length > 0) {
  console.error(`✗ Not deploying:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee the README's "Deploy to Cloudflare".`);
  process.exit(1);
}

const config = productionConfig(readFileSync("wrangler.toml", "utf8"), settings);
writeFileSync(CONFIG, JSON.stringify(config, null, 2) + "\n");
console.log(`Production's settings (${CONFIG}):\n${describeConfig(config)}\n`);

// `npm test` has just built the app and passes --skip-build.
if (!process.argv.includes("--skip-build")) run("npx", ["remix", "vite:build"]);

if (dryRun) {
  rmSync(OUTDIR, { recursive: true, force: true });
  run("npx", ["wrangler", "deploy", "--config", CONFIG, "--dry-run", "--outdir", OUTDIR]);
  const files = readdirSync(OUTDIR, { recursive: true }).filter((f) => statSync(join(OUTDIR, f)).isFile() && !f.endsWith(".map"));
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = readFileSync(join(OUTDIR, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  const mib = (n) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
  console.log(`\nWorker bundle: ${files.length} files, ${mib(raw)} raw, ${mib(gzip)} gzip (budget ${mib(BUNDLE_BUDGET_BYTES)} gzip)`);
  if (gzip > BUNDLE_BUDGET_BYTES) {
    console.error(`✗ The Worker bundle grew past its budget: ${mib(gzip)} gzip > ${mib(BUNDLE_BUDGET_BYTES)}`);
    process.exit(1);
  }
  console.log("✓ Dry run: built and bundled; nothing was uploaded.");
} else {
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--remote", "--config", CONFIG]);
  run("npx", ["wrangler", "deploy", "--config", CONFIG]);
  console.log(`✓ Deployed to Cloudflare: ${config.vars.WEBSITE_URL}`);
}
