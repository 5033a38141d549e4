import { and, desc, eq, sql } from "drizzle-orm";
import type { CreditLine } from "~/domain/pricing/orders";
import type { Db } from "../db/client.server";
import { ownedBy, type Owner } from "../db/owner.server";
import { creditLedger } from "../db/schema/index";

/** The number a parent reads for an order (the e-mail's orderIdNumber, the order pages). */
export function orderNumber(orderId: string): string {
  return `SN-${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/**
 * A ledger entry in the words a parent reads on /user-credits. Every reason the product writes reads
 * as a whole phrase: a pack bought, a subscription's month, a book made, a refund (of an order, which
 * takes credits back; of a book that could not be made, which returns its credit), the welcome gifts
 * (a new browser's free book, a confirmed e-mail address's credits), other gifts and corrections.
 */
function ledgerWords(e: typeof creditLedger.$inferSelect, planName: string | null): string {
  const order = e.orderId ? ` (order ${orderNumber(e.orderId)})` : "";
  const plan = planName?.replace(/ renewal$/, "") ?? null;
  const several = Math.abs(e.delta) !== 1;
  switch (e.reason) {
    case "purchase":
      return `Bought ${plan ?? "credits"}${order}`;
    case "subscription_grant":
      return `Monthly credits from ${plan ?? "your subscription"}${order}`;
    case "book_deduction":
      return "Made a storybook";
    case "refund":
      if (e.delta < 0) return `${several ? "Credits" : "Credit"} taken back after a refund${order}`;
      if (e.bookId) return several ? "Credits returned: a storybook could not be made" : "Credit returned: a storybook could not be made";
      return `${several ? "Credits" : "Credit"} returned${order}`;
    case "bonus":
      // welcome:email:{hash} (a confirmed address) and welcome:{visitorId} (a new browser's free book)
      if (e.idempotencyKey.startsWith("welcome:email:")) return "Welcome gift for confirming your e-mail address";
      if (e.idempotencyKey.startsWith("welcome:") || e.note?.toLowerCase().includes("welcome"))
        return several ? "Welcome gift: free storybooks" : "Welcome gift: a free storybook";
      return "A gift from StoryNest";
    case "adjustment":
      return "Correction by our support team";
  }
}

/** The owner's credit history, newest first, in plain words. */
export async function creditHistory(db: Db, owner: Owner, limit: number): Promise<CreditLine[]> {
  const rows = await db
    // The outer column is named with its table: drizzle writes ${creditLedger.orderId} as a bare "order_id",
    // which inside this subquery is order_items' own column (and matched the first item of any order).
    .select({
      e: creditLedger,
      planName: sql<string | null>`(SELECT description FROM order_items WHERE order_items.order_id = credit_ledger.order_id LIMIT 1)`,
    })
    .from(creditLedger)
    .where(and(ownedBy(creditLedger, owner), eq(creditLedger.affectsBalance, true)))
    .orderBy(desc(creditLedger.createdAt))
    .limit(limit);
  return rows.map(({ e, planName }) => ({
    id: e.id,
    createdAt: e.createdAt,
    delta: e.delta,
    words: ledgerWords(e, planName),
    bookId: e.bookId,
    orderId: e.orderId,
  }));
}
