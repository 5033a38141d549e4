import { detectEmotion, detectIntent, extractFamily, hasVoiceEndKeyword, isPlainGoodbye } from "../detect";
import { localHour, returnKind, timeOfDay } from "../rules";
import { speechThreshold } from "../voice";
import { checkSafety, isAtRisk } from "../safety";
import { cleanAnswer, pick } from "../text";
import { NINO_LIMITS, NINO_TEXTS } from "../types";
import { learnAboutChild } from "./about-child";
import { goodbyeTurn } from "./flows/chat";
import { safetyTurn } from "./flows/safety";
import { question } from "./flows/story";
import { avoidRepeat, lastNinoLine, withNino, withUser } from "./history";
import { continueFlow, enter, route } from "./routing";
import {
  goTo,
  isStoryFlow,
  knownPets,
  normalizeState,
  union,
  type ConversationState,
  type Deps,
  type NinoEffect,
  type NinoReply,
  type Transition,
} from "./state";
import type { Ctx, Turn } from "./turn";

export { ninoSystemPrompt } from "../prompt";
export { createConversation, emptyMemory, FLOW_STEPS } from "./state";
export type { ConversationState, Deps, MemoryView, NinoEffect, NinoReply, RememberPatch, Transition } from "./state";

/**
 * THE conversation machine (pure: no bindings, no fetch, no Date.now, no Math.random — time and
 * randomness come in through `deps`). The Durable Object stores a `ConversationState` and calls
 * these functions; the panel never runs them.
 *
 * HOW THE FLOWS LIVE TOGETHER
 * - The simple flow is the story path. A conversation starts in `simple_story` at `greeting`; each
 *   child reply answers the question of the current step and moves one step on (greeting →
 *   character_name → character_age → setting → theme → plot → moral → art_style → review →
 *   complete). `state.storyStep` is the question being asked; `flow.step` shows it.
 * - The branching rules interrupt it, in this order: sad/scared/angry → emotional_support, a
 *   learning intent or 'learn' → learning_activity, a known sibling or parent → family_integration,
 *   a story intent → story_creation, happy/excited (from emotional support) → general_chat, and
 *   help_request → general_chat. Every branch resets `flow.step` to "greeting" (kept in the step
 *   history); the flow's first step then answers in the same turn.
 * - The story keeps its place while a branch runs (`storyStep` and `storyData` stay). A story intent
 *   later enters `story_creation`: the same questions, resumed where the child left off (or a new
 *   story after a finished one), with `flow.step` showing the story-creation steps
 *   (greeting, character_creation, setting_creation, plot_development).
 * - While the child is answering story questions or playing a game, words inside the answer are
 *   story material ("a scary cave", "learn to share"): only feelings the child states about
 *   themselves ("I'm scared") and clear requests ("can we play a game") interrupt.
 * - Safety comes first: a message that shows a child may be at risk or in danger gets the fixed
 *   safe reply, naming the helpline of the child's market, moves to emotional support, is left out
 *   of the history and gives a `safe_reply` effect; a medical question gets a fixed reply and changes
 *   nothing else.
 *
 * WHERE THINGS ARE
 * - this file: the three ways in (`greet`, `startOver`, `respond`), each taking the stored state
 *   and giving back the next state, Nino's reply and the effects for the Durable Object to carry out;
 * - `state.ts`: the conversation state, its creation and the moves between flows and steps;
 *   `history.ts`: the messages recorded; `about-child.ts`: what a message tells about the child;
 * - `routing.ts`: the branching rules (which flow a message moves to) and entering a flow;
 * - `flows/`: one module per flow: the story, comfort (emotional support), learning games,
 *   family, general chat, and the fixed safety replies.
 */

