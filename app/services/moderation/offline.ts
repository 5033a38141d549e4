import { byPriority, refusal, type Category } from "./categories";
import { ALLOWED_PHRASES, LEXICON } from "./lexicon";
import { normalize, squeeze } from "./normalize";
import { findPersonalData } from "./personal-data";
import type { ModerationVerdict, Moderator } from "./types";

/**
 * The offline moderator: rules, no network, the same answer every time. Used when there is no
 * OpenAI key, and as the fallback (and the children's-book layer: personal data, horror, alcohol)
 * when there is one.
 */

interface CompiledEntry {
  category: Category;
  words: Set<string>;
  squeezed: Set<string>;
  prefixes: string[];
  phrases: RegExp[];
  maskable: boolean;
}

const COMPILED: CompiledEntry[] = LEXICON.map((e) => ({
  category: e.category,
  words: new Set(e.words),
  squeezed: new Set(e.words.map(squeeze)),
  prefixes: (e.prefixes ?? []).map(squeeze),
  phrases: e.phrases ?? [],
  maskable: e.maskable ?? false,
}));

/** The worst words, for masked tokens ("f*ck", "sh**", "n*****"). */
const MASKABLE_WORDS: { category: Category; word: string }[] = COMPILED.filter((e) => e.maskable).flatMap((e) => [
  ...[...e.words].map((word) => ({ category: e.category, word })),
  ...e.prefixes.map((word) => ({ category: e.category, word })),
]);

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
    if (entry.words.has(token) || entry.squeezed.has(squeezed) || entry.prefixes.some((p) => squeezed.startsWith(p))) {
      found.push(entry.category);
    }
  }
  const masked = maskMatches(token);
  if (masked) found.push(masked);
  return found;
}

/** Every category the text falls into (empty: the text is fine for a child's book). */
export function classify(text: string): Category[] {
  if (!text.trim()) return [];
  const found = new Set<Category>();

  let normalized = ` ${normalize(text).text} `;
  for (const [pattern, replacement] of ALLOWED_PHRASES) normalized = normalized.replace(pattern, replacement);
  const tokens = normalized.trim().split(" ").filter(Boolean);

  for (const token of tokens) for (const c of tokenCategories(token)) found.add(c);
  // two halves of a word split by a space ("fu ck", "ki ll") are checked joined too
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i];
    const b = tokens[i + 1];
    if (a === "." || b === ".") continue;
    if (a.length <= 3 && b.length <= 3) {
      for (const c of tokenCategories(a + b)) if (c !== "drugs") found.add(c);
    }
  }
  for (const entry of COMPILED) {
    if (entry.phrases.some((re) => re.test(normalized))) found.add(entry.category);
  }
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
