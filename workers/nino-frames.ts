import type { ConversationState } from "../app/domain/nino/machine";
import type { ServerFrame } from "../app/domain/nino/protocol";
import type { ChatMessage } from "../app/domain/nino/types";

/** The frames a conversation's Durable Object (workers/nino-session.ts) sends, built from its state. */

export function historyFrame(state: ConversationState): ServerFrame {
  return {
    type: "history",
    sessionId: state.sessionId,
    childName: state.childName,
    messages: state.history,
    flow: state.flow.current,
    step: state.flow.step,
    storyData: state.storyData,
  };
}

export function ninoFrame(state: ConversationState, content: string, suggestions?: string[]): ServerFrame {
  const message = lastOf(state.history, "nino");
  return {
    type: "nino_message",
    id: message?.id ?? `n-${crypto.randomUUID()}`,
    content,
    emotion: message?.emotion ?? "gentle",
    flow: state.flow.current,
    step: state.flow.step,
    timestamp: message?.timestamp ?? new Date().toISOString(),
    ...(suggestions && suggestions.length > 0 ? { suggestions: suggestions.slice(0, 6) } : {}),
  };
}

/** The child's words as a frame, for words the history does not keep (flagged, or a child at risk). */
export function childWords(content: string, at: string): ServerFrame {
  return { type: "user_message", message: { id: `u-${crypto.randomUUID()}`, type: "user", content, timestamp: at, emotion: "neutral" } };
}

export function lastOf(history: ChatMessage[], type: ChatMessage["type"]): ChatMessage | undefined {
  for (let i = history.length - 1; i >= 0; i--) if (history[i].type === type) return history[i];
  return undefined;
}

/** The model's wording replaces the scripted text of that message, so a reload shows what was said. */
export function replaceContent(state: ConversationState, id: string, content: string): ConversationState {
  return { ...state, history: state.history.map((m) => (m.id === id ? { ...m, content } : m)) };
}

export function safeJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * When a quota stops a turn: the child's words (if any) and Nino's kind reply, for the child's tab
 * only and kept nowhere, so the chat still reads as a conversation.
 */
export function restFrames(state: ConversationState, content: string, words: string | undefined): ServerFrame[] {
  const at = new Date().toISOString();
  const reply: ServerFrame = {
    type: "nino_message",
    id: `n-${crypto.randomUUID()}`,
    content,
    emotion: "tired",
    flow: state.flow.current,
    step: state.flow.step,
    timestamp: at,
  };
  return words?.trim() ? [childWords(words.trim(), at), reply] : [reply];
}
