import type { ActivityState } from "../activities";
import type { ActivityType } from "../rules";
import type { ChatMessage, Emotion, FlowType, SimpleStep, StoryData } from "../types";
import { NINO_LIMITS, SIMPLE_STEPS } from "../types";

/*
 * The conversation's state as the Durable Object stores it, what the machine needs from outside
 * (`Deps`), what it gives back (`Transition`), and the moves between flows and steps.
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
  /** the simple flow's current question (kept while another flow runs) */
  storyStep: SimpleStep;
  /** the learning game being played, if any */
  activity: ActivityState | null;
  /** what Nino last offered */
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
  /** the child's UTC offset in minutes for the time of day (0 when unknown) */
  utcOffsetMinutes?: number;
  /** the child's market (one of the twenty, app/domain/pricing): the safe reply names its helpline */
  market?: string;
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
  /** a story started and then dropped (start over); lowers the completion rate */
  storyAbandoned?: boolean;
  /** a finished learning activity's score, 0-100 */
  activityScore?: { activity: ActivityType; score: number };
  /** a feeling the child shared and what comforted them */
  mood?: { mood: Emotion; comfortActivities: string[] };
  /** an achievement just earned */
  milestone?: string;
};

export type NinoEffect =
  | { type: "story_complete"; storyData: StoryData }
  | { type: "voice_end"; message: string }
  /** what to add to the child's memory in D1 (merged by the repository) */
  | { type: "remember"; patch: RememberPatch }
  /**
   * Nino gave the safe reply to a child at risk or in danger: the Durable Object keeps the record
   * for the parent and e-mails the parent's account (never the child's words, which the machine
   * has left out of the history)
   */
  | { type: "safe_reply"; kind: "danger" | "risk" };

export interface Transition {
  state: ConversationState;
  reply: NinoReply;
  effects: NinoEffect[];
}

/** The steps of each flow. */
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

const STORY_FLOWS: readonly FlowType[] = ["simple_story", "story_creation"];
export const isStoryFlow = (f: FlowType): boolean => STORY_FLOWS.includes(f);

/** Fills fields a state stored by an older version lacks (storage outlives code). */
export function normalizeState(state: ConversationState): ConversationState {
  const partial = state as Partial<ConversationState> & ConversationState;
  const storyStep: SimpleStep =
    partial.storyStep ??
    ((SIMPLE_STEPS as readonly string[]).includes(state.flow.step) && state.flow.current === "simple_story" ? (state.flow.step as SimpleStep) : "greeting");
  return { ...state, storyStep, activity: partial.activity ?? null, offer: partial.offer ?? null };
}

/** Moves to a flow and step, recording the step left (history capped at 10) and the steps to come. */
export function goTo(s: ConversationState, flow: FlowType, step: string): ConversationState {
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

/** The list with the item added at the end (once), keeping the last `cap`. */
export function addCapped<T>(list: readonly T[], item: T, cap: number): T[] {
  return list.includes(item) ? [...list] : [...list, item].slice(-cap);
}

/** Both lists, without a name twice (compared in any case). */
export function union(a: readonly string[], b: readonly string[]): string[] {
  const out = [...a];
  for (const x of b) if (!out.some((y) => y.toLowerCase() === x.toLowerCase())) out.push(x);
  return out;
}

/** The pets known by name (from this conversation and from memory); "a dog" is not a name. */
export function knownPets(s: ConversationState, memory: MemoryView): string[] {
  return union(s.preferences.family.pets, memory.pets).filter((p) => !p.startsWith("a "));
}
