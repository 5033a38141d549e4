/**
 * Small text helpers of the conversation machine: normalising what a child typed or said, matching
 * keyword phrases on word boundaries, and choosing a wording with the injected randomness.
 */

/** Lower case, curly quotes straightened, everything but letters, digits, apostrophes and spaces dropped. */
export function normalize(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()} `;
}

/** True when `phrase` (already lower case) occurs in the normalized text as whole words. */
export function hasPhrase(normalized: string, phrase: string): boolean {
  return normalized.includes(` ${phrase} `);
}

/** The first phrase of `phrases` found as whole words, or null. */
export function findPhrase(normalized: string, phrases: readonly string[]): string | null {
  for (const p of phrases) if (hasPhrase(normalized, p)) return p;
  return null;
}

/** Trims, folds whitespace, strips angle brackets and cuts to `max` characters (on a word when it can). */
export function cleanAnswer(text: string, max: number): string {
  const clean = text.replace(/[<>]/g, "").replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trim();
}

/** Drops one trailing full stop or exclamation mark: "a castle." reads better inside a sentence. */
export function stripEnd(text: string): string {
  return text.replace(/[.!]+$/, "").trim();
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The number of words in a text. */
export function wordCount(text: string): number {
  return normalize(text).trim().split(" ").filter(Boolean).length;
}

/** An index in [0, n) from a uniform random number, safe for random() returning values near 1. */
export function randomIndex(random: () => number, n: number): number {
  return Math.min(n - 1, Math.max(0, Math.floor(random() * n)));
}

/**
 * One of `options` at random, avoiding `avoid` (the line Nino said last) when another option exists.
 * Options are tried from a random start in order, so the choice stays uniform over the allowed ones
 * up to rounding and never loops.
 */
export function pick(options: readonly string[], random: () => number, avoid?: string | null): string {
  if (options.length === 0) throw new Error("pick: no options");
  const start = randomIndex(random, options.length);
  for (let k = 0; k < options.length; k++) {
    const o = options[(start + k) % options.length];
    if (o !== avoid) return o;
  }
  return options[start];
}

/** `count` distinct items of `items` in random order (a partial Fisher-Yates shuffle). */
export function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) {
    const i = randomIndex(random, pool.length);
    out.push(pool[i]);
    pool.splice(i, 1);
  }
  return out;
}

/** "a, b and c" */
export function listText(items: readonly string[], joiner = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${joiner} ${items[items.length - 1]}`;
}

/** Numbers a child may say in words ("six", "twenty"), for ages and counts. */
export const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
};
