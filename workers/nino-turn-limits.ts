import { NINO_TEXTS } from "../app/domain/nino/types";
import type { Db } from "../app/services/db/client.server";
import { quotaSubjects, reserveDailyQuota, spendDailyQuota, utcDay, type QuotaHolder } from "../app/services/limits/quotas.server";
import { overCostlyLimitFor } from "./api/rate-limit";

/** Scripted turns a conversation takes from D1 at once (fewer when less is left today). */
export const SCRIPTED_TURN_BLOCK = 10;
/** The conversation object's storage key for its unspent scripted turns. */
export const TURN_BLOCKS_KEY = "turnBlocks";

/** Unspent scripted turns this conversation reserved today, per caller (its two quota rows). */
export interface TurnBlocks {
  day: string;
  left: Record<string, number>;
}

/**
 * Whether one more of Nino's turns over the WebSocket may be answered (workers/nino-session.ts).
 * With a chat model every turn may call it, so it counts exactly as POST /api/{provider}/chat does,
 * in the same counts: 20 a minute per address (COSTLY_LIMITER) and the chat quota a day per visitor
 * or account and per address, one D1 statement a turn. Scripted turns (no model) cost far less and
 * have the higher `nino` quota a day, taken in blocks (spendScriptedTurn). Null when the turn may go
 * on, else what Nino says instead.
 */
export async function turnRefusal(input: {
  db: Db;
  limiter: RateLimit;
  storage: DurableObjectStorage;
  caller: QuotaHolder;
  modelTurns: boolean;
  now: number;
}): Promise<string | null> {
  const { db, limiter, storage, caller, modelTurns, now } = input;
  if (!modelTurns) return (await spendScriptedTurn(storage, db, caller, now)) ? null : NINO_TEXTS.restToday;
  if (await overCostlyLimitFor(limiter, "chat", caller.client)) return NINO_TEXTS.restMinute;
  const quota = await spendDailyQuota(db, caller, "chat", now);
  return quota.ok ? null : NINO_TEXTS.restToday;
}

/**
 * One scripted turn from the conversation's own block, kept in the object's storage (so it survives
 * hibernation; a block of another UTC day is dropped): when the block is empty, the next one is
 * reserved from D1 in one conditional statement that moves both counts (owner and address) together.
 * So D1 is touched about once every SCRIPTED_TURN_BLOCK turns. The caller must run one turn at a time
 * (turn()'s busy check, set before any await), so two turns never spend the same unit of a block.
 */
// Trade-off: a visitor's (or address's) caps may be reached up to one block early per conversation, never exceeded.
export async function spendScriptedTurn(storage: DurableObjectStorage, db: Db, caller: QuotaHolder, now: number): Promise<boolean> {
  const day = utcDay(now);
  const holder = quotaSubjects(caller, "nino")
    .map((s) => s.subject)
    .join(" ");
  const stored = await storage.get<TurnBlocks>(TURN_BLOCKS_KEY);
  const blocks: TurnBlocks = stored?.day === day ? stored : { day, left: {} };
  let left = blocks.left[holder] ?? 0;
  if (left < 1) left = await reserveDailyQuota(db, caller, "nino", SCRIPTED_TURN_BLOCK, now);
  if (left < 1) return false;
  // written before the turn is answered: a restart after it never spends this unit again
  blocks.left = { ...blocks.left, [holder]: left - 1 };
  await storage.put(TURN_BLOCKS_KEY, blocks);
  return true;
}
