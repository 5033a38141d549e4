// A known day for the dashboard's tests (admin-known-day.test.ts), made through the product's own
// paths: page views through the tracker's endpoint, books through POST /api/books and their Workflow,
// purchases through /checkout, the test provider's page and its webhook, Nino through its WebSocket.
// Then every row it made is moved to DAY (its time of day kept): a day no other test writes on, and
// more than 400 days back, so no cron sweep rolls it up for us.
import { env, introspectWorkflowInstance, SELF } from "cloudflare:test";
import { expect, vi } from "vitest";
import { makeAccount, type TestAccount } from "./account-helpers";
import { DENIED, GRANTED, pageView, sendBatch, visitor } from "./analytics-helpers";
import { connect, newSessionId } from "./nino-helpers";
import { deliver, event, market, services } from "./payments-helpers";
import { uid } from "./db-helpers";
import { FORM } from "./claim-helpers";
import { uniqueIp } from "./costly-helpers";

export const DAY = "2024-05-14";
const BASE = "http://example.com";
const GB = { "X-Dev-Country": "GB" };
const WAIT = { timeout: 15_000, interval: 100 };

/** A book made through POST /api/books by this browser; `fail` makes its Workflow's writer fail for good. */
async function makeBook(cookie: string, theme: string, artStyle: string, fail = false): Promise<string> {
  const headers = {
    Cookie: cookie,
    "Content-Type": "application/json",
    Referer: `${BASE}/createstory`,
    "Idempotency-Key": uid("key-"),
    "CF-Connecting-IP": uniqueIp(),
  };
  const res = await SELF.fetch(`${BASE}/api/books`, { method: "POST", headers, body: JSON.stringify({ ...FORM, theme, artStyle }) });
  expect(res.status).toBe(201);
  const { bookId } = await res.json<{ bookId: string }>();
  await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
  if (fail)
    await instance.modify(async (m) => {
      await m.disableRetryDelays();
      await m.mockStepError({ name: "write the story" }, new Error("the writer is down"), 10);
    });
  await instance.waitForStatus("complete");
  return bookId;
}

const orderOf = (id: string) =>
  env.DB.prepare("SELECT status, payment_ref AS paymentRef, total_minor AS total FROM orders WHERE id = ?")
    .bind(id)
    .first<{ status: string; paymentRef: string | null; total: number }>();

/** A checkout through the /checkout form, paid (or cancelled) on the test provider's page; its order id. */
async function buy(parent: TestAccount, consent: string, pay: boolean): Promise<string> {
  const plan = (await services().pricing.pricedPlan("family-pack", market("GB")))!;
  const cookie = `sn_session=${parent.token}; ${consent}`;
  const fields = { plan: "family-pack", quantity: "1", amountMinor: String(plan.amountMinor), currencyCode: plan.currencyCode };
  const started = await SELF.fetch(`${BASE}/checkout`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { ...GB, Cookie: cookie },
    redirect: "manual",
  });
  const payPath = started.headers.get("Location")!;
  expect(payPath).toMatch(/^\/pay\/test\/cs_test_/);
  const row = await env.DB.prepare("SELECT id FROM orders WHERE provider_ref = ?").bind(payPath.split("/").pop()).first<{ id: string }>();
  const body = new URLSearchParams(pay ? { intent: "pay", card: "4242 4242 4242 4242" } : { intent: "cancel" });
  expect((await SELF.fetch(`${BASE}${payPath}`, { method: "POST", body, redirect: "manual" })).status).toBe(302);
  // the provider's webhook arrives a moment after the page's answer
  await vi.waitFor(async () => expect((await orderOf(row!.id))?.status).toBe(pay ? "paid" : "cancelled"), WAIT);
  return row!.id;
}

/** What the known day holds, as a person would count it. */
export const KNOWN = {
  pageViews: 6,
  visitors: 3,
  books: { created: 3, finished: 2, failed: 1, making: 0 },
  purchases: 2,
  refunds: 1,
  ninoConversations: 2,
  ninoHandoffs: 1,
  funnel: [
    { name: "Form opened", count: 3, percent: 100 },
    { name: "Book started", count: 2, percent: 67 },
    { name: "Book finished", count: 1, percent: 33 },
    { name: "Purchase", count: 1, percent: 33 },
  ],
  topPages: [
    { name: "/createstory", count: 3 },
    { name: "/", count: 1 },
    { name: "/library", count: 1 },
    { name: "/pricing", count: 1 },
  ],
  topReferrers: [{ name: "search.example", count: 6 }],
  themes: [
    { name: "Ocean", count: 2 },
    { name: "Space", count: 1 },
  ],
  artStyles: [
    { name: "cartoon", count: 2 },
    { name: "watercolor", count: 1 },
  ],
};

