// Production's Wrangler configuration, made from wrangler.toml (the one list of bindings) and the
// deployer's settings. Pure functions, so the rules are tested without deploying (tests/unit/deploy-config.test.ts).
import { parse } from "smol-toml";

/** The settings `npm run deploy` reads (environment variables, or deploy.env; see deploy.env.example). */
export const DEPLOY_SETTINGS = [
  "WEBSITE_URL",
  "D1_DATABASE_ID",
  "KV_NAMESPACE_ID",
  "R2_BUCKET_NAME",
  "ADMIN_EMAIL",
  "EMAIL_FROM",
  "ADMIN_EMAILS",
  "SELLER_NAME",
  "SELLER_ADDRESS",
];

/** The secrets production reads when set (`wrangler secret put NAME`); none is required to deploy. */
export const PRODUCTION_SECRETS = [
  ["RESEND_API_KEY", "e-mail through Resend (without it e-mails stay in the database's outbox, unsent, and sign-in pages say accounts are unavailable)"],
  ["OPENAI_API_KEY", "story text, pictures, moderation and Nino's replies (without it the offline writer and illustrator)"],
  ["IMAGE_API_URL", "a generic image provider's endpoint (with IMAGE_API_KEY)"],
  ["IMAGE_API_KEY", "the generic image provider's key"],
  ["STRIPE_SECRET_KEY", "payments through Stripe Checkout (without it and the webhook secret nothing can be bought)"],
  ["STRIPE_WEBHOOK_SECRET", "the signing secret of Stripe's webhook endpoint"],
  ["GOOGLE_CLIENT_ID", "Google sign-in (with GOOGLE_CLIENT_SECRET)"],
  ["GOOGLE_CLIENT_SECRET", "Google sign-in's client secret"],
];

const PLACEHOLDER_ID = /^0+(-0+)*$/;

