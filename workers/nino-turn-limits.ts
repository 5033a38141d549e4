import { NINO_TEXTS } from "../app/domain/nino/types";
import type { Db } from "../app/services/db/client.server";
import { spendDailyQuota, type QuotaHolder } from "../app/services/limits/quotas.server";
import { overCostlyLimitFor } from "./api/rate-limit";

/**
 * Whether one more of Nino's turns over the WebSocket may be answered (workers/nino-session.ts).
 * With a chat model every turn may call it, so it counts exactly as POST /api/{provider}/chat does,
 * in the same counts: 20 a minute per address (COSTLY_LIMITER) and the chat quota a day per visitor
 * or account and per address. Scripted turns (no model) cost far less and have the higher `nino`
 * quota a day. Null when the turn may go on, else what Nino says instead.
 */
export async function turnRefusal(input: { db: Db; limiter: RateLimit; caller: QuotaHolder; modelTurns: boolean; now: number }): Promise<string | null> {
  const { db, limiter, caller, modelTurns, now } = input;
  if (modelTurns && (await overCostlyLimitFor(limiter, "chat", caller.client))) return NINO_TEXTS.restMinute;
  const quota = await spendDailyQuota(db, caller, modelTurns ? "chat" : "nino", now);
  return quota.ok ? null : NINO_TEXTS.restToday;
}