/**
 * The day: Ana and Ben accept analytics, Cleo declines. Ana (3 page views, 2 of the form) makes a
 * book that finishes, Ben (2 page views) one that fails, Cleo one that finishes (not tracked). A
 * tracking-only visitor opens the form once. Parent Pat (accepted) pays one order and cancels one;
 * parent Quin (declined) pays one that is refunded. Ana and Cleo each talk with Nino; Ana comes
 * back to the form with Nino's story.
 */
export async function buildKnownDay(): Promise<void> {
  const ana = visitor(GRANTED);
  const ben = visitor(GRANTED);
  const dot = visitor(GRANTED);
  const cleo = visitor(DENIED);
  const views = (who: { cookie: string }, paths: string[]) => sendBatch({ events: paths.map((p) => pageView(p)) }, who.cookie);
  for (const [who, paths] of [
    [ana, ["/", "/createstory", "/createstory"]],
    [ben, ["/library", "/pricing"]],
    [dot, ["/createstory"]],
    [cleo, ["/", "/createstory"]],
  ] as const)
    expect((await views(who, [...paths])).status).toBe(who === cleo ? 204 : 202);

  const books = [
    await makeBook(ana.cookie, "Ocean", "cartoon"),
    await makeBook(ben.cookie, "Ocean", "watercolor", true),
    await makeBook(cleo.cookie, "Space", "cartoon"),
  ];

  const pat = await makeAccount();
  const quin = await makeAccount();
  const paid = await buy(pat, GRANTED, true);
  const cancelled = await buy(pat, GRANTED, false);
  const refunded = await buy(quin, DENIED, true);
  const count = async (where: string, value: string) =>
    (await env.DB.prepare(`SELECT count(*) AS n FROM user_activity WHERE ${where}`).bind(value).first<{ n: number }>())?.n;
  await vi.waitFor(async () => expect(await count("event_name = 'purchase_completed' AND event_data LIKE ?", `%${paid}%`)).toBe(1), WAIT);
  const order = (await orderOf(refunded))!;
  expect((await deliver(event("charge.refunded", { payment_intent: order.paymentRef, amount_refunded: order.total }))).status).toBe(200);
  expect((await orderOf(refunded))?.status).toBe("refunded");

  for (const who of [ana, cleo]) {
    const client = await connect(who.cookie, newSessionId());
    await client.close();
  }
  const handoff = await SELF.fetch(`${BASE}/createstory?from=nino&name=Mia&plot=${encodeURIComponent("A moon picnic")}`, { headers: { Cookie: ana.cookie } });
  expect(handoff.status).toBe(200);
  await handoff.arrayBuffer();
  // the hand-off and Nino's start are written after their answers
  await vi.waitFor(async () => expect(await count("visitor_id = ?", ana.id)).toBe(4), WAIT);

  await moveToDay(
    [ana, ben, dot, cleo].map((v) => v.id),
    [pat.profileId, quin.profileId],
    books,
    [paid, cancelled, refunded],
  );
}

/** Moves every row the day made to DAY, keeping each one's time of day; clears any roll-up of DAY. */
async function moveToDay(visitors: string[], profiles: string[], books: string[], orders: string[]): Promise<void> {
  const list = (ids: string[]) => ids.map((id) => `'${id}'`).join(", ");
  const move = (column: string) => `${column} = '${DAY}' || substr(${column}, 11)`;
  const owners = `(visitor_id IN (${list(visitors)}) OR user_profile_id IN (${list(profiles)}))`;
  await env.DB.batch(
    [
      `UPDATE user_events SET ${move("created_at")} WHERE visitor_id IN (${list(visitors)})`,
      `UPDATE user_activity SET ${move("timestamp")} WHERE ${owners}`,
      `UPDATE storybooks SET ${move("created_at")} WHERE book_id IN (${list(books)})`,
      `UPDATE orders SET ${move("created_at")}, ${move("paid_at")} WHERE id IN (${list(orders)})`,
      `UPDATE payment_events SET ${move("created_at")} WHERE order_id IN (${list(orders)})`,
      `UPDATE nino_conversations SET ${move("created_at")} WHERE ${owners}`,
      `DELETE FROM analytics_daily WHERE day = '${DAY}'`,
    ].map((sql) => env.DB.prepare(sql)),
  );
}
