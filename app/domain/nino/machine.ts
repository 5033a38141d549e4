import { activityMenu, activitySuggestions, chooseActivity, playActivity, startActivity, type ActivityState } from "./activities";
import {
  asksNinoToPick,
  detectEmotion,
  detectIntent,
  extractFamily,
  hasVoiceEndKeyword,
  isNo,
  isPlainGoodbye,
  isQuestionBack,
  isStrongLearningRequest,
  isStrongStoryRequest,
  mentionedKnownFamily,
  mentionsLearn,
  type EmotionReading,
  type FamilyMentions,
  type Intent,
} from "./detect";
import { applyMood, localHour, newAchievements, recommendations, returnKind, speechThreshold, storyIdeas, timeOfDay, type ActivityType } from "./rules";
import { checkSafety, safetyReply } from "./safety";
import {
  artStyleLabel,
  completeStoryData,
  matchArtStyle,
  matchTheme,
  nextStep,
  NINO_CHOICES,
  parseAge,
  parseCharacterName,
  readBack,
  storyCreationPhase,
} from "./story";
import { capitalize, cleanAnswer, findPhrase, normalize, pick, sample, stripEnd } from "./text";
import type { ChatMessage, Emotion, FlowType, SimpleStep, StoryData } from "./types";
import { NINO_LIMITS, NINO_TEXTS, SIMPLE_STEPS } from "./types";

export { ninoSystemPrompt } from "./prompt";

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
 * - The branching rules of spec point 4 interrupt it: sad/scared/angry → emotional_support, a
 *   learning intent or 'learn' → learning_activity, a known sibling or parent → family_integration,
 *   a story intent → story_creation, happy/excited (from emotional support) → general_chat, and
 *   help_request → general_chat. Every branch resets `flow.step` to "greeting" (kept in the step
 *   history); the flow's first step then answers in the same turn.
 * - The story keeps its place while a branch runs (`storyStep` and `storyData` stay). A story intent
 *   later enters `story_creation`: the same questions, resumed where the child left off (or a new
 *   story after a finished one), with `flow.step` showing the spec's story-creation steps
 *   (greeting, character_creation, setting_creation, plot_development).
 * - While the child is answering story questions or playing a game, words inside the answer are
 *   story material ("a scary cave", "learn to share"): only feelings the child states about
 *   themselves ("I'm scared") and clear requests ("can we play a game") interrupt.
 * - Safety comes first: a message that shows a child may be at risk or in danger gets a fixed reply
 *   and moves to emotional support; a medical question gets a fixed reply and changes nothing else.
 */

export interface MemoryView {
  /** the child's name Nino remembers, if any */
  name?: string;
  age?: number;
  favoriteThemes: string[];
  preferredArtStyles: string[];
  storiesCreated: number;
  activitiesCompleted: number;
  /** ISO timestamp of the last conversation, null for a first visit */
  lastInteraction: string | null;
  siblings: string[];
  parents: string[];
  pets: string[];
  /** 0-1 (behavior.completionRate); 0 when unknown */
  completionRate?: number;
}

export const emptyMemory = (): MemoryView => ({
  favoriteThemes: [],
  preferredArtStyles: [],
  storiesCreated: 0,
  activitiesCompleted: 0,
  lastInteraction: null,
  siblings: [],
  parents: [],
  pets: [],
  completionRate: 0,
});

/** What Nino last offered, so a plain "yes" knows what it agrees to. */
export type Offer = "story" | "game" | "comfort" | "family_story" | null;

export interface ConversationState {
  sessionId: string;
  childName: string;
  age: number | null;
  currentTopic: string | null;
  /** capped at NINO_LIMITS.historyCap */
  history: ChatMessage[];
  preferences: {
    communicationStyle: "gentle" | "excited" | "wise" | "playful" | "curious";
    preferredTopics: string[];
    learningLevel: "beginner" | "intermediate" | "advanced";
    interests: string[];
    family: { siblings: string[]; pets: string[]; parents: string[] };
  };
  emotional: { currentMood: Emotion; history: Emotion[]; comfortLevel: number; engagementLevel: number };
  flow: { current: FlowType; step: string; stepHistory: string[]; nextSteps: string[] };
  storyData: Partial<StoryData>;
  metadata: {
    startTime: string;
    lastActivity: string;
    messageCount: number;
    topics: string[];
    intents: string[];
    emotions: Emotion[];
  };
  /** ADDED: the simple flow's current question (kept while another flow runs) */
  storyStep: SimpleStep;
  /** ADDED: the learning game being played, if any */
  activity: ActivityState | null;
  /** ADDED: what Nino last offered */
  offer: Offer;
}

export interface Deps {
  /** epoch ms */
  now: number;
  /** uniform in [0, 1) */
  random: () => number;
  memory: MemoryView;
  /** true while the child talks by voice (end keywords apply) */
  voiceMode: boolean;
  /** ADDED: the child's UTC offset in minutes for the time of day (0 when unknown) */
  utcOffsetMinutes?: number;
}

export interface NinoReply {
  content: string;
  emotion: Emotion;
  suggestions?: string[];
  /** false when the text is fixed and must not be rephrased by a model (safety, hand-off, errors) */
  rephrasable: boolean;
}

/** What to add to the child's memory (merged by memory.ts: lists are added to, flags counted). */
export type RememberPatch = Partial<MemoryView> & {
  storyCompleted?: boolean;
  activityCompleted?: boolean;
  /** ADDED: a story started and then dropped (start over); lowers the completion rate */
  storyAbandoned?: boolean;
  /** ADDED: a finished learning activity's score, 0-100 */
  activityScore?: { activity: ActivityType; score: number };
  /** ADDED: a feeling the child shared and what comforted them */
  mood?: { mood: Emotion; comfortActivities: string[] };
  /** ADDED: an achievement just earned */
  milestone?: string;
};

export type NinoEffect =
  | { type: "story_complete"; storyData: StoryData }
  | { type: "voice_end"; message: string }
  /** what to add to the child's memory in D1 (merged by the repository) */
  | { type: "remember"; patch: RememberPatch };