/** Nino's opening line for a new or resumed conversation (time of day, 'Welcome back' / 'Hi again'). */
export function greet(state: ConversationState, deps: Deps): Transition {
  let s = normalizeState(state);
  if (s.childName === NINO_LIMITS.defaultChildName && deps.memory.name) s = { ...s, childName: deps.memory.name };
  if (s.storyStep === "complete") s = { ...s, storyData: {}, storyStep: "greeting" };
  if (!isStoryFlow(s.flow.current) || s.storyStep === "greeting") {
    s = goTo({ ...s, activity: null }, "simple_story", s.storyStep);
  }
  const name = s.childName;
  const last = lastNinoLine(s);
  const tod = timeOfDay(localHour(deps.now, deps.utcOffsetMinutes ?? 0));
  const kind = returnKind(deps.memory.lastInteraction, deps.now);
  const openers: Record<typeof kind, string[]> = {
    first: [
      `Good ${tod}, ${name}! I'm Nino, your storytelling bird.`,
      `Hello, ${name}! I'm Nino. What a lovely ${tod} for a story!`,
      `Hi ${name}, I'm Nino! I love making up stories.`,
    ],
    welcome_back: [`Welcome back, ${name}! I missed you.`, `Welcome back, ${name}! My feathers are fluffed up with joy.`],
    hi_again: [`Hi again, ${name}!`, `Hi again, ${name}! Lovely to see you this ${tod}.`],
    recent: [`Good ${tod} again, ${name}!`, `Here I am again, ${name}!`],
  };
  const opener = pick(openers[kind], deps.random);
  const pets = knownPets(s, deps.memory);
  let body: string;
  if (s.storyStep !== "greeting" && s.storyStep !== "complete") {
    body = `Shall we carry on with our story${s.storyData.characterName ? ` about ${s.storyData.characterName}` : ""}? ${question(s, s.storyStep, deps, last).content}`;
    s = { ...s, offer: "story" };
  } else {
    const stories = deps.memory.storiesCreated;
    const bodies =
      stories > 0
        ? [
            `You've made ${stories === 1 ? "a story" : `${stories} stories`} with me. Shall we make another one together?`,
            `Shall we make up a brand new story today?`,
          ]
        : ["Shall we make up a story together?", "Would you like to make up a story with me?"];
    body = pick(bodies, deps.random);
    if (pets.length > 0) body = `How is ${pets[0]} today? ${body}`;
    s = { ...s, offer: "story" };
  }
  const reply: NinoReply = {
    content: avoidRepeat(`${opener} ${body}`, last),
    emotion: "excited",
    suggestions: ["Yes, let's make a story!", "Can we play a game?"],
    rephrasable: true,
  };
  return {
    state: withNino(s, reply, deps.now),
    reply,
    effects: [{ type: "remember", patch: { lastInteraction: new Date(deps.now).toISOString() } }],
  };
}

/** Start the story again from the greeting, keeping the child's name and history. */
export function startOver(state: ConversationState, deps: Deps): Transition {
  let s = normalizeState(state);
  const inProgress = s.storyStep !== "greeting" && s.storyStep !== "complete";
  s = goTo({ ...s, storyData: {}, storyStep: "greeting", activity: null, offer: "story" }, "simple_story", "greeting");
  const last = lastNinoLine(s);
  const reply: NinoReply = {
    content: avoidRepeat(
      pick(
        [
          `Okay, ${s.childName}, a fresh new story! Are you ready to begin?`,
          `Let's start again from the very beginning, ${s.childName}. Ready for a brand new story?`,
          `A clean new page! Shall we start our new story, ${s.childName}?`,
        ],
        deps.random,
        last,
      ),
      last,
    ),
    emotion: "excited",
    suggestions: ["Yes, let's go!"],
    rephrasable: true,
  };
  return { state: withNino(s, reply, deps.now), reply, effects: inProgress ? [{ type: "remember", patch: { storyAbandoned: true } }] : [] };
}

