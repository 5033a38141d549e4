import { eq } from "drizzle-orm";
import { VISITOR_WELCOME_CREDITS } from "~/domain/story/credits";
import { AUTH_LIMITS, limitInBatch, wouldPass } from "../auth/rate-limit.server";
import type { Db } from "../db/client.server";
import { creditLedger } from "../db/schema/index";

/**
 * An anonymous visitor's free credit (docs/decisions/024-free-credits.md): once per visitor (the
 * ledger key `welcome:{visitorId}`, which stays with the entry when a sign-in moves it to the
 * profile), and only while the client's address has had fewer than three visitor welcomes in its
 * current 24-hour window. Clearing cookies therefore mints at most three one-credit welcomes per
 * address a day. Signed-in parents get their welcome from their confirmed e-mail address instead.
 */

export function visitorWelcomeKey(visitorId: string): string {
  return `welcome:${visitorId}`;
}

const limitKey = (client: string) => `visitor-welcome:${client}`;
const LIMIT = AUTH_LIMITS.visitorWelcomePerAddress;

async function hadWelcome(db: Db, visitorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, visitorWelcomeKey(visitorId)))
    .limit(1);
  return row !== undefined;
}

/** The credits a visitor's welcome would bring now (0 when it had it, or its address has had its three today); counts nothing. */
export async function visitorWelcomePending(db: Db, visitorId: string, client: string, now = Date.now()): Promise<number> {
  if (await hadWelcome(db, visitorId)) return 0;
  return (await wouldPass(db, limitKey(client), LIMIT, now)) ? VISITOR_WELCOME_CREDITS : 0;
}

export type WelcomeOutcome = "granted" | "had" | "limited";

/**
 * Grants the visitor's welcome credit if it has not had it and its address is within the limit. The
 * address is counted only when the credit is actually granted: the conditional insert and the count
 * run in one batch (one transaction), the count only if the insert's row exists, so parallel
 * requests of one visitor grant once and count once.
 */
export async function grantVisitorWelcome(db: Db, visitorId: string, client: string, now = Date.now()): Promise<WelcomeOutcome> {
  if (await hadWelcome(db, visitorId)) return "had";
  const id = crypto.randomUUID();
  const limit = limitInBatch(db, limitKey(client), LIMIT, now);
  const d1 = db.$client;
  const [grant] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO credit_ledger (id, visitor_id, user_profile_id, delta, reason, affects_balance, idempotency_key, note)
         SELECT ?, ?, NULL, ?, 'bonus', 1, ?, 'Welcome credit'
         WHERE NOT ${limit.reached.sql}
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(id, visitorId, VISITOR_WELCOME_CREDITS, visitorWelcomeKey(visitorId), ...limit.reached.params),
    limit.countIf("credit_ledger", id),
  ]);
  if ((grant.meta.changes ?? 0) > 0) return "granted";
  return (await hadWelcome(db, visitorId)) ? "had" : "limited";
}