export interface Transition {
  state: ConversationState;
  reply: NinoReply;
  effects: NinoEffect[];
}

/** The steps of each flow (spec point 4; general chat and family integration are ours). */
export const FLOW_STEPS: Readonly<Record<FlowType, readonly string[]>> = {
  simple_story: SIMPLE_STEPS,
  story_creation: ["greeting", "character_creation", "setting_creation", "plot_development"],
  emotional_support: ["acknowledgment", "comfort_offering", "story_comfort"],
  learning_activity: ["activity_introduction", "activity_instructions", "activity_progress"],
  general_chat: ["greeting", "chatting"],
  family_integration: ["greeting", "family_sharing", "family_story"],
};

export function createConversation(input: { sessionId: string; childName?: string; age?: number; now: number }): ConversationState {
  const at = new Date(input.now).toISOString();
  return {
    sessionId: input.sessionId,
    childName: input.childName?.trim() || NINO_LIMITS.defaultChildName,
    age: input.age ?? null,
    currentTopic: null,
    history: [],
    preferences: {
      communicationStyle: "gentle",
      preferredTopics: [],
      learningLevel: "beginner",
      interests: [],
      family: { siblings: [], pets: [], parents: [] },
    },
    emotional: { currentMood: "neutral", history: [], comfortLevel: 0.5, engagementLevel: 0.5 },
    flow: { current: "simple_story", step: "greeting", stepHistory: [], nextSteps: [...SIMPLE_STEPS.slice(1)] },
    storyData: {},
    metadata: { startTime: at, lastActivity: at, messageCount: 0, topics: [], intents: [], emotions: [] },
    storyStep: "greeting",
    activity: null,
    offer: null,
  };
}

// ------------------------------------------------------------------------------------------------
// greeting and start over
// ------------------------------------------------------------------------------------------------

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
    first: [`Good ${tod}, ${name}! I'm Nino, your storytelling bird.`, `Hello, ${name}! I'm Nino. What a lovely ${tod} for a story!`, `Hi ${name}, I'm Nino! I love making up stories.`],
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
        ? [`You've made ${stories === 1 ? "a story" : `${stories} stories`} with me. Shall we make another one together?`, `Shall we make up a brand new story today?`]
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
        [`Okay, ${s.childName}, a fresh new story! Are you ready to begin?`, `Let's start again from the very beginning, ${s.childName}. Ready for a brand new story?`, `A clean new page! Shall we start our new story, ${s.childName}?`],
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

// ------------------------------------------------------------------------------------------------
// one child message
// ------------------------------------------------------------------------------------------------

interface Ctx {
  text: string;
  reading: EmotionReading;
  intent: Intent;
  deps: Deps;
  /** the line Nino said last (never said twice in a row) */
  last: string | null;
  effects: NinoEffect[];
  patch: RememberPatch;
  /** pets known before or from this message */
  pets: string[];
  /** the family member a "yes" to a family story puts in as the hero */
  familyHero: string | null;
}

interface Say {
  content: string;
  emotion: Emotion;
  suggestions?: string[];
  rephrasable?: boolean;
}

type Turn = { state: ConversationState; say: Say };

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
  const ctx: Ctx = { text, reading, intent, deps, last, effects: [], patch: {}, pets: [], familyHero: before.offer === "family_story" ? before.currentTopic : null };
  s = learnAboutChild(s, text, family, ctx);

  let turn: Turn;
  const safety = checkSafety(text);
  if (safety) {
    const say: Say = { content: safetyReply(safety.kind, last), emotion: "gentle", rephrasable: false };
    turn =
      safety.kind === "medical"
        ? { state: s, say }
        : { state: goTo(goTo({ ...s, activity: null, offer: null }, "emotional_support", "greeting"), "emotional_support", "acknowledgment"), say };
  } else if (isPlainGoodbye(text)) {
    turn = {
      state: s,
      say: { content: pick([`Bye-bye, ${s.childName}! Come back any time you want to make a story.`, `See you soon, ${s.childName}! I'll be right here in my nest.`, `Goodbye, ${s.childName}! It was lovely talking with you.`], deps.random, last), emotion: "gentle" },
    };
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
  return { state: withNino(turn.state, reply, deps.now), reply, effects: ctx.effects };
}

const EFFECT_ORDER: Record<NinoEffect["type"], number> = { story_complete: 0, remember: 1, voice_end: 2 };

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

// ------------------------------------------------------------------------------------------------
// routing: the branching rules
// ------------------------------------------------------------------------------------------------

const STORY_FLOWS: readonly FlowType[] = ["simple_story", "story_creation"];
export const isStoryFlow = (f: FlowType): boolean => STORY_FLOWS.includes(f);

const YES_WORDS = ["yes", "yeah", "yep", "yup", "ok", "okay", "sure", "please", "yes please", "let's go", "lets go", "alright", "of course", "go on", "why not"] as const;
export function isYes(text: string): boolean {
  return findPhrase(normalize(text), YES_WORDS) !== null && !isNo(text);
}

/**
 * The flow a message moves to, or null to stay. The rules in the spec's order; "focused" means the
 * child is answering a story question or playing a game, where only clear signals interrupt.
 */