/** One child message in, one reply out (the machine records both in history). */
export function respond(state: ConversationState, input: { text: string; confidence?: number }, deps: Deps): Transition {
  const text = cleanAnswer(input.text, NINO_LIMITS.maxMessageChars);
  const before = normalizeState(state);
  // nothing to read, or a voice message heard too unsurely (its adjusted confidence below the
  // threshold for the child's age): Nino asks again. The words are shown as heard (intent
  // "unclear") but nothing else is read from them and nothing moves.
  if (!text || (input.confidence !== undefined && input.confidence < speechThreshold(before.age))) {
    const content = !text ? NINO_TEXTS.notUnderstood : NINO_TEXTS.repeat;
    const reply: NinoReply = { content: content === lastNinoLine(before) ? NINO_TEXTS.didNotCatch : content, emotion: "gentle", rephrasable: false };
    const heard = text ? withUser(before, text, "neutral", "unclear", { siblings: [], parents: [], pets: [] }, input.confidence, deps.now, false) : before;
    return { state: withNino(heard, reply, deps.now), reply, effects: [] };
  }
  const reading = detectEmotion(text);
  const intent = detectIntent(text);
  const family = extractFamily(text);
  const known = {
    siblings: union(before.preferences.family.siblings, deps.memory.siblings),
    parents: union(before.preferences.family.parents, deps.memory.parents),
  };
  const last = lastNinoLine(before);
  let s = withUser(before, text, reading.emotion, intent, family, input.confidence, deps.now);
  const ctx: Ctx = {
    text,
    reading,
    intent,
    deps,
    last,
    effects: [],
    patch: {},
    pets: [],
    familyHero: before.offer === "family_story" ? before.currentTopic : null,
  };
  s = learnAboutChild(s, text, family, ctx);

  let turn: Turn;
  const safety = checkSafety(text);
  if (safety) {
    turn = safetyTurn(s, safety.kind, last, deps.market);
    if (isAtRisk(safety.kind)) ctx.effects.push({ type: "safe_reply", kind: safety.kind });
  } else if (isPlainGoodbye(text)) {
    turn = goodbyeTurn(s, ctx);
  } else {
    const branch = route(s, ctx, known);
    turn = branch ? enter(branch, goTo({ ...s, offer: null }, branch, "greeting"), ctx) : continueFlow(s, ctx);
  }

  if (deps.voiceMode && hasVoiceEndKeyword(text)) ctx.effects.push({ type: "voice_end", message: NINO_TEXTS.voiceEnded });
  if (Object.keys(ctx.patch).length > 0) ctx.effects.unshift({ type: "remember", patch: ctx.patch });
  // story_complete first, then remember, then voice_end
  ctx.effects.sort((a, b) => EFFECT_ORDER[a.type] - EFFECT_ORDER[b.type]);

  const reply: NinoReply = {
    content: turn.say.rephrasable === false && turn.say.content !== last ? turn.say.content : avoidRepeat(turn.say.content, last),
    emotion: turn.say.emotion,
    ...(turn.say.suggestions && turn.say.suggestions.length > 0 ? { suggestions: turn.say.suggestions.slice(0, 6) } : {}),
    rephrasable: turn.say.rephrasable ?? true,
  };
  const after = withNino(turn.state, reply, deps.now);
  // A child at risk: their words are not kept (a reload, or another tab, never shows them again).
  const userId = `user-${before.metadata.messageCount + 1}`;
  const kept = isAtRisk(safety?.kind) ? { ...after, history: after.history.filter((m) => m.id !== userId) } : after;
  return { state: kept, reply, effects: ctx.effects };
}

const EFFECT_ORDER: Record<NinoEffect["type"], number> = { story_complete: 0, remember: 1, voice_end: 2, safe_reply: 3 };

/** The last NINO_LIMITS.contextWindow messages as chat-completion messages under a system prompt. */
export function modelMessages(state: ConversationState, systemPrompt: string): { role: "system" | "user" | "assistant"; content: string }[] {
  return [
    { role: "system", content: systemPrompt },
    ...state.history.slice(-NINO_LIMITS.contextWindow).map((m) => ({
      role: m.type === "user" ? ("user" as const) : ("assistant" as const),
      content: m.content,
    })),
  ];
}
