import type { Emotion, Turn } from "./types";

/**
 * The voice rules (turns, recognition confidence, voice errors, silence and relisten timing, how
 * Nino sounds), pure: the browser's voice engine (app/components/nino/voice/*) asks these what to
 * do; nothing here touches the Web Speech API.
 */

export const SPEECH_LANG = "en-US";

/** Age groups the recognition rules are given for. */
export type AgeGroup = "3-5" | "6-8" | "9-12";

/** The configured age range: used when the child's age is not known. */
export const CONFIGURED_AGE_GROUP: AgeGroup = "6-8";

export function ageGroupFor(age: number | null | undefined): AgeGroup {
  if (age == null || !Number.isFinite(age)) return CONFIGURED_AGE_GROUP;
  if (age <= 5) return "3-5";
  if (age <= 8) return "6-8";
  return "9-12";
}

const THRESHOLDS: Record<AgeGroup, number> = { "3-5": 0.6, "6-8": 0.7, "9-12": 0.8 };
const MULTIPLIERS: Record<AgeGroup, number> = { "3-5": 1.2, "6-8": 1.1, "9-12": 1 };

export function confidenceThreshold(group: AgeGroup): number {
  return THRESHOLDS[group];
}

/** The adjusted confidence a voice message from a child of this age must reach (the configured range when unknown). */
export function speechThreshold(age: number | null | undefined): number {
  return confidenceThreshold(ageGroupFor(age));
}

/** 1.2 for 3-5, 1.1 for 6-8, else 1; plus 0.1 when pitch adjustment is on. */
export function confidenceMultiplier(group: AgeGroup, pitchAdjustment = false): number {
  return round(MULTIPLIERS[group] + (pitchAdjustment ? 0.1 : 0));
}

/** The recognizer's confidence after the multiplier, never above 1. */
export function adjustedConfidence(raw: number, group: AgeGroup, pitchAdjustment = false): number {
  const c = Number.isFinite(raw) ? Math.max(0, raw) : 0;
  return Math.min(1, round(c * confidenceMultiplier(group, pitchAdjustment)));
}

export const REPEAT_PROMPT = "Could you please repeat that?";

export type RecognitionDecision =
  { kind: "ignore" } | { kind: "accept"; text: string; confidence: number } | { kind: "repeat"; message: typeof REPEAT_PROMPT; confidence: number };

/** A result counts only if final and its adjusted confidence reaches the threshold. */
export function judgeRecognition(
  result: { transcript: string; confidence: number; isFinal: boolean },
  options: { age?: number | null; pitchAdjustment?: boolean } = {},
): RecognitionDecision {
  if (!result.isFinal) return { kind: "ignore" };
  const group = ageGroupFor(options.age);
  const confidence = adjustedConfidence(result.confidence, group, options.pitchAdjustment ?? false);
  const text = result.transcript.trim();
  if (!text) return { kind: "ignore" };
  if (confidence + 1e-9 < confidenceThreshold(group)) return { kind: "repeat", message: REPEAT_PROMPT, confidence };
  return { kind: "accept", text, confidence };
}

/** Silence limits: 8 s, 6 s, 4 s by age group; fixed limits per layer. */
const SILENCE_BY_GROUP: Record<AgeGroup, number> = { "3-5": 8000, "6-8": 6000, "9-12": 4000 };
export const SILENCE_MS = { voiceSession: 3000, simpleFlow: 5000, chatLayer: 5000 } as const;

export function silenceLimitMs(group: AgeGroup): number {
  return SILENCE_BY_GROUP[group];
}

/** How long to wait before listening again. */
export const RELISTEN_MS = {
  afterSpeaking: 600,
  afterError: 2000,
  afterStartFailure: 3000,
  afterSpeakingEnds: 1000,
} as const;

/** The turn state machine: waiting, the user's turn, Nino's turn. */
export type TurnEvent = "listening_start" | "speaking_start" | "speaking_end" | "stop";

export function nextTurn(turn: Turn, event: TurnEvent, sessionActive: boolean): { turn: Turn; relistenAfterMs: number | null } {
  switch (event) {
    case "listening_start":
      return { turn: "user", relistenAfterMs: null };
    case "speaking_start":
      return { turn: "nino", relistenAfterMs: null };
    case "speaking_end":
      return { turn: "waiting", relistenAfterMs: sessionActive ? RELISTEN_MS.afterSpeakingEnds : null };
    case "stop":
      return { turn: "waiting", relistenAfterMs: null };
  }
  return { turn, relistenAfterMs: null };
}