export function route(s: ConversationState, ctx: Pick<Ctx, "text" | "reading" | "intent">, known: { siblings: string[]; parents: string[] }): FlowType | null {
  const current = s.flow.current;
  const storyOpen = isStoryFlow(current) && s.storyStep !== "complete";
  const answering = storyOpen && s.storyStep !== "greeting";
  const gaming = current === "learning_activity" && s.activity !== null;
  const focused = answering || gaming;
  // in emotional support "a story" and "the game" mean a calm story and the breathing game
  const comforting = current === "emotional_support";
  const { text, reading, intent } = ctx;

  // 1. sad, scared or angry → emotional support (a request for comfort too: intent move)
  const hurting = (reading.emotion === "sad" || reading.emotion === "scared" || reading.emotion === "angry") && (reading.self || (!focused && intent !== "story_creation"));
  if ((hurting || (intent === "emotional_support" && !focused)) && current !== "emotional_support") return "emotional_support";
  // 2. a learning intent or the keyword 'learn' → learning activity
  const learning = focused ? isStrongLearningRequest(text) : intent === "learning_activity" || mentionsLearn(text);
  if (learning && current !== "learning_activity" && !(comforting && !isStrongLearningRequest(text))) return "learning_activity";
  if (learning && current === "learning_activity" && gaming && isStrongLearningRequest(text) && chooseActivity(text) !== null) return "learning_activity";
  // 3. a known sibling or parent → family integration
  if (!focused && current !== "family_integration" && mentionedKnownFamily(text, known)) return "family_integration";
  // 4. a story intent → story creation (a "yes" to Nino's offer of a story counts)
  const offerYes = !focused && isYes(text);
  if ((intent === "story_creation" && !storyOpen && (!comforting || isStrongStoryRequest(text))) || (offerYes && s.offer === "story" && !storyOpen) || (offerYes && s.offer === "family_story")) return "story_creation";
  if (offerYes && s.offer === "game" && current !== "learning_activity") return "learning_activity";
  // 5. happy or excited → back to general chat (from emotional support)
  if ((reading.emotion === "happy" || reading.emotion === "excited") && current === "emotional_support") return "general_chat";
  // help_request → general chat (intent move); a finished story → chat
  if (intent === "help_request" && !focused && current !== "general_chat" && current !== "emotional_support" && !(storyOpen && s.storyStep === "greeting" && asksNinoToPick(text))) return "general_chat";
  if (isStoryFlow(current) && s.storyStep === "complete") return "general_chat";
  return null;
}

/** Enters a flow after a branch (its step already reset to greeting): its first step answers. */
function enter(flow: FlowType, s: ConversationState, ctx: Ctx): Turn {
  const { deps, last } = ctx;
  const name = s.childName;
  if (flow !== "learning_activity" && s.activity) s = { ...s, activity: null };
  switch (flow) {
    case "emotional_support": {
      const e = ctx.reading.emotion;
      const lines: Record<string, string[]> = {
        sad: [
          `Oh, ${name}, I'm sorry you feel sad. It's okay to feel sad sometimes. Do you want to tell me what happened?`,
          `I'm right here with you, ${name}. Feeling sad is hard. Would you like to tell me about it?`,
          `Thank you for telling me how you feel, ${name}. Sad feelings are okay. What's making you feel this way?`,
        ],
        scared: [
          `That sounds scary, ${name}. It's okay to feel scared, and I'm right here with you. What's making you feel scared?`,
          `Oh, ${name}, scared feelings can be big. Let's be brave together. Can you tell me what's scary?`,
        ],
        angry: [
          `It sounds like you feel really cross, ${name}. That's okay: everyone feels angry sometimes. What happened?`,
          `Angry feelings are like a storm inside, ${name}. Storms pass. Do you want to tell me what happened?`,
        ],
        other: [`I'm here for you, ${name}. How are you feeling?`, `Let's talk, ${name}. I'm listening. How do you feel?`],
      };
      const say = pick(lines[e === "sad" || e === "scared" || e === "angry" ? e : "other"], deps.random, last);
      return { state: goTo({ ...s, offer: null }, "emotional_support", "acknowledgment"), say: { content: say, emotion: "gentle", suggestions: ["A calm story", "A breathing game"] } };
    }
    case "learning_activity": {
      const chosen = chooseActivity(ctx.text);
      return chosen ? beginActivity(s, chosen, ctx) : activityIntro(s, ctx);
    }
    case "family_integration": {
      const who = mentionedKnownFamily(ctx.text, { siblings: union(s.preferences.family.siblings, deps.memory.siblings), parents: union(s.preferences.family.parents, deps.memory.parents) }) ?? "them";
      const ref = familyRef(who);
      const say = pick(
        [`Oh, ${ref}! I remember. What does ${ref} like to do?`, `I love hearing about ${ref}! What's ${ref} up to?`, `${capitalize(ref)}! Tell me something fun about ${ref}.`],
        deps.random,
        last,
      );
      return { state: goTo({ ...s, currentTopic: who }, "family_integration", "family_sharing"), say: { content: say, emotion: "curious" } };
    }
    case "story_creation":
      return enterStory(s, ctx);
    case "general_chat":
      return generalTurn(s, ctx, true);
    case "simple_story":
      return storyTurn(s, ctx);
  }
}

function continueFlow(s: ConversationState, ctx: Ctx): Turn {
  switch (s.flow.current) {
    case "simple_story":
    case "story_creation":
      return storyTurn(s, ctx);
    case "emotional_support":
      return comfortTurn(s, ctx);
    case "learning_activity":
      return learningTurn(s, ctx);
    case "family_integration":
      return familyTurn(s, ctx);
    case "general_chat":
      return generalTurn(s, ctx, false);
  }
}

// ------------------------------------------------------------------------------------------------
// the story (simple flow and story creation)
// ------------------------------------------------------------------------------------------------

function setStoryStep(s: ConversationState, step: SimpleStep): ConversationState {
  const flowStep = s.flow.current === "story_creation" ? storyCreationPhase(step) : step;
  const next = { ...s, storyStep: step };
  return flowStep === s.flow.step && s.flow.current !== "simple_story" ? next : goTo(next, s.flow.current, flowStep);
}

function enterStory(s: ConversationState, ctx: Ctx): Turn {
  const { deps, last } = ctx;
  // a story with a family member: "yes" to Nino's offer puts them in as the hero
  const hero = ctx.familyHero && !ctx.familyHero.startsWith("a ") ? ctx.familyHero : null;
  // a story with a family member (the child said yes to it) starts afresh with them as the hero
  const fresh = s.storyStep === "greeting" || s.storyStep === "complete" || (s.storyStep === "character_name" && !s.storyData.characterName) || hero !== null;
  if (fresh) {
    s = { ...s, storyData: {} };
    if (hero) {
      // the flow's step stays at greeting: Nino has just greeted the story and asked its first question
      s = { ...s, storyData: { characterName: hero }, storyStep: "character_age" };
      const q = question(s, "character_age", deps, last);
      return { state: s, say: { ...q, content: `Yay! A story starring ${hero}! ${q.content}` } };
    }
    s = { ...s, storyStep: "character_name" };
    const q = question(s, "character_name", deps, last);
    const intro = pick(["Yay, a story!", "Ooh, I love making stories!", "Let's make a story together!"], deps.random, last);
    return { state: s, say: { ...q, content: `${intro} ${q.content}` } };
  }
  const q = question(s, s.storyStep, deps, last);
  const intro = pick(
    [`Let's get back to our story${s.storyData.characterName ? ` about ${s.storyData.characterName}` : ""}!`, "Back to our story! Where were we?", "Our story was waiting for us!"],
    deps.random,
    last,
  );
  return { state: s, say: { ...q, content: `${intro} ${q.content}` } };
}

