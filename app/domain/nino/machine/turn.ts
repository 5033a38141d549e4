import { isNo, type EmotionReading, type Intent } from "../detect";
import { findPhrase, normalize } from "../text";
import type { Emotion } from "../types";
import type { ConversationState, Deps, NinoEffect, RememberPatch } from "./state";

/** What one turn of the conversation carries through the routing and the flows. */
export interface Ctx {
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

/** What Nino says in a turn, before the machine records it (`rephrasable` is true unless set). */
export interface Say {
  content: string;
  emotion: Emotion;
  suggestions?: string[];
  rephrasable?: boolean;
}

/** A flow's answer: the state after the turn and what Nino says. */
export type Turn = { state: ConversationState; say: Say };

const YES_WORDS = [
  "yes",
  "yeah",
  "yep",
  "yup",
  "ok",
  "okay",
  "sure",
  "please",
  "yes please",
  "let's go",
  "lets go",
  "alright",
  "of course",
  "go on",
  "why not",
] as const;
/** A yes ("yeah", "ok", "let's go") that is not also a no. */
export function isYes(text: string): boolean {
  return findPhrase(normalize(text), YES_WORDS) !== null && !isNo(text);
}
