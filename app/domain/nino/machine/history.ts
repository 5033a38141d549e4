import type { FamilyMentions, Intent } from "../detect";
import { applyMood } from "../rules";
import type { ChatMessage, Emotion } from "../types";
import { NINO_LIMITS } from "../types";
import { addCapped, type ConversationState, type NinoReply } from "./state";

/** The conversation's history: each message recorded, with what it changed in the child's mood. */

export function lastNinoLine(s: ConversationState): string | null {
  for (let i = s.history.length - 1; i >= 0; i--) if (s.history[i].type === "nino") return s.history[i].content;
  return null;
}

const AGAIN_PREFIXES = ["Let me say that again:", "Here it is again:", "So,"];
/** Never the same line twice in a row: a repeated line gets a short lead-in. */
export function avoidRepeat(content: string, last: string | null): string {
  if (content !== last) return content;
  for (const p of AGAIN_PREFIXES) if (`${p} ${content}` !== last) return `${p} ${content}`;
  return `${content} `;
}

export function withUser(
  s: ConversationState,
  content: string,
  emotion: Emotion,
  intent: Intent | "unclear",
  family: FamilyMentions,
  confidence: number | undefined,
  now: number,
  counts = true,
): ConversationState {
  const timestamp = new Date(now).toISOString();
  const entities: Record<string, string> = {};
  if (family.siblings.length) entities.siblings = family.siblings.join(", ");
  if (family.parents.length) entities.parents = family.parents.join(", ");
  if (family.pets.length) entities.pets = family.pets.join(", ");
  const message: ChatMessage = {
    id: `user-${s.metadata.messageCount + 1}`,
    type: "user",
    content,
    timestamp,
    emotion,
    intent,
    ...(confidence !== undefined ? { confidence } : {}),
    ...(Object.keys(entities).length ? { entities } : {}),
  };
  const levels = applyMood(s.emotional, emotion);
  if (!counts) {
    return {
      ...s,
      history: [...s.history, message].slice(-NINO_LIMITS.historyCap),
      metadata: { ...s.metadata, lastActivity: timestamp, messageCount: s.metadata.messageCount + 1 },
    };
  }
  return {
    ...s,
    history: [...s.history, message].slice(-NINO_LIMITS.historyCap),
    emotional: {
      ...levels,
      currentMood: emotion === "neutral" ? s.emotional.currentMood : emotion,
      history: emotion === "neutral" ? s.emotional.history : [...s.emotional.history, emotion].slice(-NINO_LIMITS.emotionalHistoryCap),
    },
    metadata: {
      ...s.metadata,
      lastActivity: timestamp,
      messageCount: s.metadata.messageCount + 1,
      intents: addCapped(s.metadata.intents, intent, 20),
      emotions: emotion === "neutral" ? s.metadata.emotions : addCapped(s.metadata.emotions, emotion, 20),
    },
  };
}

export function withNino(s: ConversationState, reply: NinoReply, now: number): ConversationState {
  const timestamp = new Date(now).toISOString();
  const message: ChatMessage = { id: `nino-${s.metadata.messageCount + 1}`, type: "nino", content: reply.content, timestamp, emotion: reply.emotion };
  return {
    ...s,
    history: [...s.history, message].slice(-NINO_LIMITS.historyCap),
    metadata: { ...s.metadata, lastActivity: timestamp, messageCount: s.metadata.messageCount + 1 },
  };
}