const RESTART_WORDS = ["start over", "start again", "restart", "begin again", "new story", "change it", "do it again"] as const;

function storyTurn(s: ConversationState, ctx: Ctx): Turn {
  const { text, deps, last } = ctx;
  const step = s.storyStep;
  // "yes!" to "what kind of story?" lets Nino choose too
  const ninoPicks = asksNinoToPick(text) || (step !== "greeting" && step !== "review" && isYes(text) && text.split(/\s+/).length <= 2);
  const picked = (v: string) => (ninoPicks ? `${pick(["Okay, I'll choose!", "Let me pick!", "Leave it to me!"], deps.random, last)} ${v}` : "");

  if (step === "greeting") {
    if (isNo(text)) return generalTurn(goTo({ ...s, offer: null }, "general_chat", "greeting"), ctx, true, "declined");
    const next = setStoryStep(s, "character_name");
    const q = question(next, "character_name", deps, last);
    const hello = ctx.intent === "greeting" ? [`Hello, ${s.childName}! Let's begin.`, `Hi, ${s.childName}! Here we go.`] : ["Hooray!", "Wonderful!", "Let's begin!", "Yay!"];
    return { state: next, say: { ...q, content: `${pick(hello, deps.random, last)} ${q.content}` } };
  }
  // a question back is answered kindly and the step's question asked again (it is not an answer)
  if (step !== "review" && step !== "complete" && isQuestionBack(text)) {
    const q = question(s, step, deps, last);
    const answer = pick(
      [
        `Ooh, good question! I'm a storybook bird, so let's ask a grown-up to help find out later.`,
        `I love your questions, ${s.childName}! Let's wonder about that together after our story.`,
        `Hmm, that's a big question! Maybe our story can find out.`,
      ],
      deps.random,
      last,
    );
    return { state: s, say: { ...q, content: `${answer} ${q.content}` } };
  }
  // a plain "no" to a story question: the story waits (it keeps its place) and we chat
  if (isNo(text)) {
    const content = pick([`That's okay, ${s.childName}! Our story will wait for us. What would you like to do?`, `No problem! We can finish the story later. What shall we do now?`], deps.random, last);
    return { state: goTo({ ...s, offer: "story" }, "general_chat", "chatting"), say: { content, emotion: "gentle", suggestions: ["Back to our story", "Play a game"] } };
  }
  if (step === "review") {
    if (findPhrase(normalize(text), RESTART_WORDS)) {
      ctx.patch.storyAbandoned = true;
      const next = setStoryStep({ ...s, storyData: {} }, "character_name");
      const q = question(next, "character_name", deps, last);
      return { state: next, say: { ...q, content: `No problem, let's make it again! ${q.content}` } };
    }
    return completeStory(s, ctx);
  }

  const data: Partial<StoryData> = { ...s.storyData };
  let note = "";
  switch (step) {
    case "character_name":
      data.characterName = ninoPicks ? pick(NINO_CHOICES.characterName, deps.random) : parseCharacterName(text, s.childName);
      note = picked(`Our hero is called ${data.characterName}.`);
      break;
    case "character_age":
      data.characterAge = parseAge(text);
      break;
    case "setting":
      data.setting = ninoPicks ? pick(NINO_CHOICES.setting, deps.random) : stripEnd(cleanAnswer(text, 300)) || NINO_CHOICES.setting[0];
      note = picked(`It happens in ${data.setting}.`);
      break;
    case "theme":
      data.theme = ninoPicks ? pick(storyIdeas(deps.random, deps.memory.favoriteThemes).map((i) => i.theme), deps.random) : matchTheme(text);
      note = picked(`Let's make it ${/^[aeiou]/i.test(data.theme) ? "an" : "a"} ${data.theme.toLowerCase()} story.`);
      break;
    case "plot":
      data.plot = ninoPicks ? `${data.characterName ?? "Our hero"} ${pick(NINO_CHOICES.plot, deps.random)}` : stripEnd(cleanAnswer(text, 1000)) || NINO_CHOICES.plot[0];
      note = picked(`${data.plot}.`);
      break;
    case "moral":
      data.moral = ninoPicks ? pick(NINO_CHOICES.moral, deps.random) : stripEnd(cleanAnswer(text, 300)) || NINO_CHOICES.moral[0];
      note = picked(`The lesson is: ${data.moral}.`);
      break;
    case "art_style": {
      const style = ninoPicks ? null : matchArtStyle(text);
      data.artStyle = style ?? recommendations(deps.memory, deps.random).artStyles[0];
      note = style ? "" : `${ninoPicks ? "Let me pick!" : "Hmm, I'll choose for you!"} The pictures will be ${artStyleLabel(data.artStyle).toLowerCase()}.`;
      break;
    }
  }
  const upcoming = nextStep(step);
  const next = setStoryStep({ ...s, storyData: data, currentTopic: data.theme ?? s.currentTopic }, upcoming);
  const q = question(next, upcoming, deps, last);
  return { state: next, say: { ...q, content: note ? `${note} ${q.content}` : q.content } };
}

