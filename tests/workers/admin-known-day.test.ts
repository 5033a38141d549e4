import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { addDays } from "~/services/analytics/aggregate.server";
import { loadDashboard, parseRange, type Dashboard } from "~/services/analytics/dashboard.server";
import { rollUpAnalytics } from "~/services/analytics/rollup.server";
import { pageText } from "./account-helpers";
import { accountWithEmail } from "./admin-helpers";
import { buildKnownDay, DAY, KNOWN } from "./known-day";

// The dashboard of a day whose every visit, book, purchase and conversation the test made itself
// (tests/workers/known-day.ts): each tile and each table says what happened, read live as "today",
// on the page, and read back from the cron's roll-up as a past day.

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const range = parseRange(new URLSearchParams({ from: DAY, to: DAY }), new Date(`${DAY}T23:00:00Z`));
const asToday = () => loadDashboard(env.DB, range, new Date(`${DAY}T23:00:00Z`));
const asPastDay = () => loadDashboard(env.DB, range, new Date(`${addDays(DAY, 1)}T09:00:00Z`));

beforeAll(buildKnownDay);

/** Everything the dashboard shows, without where it was read from. */
function figures(board: Dashboard) {
  const { rolledDays, liveFrom, range: _range, ...shown } = board;
  void rolledDays;
  void liveFrom;
  return shown;
}

/** The tiles a person reads, by label (the page's two groups together). */
const tiles = (board: Dashboard) =>
  Object.entries({
    "Page views": board.pageViews,
    "Visitors (once a day each)": board.visitors,
    "Stories handed over by Nino": board.ninoHandoffs,
    "Books created": board.books.created,
    "Books finished": board.books.finished,
    "Books failed": board.books.failed,
    Purchases: board.purchases,
    Refunds: board.refunds,
    "Nino conversations": board.ninoConversations,
  });

/** The page's tiles and table rows, as a person reads them. */
async function expectPageShows(board: Dashboard) {
  const admin = await accountWithEmail("admin@example.com");
  const html = await pageText(await admin.call(`/admin?from=${DAY}&to=${DAY}`));
  for (const [label, value] of tiles(board))
    expect(html).toContain(`<dt class="text-sm text-ink-soft">${label}</dt><dd class="mt-1 font-display text-2xl font-semibold tabular-nums">${value}</dd>`);
  const row = (name: string, ...cells: (string | number)[]) => new RegExp(`>${name}</th>${cells.map((c) => `<td[^>]*>${c}</td>`).join("")}</tr>`);
  for (const d of board.days) expect(html).toMatch(row(d.day, d.visitors, d.pageViews));
  for (const s of board.funnel) expect(html).toMatch(row(s.name, s.count, s.percent === null ? "–" : `${s.percent}%`));
  for (const [name, n] of [
    ["Finished", board.books.finished],
    ["Failed", board.books.failed],
    ["In the making", board.books.making],
  ] as const)
    expect(html).toMatch(row(name, n));
  for (const t of [...board.themes, ...board.artStyles, ...board.topPages, ...board.topReferrers]) expect(html).toMatch(row(t.name, t.count));
}

describe("a known day on the dashboard", () => {
  it("as today: every tile and every table is what happened", async () => {
    const board = await asToday();
    expect(board.liveFrom).toBe(DAY);
    expect(figures(board)).toEqual({ days: [{ day: DAY, visitors: KNOWN.visitors, pageViews: KNOWN.pageViews }], ...KNOWN });
  });

  it("on the page: the tiles and the tables show those numbers", async () => {
    await expectPageShows(await asToday());
  });

  it("after the cron's roll-up, read as a past day: every figure is the same as today's, on the page too", async () => {
    const today = await asToday();
    // the cron's sweep 45 minutes after the day ended (older days it finds are rolled too)
    const sweep = new Date(`${addDays(DAY, 1)}T00:45:00Z`);
    const rolled: string[] = [];
    for (let days = await rollUpAnalytics(env.DB, sweep); days.length > 0; days = await rollUpAnalytics(env.DB, sweep)) rolled.push(...days);
    expect(rolled).toContain(DAY);
    const past = await asPastDay();
    expect(past.rolledDays).toBe(1);
    expect(past.liveFrom).toBeNull();
    expect(figures(past)).toEqual(figures(today));
    await expectPageShows(past);
  });
});
