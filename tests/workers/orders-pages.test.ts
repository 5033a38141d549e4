import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatPrice } from "~/domain/pricing/prices";
import { deductForBook } from "~/services/db/credits.server";
import { orderNumber } from "~/services/payments/payments.server";
import { callAs, makeAccount, pageText, type TestAccount } from "./account-helpers";
import { db, makeBook } from "./db-helpers";
import { deliver, event, market, paidSession, services, startPurchase } from "./payments-helpers";

// The parent's purchase pages: /order/{id}, /myorders and /user-credits, read through the Worker
// with orders made by the real checkout service and paid by signed webhook events.

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function totalOf(orderId: string): Promise<string> {
  const row = await env.DB.prepare(`SELECT total_minor AS t, currency AS c FROM orders WHERE id = ?`).bind(orderId).first<{ t: number; c: string }>();
  expect(row?.c).toBe("GBP");
  return formatPrice(row!.t, market("GB"));
}

/** The page's text without its tags, scripts or line breaks (the words of one element run on into the next). */
async function words(res: Response): Promise<string> {
  return (await pageText(res))
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");
}

/**
 * A 404 page with what changes from one request to the next taken out: its request id, and the
 * page's own path (the footer's market picker comes back to it).
 */
async function notFoundBody(parent: TestAccount, path: string): Promise<string> {
  const res = await parent.call(path);
  expect(res.status, path).toBe(404);
  return (
    (await res.text())
      .replace(/name="redirectTo" value="[^"]*"/g, 'name="redirectTo" value="<path>"')
      .replace(/name="back" value="[^"]*"/g, 'name="back" value="<path>"')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
      // each answer's scripts carry a nonce of their own (the Content-Security-Policy)
      .replace(/nonce="[^"]*"/g, 'nonce="<nonce>"')
      // and the browser's one-way visitor hash (a caller without a visitor cookie is a new visitor each time)
      .replace(/\\"visitorId\\",\\"[0-9a-f]+\\"/g, '\\"visitorId\\",\\"<visitor>\\"')
  );
}

/** Sets when a row was written, so "newest first" does not hang on two rows made in the same millisecond. */
async function writtenAt(table: "orders" | "credit_ledger", id: string, iso: string) {
  await env.DB.prepare(`UPDATE ${table} SET created_at = ? WHERE id = ?`).bind(iso, id).run();
}