function completeStory(s: ConversationState, ctx: Ctx): Turn {
  const { deps, last } = ctx;
  const storyData = completeStoryData(s.storyData);
  ctx.effects.push({ type: "story_complete", storyData });
  ctx.patch.storyCompleted = true;
  ctx.patch.favoriteThemes = [storyData.theme];
  ctx.patch.preferredArtStyles = [storyData.artStyle];
  const rate = deps.memory.completionRate ?? 0;
  const earned = newAchievements(
    { storiesCreated: deps.memory.storiesCreated, activitiesCompleted: deps.memory.activitiesCompleted, completionRate: rate },
    { storiesCreated: deps.memory.storiesCreated + 1, activitiesCompleted: deps.memory.activitiesCompleted, completionRate: rate },
  );
  if (earned.length > 0) ctx.patch.milestone = earned[0].title;
  const cheer = pick(["Hooray!", "Wonderful!", "Yippee!"], deps.random, last);
  const badge = earned.length > 0 ? ` You earned the ${earned.map((a) => a.title).join(" and ")} badge!` : "";
  const next = setStoryStep({ ...s, storyData, offer: null }, "complete");
  return {
    state: next,
    say: {
      content: `${cheer} ${storyData.characterName}'s story is ready to make.${badge} I'm taking you to the story form now, where a grown-up can check everything and press create.`,
      emotion: "excited",
      rephrasable: false,
    },
  };
}

/** The question Nino asks at a step, echoing what the child said before. */
function question(s: ConversationState, step: SimpleStep, deps: Deps, last: string | null): Say {
  const d = s.storyData;
  const hero = d.characterName ?? "our hero";
  const r = deps.random;
  switch (step) {
    case "greeting":
      return { content: pick(["Shall we make up a story together?", "Would you like to make a story with me?"], r, last), emotion: "excited", suggestions: ["Yes, let's make a story!"] };
    case "character_name": {
      const pets = knownPets(s, deps.memory);
      let content = pick(["Who should the hero of our story be? Tell me their name!", "Every story needs a hero. What's our hero called?", "Let's start with our hero. What's their name?"], r, last);
      if (pets.length > 0) content += ` Maybe ${pets[0]} could be in it too!`;
      const names = s.childName !== NINO_LIMITS.defaultChildName ? [s.childName, ...sample(NINO_CHOICES.characterName, 2, r)] : sample(NINO_CHOICES.characterName, 3, r);
      return { content, emotion: "curious", suggestions: names };
    }
    case "character_age":
      return {
        content: pick([`${hero}! What a great name. How old is ${hero}?`, `I love the name ${hero}! How old is ${hero}?`, `Hello, ${hero}! How many years old is our hero?`], r, last),
        emotion: "excited",
        suggestions: ["5", "7", "9", "100"],
      };
    case "setting": {
      const age = d.characterAge ?? NINO_LIMITS.defaultCharacterAge;
      return {
        content: pick(
          [`${age} years old, perfect! Where does ${hero}'s story happen?`, `So ${hero} is ${age}. Where does the story take place? A castle, a jungle, the moon?`, `${age}! Now, where does ${hero} live?`],
          r,
          last,
        ),
        emotion: "curious",
        suggestions: sample(NINO_CHOICES.setting, 3, r),
      };
    }
    case "theme": {
      const ideas = storyIdeas(r, deps.memory.favoriteThemes);
      let content = pick([`Ooh, ${stripEnd(d.setting ?? "what a place")}! What kind of story shall it be?`, `${capitalize(stripEnd(d.setting ?? "That"))} sounds wonderful. What kind of story is it?`, `What a place for ${hero}! What kind of story shall we make?`], r, last);
      if (deps.memory.favoriteThemes.length > 0) {
        const fresh = recommendations(deps.memory, r).themes[0];
        if (fresh) content += ` You haven't tried ${/^[aeiou]/i.test(fresh) ? "an" : "a"} ${fresh.toLowerCase()} story yet!`;
      }
      return { content, emotion: "curious", suggestions: ideas.map((i) => `${i.icon} ${i.label}`) };
    }
    case "plot": {
      const theme = (d.theme ?? "magical").toLowerCase();
      return {
        content: pick([`${/^[aeiou]/.test(theme) ? "An" : "A"} ${theme} story, lovely! What happens to ${hero}?`, `${capitalize(theme)}! Great choice. So what does ${hero} do in the story?`, `What an idea! Tell me what happens in ${hero}'s ${theme} story.`], r, last),
        emotion: "excited",
        suggestions: sample(NINO_CHOICES.plot, 2, r).map((p) => `${hero} ${p}`.slice(0, 80)),
      };
    }
    case "moral":
      return {
        content: pick([`Ooh, exciting! What should ${hero} learn by the end of the story?`, `What a plot! What's the lesson of the story? Maybe being kind, or being brave?`, `I can't wait to see that! What will ${hero} learn?`], r, last),
        emotion: "thoughtful",
        suggestions: sample(NINO_CHOICES.moral, 3, r),
      };
    case "art_style": {
      const rec = recommendations(deps.memory, r).artStyles;
      const all = [...rec, ...["watercolor", "cartoon", "storybook", "fairy tale", "paper cut-out", "crayon"].filter((id) => !rec.includes(id))];
      return {
        content: pick(["Last question! What kind of pictures should the book have?", "Nearly done! How should the pictures look?", "One more thing: what style of pictures do you like?"], r, last),
        emotion: "playful",
        suggestions: all.map(artStyleLabel),
      };
    }
    case "review":
      return { content: `${readBack(completeStoryData(d))} Shall I get it ready?`, emotion: "thoughtful", suggestions: ["Yes, make my story!", "Start over"] };
    case "complete":
      return { content: "Your story is on its way to the story form!", emotion: "excited" };
  }
}

// ------------------------------------------------------------------------------------------------
// emotional support
// ------------------------------------------------------------------------------------------------

const BREATHING_WORDS = ["breathe", "breathing", "breath", "breaths", "game", "balloon"] as const;
const CALM_STORY_WORDS = ["story", "stories", "tell me", "calm story"] as const;

