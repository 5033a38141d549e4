import type { ChatMessage, Emotion, FlowType, StoryData } from "./types";
import { NINO_LIMITS, SIMPLE_STEPS } from "./types";

/**
 * THE CONTRACT of the conversation machine (pure: no bindings, no fetch, no Date.now, no
 * Math.random — time and randomness come in through `deps`). The Durable Object stores a
 * `ConversationState` and calls these functions; the panel never runs them.
 *
 * PLACEHOLDER BODY: the signatures are binding; the bodies below only walk the simple flow so the
 * Durable Object can be built in parallel. The machine issue replaces every body.
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
});

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
}

export interface Deps {
  /** epoch ms */
  now: number;
  /** uniform in [0, 1) */
  random: () => number;
  memory: MemoryView;
  /** true while the child talks by voice (end keywords apply) */
  voiceMode: boolean;
}

export interface NinoReply {
  content: string;
  emotion: Emotion;
  suggestions?: string[];
  /** false when the text is fixed and must not be rephrased by a model (safety, hand-off, errors) */
  rephrasable: boolean;
}

export type NinoEffect =
  | { type: "story_complete"; storyData: StoryData }
  | { type: "voice_end"; message: string }
  /** what to add to the child's memory in D1 (merged by the repository) */
  | { type: "remember"; patch: Partial<MemoryView> & { storyCompleted?: boolean; activityCompleted?: boolean } };

export interface Transition {
  state: ConversationState;
  reply: NinoReply;
  effects: NinoEffect[];
}

export function createConversation(input: {
  sessionId: string;
  childName?: string;
  age?: number;
  now: number;
}): ConversationState {
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
  };
}

/** Nino's opening line for a new or resumed conversation (time of day, 'Welcome back' / 'Hi again'). */
export function greet(state: ConversationState, deps: Deps): Transition {
  const reply: NinoReply = { content: `Hello ${state.childName}! Shall we make up a story?`, emotion: "excited", rephrasable: true };
  return { state: withMessage(state, "nino", reply.content, reply.emotion, deps.now), reply, effects: [] };
}

/** One child message in, one reply out (the machine records both in history). */
export function respond(state: ConversationState, input: { text: string; confidence?: number }, deps: Deps): Transition {
  let next = withMessage(state, "user", input.text, "neutral", deps.now);
  const i = SIMPLE_STEPS.indexOf(next.flow.step as (typeof SIMPLE_STEPS)[number]);
  const step = SIMPLE_STEPS[Math.min(i + 1, SIMPLE_STEPS.length - 1)];
  next = { ...next, flow: { ...next.flow, step, stepHistory: [...next.flow.stepHistory, next.flow.step].slice(-10) } };
  const reply: NinoReply = { content: `Tell me more! (${step})`, emotion: "curious", rephrasable: true };
  return { state: withMessage(next, "nino", reply.content, reply.emotion, deps.now), reply, effects: [] };
}

/** Start the story again from the greeting, keeping the child's name and history. */
export function startOver(state: ConversationState, deps: Deps): Transition {
  const reset = { ...state, storyData: {}, flow: { ...state.flow, current: "simple_story" as const, step: "greeting" } };
  return greet(reset, deps);
}

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

function withMessage(state: ConversationState, type: "user" | "nino", content: string, emotion: Emotion, now: number): ConversationState {
  const timestamp = new Date(now).toISOString();
  const message: ChatMessage = { id: `${type}-${state.metadata.messageCount + 1}`, type, content, timestamp, emotion };
  return {
    ...state,
    history: [...state.history, message].slice(-NINO_LIMITS.historyCap),
    metadata: { ...state.metadata, lastActivity: timestamp, messageCount: state.metadata.messageCount + 1 },
  };
}
