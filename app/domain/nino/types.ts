/**
 * Nino's shared vocabulary. Pure types and constants: the conversation
 * machine (machine/), the Durable Object (workers/nino-session.ts) and the panel all speak these.
 */

/** Emotions Nino reads in a child's words or speaks with: his voice's, the mood-effects table's, and neutral. */
export const EMOTIONS = ["happy", "sad", "excited", "gentle", "wise", "playful", "curious", "scared", "angry", "tired", "thoughtful", "neutral"] as const;
export type Emotion = (typeof EMOTIONS)[number];

/** The emotion badges a message in the panel can carry. */
export const BADGE_EMOTIONS = ["excited", "curious", "gentle", "playful", "thoughtful"] as const;
export type BadgeEmotion = (typeof BADGE_EMOTIONS)[number];

/** Flow types; family_integration is the branch a mention of a sibling or parent takes. */
export const FLOW_TYPES = ["general_chat", "story_creation", "emotional_support", "learning_activity", "family_integration", "simple_story"] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

/** The step-by-step creation in order (the simple flow): each reply advances one step. */
export const SIMPLE_STEPS = ["greeting", "character_name", "character_age", "setting", "theme", "plot", "moral", "art_style", "review", "complete"] as const;
export type SimpleStep = (typeof SIMPLE_STEPS)[number];

/** Story data collected in conversation. */
export interface StoryData {
  characterName: string;
  characterAge: number;
  setting: string;
  theme: string;
  plot: string;
  moral: string;
  artStyle: string;
}

export type Turn = "waiting" | "user" | "nino";
export type AvatarActivity = "idle" | "thinking" | "drawing";
export type AvatarMood = "curious" | "excited" | "playful" | "gentle" | "celebrating";

/** One message of the conversation. */
export interface ChatMessage {
  id: string;
  type: "user" | "nino";
  content: string;
  /** ISO timestamp */
  timestamp: string;
  emotion: Emotion;
  /** user messages only */
  confidence?: number;
  intent?: string;
  entities?: Record<string, string>;
}

/** Limits of the conversation. */
export const NINO_LIMITS = {
  historyCap: 50,
  contextWindow: 10,
  emotionalHistoryCap: 10,
  stepHistoryCap: 10,
  specialMomentsCap: 20,
  /** longest text a child's message may carry */
  maxMessageChars: 500,
  /** largest WebSocket frame the object accepts, bytes */
  maxFrameBytes: 4096,
  defaultChildName: "Friend",
  defaultCharacterAge: 7,
  responseTimeoutMs: 10_000,
  turnTimeoutMs: 15_000,
  responseDelayMs: 500,
} as const;

/** Fixed texts of the companion chat and the voice session. */
export const NINO_TEXTS = {
  busy: "Hold on, I'm still thinking about your last message!",
  notUnderstood: "I'm having trouble understanding. Could you try again?",
  voiceTrouble: "I'm having trouble with voice mode. Let's try typing instead!",
  didNotCatch: "I'm sorry, I didn't quite catch that. Could you say it again?",
  littleTrouble: "I'm having a little trouble right now, but I'm still here! Could you try saying that again?",
  repeat: "Could you please repeat that?",
  voiceEnded: "Voice mode ended. You can still type to continue our conversation!",
  /** a limit a minute reached (the chat model's): Nino's own words, never an error */
  restMinute: "Phew, you're so quick! Let me catch my breath for a minute, and then we can carry on with our story.",
  /** today's quota reached */
  restToday: "What a lot of talking we've done today! My feathers feel sleepy, so I need a little rest now. Let's carry on with our story tomorrow!",
} as const;