/** no-speech: retried up to 3 times, 2 s apart, then typing. */
export const NO_SPEECH = { maxRetries: 3, retryDelayMs: 2000 } as const;

/** `count` is how many no-speech errors came in a row, this one included. */
export function onNoSpeech(count: number): { action: "retry"; delayMs: number } | { action: "fallback_to_text" } {
  return count <= NO_SPEECH.maxRetries ? { action: "retry", delayMs: NO_SPEECH.retryDelayMs } : { action: "fallback_to_text" };
}

/** Voice error texts. */
export const VOICE_ERROR_TEXTS = {
  microphone: "Please check your microphone connection",
  permission: "Microphone permission is required for voice chat",
  network: "Network connection required for voice recognition",
  aborted: "Voice recognition was interrupted",
  language: "Voice recognition does not understand this language yet",
  generic: "Voice recognition stopped working",
} as const;

/**
 * What a SpeechRecognition error code means: its text and what to do next. Most fall back to typing;
 * an interruption (our own stop) does nothing, and no-speech is handled by `onNoSpeech`.
 */
export function voiceErrorFor(code: string): { text: string; fallbackToText: boolean } {
  switch (code) {
    case "audio-capture":
      return { text: VOICE_ERROR_TEXTS.microphone, fallbackToText: true };
    case "not-allowed":
    case "service-not-allowed":
      return { text: VOICE_ERROR_TEXTS.permission, fallbackToText: true };
    case "network":
      return { text: VOICE_ERROR_TEXTS.network, fallbackToText: true };
    case "aborted":
      return { text: VOICE_ERROR_TEXTS.aborted, fallbackToText: false };
    case "language-not-supported":
      return { text: VOICE_ERROR_TEXTS.language, fallbackToText: true };
    default:
      return { text: VOICE_ERROR_TEXTS.generic, fallbackToText: true };
  }
}

/** Error categories by message keyword, checked in the table's order. */
export type ErrorCategory = "voice-recognition-error" | "network-error" | "permission-error" | "ai-service-error" | "audio-error" | "unknown-error";
export type Severity = "low" | "medium" | "high" | "critical";

interface CategoryRule {
  category: ErrorCategory;
  keywords: RegExp | null;
  severity: Severity;
  friendly: string;
  recovery: string[];
}

const CATEGORY_RULES: readonly CategoryRule[] = [
  {
    category: "voice-recognition-error",
    keywords: /microphone|audio|speech/i,
    severity: "medium",
    friendly: "I'm having trouble hearing you. Let's try again!",
    recovery: ["retry", "check the microphone", "use text input"],
  },
  {
    category: "network-error",
    keywords: /network|connection|fetch/i,
    severity: "high",
    friendly: "I'm having trouble connecting. Let me try again in a moment.",
    recovery: ["retry", "offline mode", "check the internet connection"],
  },
  {
    category: "permission-error",
    keywords: /permission|denied|blocked/i,
    severity: "high",
    friendly: "I need permission to use your microphone for voice chat.",
    recovery: ["grant permission", "check browser settings", "use text input"],
  },
  {
    // "ai" only as its own word: "again" or "failed" are not about the AI service.
    category: "ai-service-error",
    keywords: /\bai\b|service/i,
    severity: "medium",
    friendly: "I'm having trouble thinking right now. Let me try again!",
    recovery: ["retry", "fallback responses", "simplified mode"],
  },
];

const AUDIO_RULE: CategoryRule = {
  category: "audio-error",
  keywords: null,
  severity: "medium",
  friendly: "I'm having trouble with the sound. Let's check the speakers.",
  recovery: ["retry audio", "check the speakers", "adjust the volume"],
};

const UNKNOWN_RULE: CategoryRule = {
  category: "unknown-error",
  keywords: null,
  severity: "low",
  friendly: "Something unexpected happened. Let's try again!",
  recovery: ["retry"],
};

export const FALLBACK_ERROR_MESSAGE = "Something went wrong. Let's try again!";

export interface CategorisedError {
  category: ErrorCategory;
  severity: Severity;
  friendlyMessage: string;
  recoveryActions: string[];
  /** only high and critical are shown to the child */
  show: boolean;
}

/**
 * The category of an error by the keywords in its message. Speech synthesis failures have no keyword
 * of their own: the engine names them with `source: "synthesis"` (the audio category).
 */
export function categoriseError(message: string, source: "recognition" | "synthesis" | "other" = "other"): CategorisedError {
  const rule = source === "synthesis" ? AUDIO_RULE : (CATEGORY_RULES.find((r) => r.keywords && r.keywords.test(message)) ?? UNKNOWN_RULE);
  return {
    category: rule.category,
    severity: rule.severity,
    friendlyMessage: rule.friendly || FALLBACK_ERROR_MESSAGE,
    recoveryActions: [...rule.recovery],
    show: rule.severity === "high" || rule.severity === "critical",
  };
}