describe("the purchase pages when signed out", () => {
  it("send a visitor to sign in, and back to the page afterwards", async () => {
    for (const path of ["/myorders", "/user-credits", `/order/${UNKNOWN}`]) {
      const res = await callAs(null)(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location")).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });
});

describe("/order/{orderId}", () => {
  it("shows a paid order: its number, date, total in pounds, items and the credits it added", async () => {
    const p = await startPurchase("family-pack", "GB");
    expect((await deliver(paidSession(p))).status).toBe(200);
    const res = await p.parent.call(`/order/${p.orderId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const page = await words(res);
    expect(page).toContain(`Order ${orderNumber(p.orderId)}`);
    expect(page).toMatch(/Placed on \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\./);
    expect(page).toContain("Paid");
    expect(page).toContain("Family Pack");
    expect(page).toContain("Quantity 1 · 5 credits");
    const total = await totalOf(p.orderId);
    expect(total).toMatch(/^£\d+\.\d\d$/);
    expect(page).toContain(`Total${total}`);
    expect(page).toContain("5 credits added to your balance");
    expect(page).not.toContain("Finish paying");
    expect(page).not.toContain("Monthly renewal");
    const html = await pageText(await p.parent.call(`/order/${p.orderId}`));
    expect(html).toContain('href="/myorders"');
    expect(html).toContain('href="/user-credits"');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it("a pending order waits for payment, with a link to finish paying; a given-up one was not charged", async () => {
    const p = await startPurchase("single-story", "GB", 2);
    const pending = await pageText(await p.parent.call(`/order/${p.orderId}`));
    expect(pending).toContain("Waiting for payment");
    expect(pending).toMatch(new RegExp(`<a href="/pay/test/${p.sessionId}"[^>]*>Finish paying</a>`));
    expect(pending).toContain("2 credits will be added once the payment goes through");

    await services().payments.abandonOrder(p.orderId, { kind: "profile", userProfileId: p.parent.profileId });
    const cancelled = await words(await p.parent.call(`/order/${p.orderId}`));
    expect(cancelled).toContain("Cancelled — nothing was charged");
    expect(cancelled).toContain("No credits were added");
    expect(cancelled).not.toContain("Finish paying");
  });

  it("a partly refunded order says how much came back", async () => {
    const p = await startPurchase("family-pack", "GB");
    await deliver(paidSession(p, "pi_orders_part"));
    const row = await env.DB.prepare(`SELECT total_minor AS t FROM orders WHERE id = ?`).bind(p.orderId).first<{ t: number }>();
    const half = Math.floor(row!.t / 2);
    await deliver(event("charge.refunded", { payment_intent: "pi_orders_part", amount_refunded: half }));
    const page = await words(await p.parent.call(`/order/${p.orderId}`));
    expect(page).toContain("Partly refunded");
    expect(page).toContain(`${formatPrice(half, market("GB"))} of ${await totalOf(p.orderId)} was refunded.`);
  });

  it("another parent's order is a 404 exactly like an unknown id or a malformed one, never a 500", async () => {
    const p = await startPurchase("family-pack", "GB");
    await deliver(paidSession(p));
    const stranger = await makeAccount();
    const theirs = await notFoundBody(stranger, `/order/${p.orderId}`);
    expect(theirs).toContain("Order not found");
    expect(theirs).not.toContain(orderNumber(p.orderId));
    expect(await notFoundBody(stranger, `/order/${UNKNOWN}`)).toBe(theirs);
    expect(await notFoundBody(stranger, "/order/not-a-uuid")).toBe(theirs);
    expect(await notFoundBody(stranger, `/order/${p.orderId.toUpperCase()}`)).toBe(theirs);
    for (const path of ["/order/%00", "/order/%E2%80%AE", `/order/${"a".repeat(2000)}`, "/order/'%20OR%201=1"]) {
      expect((await stranger.call(path)).status, path).toBe(404);
    }
    // the owner still sees it
    expect((await p.parent.call(`/order/${p.orderId}`)).status).toBe(200);
  });
});

describe("/myorders", () => {
  it("lists only the parent's own orders, newest first, each linking to its page", async () => {
    const first = await startPurchase("family-pack", "GB");
    await deliver(paidSession(first));
    const second = await startPurchase("single-story", "GB", 1, first.parent);
    const other = await startPurchase("bookshelf-pack", "GB");
    await writtenAt("orders", first.orderId, "2026-11-20T10:00:00.000Z");
    await writtenAt("orders", second.orderId, "2026-11-24T09:30:00.000Z");

    const res = await first.parent.call("/myorders");
    expect(res.status).toBe(200);
    const html = await pageText(res);
    const table = html.slice(html.indexOf('data-testid="orders-table"'));
    const [newer, older] = [table.indexOf(orderNumber(second.orderId)), table.indexOf(orderNumber(first.orderId))];
    expect(newer).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newer);
    expect(html).not.toContain(orderNumber(other.orderId));
    expect(html).toContain(`href="/order/${first.orderId}"`);
    expect(html).toContain(`href="/order/${second.orderId}"`);
    const page = await words(new Response(html));
    expect(page).toContain("24 November 2026");
    expect(page).toContain("20 November 2026");
    expect(page).toContain("Waiting for payment");
    expect(page).toContain(await totalOf(first.orderId));
  });

  it("with no orders: 'No orders yet' and the way to the prices", async () => {
    const parent = await makeAccount();
    const html = await pageText(await parent.call("/myorders"));
    expect(html).toContain("No orders yet");
    expect(html).toMatch(/<a[^>]*href="\/pricing"[^>]*>See credit packs and prices<\/a>/);
  });
});

describe("/user-credits", () => {
  it("shows the balance and every change in words, newest first", async () => {
    const pack = await startPurchase("family-pack", "GB");
    await deliver(paidSession(pack));
    const parent = pack.parent;
    const single = await startPurchase("single-story", "GB", 1, parent);
    await deliver(paidSession(single, "pi_orders_refund"));
    await deliver(event("charge.refunded", { payment_intent: "pi_orders_refund", amount_refunded: 100_000 }));
    const owner = { kind: "profile" as const, userProfileId: parent.profileId };
    const bookId = await makeBook({ userProfileId: parent.profileId });
    expect((await deductForBook(db, { owner, bookId })).status).toBe("deducted");
    const failedBook = await makeBook({ userProfileId: parent.profileId }, { status: "failed" });
    await env.DB.prepare(
      `INSERT INTO credit_ledger (id, user_profile_id, delta, reason, idempotency_key, book_id) VALUES (?, ?, 1, 'refund', ?, ?), (?, ?, 2, 'bonus', ?, NULL)`,
    )
      .bind(
        crypto.randomUUID(),
        parent.profileId,
        `book:${failedBook}:refund`,
        failedBook,
        crypto.randomUUID(),
        parent.profileId,
        `welcome:email:${parent.profileId}`,
      )
      .run();

    // one a day, in the order they happened
    const { results } = await env.DB.prepare(`SELECT id, reason, delta, order_id AS orderId FROM credit_ledger WHERE user_profile_id = ?`)
      .bind(parent.profileId)
      .all<{ id: string; reason: string; delta: number; orderId: string | null }>();
    const when: [(r: (typeof results)[number]) => boolean, string][] = [
      [(r) => r.reason === "bonus", "2026-11-01T08:00:00.000Z"],
      [(r) => r.reason === "purchase" && r.orderId === pack.orderId, "2026-11-02T08:00:00.000Z"],
      [(r) => r.reason === "purchase" && r.orderId === single.orderId, "2026-11-03T08:00:00.000Z"],
      [(r) => r.reason === "refund" && r.delta < 0, "2026-11-04T08:00:00.000Z"],
      [(r) => r.reason === "book_deduction", "2026-11-05T08:00:00.000Z"],
      [(r) => r.reason === "refund" && r.delta > 0, "2026-11-06T08:00:00.000Z"],
    ];
    expect(results).toHaveLength(when.length);
    for (const [match, iso] of when) await writtenAt("credit_ledger", results.find(match)!.id, iso);

    const res = await parent.call("/user-credits");
    expect(res.status).toBe(200);
    const page = await words(res);
    // 2 + 5 + 1 − 1 − 1 + 1
    expect(page).toContain("You have 7 credits: 7 storybooks");
    // each line: the signed change, the words, the date
    const lines = [
      ["+1", "Credit returned: a storybook could not be made", "6 November 2026"],
      ["−1", "Made a storybook", "5 November 2026"],
      ["−1", `Credit taken back after a refund (order ${orderNumber(single.orderId)})`, "4 November 2026"],
      ["+1", `Bought One Story (order ${orderNumber(single.orderId)})`, "3 November 2026"],
      ["+5", `Bought Family Pack (order ${orderNumber(pack.orderId)})`, "2 November 2026"],
      ["+2", "Welcome gift for confirming your e-mail address", "1 November 2026"],
    ];
    const at = lines.map((line) => page.indexOf(line.join("")));
    expect(
      at.every((i) => i > -1),
      JSON.stringify({ at, page }),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const html = await pageText(await parent.call("/user-credits"));
    expect(html).toMatch(/<a[^>]*href="\/pricing"[^>]*>Get more credits<\/a>/);
    expect(html).toContain('href="/myorders"');
    expect(html).toContain(`href="/youraistory/${bookId}"`);
  });

  it("a new parent with nothing yet: 0 credits and an empty history", async () => {
    const parent = await makeAccount();
    const page = await words(await parent.call("/user-credits"));
    expect(page).toContain("You have 0 credits: 0 storybooks");
    expect(page).toContain("Nothing yet: credits you get and spend will show here.");
  });
});

describe("the way to the purchase pages", () => {
  it("/myaccount has a Purchases section; the header's account menu has Credits and My orders", async () => {
    const parent = await makeAccount();
    const html = await pageText(await parent.call("/myaccount"));
    const section = html.slice(html.indexOf('id="purchases"'));
    for (const href of ["/myorders", "/mysubscriptions", "/user-credits", "/pricing"]) expect(section).toContain(`href="${href}"`);
    const menu = html.slice(html.indexOf('data-testid="account-menu"'));
    expect(menu).toMatch(/href="\/user-credits"[^>]*>Credits</);
    expect(menu).toMatch(/href="\/myorders"[^>]*>My orders</);
  });
});
