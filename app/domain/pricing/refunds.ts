import { dateText } from "~/domain/auth/account-pages";
import { creditsText } from "./orders";

/**
 * A parent's refund of the unused credits of a credit pack (docs/decisions/051-expiring-checkouts-and-self-service-refunds.md):
 * within REFUND_WINDOW_DAYS of paying, once per order, for the credits of the pack still on the
 * balance. The money back is the unused share of what was paid, rounded down to the minor unit,
 * so taking back the credits by the refund rule (the refunded share, rounded up) takes exactly those.
 */
export const REFUND_WINDOW_DAYS = 14;
const DAY_MS = 24 * 60 * 60_000;

export interface RefundFacts {
  totalMinor: number;
  /** credits the order put on the balance, and those earlier refunds took back */
  granted: number;
  taken: number;
  /** the owner's balance now */
  balance: number;
  paidAt: string;
  now: number;
}

export type RefundCheck = { ok: true; credits: number; amountMinor: number; until: string } | { ok: false; code: "window" | "used"; message: string };

/** The last moment a refund can be asked for an order paid at `paidAt` (ISO). */
export function refundUntil(paidAt: string): string {
  return new Date(Date.parse(paidAt) + REFUND_WINDOW_DAYS * DAY_MS).toISOString();
}

/** What a refund of the unused credits would give back now, or why there is none. */
export function refundOfUnused(f: RefundFacts): RefundCheck {
  const until = refundUntil(f.paidAt);
  if (f.now > Date.parse(until))
    return {
      ok: false,
      code: "window",
      message: `Unused credits can be refunded within ${REFUND_WINDOW_DAYS} days of paying. For this order that time ended on ${dateText(until)}.`,
    };
  const credits = Math.max(0, Math.min(f.granted - f.taken, f.balance));
  if (credits === 0 || f.granted <= 0 || f.totalMinor <= 0)
    return { ok: false, code: "used", message: "The credits of this order have all been used on books, so there is nothing left to refund." };
  return { ok: true, credits, amountMinor: Math.floor((f.totalMinor * credits) / f.granted), until };
}

/** "3 unused credits", for the refund's button and e-mail. */
export function unusedCreditsText(n: number): string {
  return `${creditsText(n).replace(/credits?$/, (w) => `unused ${w}`)}`;
}
