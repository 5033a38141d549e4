import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOf } from "~/services/analytics/aggregate.server";
import { loadDashboard, parseRange, type Dashboard } from "~/services/analytics/dashboard.server";
import { rollUpAnalytics, rollUpDay } from "~/services/analytics/rollup.server";
import worker from "../../workers/app";
import { accountWithEmail, at, dailyRows, insertActivity, insertBook, insertPageViews, rawCount, type PageView } from "./admin-helpers";
import { pageText } from "./account-helpers";
import { uid } from "./db-helpers";

// The dashboard's numbers against the raw tables they come from: live, after the cron's roll-up,
// and across today. Rows are written straight into the tables, as the tracker would write them.

// Other files in this worker's shared D1 leave page views, activity and rolled-up days behind (and
// their sweeps roll days up): the dashboard's counts start from empty analytics tables, as a new site's do.
beforeAll(async () => {
  await env.DB.batch(["user_events", "user_activity", "analytics_daily"].map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
});

const sweep = () => worker.scheduled!(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, createExecutionContext());
const PATHS = ["/", "/createstory", "/customstory", "/pricing", "/library"];
const REFERRERS = ["", "https://www.Google.com/search?q=storybook", "https://kids.example.org/list", "http://example.com/", "https://news.example.net?x=1"];
const ACTIVITY = ["book_started", "book_finished", "book_failed", "purchase_completed", "nino_started", "nino_story_handoff"];

/** Seeds days `first`..`last` days ago (0 = today) with a varied, repeatable mix; answers what was written. */
async function seed(now: Date, first: number, last: number): Promise<PageView[]> {
  const visitors = [uid("va"), uid("vb"), uid("vc"), uid("vd")];
  const views: PageView[] = [];
  for (let ago = first; ago >= last; ago--) {
    const n = 3 + ((ago * 7) % 11);
    for (let i = 0; i < n; i++)
      views.push({
        visitorId: visitors[(i + ago) % (1 + (ago % 4))],
        path: PATHS[(i * 3 + ago) % PATHS.length],
        referrer: REFERRERS[(i + ago) % REFERRERS.length],
        at: at(now, ago, i % 24, i),
      });
    const acts = ACTIVITY.slice(0, 1 + (ago % ACTIVITY.length)).map((eventName, i) => ({ visitorId: visitors[i % 4], eventName, at: at(now, ago, 9) }));
    await insertActivity(acts);
    await insertBook(visitors[0], ["Space", "Dinosaurs", "Ocean"][ago % 3], ago % 4 === 0 ? null : ["watercolor", "cartoon"][ago % 2], at(now, ago, 8));
  }
  await insertPageViews(views);
  return views;
}

/** What the raw tables say for [from, to], counted by the test itself. */
async function expected(from: string, to: string) {
  const end = addDays(to, 1);
  const pv = "FROM user_events WHERE event_name = 'page_view' AND created_at >= ?1 AND created_at < ?2";
  const days: { day: string; visitors: number; pageViews: number }[] = [];
  for (let day = from; day <= to; day = addDays(day, 1))
    days.push({
      day,
      visitors: await rawCount(`SELECT count(DISTINCT visitor_id) AS n ${pv}`, day, addDays(day, 1)),
      pageViews: await rawCount(`SELECT count(*) AS n ${pv}`, day, addDays(day, 1)),
    });
  const activity = (name: string) =>
    rawCount("SELECT count(*) AS n FROM user_activity WHERE event_name = ?3 AND timestamp >= ?1 AND timestamp < ?2", from, end, name);
  const page = (path: string) => rawCount(`SELECT count(*) AS n ${pv} AND json_extract(event_data, '$.path') = ?3`, from, end, path);
  const { results: events } = await env.DB.prepare(`SELECT event_data ${pv}`).bind(from, end).all<{ event_data: string }>();
  const referrers = new Map<string, number>();
  for (const e of events) {
    const { referrer, url } = JSON.parse(e.event_data) as { referrer: string; url: string };
    if (!referrer || new URL(referrer).host === new URL(url).host) continue;
    referrers.set(new URL(referrer).host, (referrers.get(new URL(referrer).host) ?? 0) + 1);
  }
  const { results: themes } = await env.DB.prepare(
    "SELECT theme AS name, count(*) AS count FROM storybooks WHERE created_at >= ?1 AND created_at < ?2 AND visitor_id IS NOT 'storynest-samples' GROUP BY theme",
  )
    .bind(from, end)
    .all<{ name: string; count: number }>();
  const formOpened = (await page("/createstory")) + (await page("/customstory"));
  return {
    days,
    pageViews: days.reduce((s, d) => s + d.pageViews, 0),
    formOpened,
    funnel: [formOpened, await activity("book_started"), await activity("book_finished"), await activity("purchase_completed")],
    pricingViews: await page("/pricing"),
    referrers: Object.fromEntries(referrers),
    themes: Object.fromEntries(themes.map((t) => [t.name, t.count])),
    ninoConversations: await rawCount("SELECT count(*) AS n FROM nino_conversations WHERE created_at >= ?1 AND created_at < ?2", from, end),
    ninoHandoffs: await activity("nino_story_handoff"),
  };
}

function expectMatches(board: Dashboard, want: Awaited<ReturnType<typeof expected>>) {
  expect(board.days).toEqual(want.days);
  expect(board.pageViews).toBe(want.pageViews);
  expect(board.funnel.map((s) => s.count)).toEqual(want.funnel);
  expect(board.topPages.find((p) => p.name === "/pricing")?.count).toBe(want.pricingViews);
  expect(Object.fromEntries(board.topReferrers.map((r) => [r.name, r.count]))).toEqual(want.referrers);
  expect(Object.fromEntries(board.themes.map((t) => [t.name, t.count]))).toEqual(want.themes);
  expect(board.ninoConversations).toBe(want.ninoConversations);
  expect(board.ninoHandoffs).toBe(want.ninoHandoffs);
}

describe("the dashboard's numbers are the raw tables' counts", () => {
  it("live before the roll-up, the same after the cron rolled the past days, over a range that crosses today", async () => {
    const now = new Date();
    const views = await seed(now, 20, 0);
    expect(views.length).toBeGreaterThan(100);
    const range = parseRange(new URLSearchParams({ from: dayOf(at(now, 20)), to: dayOf(now) }), now);
    const want = await expected(range.from, range.to);
    expect(want.referrers).toHaveProperty("www.google.com");
    expect(want.referrers).not.toHaveProperty("example.com"); // the site's own pages are no referrer

    const live = await loadDashboard(env.DB, range, now);
    expectMatches(live, want);

    // the cron sweep rolls the past days (at most 60 a sweep, so a few sweeps at most)
    await sweep();
    while ((await rollUpAnalytics(env.DB)).length > 0);
    const rolled = await loadDashboard(env.DB, range, now);
    expect(rolled.liveFrom).toBe(dayOf(now));
    expect(rolled.rolledDays).toBe(20);
    expectMatches(rolled, want);

    // today is live: a visit now shows at once
    await insertPageViews([{ visitorId: uid("vn"), path: "/pricing", at: new Date().toISOString() }]);
    const after = await loadDashboard(env.DB, range, now);
    expect(after.days.at(-1)!.pageViews).toBe(want.days.at(-1)!.pageViews + 1);
    expect(after.pageViews).toBe(want.pageViews + 1);
  });

  it("shows the same numbers on /admin to an administrator", async () => {
    const now = new Date();
    await seed(now, 45, 40);
    const from = dayOf(at(now, 45));
    const to = dayOf(at(now, 40));
    const want = await expected(from, to);
    const admin = await accountWithEmail("admin@example.com");
    const html = await pageText(await admin.call(`/admin?from=${from}&to=${to}`));
    expect(html).toContain(`${want.pageViews.toLocaleString("en-US")}`);
    for (const d of want.days) expect(html).toMatch(new RegExp(`${d.day}</th><td[^>]*>${d.visitors}</td><td[^>]*>${d.pageViews}</td>`));
  });
});

describe("the roll-up", () => {
  it("is idempotent: counting a day again gives the same rows, and a swept day is not counted again", async () => {
    const now = new Date();
    await seed(now, 70, 66);
    const from = dayOf(at(now, 70));
    const to = dayOf(at(now, 66));
    while ((await rollUpAnalytics(env.DB)).length > 0);
    const first = await dailyRows(from, to);
    expect(first.length).toBeGreaterThan(20);
    expect(await rollUpAnalytics(env.DB)).toEqual([]);
    for (const day of [from, to]) await rollUpDay(env.DB, day, new Date());
    await rollUpDay(env.DB, from, new Date());
    expect(await dailyRows(from, to)).toEqual(first);
  });

  it("counts yesterday again after midnight, so late events are in; then leaves it alone", async () => {
    const now = new Date();
    const day = dayOf(at(now, 90));
    await insertPageViews([{ visitorId: uid("vl"), path: "/", at: at(now, 90, 23, 59) }]);
    const justAfterMidnight = new Date(`${addDays(day, 1)}T00:03:00Z`);
    expect(await rollUpAnalytics(env.DB, justAfterMidnight)).toContain(day);
    // an event written in the last second of the day arrives after the first count
    await insertPageViews([{ visitorId: uid("vl"), path: "/", at: `${day}T23:59:59.900Z` }]);
    const later = new Date(`${addDays(day, 1)}T00:45:00Z`);
    expect(await rollUpAnalytics(env.DB, later)).toContain(day);
    const rows = await dailyRows(day, day);
    expect(rows).toContainEqual({ day, metric: "page_views", dimension: "", value: 2 });
    expect(await rollUpAnalytics(env.DB, new Date(`${addDays(day, 1)}T01:00:00Z`))).not.toContain(day);
  });
});

describe("the date range", () => {
  const now = new Date("2026-11-26T15:00:00Z");
  const range = (q: Record<string, string>) => parseRange(new URLSearchParams(q), now);

  it("is the last 30 days by default", () => {
    expect(range({})).toEqual({ from: "2026-10-28", to: "2026-11-26", notes: [] });
  });

  it("says in words what it changed in a bad range", () => {
    expect(range({ from: "yesterday", to: "2026-11-20" })).toEqual({
      from: "2026-10-22",
      to: "2026-11-20",
      notes: ["“yesterday” is not a date (YYYY-MM-DD): the range starts 30 days before its end."],
    });
    expect(range({ from: "2026-02-30", to: "2026-11-01" }).notes[0]).toMatch(/not a date/);
    expect(range({ from: "2026-11-20", to: "2027-01-01" })).toMatchObject({ from: "2026-11-20", to: "2026-11-26", notes: [/cannot end after today/] });
    expect(range({ from: "2026-11-20", to: "2026-11-01" })).toMatchObject({ from: "2026-11-01", to: "2026-11-20", notes: [/swapped/] });
    expect(range({ from: "2020-01-01", to: "2026-11-26" })).toMatchObject({ from: "2025-10-23", to: "2026-11-26", notes: [/At most 400 days/] });
  });

  it("shows the words on the page, with the range it used, and never answers a bad range with an error", async () => {
    const admin = await accountWithEmail("admin@example.com");
    for (const q of ["from=%3Cscript%3E&to=2999-01-01", "from=2020-01-01", "to=nope&from=" + "9".repeat(3000)]) {
      const res = await admin.call(`/admin?${q}`);
      expect(res.status).toBe(200);
      const raw = await res.clone().text();
      expect(raw).not.toContain("<script>");
      expect(await pageText(res)).toMatch(/not a date|cannot end after today|At most 400 days/);
    }
  });
});