/** An error record, kept in local storage. */
export interface ErrorRecord {
  id: string;
  type: ErrorCategory;
  severity: Severity;
  message: string;
  context: string;
  recoveryActions: string[];
  friendlyMessage: string;
  resolved: boolean;
  /** ISO time the error was resolved */
  resolutionTime: string | null;
  /** ISO time it happened */
  at: string;
}

export const ERROR_HISTORY_KEY = "story-app-nino-errors";
export const ERROR_HISTORY_CAP = 50;

export function makeErrorRecord(input: {
  id: string;
  message: string;
  context: string;
  at: string;
  source?: "recognition" | "synthesis" | "other";
}): ErrorRecord {
  const c = categoriseError(input.message, input.source);
  return {
    id: input.id,
    type: c.category,
    severity: c.severity,
    message: input.message.slice(0, 300),
    context: input.context.slice(0, 100),
    recoveryActions: c.recoveryActions,
    friendlyMessage: c.friendlyMessage,
    resolved: false,
    resolutionTime: null,
    at: input.at,
  };
}

/** The history with one more record, oldest dropped past the cap. */
export function appendErrorRecord(history: readonly ErrorRecord[], record: ErrorRecord, cap = ERROR_HISTORY_CAP): ErrorRecord[] {
  return [...history, record].slice(-cap);
}

/** An error is resolved once an automatic action that needs no user action succeeds. */
export function resolveErrors(history: readonly ErrorRecord[], type: ErrorCategory, at: string): ErrorRecord[] {
  return history.map((r) => (r.type === type && !r.resolved ? { ...r, resolved: true, resolutionTime: at } : r));
}

/** Reads a stored history leniently: anything unreadable counts as empty. */
export function parseErrorHistory(raw: string | null): ErrorRecord[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return v.filter(
      (r): r is ErrorRecord =>
        typeof r === "object" && r !== null && typeof (r as ErrorRecord).id === "string" && typeof (r as ErrorRecord).message === "string",
    );
  } catch {
    return [];
  }
}

/** How Nino sounds. */
export interface VoiceSettings {
  rate: number;
  pitch: number;
  volume: number;
}

export const DEFAULT_VOICE: VoiceSettings = { rate: 1, pitch: 1, volume: 0.8 };
export const UNMUTED_VOLUME = 0.8;

const EMOTION_VOICES: Partial<Record<Emotion, VoiceSettings>> = {
  excited: { rate: 1.2, pitch: 1.3, volume: 0.9 },
  gentle: { rate: 0.8, pitch: 1, volume: 0.7 },
  playful: { rate: 1.1, pitch: 1.2, volume: 0.8 },
  curious: { rate: 1, pitch: 1.1, volume: 0.8 },
  wise: { rate: 0.7, pitch: 0.9, volume: 0.8 },
};

/**
 * Emotions outside the table speak like their nearest one: happy like excited, sad, scared, angry and
 * tired gently (a comforting voice), thoughtful like wise; neutral with the defaults.
 */
const EMOTION_NEAREST: Partial<Record<Emotion, Emotion>> = {
  happy: "excited",
  sad: "gentle",
  scared: "gentle",
  angry: "gentle",
  tired: "gentle",
  thoughtful: "wise",
};

export function voiceFor(emotion: Emotion, muted: boolean): VoiceSettings {
  const v = EMOTION_VOICES[emotion] ?? EMOTION_VOICES[EMOTION_NEAREST[emotion] ?? "neutral"] ?? DEFAULT_VOICE;
  return { ...v, volume: muted ? 0 : v.volume };
}

/** Mute toggles the volume between 0 and 0.8. */
export function toggleMuteVolume(volume: number): number {
  return volume === 0 ? UNMUTED_VOLUME : 0;
}

/**
 * Speech marked interruptible may be cut short: a new line (or the child starting to talk) cancels
 * it. Speech not so marked is never cut: what comes next waits in the queue.
 */
export interface SpeechItem {
  id: string;
  text: string;
  emotion: Emotion;
  interruptible: boolean;
}

export function enqueueSpeech(current: SpeechItem | null, queue: readonly SpeechItem[], item: SpeechItem): { cancelCurrent: boolean; queue: SpeechItem[] } {
  if (current && current.interruptible) return { cancelCurrent: true, queue: [...queue, item] };
  return { cancelCurrent: false, queue: [...queue, item] };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
