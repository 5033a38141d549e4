import type { Emotion } from "./types";
import { capitalize, findPhrase, hasPhrase, normalize, wordCount } from "./text";

/**
 * Reading a child's message: the emotion in it, what they want (intent), and the people and pets
 * they mention. Keyword tables, matched on whole words of the normalized text; each table is tested
 * row by row in tests/unit/nino-detect.test.ts.
 */

/** Emotion words, in the order they win when a message holds several (worries before joys). */
export const EMOTION_KEYWORDS: readonly (readonly [Emotion, readonly string[]])[] = [
  ["scared", ["scared", "afraid", "frightened", "terrified", "nightmare", "nightmares", "bad dream", "worried", "nervous", "anxious", "scary"]],
  [
    "sad",
    [
      "sad",
      "unhappy",
      "crying",
      "cry",
      "cried",
      "upset",
      "lonely",
      "miss",
      "heartbroken",
      "not happy",
      "not good",
      "not okay",
      "not ok",
      "bad day",
      "feel bad",
      "feel awful",
    ],
  ],
  ["angry", ["angry", "mad", "furious", "annoyed", "grumpy", "frustrated", "hate"]],
  ["tired", ["tired", "sleepy", "exhausted", "yawn", "yawning"]],
  ["excited", ["excited", "can't wait", "cant wait", "yay", "woohoo", "hooray", "awesome", "amazing", "so cool", "wow"]],
  ["happy", ["happy", "glad", "great", "good", "better", "love", "fun", "fine", "okay now"]],
  ["curious", ["why", "how does", "how do", "wonder", "curious", "what is", "what's"]],
  ["playful", ["silly", "funny", "haha", "hehe", "lol", "joke", "giggle", "tickle"]],
];

/** Words just before an emotion word that turn it off: "not scared", "never sad". */
const NEGATORS = new Set(["not", "never", "no", "isn't", "aren't", "wasn't", "don't", "didn't", "nor"]);
/** Words that may stand between a negator and a feeling: "not very scared", "don't feel sad". */
const BETWEEN = new Set(["very", "so", "really", "too", "that", "feel", "feeling", "be", "get", "at", "a", "even"]);
/** Words that make an emotion the child's own: "I'm sad", "I feel scared", "it makes me angry". */
const SELF_WORDS = new Set(["i", "i'm", "im", "me", "feel", "feeling", "felt", "i've", "myself", "am"]);

/** Words that may stand around a bare feeling ("so sad", "really scared now") without making it about something else. */
const FILLERS = new Set([
  "so",
  "very",
  "really",
  "a",
  "bit",
  "little",
  "kind",
  "of",
  "too",
  "just",
  "super",
  "now",
  "today",
  "nino",
  "still",
  "quite",
  "tonight",
  "oh",
  "um",
]);

export interface EmotionReading {
  emotion: Emotion;
  /** the feeling is the child's own ("I'm scared"), not something in a story ("a scary cave") */
  self: boolean;
}

/** The emotion a message shows. Neutral when none of the keywords is there. */
export function detectEmotion(text: string): EmotionReading {
  const norm = normalize(text);
  const words = norm.trim().split(" ");
  for (const [emotion, keywords] of EMOTION_KEYWORDS) {
    for (const kw of keywords) {
      const at = norm.indexOf(` ${kw} `);
      if (at < 0) continue;
      // the word index where the keyword starts
      const index = norm.slice(0, at).trim().split(" ").filter(Boolean).length;
      const before = words.slice(Math.max(0, index - 3), index);
      if (kw.startsWith("not ") === false && before.length > 0 && NEGATORS.has(before[before.length - 1])) continue;
      if (before.length > 1 && NEGATORS.has(before[before.length - 2]) && BETWEEN.has(before[before.length - 1])) continue;
      const rest = words.filter((_, i) => i < index || i >= index + kw.split(" ").length);
      const self = before.some((w) => SELF_WORDS.has(w)) || rest.every((w) => FILLERS.has(w));
      return { emotion, self };
    }
  }
  return { emotion: "neutral", self: false };
}

export const INTENTS = ["story_creation", "emotional_support", "help_request", "learning_activity", "goodbye", "greeting", "general"] as const;
export type Intent = (typeof INTENTS)[number];

/** Intent phrases, in the order they are tried. */
export const INTENT_KEYWORDS: readonly (readonly [Exclude<Intent, "general">, readonly string[]])[] = [
  [
    "emotional_support",
    ["cheer me up", "i need a hug", "hug me", "comfort me", "make me feel better", "i feel bad", "bad day", "bad dream", "can we talk about my feelings"],
  ],
  [
    "learning_activity",
    [
      "play a game",
      "let's play",
      "lets play",
      "a game",
      "learning game",
      "memory game",
      "drawing game",
      "learn",
      "learning",
      "teach me",
      "activity",
      "quiz",
      "puzzle",
      "i spy",
      "find the hidden",
      "draw a picture",
    ],
  ],
  ["story_creation", ["story", "stories", "storybook", "make a book", "once upon a time", "tale"]],
  ["help_request", ["help", "how do i", "what can you do", "what do i do", "i don't understand", "i dont understand", "confused"]],
  ["goodbye", ["goodbye", "good bye", "bye", "bye bye", "see you later", "see you", "talk to you later", "good night", "goodnight"]],
  ["greeting", ["hi", "hello", "hey", "hiya", "good morning", "good afternoon", "good evening"]],
];

