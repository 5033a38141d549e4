import {
  createConversation,
  emptyMemory,
  greet,
  modelMessages,
  ninoSystemPrompt,
  respond,
  type ConversationState,
  type Deps,
  type NinoReply,
} from "~/domain/nino/machine";
import { randomId } from "~/domain/ids";
import { chatRequestSchema, DEFAULT_CHAT_MAX_TOKENS, type ChatCompletion, type ChatRequest } from "~/services/ai/chat.server";

/**
 * POST /api/{provider}/chat speaks as Nino and only as Nino. What the server takes from the caller is
 * the child's words (the `user` messages) and the temperature; the caller's `system` and `assistant`
 * messages, a `model` and anything else are ignored. The child's words are played through Nino's
 * conversation machine (the same one the Nino panel talks to), which gives Nino's scripted reply and
 * the conversation it belongs to. Without a chat key that scripted reply is the answer; with one, the
 * model says it in its own words under the server's child-safe system prompt, seeing the child's
 * words and Nino's own replies (never a caller's "assistant" text), with at most 200 tokens.
 */

/** The endpoint's body: the chat request, with at least one thing the child said. */
export const chatEndpointSchema = chatRequestSchema.superRefine((body, ctx) => {
  if (!body.messages.some((m) => m.role === "user")) ctx.addIssue({ code: "custom", path: ["messages"], message: "At least one user message is required" });
});

/** The model label of an answer written by the conversation machine (no chat key set). */
export const SCRIPTED_MODEL = "nino-scripted";

/** A small seeded generator, so the same messages always give the same scripted reply. */
function seededRandom(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ChatTurn {
  /** the conversation before Nino's reply (what a model is shown) */
  before: ConversationState;
  /** Nino's reply to the last thing the child said */
  reply: NinoReply;
}

/** Plays the child's messages, in order, through Nino's machine from a fresh greeting. */
export function playChildMessages(texts: readonly string[], now = Date.now()): ChatTurn {
  const random = seededRandom(texts.join("\u0000"));
  const deps: Deps = { now, random, memory: emptyMemory(), voiceMode: false };
  let state = greet(createConversation({ sessionId: "chat", now }), deps).state;
  let reply: NinoReply | null = null;
  for (const text of texts) {
    const t = respond(state, { text }, deps);
    state = t.state;
    reply = t.reply;
  }
  if (!reply) throw new Error("playChildMessages needs at least one message");
  // the machine records the child's message and then the reply: the model sees up to the message
  return { before: { ...state, history: state.history.slice(0, -1) }, reply };
}

/** The server's system prompt for the model: Nino's child-safe prompt, and the reply to say. */
export function rephrasePrompt(turn: ChatTurn): string {
  return `${ninoSystemPrompt(turn.before)}\n\nYour next reply must say this, in your own words, in at most three short sentences, keeping any question it asks: "${turn.reply.content}"`;
}

/** What the chat provider is sent: always the server's prompt and context, never the caller's. */
export function providerRequest(turn: ChatTurn, request: ChatRequest): ChatRequest {
  return {
    messages: modelMessages(turn.before, rephrasePrompt(turn)),
    temperature: request.temperature,
    max_tokens: Math.min(request.max_tokens, DEFAULT_CHAT_MAX_TOKENS),
  };
}

/** The scripted reply in the shape of a chat completion (the client reads choices[0].message.content). */
export function scriptedCompletion(content: string, now = Date.now()): ChatCompletion {
  return {
    id: `chatcmpl-${randomId(24)}`,
    object: "chat.completion",
    created: Math.floor(now / 1000),
    model: SCRIPTED_MODEL,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  };
}
