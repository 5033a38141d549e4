import { isNo, mentionedKnownFamily } from "../../detect";
import { capitalize, pick } from "../../text";
import { goTo, union, type ConversationState } from "../state";
import type { Ctx, Turn } from "../turn";
import { generalTurn } from "./chat";

/** Family: a known sibling or parent mentioned; Nino asks about them and offers a story starring them. */

/** Entering the family flow: Nino asks about the family member the message names. */
export function enterFamily(s: ConversationState, ctx: Ctx): Turn {
  const { deps, last } = ctx;
  const who =
    mentionedKnownFamily(ctx.text, {
      siblings: union(s.preferences.family.siblings, deps.memory.siblings),
      parents: union(s.preferences.family.parents, deps.memory.parents),
    }) ?? "them";
  const ref = familyRef(who);
  const say = pick(
    [
      `Oh, ${ref}! I remember. What does ${ref} like to do?`,
      `I love hearing about ${ref}! What's ${ref} up to?`,
      `${capitalize(ref)}! Tell me something fun about ${ref}.`,
    ],
    deps.random,
    last,
  );
  return { state: goTo({ ...s, currentTopic: who }, "family_integration", "family_sharing"), say: { content: say, emotion: "curious" } };
}

function familyRef(who: string): string {
  if (who.startsWith("a ")) return `your ${who.slice(2)}`;
  if (["Mum", "Mom", "Mama", "Dad", "Papa"].includes(who)) return `your ${who.toLowerCase()}`;
  return who;
}

export function familyTurn(s: ConversationState, ctx: Ctx): Turn {
  const { text, deps, last } = ctx;
  const who = s.currentTopic ?? "them";
  const ref = familyRef(who);
  if (s.flow.step === "family_sharing") {
    const content = pick(
      [`That sounds lovely! Shall we make a story with ${ref} in it?`, `I like ${ref} already! Would you like to make a story starring ${ref}?`],
      deps.random,
      last,
    );
    return {
      state: goTo({ ...s, offer: "family_story" }, "family_integration", "family_story"),
      say: { content, emotion: "excited", suggestions: ["Yes!", "Maybe later"] },
    };
  }
  if (isNo(text) || s.flow.step === "family_story")
    return generalTurn(goTo({ ...s, offer: null }, "general_chat", "greeting"), ctx, true, isNo(text) ? "declined" : undefined);
  return generalTurn(s, ctx, false);
}
