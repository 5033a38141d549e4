/**
 * Sentence splitting for read-aloud: the reader speaks one sentence at a time and highlights it, so
 * the splitting must match how a parent reads. Pure; works on the writer's smart quotes as well as
 * on plain ASCII text from a provider.
 *
 * Rules:
 * - A sentence ends at `.`, `!`, `?` or `…` (runs such as `?!` or `...` count as one end), together
 *   with any closing quotes or brackets right after it, when what follows (after whitespace) does
 *   not start with a lower-case letter. So `“We’ll help!” she said.` stays one sentence.
 * - A full stop after a known abbreviation (Mr., Dr., e.g. …) or a single capital initial (J. K.)
 *   does not end a sentence; "I." does.
 * - A line break always ends a sentence (a title line, a verse).
 */
export interface Sentence {
  text: string;
  /** offset of the first character in the source text */
  start: number;
  /** offset just past the last character */
  end: number;
}

/** Lower-case, without the final dot. */
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "mx",
  "dr",
  "prof",
  "st",
  "mt",
  "jr",
  "sr",
  "capt",
  "col",
  "gen",
  "lt",
  "sgt",
  "rev",
  "fr",
  "hon",
  "vs",
  "approx",
  "dept",
  "fig",
  "e.g",
  "i.e",
  "cf",
]);

const TERMINATORS = new Set([".", "!", "?", "…"]);
const CLOSERS = new Set(['"', "'", "”", "’", "»", ")", "]", "}"]);

function isLowerStart(ch: string | undefined): boolean {
  return ch !== undefined && /\p{Ll}/u.test(ch);
}

/** The word (letters and inner dots) that ends right before index `dot` of `text`. */
function wordBefore(text: string, dot: number): string {
  let i = dot;
  while (i > 0 && /[\p{L}.]/u.test(text[i - 1])) i--;
  return text.slice(i, dot);
}

function isAbbreviation(word: string): boolean {
  if (!word) return false;
  if (ABBREVIATIONS.has(word.toLowerCase())) return true;
  // a single capital initial (J. K. Rowling), but not the pronoun I ("So did I. Then …")
  return /^\p{Lu}$/u.test(word) && word !== "I";
}

export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) out.push({ text: trimmed, start: start + lead, end: start + lead + trimmed.length });
    start = end;
  };

  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "\n" || ch === "\r") {
      push(i);
      while (i < text.length && /\s/.test(text[i])) i++;
      start = i;
      continue;
    }
    if (!TERMINATORS.has(ch)) {
      i++;
      continue;
    }
    // a run of terminators, then closing quotes and brackets
    const first = i;
    while (i < text.length && TERMINATORS.has(text[i])) i++;
    while (i < text.length && CLOSERS.has(text[i])) i++;
    const end = i;
    if (end >= text.length) break;
    // a sentence ends only before whitespace (3.5, e.g.x, "Hi!"she are not ends)
    if (!/\s/.test(text[end])) continue;
    let next = end;
    while (next < text.length && /[ \t]/.test(text[next])) next++;
    const following = text[next];
    if (following === "\n" || following === "\r" || following === undefined) {
      push(end);
      continue;
    }
    // "“Help!” she cried." and "Wait... what?" go on
    if (isLowerStart(following)) continue;
    // "No. 5" (but "No. I won't." is two), an abbreviation or an initial before a name
    const single = end - first === 1 && text[first] === ".";
    if (single) {
      const word = wordBefore(text, first);
      if (word.toLowerCase() === "no" && /\d/.test(following)) continue;
      if (isAbbreviation(word)) continue;
    }
    push(end);
  }
  push(text.length);
  return out;
}

/** The sentences of each paragraph (blank lines separate paragraphs). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}
