import { modelMessages, ninoSystemPrompt, type ConversationState, type NinoReply } from "~/domain/nino/machine";
import type { Emotion } from "~/domain/nino/types";
import { replyText, type ChatProvider } from "~/services/ai/chat.server";
import { createOfflineModerator } from "~/services/moderation/offline";
import type { Moderator } from "~/services/moderation/types";
import { log } from "~/services/log.server";

/**
 * How long a conversation waits for OpenAI's moderation: the child's message, then (after the chat
 * model's 10 s at most) the model's reply. Together they keep a turn within the 15 s turn timeout.
 */
export const MODERATION_DEADLINES = { child: 3_000, reply: 2_000 } as const;

/** A moderator that answers within `ms`: past it, the offline rules decide, so no text goes unchecked. */
export function withDeadline(moderator: Moderator, ms: number, fallback: Moderator = createOfflineModerator()): Moderator {
  if (moderator.name === "offline") return moderator;
  return {
    name: moderator.name,
    async check(texts) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), ms);
      });
      try {
        const first = await Promise.race([moderator.check(texts), late]);
        return first === "late" ? fallback.check(texts) : first;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * What stands between the machine's reply and the child: moderation of the child's words and,
 * with a chat provider, the model's rephrasing of the scripted reply (itself moderated).
 */

/** Fixed replies when the child's own words were flagged: calm, never repeating them. */
export const MODERATED_REPLIES = {
  /** self-harm or sexual words: the child may be at risk */
  atRisk:
    "Thank you for telling me. That sounds really important, and you deserve help with it. Please talk to a grown-up you trust, like a parent, a teacher or someone in your family, right away. I'm here with you, and we can make up a gentle story whenever you like.",
  /** violence or horror: a rough story idea, or something that happened to the child */
  rough:
    "That sounds a bit scary. If anyone is hurting you or someone else, please tell a grown-up you trust right away. For our story, shall we pick something gentler, like a rescue or a surprise?",
  /** phone numbers, e-mail or home addresses */
  privacy: "Let's keep things like phone numbers, e-mail and home addresses private, even from me! Shall we get back to our story?",
  /** swearing, hateful words, drugs or anything illegal */
  gentle: "Let's keep our words kind and gentle. Shall we think of something happy to put in our story instead?",
} as const;

/** Categories that mean the child may be at risk: the reply is the safe reply (with the helpline). */
const AT_RISK_CATEGORIES: readonly string[] = ["self-harm", "sexual"];

function replyFor(categories: string[]): string {
  if (categories.some((c) => AT_RISK_CATEGORIES.includes(c))) return MODERATED_REPLIES.atRisk;
  if (categories.some((c) => c === "violence" || c === "horror")) return MODERATED_REPLIES.rough;
  if (categories.includes("personal-data")) return MODERATED_REPLIES.privacy;
  return MODERATED_REPLIES.gentle;
}

export interface ModeratedReply extends NinoReply {
  rephrasable: false;
  /** the child may be at risk (self-harm or sexual words): the conversation gives the safe reply */
  atRisk: boolean;
}

/** The fixed reply for a flagged child message, or null when the message may go to the machine. */
export async function moderateChild(moderator: Moderator, text: string): Promise<ModeratedReply | null> {
  const verdict = await withDeadline(moderator, MODERATION_DEADLINES.child).check({ message: text });
  if (verdict.ok) return null;
  const emotion: Emotion = "gentle";
  const atRisk = verdict.categories.some((c) => AT_RISK_CATEGORIES.includes(c));
  return { content: replyFor(verdict.categories), emotion, rephrasable: false, atRisk };
}

/** Longest model reply we show; anything longer means the model ignored its instructions. */
const MAX_MODEL_REPLY = 600;

/**
 * With a chat provider and a rephrasable reply: the model says the scripted reply in its own words,
 * under the machine's child-safe system prompt, with the last messages as context. Any failure, an empty, over-long or
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
  const warn = input.log ?? (({ level: _level, msg, ...fields }) => log.warn(String(msg), fields));
  const system = `${ninoSystemPrompt(state)}\n\nYour next reply must say this, in your own words, in at most three short sentences, keeping any question it asks: "${reply.content}"`;
  try {
    const completion = await chat.complete({ messages: modelMessages(state, system), temperature: 0.7, max_tokens: 200 });
    const text = replyText(completion);
    if (text.length > MAX_MODEL_REPLY) throw new Error(`the model's reply was ${text.length} characters`);
    const verdict = await withDeadline(moderator, MODERATION_DEADLINES.reply).check({ reply: text });
    if (!verdict.ok) {
      warn({ level: "warn", msg: "nino model reply flagged, scripted reply used", categories: verdict.categories });
      return { content: reply.content, source: "script" };
    }
    return { content: text, source: "model" };
  } catch (error) {
    warn({ level: "warn", msg: "nino chat fell back to the scripted reply", reason: error instanceof Error ? error.message : String(error) });
    return { content: reply.content, source: "script" };
  }
}