function comfortTurn(s: ConversationState, ctx: Ctx): Turn {
  const { text, deps, last } = ctx;
  const name = s.childName;
  const norm = normalize(text);
  const wantsBreathing = findPhrase(norm, BREATHING_WORDS) !== null;
  const wantsStory = findPhrase(norm, CALM_STORY_WORDS) !== null || (s.flow.step === "comfort_offering" && isYes(text));
  if (s.flow.step === "acknowledgment" && !wantsBreathing && !wantsStory) {
    const pets = ctx.pets;
    let content = pick(
      [
        `Thank you for telling me, ${name}. Your feelings matter. Would you like me to tell you a calm story, or shall we play a breathing game together?`,
        `That sounds hard, ${name}. I'm glad you told me. We could do a slow breathing game, or I can tell you a gentle story. Which would you like?`,
        `I hear you, ${name}. It's okay to feel this way. Shall I tell you a cosy story, or shall we breathe slowly together?`,
      ],
      deps.random,
      last,
    );
    if (pets.length > 0) content += ` A cuddle with ${pets[0]} might help too.`;
    return { state: goTo({ ...s, offer: "comfort" }, "emotional_support", "comfort_offering"), say: { content, emotion: "gentle", suggestions: ["A calm story", "A breathing game"] } };
  }
  if (wantsBreathing || wantsStory) {
    const activity = wantsBreathing ? "breathing game" : "calm story";
    ctx.patch.mood = { mood: s.emotional.currentMood, comfortActivities: [activity] };
    const content = wantsBreathing ? breathingGame(name, deps, last) : calmStory(s, ctx);
    return {
      state: goTo({ ...s, offer: null }, "emotional_support", "story_comfort"),
      say: { content: `${content} How do you feel now?`, emotion: "gentle", suggestions: ["I feel better", "Another story please", "Let's breathe again"] },
    };
  }
  const content = pick(
    [
      `It's okay to still feel this way, ${name}. I'm right here. Talking to a grown-up you trust, like a parent or a teacher, can really help too. Would you like a calm story, or shall we breathe together?`,
      `Big feelings take time to float away, ${name}. A hug from a grown-up you trust can help. Shall I tell you a gentle story, or shall we do the breathing game?`,
    ],
    deps.random,
    last,
  );
  return { state: goTo({ ...s, offer: "comfort" }, "emotional_support", "story_comfort"), say: { content, emotion: "gentle", suggestions: ["A calm story", "A breathing game"] } };
}

function breathingGame(name: string, deps: Deps, last: string | null): string {
  return pick(
    [
      `Let's breathe together, ${name}. Breathe in slowly, like you're smelling a flower: one, two, three, four. Now breathe out, like you're blowing out a birthday candle: one, two, three, four. Let's do that two more times, nice and slow.`,
      `Let's be balloons, ${name}! Breathe in and fill up your tummy like a big balloon: one, two, three. Now let the air out slowly: sss, two, three, four. Once more: in like a balloon, and out, slow and gentle.`,
      `Put your hand on your tummy, ${name}. Breathe in through your nose and feel your tummy rise: one, two, three, four. Breathe out through your mouth like gentle wind: one, two, three, four. You're doing wonderfully.`,
    ],
    deps.random,
    last,
  );
}

function calmStory(s: ConversationState, ctx: Ctx): string {
  const { deps, last } = ctx;
  const friend = ctx.pets[0] ?? s.storyData.characterName ?? "a little owl called Hoot";
  return pick(
    [
      `Once upon a time, a little cloud called Puff floated over a sleepy meadow. Whenever Puff felt heavy, Puff rained a little, and then the sun came out and painted a rainbow. Sad feelings can be like rain: they come, and then they pass. ${capitalize(friend)} watched the rainbow and smiled.`,
      `Once upon a time, ${friend} found a quiet pond under the stars. The frogs sang softly, the water sparkled, and the moon whispered, "You are safe, and you are loved." ${capitalize(friend)} took a big slow breath and felt calm and cosy.`,
      `Once upon a time, a small turtle carried a warm little house on its back. When the world felt too big, the turtle rested inside, counted to ten, and came out again, brave and calm. ${capitalize(friend)} learned that it's okay to take a little rest.`,
    ],
    deps.random,
    last,
  );
}

// ------------------------------------------------------------------------------------------------
// learning activities
// ------------------------------------------------------------------------------------------------

function activityIntro(s: ConversationState, ctx: Ctx): Turn {
  const content = pick(
    [`Let's play a learning game, ${s.childName}! We can play ${activityMenu()}. Which one would you like?`, `Game time! Would you like ${activityMenu()}?`, `I know three games: ${activityMenu()}. Which shall we play?`],
    ctx.deps.random,
    ctx.last,
  );
  return { state: goTo({ ...s, activity: null, offer: "game" }, "learning_activity", "activity_introduction"), say: { content, emotion: "playful", suggestions: activitySuggestions() } };
}

function beginActivity(s: ConversationState, type: ActivityType, ctx: Ctx): Turn {
  const t = startActivity(type, ctx.deps.random);
  return {
    state: goTo({ ...s, activity: t.activity, offer: null }, "learning_activity", "activity_instructions"),
    say: { content: t.text, emotion: "playful", suggestions: t.suggestions },
  };
}

const STOP_GAME_WORDS = ["stop", "stop the game", "no more", "i don't want to play", "i dont want to play", "end the game", "quit", "i'm bored", "im bored", "finish the game"] as const;

