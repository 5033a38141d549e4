// Benchmark: the /admin dashboard over a year of events. Seeds a fresh local D1 with a year of
// analytics (1,000,000 page views by default, spread over the 365 days before now, plus book and
// purchase activity and storybooks), measures the last 7 days counted live from the raw tables,
// then lets the cron sweep roll the past days up (one batch per day, 60 days a
// sweep) and measures the same dashboard again (past days from analytics_daily, today live).
// Counting a whole year live is not measured: it took over 5 minutes (the reason for the roll-up).
// Usage: node bench/admin-dashboard.mjs [--views 1000000 --requests 20 --port 8844 --no-build]
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { killTree, LOCAL_VARS, prepare, QUIET_WRANGLER, run } from "../scripts/lib.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const views = Number(arg("views", "1000000"));
const requests = Number(arg("requests", "20"));
const port = Number(arg("port", "8844"));
const persistTo = ".wrangler/bench-admin-state";
const ADMIN = "bench-admin@example.com";

rmSync(persistTo, { recursive: true, force: true });
prepare({ skipBuild: process.argv.includes("--no-build"), persistTo });

function sql(statements, label) {
  mkdirSync(".wrangler", { recursive: true });
  const file = `${persistTo}-${label}.sql`;
  writeFileSync(file, statements.join(";\n") + ";\n");
  const started = performance.now();
  run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], { stdio: "ignore" });
  rmSync(file, { force: true });
  return performance.now() - started;
}

// A year of rows, made by SQLite itself (a recursive count), in chunks of 100,000.
const yearStart = Date.now() - 365 * 86_400_000;
const spanS = 365 * 86_400;
const PATHS = ["/", "/createstory", "/customstory", "/pricing", "/library", "/real-stories", "/blog", "/faq", "/nino-friendship", "/about"];
const REFERRERS = [
  "",
  "",
  "",
  "https://www.google.com/search",
  "https://www.facebook.com/",
  "https://news.example.org/story",
  "https://storynest.example/pricing",
];
const pick = (list, expr) => `CASE ${expr} ${list.map((v, i) => `WHEN ${i} THEN '${v}'`).join(" ")} END`;
const at = (i, total) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${yearStart / 1000}, 'unixepoch', '+' || ((${i}) * ${spanS} / ${total}) || ' seconds')`;
const CHUNK = 100_000;
const inserts = [];
for (let from = 0; from < views; from += CHUNK) {
  const to = Math.min(views, from + CHUNK) - 1;
  inserts.push(
    `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to}) ` +
      `INSERT INTO user_events (visitor_id, event_name, event_data, session_id, created_at) SELECT 'v' || (i * 7919 % 40000), 'page_view', ` +
      `json_object('path', ${pick(PATHS, `i % ${PATHS.length}`)}, 'referrer', ${pick(REFERRERS, `i % ${REFERRERS.length}`)}, 'url', 'https://storynest.example/', 'title', 'StoryNest'), ` +
      `'s' || (i / 4), ${at("i", views)} FROM n`,
  );
}
const acts = Math.round(views / 20);
const ACTIVITY = [
  "book_started",
  "book_started",
  "book_finished",
  "book_finished",
  "book_failed",
  "purchase_completed",
  "nino_started",
  "nino_story_handoff",
  "pdf_downloaded",
  "book_shared",
];
inserts.push(
  `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${acts - 1}) ` +
    `INSERT INTO user_activity (visitor_id, event_name, event_data, source_page, timestamp) SELECT 'v' || (i * 31 % 40000), ${pick(ACTIVITY, `i % ${ACTIVITY.length}`)}, '{}', '/createstory', ${at("i", acts)} FROM n`,
);
const books = Math.round(views / 100);
inserts.push(
  `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${books - 1}) ` +
    `INSERT INTO storybooks (book_id, visitor_id, child_name, theme, art_style, status, created_at) SELECT 'benchbook' || i, 'v' || (i % 40000), 'Mia', ` +
    `${pick(["Space", "Ocean", "Animals", "Fantasy", "Adventure"], "i % 5")}, ${pick(["watercolor", "cartoon", "storybook", "pencil"], "i % 4")}, 'complete', ${at("i", books)} FROM n`,
);
// The administrator, signed in through a session made here.
const token = randomBytes(32).toString("base64url");
const now = new Date();
const later = (days) => new Date(now.getTime() + days * 86_400_000).toISOString();
inserts.push(
  `INSERT INTO users (id, email, email_verified_at) VALUES ('ubenchadmin', '${ADMIN}', '${now.toISOString()}')`,
  `INSERT INTO user_profiles (id, user_id, email, first_name, last_name, full_name) VALUES ('pbenchadmin', 'ubenchadmin', '${ADMIN}', 'Ada', 'Admin', 'Ada Admin')`,
  `INSERT INTO auth_sessions (id, user_id, last_seen_at, expires_at, absolute_expires_at, device) VALUES ('${createHash("sha256").update(token).digest("hex")}', 'ubenchadmin', '${now.toISOString()}', '${later(30)}', '${later(90)}', 'bench')`,
);
const seedMs = sql(inserts, "year");
console.log(
  `seeded ${views.toLocaleString("en-US")} page views, ${acts.toLocaleString("en-US")} activities, ${books.toLocaleString("en-US")} books over 365 days in ${(seedMs / 1000).toFixed(1)} s`,
);

// wrangler dev with the cron reachable at /__scheduled, and the administrator listed.
const args = [
  "wrangler",
  "dev",
  "--port",
  String(port),
  "--ip",
  "127.0.0.1",
  "--show-interactive-dev-session=false",
  "--log-level",
  "warn",
  "--test-scheduled",
];
for (const [k, v] of Object.entries({ ...LOCAL_VARS, ADMIN_EMAILS: ADMIN })) args.push("--var", `${k}:${v}`);
args.push("--persist-to", persistTo);
const child = spawn("npx", args, { stdio: "ignore", env: { ...process.env, ...QUIET_WRANGLER }, detached: true });
const origin = `http://127.0.0.1:${port}`;
for (let up = false, deadline = Date.now() + 90_000; !up;) {
  if (Date.now() > deadline) throw new Error("wrangler dev did not start within 90 s");
  up = await fetch(`${origin}/api/health`).then(
    (r) => r.status === 200 || r.status === 503,
    () => false,
  );
  if (!up) await new Promise((r) => setTimeout(r, 300));
}