/** Learning requests clear enough to interrupt a story or a game ("learn" alone is not: "learn to share"). */
export const STRONG_LEARNING_PHRASES = [
  "play a game",
  "let's play a game",
  "can we play",
  "learning game",
  "memory game",
  "drawing game",
  "i want to learn",
  "can we learn",
  "teach me",
  "an activity",
  "find the hidden",
] as const;

/** Story requests clear enough to leave comfort ("tell me a story" there asks for a calm story). */
export const STRONG_STORY_PHRASES = [
  "make a story",
  "make up a story",
  "make another story",
  "back to our story",
  "back to the story",
  "our story",
  "my story",
  "finish the story",
  "new story",
  "make a book",
] as const;

export function isStrongStoryRequest(text: string): boolean {
  return findPhrase(normalize(text), STRONG_STORY_PHRASES) !== null;
}

export function detectIntent(text: string): Intent {
  const norm = normalize(text);
  for (const [intent, phrases] of INTENT_KEYWORDS) if (findPhrase(norm, phrases)) return intent;
  return "general";
}

/** The learning keyword: 'learn' in any form of the word turns the talk to a learning activity. */
export function mentionsLearn(text: string): boolean {
  return /\blearn/i.test(text);
}

export function isStrongLearningRequest(text: string): boolean {
  return findPhrase(normalize(text), STRONG_LEARNING_PHRASES) !== null;
}

/**
 * A question back instead of an answer ("why do birds fly?", "do you like cats?"); "what about Pip?"
 * and "how about a castle?" are answers, not questions back.
 */
export function isQuestionBack(text: string): boolean {
  const t = text.trim().toLowerCase();
  if (!t.endsWith("?")) return false;
  if (/^(what about|how about|maybe|is it|could it be|can it be|can we call)/.test(t)) return false;
  return /^(why|how|when|who are|who is|where are|where is|what is|what's|what are|do you|are you|can you|did you|have you|does|is nino|will you|would you)\b/.test(
    t,
  );
}

/** "I don't know", "you choose", "surprise me": the child asks Nino to pick. */
export const NINO_PICKS_PHRASES = [
  "i don't know",
  "i dont know",
  "dunno",
  "not sure",
  "i'm not sure",
  "you choose",
  "you pick",
  "you decide",
  "surprise me",
  "anything",
  "whatever",
  "no idea",
] as const;

export function asksNinoToPick(text: string): boolean {
  return findPhrase(normalize(text), NINO_PICKS_PHRASES) !== null && wordCount(text) <= 6;
}

const NO_WORDS = ["no", "nope", "no thanks", "no thank you", "not now", "nah", "maybe later", "i don't want to", "i dont want to"] as const;
export function isNo(text: string): boolean {
  const norm = normalize(text);
  return wordCount(text) <= 6 && findPhrase(norm, NO_WORDS) !== null && !hasPhrase(norm, "yes") && findPhrase(norm, NINO_PICKS_PHRASES) === null;
}

/** Goodbye said on its own (a few words), not "the bunny said goodbye to the moon and flew home". */
export function isPlainGoodbye(text: string): boolean {
  return detectIntent(text) === "goodbye" && wordCount(text) <= 5;
}

/** The voice session's end keywords: the session ends when the child's words contain any of them. */
export const VOICE_END_KEYWORDS = [
  "goodbye",
  "bye",
  "see you later",
  "talk to you later",
  "stop talking",
  "end conversation",
  "that's all",
  "thank you",
  "thanks",
  "done",
] as const;

/** True when the words contain any end keyword ("thats all" and "good bye" count too). */
export function hasVoiceEndKeyword(text: string): boolean {
  const norm = normalize(text)
    .replace(/ thats all /g, " that's all ")
    .replace(/ good bye /g, " goodbye ");
  return findPhrase(norm, VOICE_END_KEYWORDS) !== null;
}

// --- family and pets ---------------------------------------------------------------------------

const SIBLING_WORDS = ["sister", "brother", "sis", "bro", "twin", "baby sister", "baby brother"] as const;
const PARENT_WORDS: readonly (readonly [string, string])[] = [
  ["mum", "Mum"],
  ["mummy", "Mum"],
  ["mom", "Mom"],
  ["mommy", "Mom"],
  ["mama", "Mama"],
  ["mother", "Mum"],
  ["dad", "Dad"],
  ["daddy", "Dad"],
  ["papa", "Papa"],
  ["father", "Dad"],
];
const PET_WORDS = [
  "dog",
  "puppy",
  "cat",
  "kitten",
  "kitty",
  "rabbit",
  "bunny",
  "hamster",
  "guinea pig",
  "fish",
  "goldfish",
  "parrot",
  "bird",
  "tortoise",
  "turtle",
  "pony",
  "horse",
  "lizard",
  "budgie",
  "mouse",
] as const;