function learningTurn(s: ConversationState, ctx: Ctx): Turn {
  const { text, deps, last } = ctx;
  // "stop", "no more", "I don't want to play": the game ends without a score
  if (s.activity && (isNo(text) || findPhrase(normalize(text), STOP_GAME_WORDS))) {
    const content = pick([`Okay, ${s.childName}, we can stop the game. That was fun!`, `No problem! We'll play again another time.`], deps.random, last);
    return {
      state: goTo({ ...s, activity: null, offer: "story" }, "general_chat", "chatting"),
      say: { content: `${content} Would you like to make a story, or just chat?`, emotion: "gentle", suggestions: ["Make a story", "Play a game"] },
    };
  }
  if (s.activity) {
    const t = playActivity(s.activity, text, deps.random, last);
    if (t.activity) {
      return { state: goTo({ ...s, activity: t.activity }, "learning_activity", "activity_progress"), say: { content: t.text, emotion: "playful", suggestions: t.suggestions } };
    }
    const score = t.score ?? 0;
    ctx.patch.activityCompleted = true;
    ctx.patch.activityScore = { activity: s.activity.type, score };
    const earned = newAchievements(
      { storiesCreated: deps.memory.storiesCreated, activitiesCompleted: deps.memory.activitiesCompleted, completionRate: deps.memory.completionRate ?? 0 },
      { storiesCreated: deps.memory.storiesCreated, activitiesCompleted: deps.memory.activitiesCompleted + 1, completionRate: deps.memory.completionRate ?? 0 },
    );
    if (earned.length > 0) ctx.patch.milestone = earned[0].title;
    const badge = earned.length > 0 ? ` You earned the ${earned[0].title} badge!` : "";
    return {
      state: goTo({ ...s, activity: null, offer: "game" }, "learning_activity", "activity_progress"),
      say: { content: `${t.text}${badge} Would you like to play another game, or make a story?`, emotion: "excited", suggestions: [...activitySuggestions(), "Make a story"] },
    };
  }
  const chosen = chooseActivity(text);
  if (chosen) return beginActivity(s, chosen, ctx);
  if (asksNinoToPick(text) || (s.flow.step === "activity_introduction" && isYes(text))) {
    return beginActivity(s, (["find-hidden", "draw-picture", "memory-game"] as const)[Math.min(2, Math.floor(deps.random() * 3))], ctx);
  }
  if (isYes(text)) return activityIntro(s, ctx);
  if (s.flow.step === "activity_introduction" && !isNo(text)) {
    const content = pick([`Which game shall we play? ${capitalize(activityMenu())}?`, `You can pick ${activityMenu()}. Or say "you choose"!`], deps.random, last);
    return { state: s, say: { content, emotion: "playful", suggestions: activitySuggestions() } };
  }
  return generalTurn(goTo({ ...s, offer: null }, "general_chat", "greeting"), ctx, true, isNo(text) ? "declined" : undefined);
}

// ------------------------------------------------------------------------------------------------
// family and general chat
// ------------------------------------------------------------------------------------------------

function familyRef(who: string): string {
  if (who.startsWith("a ")) return `your ${who.slice(2)}`;
  if (["Mum", "Mom", "Mama", "Dad", "Papa"].includes(who)) return `your ${who.toLowerCase()}`;
  return who;
}

function familyTurn(s: ConversationState, ctx: Ctx): Turn {
  const { text, deps, last } = ctx;
  const who = s.currentTopic ?? "them";
  const ref = familyRef(who);
  if (s.flow.step === "family_sharing") {
    const content = pick([`That sounds lovely! Shall we make a story with ${ref} in it?`, `I like ${ref} already! Would you like to make a story starring ${ref}?`], deps.random, last);
    return { state: goTo({ ...s, offer: "family_story" }, "family_integration", "family_story"), say: { content, emotion: "excited", suggestions: ["Yes!", "Maybe later"] } };
  }
  if (isNo(text) || s.flow.step === "family_story") return generalTurn(goTo({ ...s, offer: null }, "general_chat", "greeting"), ctx, true, isNo(text) ? "declined" : undefined);
  return generalTurn(s, ctx, false);
}

function generalTurn(s: ConversationState, ctx: Ctx, entering: boolean, why?: "declined"): Turn {
  const { text, deps, last, intent, reading } = ctx;
  const name = s.childName;
  const r = deps.random;
  const storyOpen = s.storyStep !== "greeting" && s.storyStep !== "complete";
  const invite = storyOpen
    ? `Shall we go back to our story${s.storyData.characterName ? ` about ${s.storyData.characterName}` : ""}, or play a game?`
    : pick(["Would you like to make a story or play a game?", "Shall we make up a story, or play a learning game?"], r);
  const suggestions = [storyOpen ? "Back to our story" : "Make a story", "Play a game"];
  let content: string;
  let emotion: Emotion = "playful";
  if (why === "declined") {
    content = pick([`That's okay, ${name}! What would you like to talk about?`, `No problem, ${name}. We can just chat. What's on your mind?`], r, last);
    emotion = "gentle";
  } else if (intent === "help_request") {
    content = pick(
      [`I can help you make up a story, play a learning game, or just chat, ${name}. ${invite}`, `Here's what we can do, ${name}: make a story together, play a game, or talk about your day. ${invite}`],
      r,
      last,
    );
    emotion = "gentle";
  } else if (reading.emotion === "happy" || reading.emotion === "excited") {
    const fromComfort = s.flow.stepHistory.includes("story_comfort") && entering;
    content = fromComfort
      ? pick([`I'm so glad you feel better, ${name}! ${invite}`, `Yay, that makes my feathers happy, ${name}! ${invite}`], r, last)
      : pick([`That's wonderful, ${name}! ${invite}`, `Hooray! I love how happy you sound, ${name}. ${invite}`, `Yippee! ${invite}`], r, last);
    emotion = "excited";
  } else if (findPhrase(normalize(text), ["thank you", "thanks", "thank u", "ta"])) {
    content = pick([`You're welcome, ${name}! ${invite}`, `Any time, ${name}! ${invite}`], r, last);
    emotion = "gentle";
  } else if (intent === "greeting") {
    content = pick([`Hello, ${name}! ${invite}`, `Hi there, ${name}! ${invite}`], r, last);
  } else if (reading.emotion === "curious") {
    content = pick([`What a great question, ${name}! I'm a storybook bird, so I know most about stories. We could make a story to find out! ${invite}`, `Ooh, I wonder about that too, ${name}! ${invite}`], r, last);
    emotion = "curious";
  } else if (reading.emotion === "tired") {
    content = pick([`A little sleepy, ${name}? A calm, cosy story could be just right. ${invite}`, `Yawn! Sleepy birds love quiet stories. ${invite}`], r, last);
    emotion = "gentle";
  } else if (ctx.pets.length > 0 && findPhrase(normalize(text), ["dog", "cat", "puppy", "kitten", "rabbit", "bunny", "hamster", "fish", "pony", "tortoise", "bird"])) {
    content = pick([`I'd love to hear more about ${ctx.pets[0]}! ${invite}`, `${capitalize(ctx.pets[0])} sounds wonderful! ${invite}`], r, last);
    emotion = "curious";
  } else {
    const echo = stripEnd(cleanAnswer(text, 60));
    content = pick(
      [`"${echo}": I like that, ${name}! Tell me more. Or ${invite.charAt(0).toLowerCase()}${invite.slice(1)}`, `That's interesting, ${name}! ${invite}`, `Thank you for telling me, ${name}. ${invite}`],
      r,
      last,
    );
  }
  return { state: goTo({ ...s, offer: "story" }, "general_chat", "chatting"), say: { content, emotion, suggestions } };
}