const day = (ms) => new Date(ms).toISOString().slice(0, 10);
const path = `/admin?from=${day(Date.now() - 364 * 86_400_000)}&to=${day(Date.now())}`;
async function measure(label, n, target = path) {
  const times = [];
  for (let i = 0; i < n + 1; i++) {
    const started = performance.now();
    const res = await fetch(origin + target, { headers: { Cookie: `sn_session=${token}` } });
    const html = await res.text();
    if (res.status !== 200 || !html.includes("Page views by path")) throw new Error(`/admin answered ${res.status}`);
    if (i > 0) times.push(performance.now() - started); // the first request warms the Worker up
  }
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(0);
  console.log(`${label.padEnd(44)} p50 ${q(0.5).padStart(6)} ms   p99 ${q(0.99).padStart(6)} ms   (${n} requests)`);
}

try {
  // Counted live (before any roll-up), a year of JSON page views took over 5 minutes on this machine:
  // the dashboard reads past days from the roll-up, so only today (and days not rolled yet) are live.
  await measure("/admin, the last 7 days, before any roll-up", 1, `/admin?from=${day(Date.now() - 6 * 86_400_000)}&to=${day(Date.now())}`);
  // 365 days at 60 a sweep: 7 sweeps (an eighth finds nothing left)
  const started = performance.now();
  for (let sweep = 1; sweep <= 8; sweep++) {
    const t = performance.now();
    await fetch(`${origin}/__scheduled?cron=*/5+*+*+*+*`);
    console.log(`cron sweep ${sweep}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  console.log(`roll-up: ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
  await measure("/admin, a year, past days from the roll-up", requests);
  console.log(`days read from the roll-up: ${await rolledDays()}`);
} finally {
  killTree(child);
}

/** The days the dashboard read from the roll-up, as its page says. */
async function rolledDays() {
  const html = await (await fetch(origin + path, { headers: { Cookie: `sn_session=${token}` } })).text();
  return Number(/(\d+) days from the daily roll-up/.exec(html)?.[1] ?? 0);
}
