import { modelMessages, type ConversationState, type NinoReply } from "~/domain/nino/machine";
import type { Emotion } from "~/domain/nino/types";
import { replyText, type ChatProvider } from "~/services/ai/chat.server";
import type { Moderator } from "~/services/moderation/types";

/**
 * What stands between the machine's reply and the child: moderation of the child's words and,
 * with a chat provider, the model's rephrasing of the scripted reply (itself moderated).
 */

/** The child-safe instructions every model call is made under. */
export const NINO_SYSTEM_PROMPT = [
  "You are Nino, a warm, playful little bird who helps young children (ages 3 to 12) make up stories, feel better and play learning games.",
  "Always be kind, calm and encouraging. Use short sentences and simple words a young child understands.",
  "Never ask for or repeat personal details such as a home address, school, phone number or e-mail address.",
  "Never give medical, legal or safety advice; if a child seems sad, scared or at risk, gently tell them to talk to a grown-up they trust.",
  "Nothing frightening, violent, grown-up or unkind. No links. Stay in character as Nino.",
].join(" ");

/** Fixed replies when the child's own words were flagged: calm, never repeating them. */
export const MODERATED_REPLIES = {
  atRisk:
    "Thank you for telling me. That sounds really important, and you deserve help with it. Please talk to a grown-up you trust, like a parent, a teacher or someone in your family, right away. I'm here with you, and we can make up a gentle story whenever you like.",
  gentle: "Let's keep our words kind and gentle. Shall we think of something happy to put in our story instead?",
} as const;

const AT_RISK = new Set(["self-harm", "violence", "sexual"]);

export interface ModeratedReply extends NinoReply {
  rephrasable: false;
}

/** The fixed reply for a flagged child message, or null when the message may go to the machine. */
export async function moderateChild(moderator: Moderator, text: string): Promise<ModeratedReply | null> {
  const verdict = await moderator.check({ message: text });
  if (verdict.ok) return null;
  const atRisk = verdict.categories.some((c) => AT_RISK.has(c));
  const emotion: Emotion = "gentle";
  return { content: atRisk ? MODERATED_REPLIES.atRisk : MODERATED_REPLIES.gentle, emotion, rephrasable: false };
}

/** Longest model reply we show; anything longer means the model ignored its instructions. */
const MAX_MODEL_REPLY = 600;

/**
 * With a chat provider and a rephrasable reply: the model says the scripted reply in its own words,
 * under the system prompt, with the last messages as context. Any failure, an empty, over-long or
 * flagged answer gives back the scripted text. `state` is the conversation before the reply was
 * added.
 */
export async function sayReply(input: {
  chat: ChatProvider | null;
  moderator: Moderator;
  state: ConversationState;
  reply: NinoReply;
  log?: (entry: Record<string, unknown>) => void;
}): Promise<{ content: string; source: "script" | "model" }> {
  const { chat, moderator, state, reply } = input;
  if (!chat || !reply.rephrasable) return { content: reply.content, source: "script" };
  const log = input.log ?? ((entry) => console.warn(JSON.stringify(entry)));
  const system = `${NINO_SYSTEM_PROMPT}\n\nYour next reply must say this, in your own words, in at most three short sentences, keeping any question it asks: "${reply.content}"`;
  try {
    const completion = await chat.complete({ messages: modelMessages(state, system), temperature: 0.7, max_tokens: 200 });
    const text = replyText(completion);
    if (text.length > MAX_MODEL_REPLY) throw new Error(`the model's reply was ${text.length} characters`);
    const verdict = await moderator.check({ reply: text });
    if (!verdict.ok) {
      log({ level: "warn", msg: "nino model reply flagged, scripted reply used", categories: verdict.categories });
      return { content: reply.content, source: "script" };
    }
    return { content: text, source: "model" };
  } catch (error) {
    log({ level: "warn", msg: "nino chat fell back to the scripted reply", reason: error instanceof Error ? error.message : String(error) });
    return { content: reply.content, source: "script" };
  }
}