// ------------------------------------------------------------------------------------------------
// state helpers
// ------------------------------------------------------------------------------------------------

/** Fills fields a state stored by an older version lacks (storage outlives code). */
export function normalizeState(state: ConversationState): ConversationState {
  const partial = state as Partial<ConversationState> & ConversationState;
  const storyStep: SimpleStep =
    partial.storyStep ?? ((SIMPLE_STEPS as readonly string[]).includes(state.flow.step) && state.flow.current === "simple_story" ? (state.flow.step as SimpleStep) : "greeting");
  return { ...state, storyStep, activity: partial.activity ?? null, offer: partial.offer ?? null };
}

/** Moves to a flow and step, recording the step left (history capped at 10) and the steps to come. */
function goTo(s: ConversationState, flow: FlowType, step: string): ConversationState {
  if (s.flow.current === flow && s.flow.step === step) return s;
  const steps = FLOW_STEPS[flow];
  const i = steps.indexOf(step);
  return {
    ...s,
    flow: {
      current: flow,
      step,
      stepHistory: [...s.flow.stepHistory, s.flow.step].slice(-NINO_LIMITS.stepHistoryCap),
      nextSteps: i >= 0 ? [...steps.slice(i + 1)] : [...steps],
    },
    metadata: { ...s.metadata, topics: addCapped(s.metadata.topics, flow, 20) },
  };
}

function lastNinoLine(s: ConversationState): string | null {
  for (let i = s.history.length - 1; i >= 0; i--) if (s.history[i].type === "nino") return s.history[i].content;
  return null;
}

const AGAIN_PREFIXES = ["Let me say that again:", "Here it is again:", "So,"];
/** Never the same line twice in a row: a repeated line gets a short lead-in. */
function avoidRepeat(content: string, last: string | null): string {
  if (content !== last) return content;
  for (const p of AGAIN_PREFIXES) if (`${p} ${content}` !== last) return `${p} ${content}`;
  return `${content} `;
}

function addCapped<T>(list: readonly T[], item: T, cap: number): T[] {
  return list.includes(item) ? [...list] : [...list, item].slice(-cap);
}

function union(a: readonly string[], b: readonly string[]): string[] {
  const out = [...a];
  for (const x of b) if (!out.some((y) => y.toLowerCase() === x.toLowerCase())) out.push(x);
  return out;
}

function knownPets(s: ConversationState, memory: MemoryView): string[] {
  return union(s.preferences.family.pets, memory.pets).filter((p) => !p.startsWith("a "));
}

const AGE_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17 };

/** The child's own name, age, family and pets, from "my name is ...", "I'm 6", "my sister Mia". */
function learnAboutChild(s: ConversationState, text: string, family: FamilyMentions, ctx: Ctx): ConversationState {
  const norm = normalize(text);
  const nameMatch = /(?:^| )(?:my name is|my name's|call me) ([\p{L}][\p{L}'-]{0,29})(?: |$)/u.exec(norm);
  if (nameMatch && !["not", "a", "the"].includes(nameMatch[1])) {
    const childName = capitalize(nameMatch[1]);
    s = { ...s, childName };
    ctx.patch.name = childName;
  }
  const ageMatch = /(?:^| )(?:i'm|im|i am) (\d{1,2}|[a-z]+)(?: years? old| and a half)?(?: |$)/.exec(norm);
  if (ageMatch && norm.trim().split(" ").length <= 8) {
    const age = /^\d+$/.test(ageMatch[1]) ? Number(ageMatch[1]) : AGE_WORDS[ageMatch[1]];
    if (age !== undefined && age >= 1 && age <= 17) {
      s = { ...s, age };
      ctx.patch.age = age;
    }
  }
  const fam = s.preferences.family;
  const siblings = union(fam.siblings, family.siblings).slice(-20);
  const parents = union(fam.parents, family.parents).slice(-20);
  const pets = union(fam.pets, family.pets).slice(-20);
  const newSiblings = family.siblings.filter((x) => !union(fam.siblings, ctx.deps.memory.siblings).some((y) => y.toLowerCase() === x.toLowerCase()));
  const newParents = family.parents.filter((x) => !union(fam.parents, ctx.deps.memory.parents).some((y) => y.toLowerCase() === x.toLowerCase()));
  const newPets = family.pets.filter((x) => !union(fam.pets, ctx.deps.memory.pets).some((y) => y.toLowerCase() === x.toLowerCase()));
  if (newSiblings.length) ctx.patch.siblings = newSiblings;
  if (newParents.length) ctx.patch.parents = newParents;
  if (newPets.length) ctx.patch.pets = newPets;
  ctx.pets = union(family.pets, knownPets({ ...s, preferences: { ...s.preferences, family: { siblings, parents, pets } } }, ctx.deps.memory)).filter((p) => !p.startsWith("a "));
  return { ...s, preferences: { ...s.preferences, family: { siblings, parents, pets } } };
}

function withUser(
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

function withNino(s: ConversationState, reply: NinoReply, now: number): ConversationState {
  const timestamp = new Date(now).toISOString();
  const message: ChatMessage = { id: `nino-${s.metadata.messageCount + 1}`, type: "nino", content: reply.content, timestamp, emotion: reply.emotion };
  return {
    ...s,
    history: [...s.history, message].slice(-NINO_LIMITS.historyCap),
    metadata: { ...s.metadata, lastActivity: timestamp, messageCount: s.metadata.messageCount + 1 },
  };
}