/** Words that are not names even when they follow "my sister" or "my dog" ("my dog is ..."). */
const NOT_NAMES = new Set([
  "is",
  "was",
  "has",
  "had",
  "said",
  "says",
  "likes",
  "loves",
  "the",
  "a",
  "an",
  "who",
  "that",
  "too",
  "also",
  "will",
  "can",
  "named",
  "called",
  "and",
  "but",
  "are",
  "at",
  "in",
  "on",
  "to",
  "with",
  "because",
  "so",
  "it",
  "he",
  "she",
  "they",
  "always",
  "never",
  "really",
  "very",
  "doesn't",
  "does",
  "didn't",
  "isn't",
  "got",
  "gets",
]);

export interface FamilyMentions {
  /** siblings by name ("Mia"), or "a sister" when no name was given */
  siblings: string[];
  /** "Mum", "Dad", ... */
  parents: string[];
  /** "Biscuit the dog", or "a dog" when no name was given */
  pets: string[];
}

function nameAfter(words: string[], original: string[], i: number): string | null {
  let j = i;
  const introduced = words[j] === "called" || words[j] === "named" || (words[j] === "is" && (words[j + 1] === "called" || words[j + 1] === "named"));
  if (words[j] === "called" || words[j] === "named" || (words[j] === "is" && (words[j + 1] === "called" || words[j + 1] === "named"))) {
    j += words[j] === "is" ? 2 : 1;
  }
  const w = words[j];
  if (!w || NOT_NAMES.has(w) || !/^\p{L}[\p{L}'-]*$/u.test(w) || w.length > 20) return null;
  // without "called"/"named", only a capitalised word is a name ("my brother Tom", not "my brother cries")
  if (!introduced && !/^\p{Lu}/u.test(original[j] ?? "")) return null;
  return capitalize(w.replace(/'s$/, ""));
}

/** The family members and pets a child mentions with "my ..." ("my sister Mia", "my dog called Biscuit"). */
export function extractFamily(text: string): FamilyMentions {
  const words = normalize(text).trim().split(" ").filter(Boolean);
  // the same words with their case, to tell names from other words
  const original = text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const out: FamilyMentions = { siblings: [], parents: [], pets: [] };
  const add = (list: string[], v: string) => {
    if (!list.some((x) => x.toLowerCase() === v.toLowerCase())) list.push(v);
  };
  for (let i = 0; i < words.length; i++) {
    const possessive = words[i] === "my" || words[i] === "our";
    // "baby sister", "guinea pig": try two words first
    const two = `${words[i + 1] ?? ""} ${words[i + 2] ?? ""}`;
    const one = words[i + 1] ?? "";
    if (possessive) {
      const sib = (SIBLING_WORDS as readonly string[]).includes(two) ? two : (SIBLING_WORDS as readonly string[]).includes(one) ? one : null;
      if (sib) {
        const name = nameAfter(words, original, i + 1 + sib.split(" ").length);
        add(out.siblings, name ?? `a ${sib.replace(/^(sis)$/, "sister").replace(/^(bro)$/, "brother")}`);
        continue;
      }
      const pet = (PET_WORDS as readonly string[]).includes(two) ? two : (PET_WORDS as readonly string[]).includes(one) ? one : null;
      if (pet) {
        const name = nameAfter(words, original, i + 1 + pet.split(" ").length);
        add(out.pets, name ? `${name} the ${pet}` : `a ${pet}`);
        continue;
      }
    }
    const parent = PARENT_WORDS.find(([w]) => w === words[i]);
    if (parent && (i === 0 || words[i - 1] === "my" || words[i - 1] === "our" || words[i - 1] === "and" || words[i - 1] === "with"))
      add(out.parents, parent[1]);
  }
  return out;
}

/** The first known sibling or parent the message mentions (by name, or "mum"/"dad"), or null. */
export function mentionedKnownFamily(text: string, known: { siblings: readonly string[]; parents: readonly string[] }): string | null {
  const norm = normalize(text);
  for (const s of known.siblings) {
    const name = s.startsWith("a ") ? null : s.toLowerCase();
    if (name && hasPhrase(norm, name)) return s;
  }
  const mentions = extractFamily(text);
  for (const p of known.parents) {
    if (mentions.parents.some((m) => m.toLowerCase() === p.toLowerCase())) return p;
    if (hasPhrase(norm, p.toLowerCase())) return p;
  }
  for (const s of mentions.siblings) if (known.siblings.some((k) => k.toLowerCase() === s.toLowerCase())) return s;
  return null;
}