/** Reads `KEY=value` lines (comments and blanks ignored); quotes around a value are dropped. */
export function parseEnvFile(text) {
  const out = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const at = line.indexOf("=");
    if (at < 1) continue;
    out[line.slice(0, at).trim()] = line
      .slice(at + 1)
      .trim()
      .replace(/^(["'])(.*)\1$/, "$2");
  }
  return out;
}

/** Whether a URL names this machine or a private network: never the public site's address. */
function isLocalHost(hostname) {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host === "::1" ||
    host === "0.0.0.0" ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}

/**
 * What stops a deploy: problems with the settings. A real deploy needs an https WEBSITE_URL on a
 * public host, the ids of the D1 database and KV namespace made for production, and the seller's
 * name and address that receipts give; a dry run only
 * refuses a WEBSITE_URL that is set and wrong (it builds with placeholders otherwise).
 */
export function deployProblems(settings, { dryRun }) {
  const problems = [];
  const site = settings.WEBSITE_URL;
  if (!site) {
    if (!dryRun) problems.push("WEBSITE_URL is not set: e-mail, share and sign-in links are built from it (e.g. https://storynest.example)");
  } else {
    let url = null;
    try {
      url = new URL(site);
    } catch {
      problems.push(`WEBSITE_URL is not a URL: "${site}"`);
    }
    if (url && isLocalHost(url.hostname))
      problems.push(`WEBSITE_URL names this machine or a private network (${url.host}): production needs its public address`);
    else if (url && url.protocol !== "https:") problems.push(`WEBSITE_URL must be https (got ${url.protocol}//${url.host})`);
    else if (url && url.pathname !== "/") problems.push(`WEBSITE_URL is the site's origin, without a path (got ${site})`);
  }
  if (!dryRun) {
    if (!settings.D1_DATABASE_ID || PLACEHOLDER_ID.test(settings.D1_DATABASE_ID))
      problems.push("D1_DATABASE_ID is not set: `npx wrangler d1 create storybook` prints it");
    if (!settings.KV_NAMESPACE_ID || PLACEHOLDER_ID.test(settings.KV_NAMESPACE_ID))
      problems.push("KV_NAMESPACE_ID is not set: `npx wrangler kv namespace create CACHE` prints it");
    // wrangler.toml's seller is an example: a receipt must name the real seller
    if (!settings.SELLER_NAME?.trim() || !settings.SELLER_ADDRESS?.trim())
      problems.push("SELLER_NAME and SELLER_ADDRESS are not set: every receipt names the seller and their postal address");
  }
  return problems;
}

/**
 * Production's configuration: wrangler.toml with ENVIRONMENT=production, the site's address, and
 * production's resource ids. Paths stay relative: the file is written beside wrangler.toml.
 */
export function productionConfig(wranglerToml, settings) {
  const config = parse(wranglerToml);
  delete config.$schema;
  // Smaller to upload and to start; the source maps keep production's stack traces readable.
  config.minify = true;
  // Minifying renames functions and classes; their names (in errors and logs) are kept.
  config.keep_names = true;
  config.upload_source_maps = true;
  config.vars = { ...config.vars, ENVIRONMENT: "production" };
  if (settings.WEBSITE_URL) config.vars.WEBSITE_URL = new URL(settings.WEBSITE_URL).origin;
  if (settings.ADMIN_EMAIL) config.vars.ADMIN_EMAIL = settings.ADMIN_EMAIL;
  if (settings.EMAIL_FROM) config.vars.EMAIL_FROM = settings.EMAIL_FROM;
  if (settings.ADMIN_EMAILS) config.vars.ADMIN_EMAILS = settings.ADMIN_EMAILS;
  if (settings.SELLER_NAME) config.vars.SELLER_NAME = settings.SELLER_NAME.trim();
  if (settings.SELLER_ADDRESS) config.vars.SELLER_ADDRESS = settings.SELLER_ADDRESS.trim();
  config.d1_databases = (config.d1_databases ?? []).map((d) =>
    d.binding === "DB" && settings.D1_DATABASE_ID ? { ...d, database_id: settings.D1_DATABASE_ID } : d,
  );
  config.kv_namespaces = (config.kv_namespaces ?? []).map((k) =>
    k.binding === "CACHE" && settings.KV_NAMESPACE_ID ? { ...k, id: settings.KV_NAMESPACE_ID } : k,
  );
  config.r2_buckets = (config.r2_buckets ?? []).map((b) =>
    b.binding === "BOOK_IMAGES" && settings.R2_BUCKET_NAME ? { ...b, bucket_name: settings.R2_BUCKET_NAME } : b,
  );
  return config;
}

/** The settings a deployer reads before anything is uploaded: no secret values, only whether each is read. */
export function describeConfig(config) {
  const lines = [`Worker: ${config.name} (compatibility ${config.compatibility_date})`, "Variables:"];
  for (const [k, v] of Object.entries(config.vars ?? {})) lines.push(`  ${k} = ${JSON.stringify(v)}`);
  if (!config.vars?.WEBSITE_URL) lines.push("  WEBSITE_URL = (not set: a real deploy refuses)");
  lines.push("Bindings:");
  for (const d of config.d1_databases ?? []) lines.push(`  D1 ${d.binding}: ${d.database_name} (${d.database_id})`);
  for (const k of config.kv_namespaces ?? []) lines.push(`  KV ${k.binding}: ${k.id}`);
  for (const b of config.r2_buckets ?? []) lines.push(`  R2 ${b.binding}: ${b.bucket_name}`);
  for (const o of config.durable_objects?.bindings ?? []) lines.push(`  Durable Object ${o.name}: ${o.class_name}`);
  for (const w of config.workflows ?? []) lines.push(`  Workflow ${w.binding}: ${w.name} (${w.class_name})`);
  for (const r of config.ratelimits ?? []) lines.push(`  Rate limit ${r.name}: namespace ${r.namespace_id}, ${r.simple?.limit} per ${r.simple?.period} s`);
  lines.push(`Cron: ${(config.triggers?.crons ?? []).join(", ") || "none"}`);
  lines.push("Secrets it reads when set (wrangler secret put NAME):");
  for (const [name, what] of PRODUCTION_SECRETS) lines.push(`  ${name}: ${what}`);
  return lines.join("\n");
}
