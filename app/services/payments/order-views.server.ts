import { and, asc, inArray, isNotNull, or, sql } from "drizzle-orm";
import { currencyName } from "~/domain/pricing/currency-names";
import type { OrderStatus, OrderSummary, ReceiptSummary, RefundOffer } from "~/domain/pricing/orders";
import { refundOfUnused } from "~/domain/pricing/refunds";
import { formatMoney, ratePercentText, receiptLocale, taxRuleFor, taxRuleOfCountry } from "~/domain/pricing/tax";
import type { Db } from "../db/client.server";
import { creditBalance } from "../db/credits.server";
import type { Owner } from "../db/owner.server";
import { creditLedger, orderItems, orders, plans, subscriptions } from "../db/schema/index";
import { orderNumber } from "./credit-history.server";

/** An order as the pages and e-mails show it, with its total in minor units for the server's own use. */
export interface OrderView extends OrderSummary {
  totalMinor: number;
}

/** Who sells, as receipts name them (SELLER_NAME and SELLER_ADDRESS in wrangler.toml). */
export interface Seller {
  name: string;
  address: string;
}

type OrderRow = typeof orders.$inferSelect;

/** An order's amounts, written in its market's locale with Intl (the server's pages and e-mails only). */
export function orderMoney(row: Pick<OrderRow, "currency" | "marketCountry">) {
  const locale = receiptLocale(row.marketCountry);
  return (minor: number) => formatMoney(minor, row.currency, locale);
}

/** The receipt of a paid order: the lines, the total, the tax inside it by the market's rule, the seller. */
function receiptOf(row: OrderRow, items: (typeof orderItems.$inferSelect)[], seller: Seller): ReceiptSummary | null {
  if (!row.paidAt || (row.status !== "paid" && row.status !== "refunded")) return null;
  const money = orderMoney(row);
  return {
    number: orderNumber(row.id),
    date: row.paidAt,
    lines: items.map((i) => ({ description: i.description, quantity: i.quantity, unitPrice: money(i.unitPriceMinor), amount: money(i.totalMinor) })),
    total: money(row.totalMinor),
    currency: `${currencyName(row.currency)} (${row.currency})`,
    tax:
      row.taxRateBp && row.taxRateBp > 0
        ? { kind: "included", label: `${taxName(row.taxCountry)} included (${ratePercentText(row.taxRateBp)})`, amount: money(row.taxMinor) }
        : { kind: "none", note: noTaxNote(row.marketCountry, row.taxCountry) },
    seller,
    providerReceiptUrl: row.receiptUrl,
  };
}

/** "VAT", "Consumption tax": the name of the rule the order recorded, capitalised for a label. */
function taxName(taxCountry: string | null): string {
  const rule = taxRuleOfCountry(taxCountry);
  const name = rule.kind === "included" ? rule.name : "Tax";
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function noTaxNote(marketCountry: string | null, taxCountry: string | null): string {
  const rule = taxRuleFor(marketCountry, taxCountry);
  return rule.kind === "none" ? rule.note : "No tax was charged.";
}

export interface ViewDeps {
  db: Db;
  seller: Seller;
  now: () => Promise<number>;
}

/** The orders as the pages and the purchase e-mail show them. */
export function createOrderViews({ db, seller, now }: ViewDeps) {
  return async function views(rows: OrderRow[], owner: Owner): Promise<OrderView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id));
    const ledger = await db
      .select({
        orderId: creditLedger.orderId,
        granted: sql<number>`coalesce(sum(CASE WHEN ${creditLedger.reason} IN ('purchase', 'subscription_grant') THEN ${creditLedger.delta} END), 0)`,
        taken: sql<number>`coalesce(-sum(CASE WHEN ${creditLedger.reason} = 'refund' AND ${creditLedger.delta} < 0 THEN ${creditLedger.delta} END), 0)`,
      })
      .from(creditLedger)
      .where(inArray(creditLedger.orderId, ids))
      .groupBy(creditLedger.orderId);
    const duplicates = await db
      .select({ id: subscriptions.id, orderId: subscriptions.orderId })
      .from(subscriptions)
      .where(
        and(
          isNotNull(subscriptions.duplicateOf),
          or(
            inArray(subscriptions.orderId, ids),
            inArray(
              subscriptions.id,
              rows.map((r) => r.subscriptionId ?? ""),
            ),
          ),
        ),
      );
    const packIds = new Set(
      (
        await db
          .select({ id: plans.id })
          .from(plans)
          .where(and(inArray(plans.id, [...new Set(items.map((i) => i.planId))]), sql`${plans.kind} = 'credit_pack'`))
      ).map((p) => p.id),
    );
    const needsBalance = rows.some((r) => r.status === "paid" && r.refundRequestedAt === null && r.refundedMinor === 0);
    const balance = needsBalance ? await creditBalance(db, owner) : 0;
    const at = await now();
    return rows.map((r) => {
      const money = orderMoney(r);
      const mine = items.filter((i) => i.orderId === r.id);
      const credits = ledger.find((g) => g.orderId === r.id);
      const duplicateSubscription = duplicates.some((d) => d.orderId === r.id || d.id === r.subscriptionId);
      const isPack = mine.length > 0 && mine.every((i) => packIds.has(i.planId)) && r.subscriptionId === null;
      const status: OrderStatus = r.status === "cancelled" && r.expiredAt ? "expired" : r.status;
      let refund: RefundOffer = null;
      if (isPack && r.status === "paid" && r.paidAt && r.refundRequestedAt === null && r.refundedMinor === 0) {
        const check = refundOfUnused({
          totalMinor: r.totalMinor,
          granted: Number(credits?.granted ?? 0),
          taken: Number(credits?.taken ?? 0),
          balance,
          paidAt: r.paidAt,
          now: at,
        });
        refund = check.ok
          ? { available: true, credits: check.credits, amountMinor: check.amountMinor, amount: money(check.amountMinor), until: check.until }
          : { available: false, reason: check.message };
      }
      return {
        id: r.id,
        number: orderNumber(r.id),
        status,
        createdAt: r.createdAt,
        paidAt: r.paidAt,
        currency: r.currency,
        totalMinor: r.totalMinor,
        total: money(r.totalMinor),
        refundedMinor: r.refundedMinor,
        refunded: money(r.refundedMinor),
        items: mine.map((i) => ({
          planId: i.planId,
          description: i.description,
          quantity: i.quantity,
          credits: i.credits * i.quantity,
          total: money(i.totalMinor),
        })),
        credits: mine.reduce((n, i) => n + i.credits * i.quantity, 0),
        creditsGranted: Number(credits?.granted ?? 0),
        checkoutUrl: r.status === "pending" ? r.checkoutUrl : null,
        isRenewal: r.subscriptionId !== null,
        duplicateSubscription,
        expiresAt: r.status === "pending" ? r.expiresAt : null,
        receipt: receiptOf(r, mine, seller),
        refund,
        buyAgainPlanId: status === "expired" || status === "cancelled" || status === "failed" ? (mine[0]?.planId ?? null) : null,
      };
    });
  };
}
