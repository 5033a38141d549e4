import { byPriority, refusal, type Category } from "./categories";
import { ALLOWED_PHRASES, LEXICON as STORY_LEXICON } from "./lexicon";
import { normalize, squeeze } from "./normalize";
import { findPersonalData } from "./personal-data";
import { INSULT_WORDS, SOCIAL_LEXICON } from "./social-lexicon";
import type { ModerationVerdict, Moderator } from "./types";

/**
 * The offline moderator: rules, no network, the same answer every time. Used when there is no
 * OpenAI key, and as the fallback (and the children's-book layer: personal data, horror, alcohol)
 * when there is one.
 */

interface CompiledEntry {
  category: Category;
  words: Set<string>;
  /** each listed word squeezed ("killer" -> "kiler"), with the shortest length it stands for */
  squeezed: Map<string, number>;
  prefixes: string[];
  phrases: RegExp[];
  raw: RegExp[];
  maskable: boolean;
}

const LEXICON = [...STORY_LEXICON, ...SOCIAL_LEXICON];

const COMPILED: CompiledEntry[] = LEXICON.map((e) => {
  const squeezed = new Map<string, number>();
  for (const w of e.words) squeezed.set(squeeze(w), Math.min(w.length, squeezed.get(squeeze(w)) ?? Infinity));
  return {
    category: e.category,
    words: new Set(e.words),
    squeezed,
    prefixes: (e.prefixes ?? []).map(squeeze),
    phrases: e.phrases ?? [],
    raw: e.raw ?? [],
    maskable: e.maskable ?? false,
  };
});

/** The worst words, for masked tokens ("f*ck", "sh**", "n*****", "st*pid"). */
const MASKABLE_WORDS: { category: Category; word: string }[] = COMPILED.filter((e) => e.maskable).flatMap((e) => [
  ...[...e.words].map((word) => ({ category: e.category, word })),
  ...e.prefixes.map((word) => ({ category: e.category, word })),
  ...(e.category === "insult" ? INSULT_WORDS.map((word) => ({ category: e.category, word })) : []),
]);

/** Every listed word: split halves joined ("du mb", "fu ck") and letter-by-letter runs are read against these. */
const HARMFUL_WORDS = new Set([...LEXICON.filter((e) => e.category !== "drugs").flatMap((e) => [...e.words, ...(e.prefixes ?? [])]), ...INSULT_WORDS]);
/** Short words that carry a threat or an insult, for reading a letter-by-letter run as words. */
const PLAIN_WORDS = [
  "i",
  "u",
  "you",
  "your",
  "yourself",
  "urself",
  "ur",
  "will",
  "ill",
  "im",
  "going",
  "gonna",
  "to",
  "go",
  "die",
  "hurt",
  "hate",
  "a",
  "an",
  "are",
  "r",
  "so",
];
const RUN_WORDS = new Set([...HARMFUL_WORDS, ...PLAIN_WORDS]);

function maskMatches(token: string): Category | null {
  if (!token.includes("*") || !/\p{L}/u.test(token)) return null;
  if (token.length < 3) return null;
  const pattern = new RegExp(`^${token.replace(/[^\p{L}\p{N}*]/gu, "").replace(/\*/g, "\\p{L}")}$`, "u");
  for (const { category, word } of MASKABLE_WORDS) {
    if (word.length === token.length && pattern.test(word)) return category;
  }
  return null;
}

function tokenCategories(token: string): Category[] {
  if (token === ".") return [];
  const found: Category[] = [];
  const squeezed = squeeze(token);
  for (const entry of COMPILED) {
    // a squeezed match needs at least the word's letters: "kiiill" is "kill", "bobs" is not "boobs"
    const stretched = (entry.squeezed.get(squeezed) ?? Infinity) <= token.length;
    if (entry.words.has(token) || stretched || entry.prefixes.some((p) => squeezed.startsWith(p))) found.push(entry.category);
  }
  const masked = maskMatches(token);
  if (masked) found.push(masked);
  return found;
}

