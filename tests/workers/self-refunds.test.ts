import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { deductForBook } from "~/services/db/credits.server";
import { makeAccount, pageText } from "./account-helpers";
import { db, makeBook } from "./db-helpers";
import { balanceOf, deliver, paidSession, startPurchase, type Purchase } from "./payments-helpers";

// Item 11: a parent has the unused credits of a pack refunded, within the 14 days /returns states,
// through the provider (here the test provider), once however often it is asked; credits go back
// by the refund rule, and an e-mail confirms it.

async function paidPack(): Promise<Purchase & { total: number }> {
  const p = await startPurchase("family-pack", "GB");
  expect((await deliver(paidSession(p))).status).toBe(200);
  const row = await env.DB.prepare(`SELECT total_minor AS t FROM orders WHERE id = ?`).bind(p.orderId).first<{ t: number }>();
  return { ...p, total: row!.t };
}

async function useCredits(p: Purchase, n: number) {
  for (let i = 0; i < n; i++) {
    const bookId = await makeBook({ userProfileId: p.parent.profileId });
    expect((await deductForBook(db, { owner: { kind: "profile", userProfileId: p.parent.profileId }, bookId })).status).toBe("deducted");
  }
}

const askRefund = (p: Purchase, as = p.parent) => as.post(`/order/${p.orderId}`, { intent: "refund" });

const text = async (res: Response) => (await pageText(res)).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const refundRow = (orderId: string) =>
  env.DB.prepare(`SELECT status, refunded_minor AS refunded FROM orders WHERE id = ?`).bind(orderId).first<{ status: string; refunded: number }>();

const refundEntries = async (orderId: string) =>
  (await env.DB.prepare(`SELECT delta FROM credit_ledger WHERE order_id = ? AND reason = 'refund'`).bind(orderId).all<{ delta: number }>()).results;

const refundEmails = async (orderId: string) =>
  (await env.DB.prepare(`SELECT subject, text FROM email_deliveries WHERE id = ?`).bind(`refund:${orderId}`).all<{ subject: string; text: string }>()).results;

describe("a refund of unused credits", () => {
  it("gives back the unused share of the pack, takes those credits back and e-mails the parent", async () => {
    const p = await paidPack();
    await useCredits(p, 2);
    const before = await balanceOf(p.parent);
    const page = await text(await p.parent.call(`/order/${p.orderId}`));
    const amount = Math.floor((p.total * 3) / 5);
    expect(page).toContain("You have 3 unused credits from this order.");

    const res = await askRefund(p);
    expect(res.status).toBe(200);
    expect(await text(res)).toContain("Refunded:");
    expect(await refundRow(p.orderId)).toEqual({ status: "paid", refunded: amount });
    expect(await balanceOf(p.parent)).toBe(before - 3);
    expect(await refundEntries(p.orderId)).toEqual([{ delta: -3 }]);
    const mails = await refundEmails(p.orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("refund");
    expect(mails[0].text).toContain("3 unused credits");
    expect(await text(await p.parent.call(`/order/${p.orderId}`))).toContain("Partly refunded");
  });

  it("asked 10 times at once, refunds once", async () => {
    const p = await paidPack();
    const answers = await Promise.all(Array.from({ length: 10 }, () => askRefund(p)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const refused = await text(answers.find((r) => r.status === 409)!);
    expect(refused).toContain("This order has been refunded already.");
    expect(await refundRow(p.orderId)).toEqual({ status: "refunded", refunded: p.total });
    expect(await refundEntries(p.orderId)).toEqual([{ delta: -5 }]);
    // the provider was asked once: one charge.refunded came from it
    const fromProvider = await env.DB.prepare(`SELECT count(*) AS n FROM payment_events WHERE order_id = ? AND type = 'refund' AND event_id LIKE 'evt_test_%'`)
      .bind(p.orderId)
      .first<{ n: number }>();
    expect(fromProvider?.n).toBe(1);
    expect(await refundEmails(p.orderId)).toHaveLength(1);
    // and again later: still refused, in words
    const again = await askRefund(p);
    expect(again.status).toBe(409);
  });

  it("is refused in words after the 14 days, when every credit was used, and for someone else's order", async () => {
    const late = await paidPack();
    await env.DB.prepare(`UPDATE orders SET paid_at = ? WHERE id = ?`)
      .bind(new Date(Date.now() - 15 * 24 * 3600_000).toISOString(), late.orderId)
      .run();
    const lateAnswer = await askRefund(late);
    expect(lateAnswer.status).toBe(409);
    expect(await text(lateAnswer)).toContain("Unused credits can be refunded within 14 days of paying.");

    const used = await paidPack();
    await useCredits(used, await balanceOf(used.parent));
    const usedAnswer = await askRefund(used);
    expect(usedAnswer.status).toBe(409);
    expect(await text(usedAnswer)).toContain("The credits of this order have all been used on books");

    const stranger = await makeAccount();
    const theirs = await paidPack();
    const strangerAnswer = await askRefund(theirs, stranger);
    expect(strangerAnswer.status).toBe(404);
    expect(await text(strangerAnswer)).toContain("There is no order at this address in your account.");

    for (const p of [late, used, theirs]) expect((await refundRow(p.orderId))?.refunded).toBe(0);
  });

  it("is refused for a monthly plan, and a form that asks for something else is a 400", async () => {
    const plan = await startPurchase("storyteller-monthly", "GB");
    const planAnswer = await askRefund(plan);
    expect(planAnswer.status).toBe(409);
    expect(await text(planAnswer)).toContain("Only a credit pack you paid for can be refunded here.");
    const p = await paidPack();
    const odd = await p.parent.post(`/order/${p.orderId}`, { intent: "delete" });
    expect(odd.status).toBe(400);
    expect((await refundRow(p.orderId))?.refunded).toBe(0);
  });
});
