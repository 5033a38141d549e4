import { safetyReply, type SafetyKind } from "../../safety";
import { goTo, type ConversationState } from "../state";
import type { Say, Turn } from "../turn";

/**
 * Safety comes first: a message that shows a child may be at risk or in danger gets a fixed reply
 * and moves to emotional support (any game stops); a medical question gets a fixed reply and
 * changes nothing else. The safe reply (at risk, in danger) names the helpline of the child's market.
 */
export function safetyTurn(s: ConversationState, kind: SafetyKind, last: string | null, market?: string): Turn {
  const say: Say = { content: safetyReply(kind, last, market), emotion: "gentle", rephrasable: false };
  return kind === "medical"
    ? { state: s, say }
    : { state: goTo(goTo({ ...s, activity: null, offer: null }, "emotional_support", "greeting"), "emotional_support", "acknowledgment"), say };
}