/** A letter-by-letter run read as words, longest first ("iwillkillyou" -> "i will kill you"), or null. */
function segment(run: string): string | null {
  const words: string[] = [];
  for (let at = 0; at < run.length;) {
    let end = run.length;
    while (end > at && !RUN_WORDS.has(run.slice(at, end))) end--;
    if (end === at) return null;
    words.push(run.slice(at, end));
    at = end;
  }
  return words.length > 1 ? words.join(" ") : null;
}

const HARMFUL_PREFIXES = LEXICON.flatMap((e) => e.prefixes ?? []);
const isHarmful = (word: string) => HARMFUL_WORDS.has(word) || HARMFUL_PREFIXES.some((p) => word.startsWith(p));

/** The token list with split halves joined where the join is a listed word ("du mb kid" -> "dumb kid", "fu cking"). */
function joinHalves(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const [a, b] = [tokens[i], tokens[i + 1]];
    const short = Math.min(a.length, b?.length ?? 0) <= 2 || Math.max(a.length, b?.length ?? 0) <= 3;
    if (b !== undefined && a !== "." && b !== "." && short && isHarmful(a + b)) {
      out.push(a + b);
      i++;
    } else out.push(a);
  }
  return out;
}

/** Each listed word by its squeezed form, for reading stretched tokens ("stuuupid", "l00ser") as the word. */
const BY_SQUEEZED = new Map([...HARMFUL_WORDS].map((w) => [squeeze(w), w]));
const unstretch = (token: string) => {
  const word = BY_SQUEEZED.get(squeeze(token));
  return word && token.length >= word.length ? word : token;
};

/** The ways the text may be read: as normalised, with split words joined, with letter runs as words. */
function readings(text: string): string[][] {
  const variants = [text];
  // "1" stands for "l" as often as for "i" ("ug1y", "k1ll")
  const asL = text.replace(/(?<=\p{L})1|1(?=\p{L})/gu, "l");
  if (asL !== text) variants.push(asL);
  const out: string[][] = [];
  for (const variant of variants) {
    const read = normalize(variant);
    let normalized = ` ${read.text} `;
    for (const [pattern, replacement] of ALLOWED_PHRASES) normalized = normalized.replace(pattern, replacement);
    const tokens = normalized.trim().split(" ").filter(Boolean);
    const spelled = new Set(read.spelled);
    out.push(tokens, joinHalves(tokens), tokens.map(unstretch));
    if (spelled.size) out.push(tokens.flatMap((t) => (spelled.has(t) ? (segment(t) ?? t).split(" ") : [t])));
  }
  // most texts read one way only: each distinct reading is checked once
  return [...new Map(out.map((tokens) => [tokens.join(" "), tokens])).values()];
}

/** Every category the text falls into (empty: the text is fine for a child's book). */
export function classify(text: string): Category[] {
  if (!text.trim()) return [];
  const found = new Set<Category>();

  for (const [n, tokens] of readings(text).entries()) {
    for (const token of tokens) for (const c of tokenCategories(token)) found.add(c);
    // two halves of a word split by a space ("fu ck", "ki ll") are checked joined too
    if (n === 0) {
      for (let i = 0; i + 1 < tokens.length; i++) {
        const [a, b] = [tokens[i], tokens[i + 1]];
        if (a === "." || b === ".") continue;
        if (a.length <= 3 && b.length <= 3) for (const c of tokenCategories(a + b)) if (c !== "drugs") found.add(c);
      }
    }
    const joined = ` ${tokens.join(" ")} `;
    for (const entry of COMPILED) if (entry.phrases.some((re) => re.test(joined))) found.add(entry.category);
  }
  for (const entry of COMPILED) if (entry.raw.some((re) => re.test(text))) found.add(entry.category);
  if (findPersonalData(text)) found.add("personal-data");
  return byPriority(found);
}

/** The verdict for one field. */
export function checkField(field: string, text: string): ModerationVerdict {
  return refusal(field, classify(text));
}

export function createOfflineModerator(): Moderator {
  return {
    name: "offline",
    async check(texts: Record<string, string>): Promise<ModerationVerdict> {
      for (const [field, text] of Object.entries(texts)) {
        if (typeof text !== "string" || !text.trim()) continue;
        const verdict = checkField(field, text);
        if (!verdict.ok) return verdict;
      }
      return { ok: true };
    },
  };
}
