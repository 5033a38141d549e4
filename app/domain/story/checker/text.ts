/**
 * The checker's reading of a page: which characters are inside quotation marks (dialogue) and
 * where the sentences are. Quotes are found on the original text (curly quotes tell opening from
 * closing); matching is done on a copy with plain quotes and apostrophes, so names typed either way
 * match. Every step keeps offsets, so a sentence's narration lines up with its text.
 */

export interface Sentence {
  /** as printed, trimmed */
  text: string;
  /** the sentence with curly quotes and apostrophes made plain */
  plain: string;
  /** `plain` with everything inside quotation marks blanked out: what the narrator says */
  narration: string;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const isLetter = (ch: string | undefined) => ch !== undefined && LETTER_OR_DIGIT.test(ch);

/** Where the text is inside quotation marks (the marks included), as [start, end) spans. */
export function quoteSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  // single quotes count as dialogue only on a page with no double quotes: otherwise they are
  // apostrophes or quotes inside the dialogue
  const singles = !/["\u201C\u201D]/.test(text);
  let open = -1;
  for (const m of text.matchAll(singles ? /['\u2018\u2019]/g : /["\u201C\u201D]/g)) {
    const i = m.index ?? 0;
    const ch = m[0];
    if (!singles) {
      if (open < 0 && ch !== "\u201D") open = i;
      else if (open >= 0 && ch !== "\u201C") {
        spans.push([open, i + 1]);
        open = -1;
      }
      continue;
    }
    const before = text[i - 1];
    const after = text[i + 1];
    if (open < 0 && ch !== "\u2019" && !isLetter(before) && isLetter(after)) open = i;
    // "the dogs’ bowls" keeps its apostrophe; a quote closes before a space, a mark or the end
    else if (open >= 0 && ch !== "\u2018" && !isLetter(after) && !(before === "s" && /^ \p{Ll}/u.test(text.slice(i + 1, i + 3)))) {
      spans.push([open, i + 1]);
      open = -1;
    }
  }
  if (open >= 0) spans.push([open, text.length]);
  return spans;
}

/** Curly quotes and apostrophes as plain ones: one character for one, so offsets still match. */
export function plainQuotes(text: string): string {
  return text.replace(/[\u2018\u2019\u02BC]/g, "'").replace(/[\u201C\u201D]/g, '"');
}

const SENTENCE_END = /[.!?\u2026]+["'\u201D\u2019)\]]*(?=\s+(?![a-z\u00DF-\u00FF])\S)/g;
const ABBREVIATION = /(?:^|[\s(])(?:Mr|Mrs|Ms|Dr|St|Prof|Capt|Mt)\.$/;

/** Splits a page into sentences: after . ! ? or …, with any closing quote, unless a lower-case word follows. */
export function sentencesOf(text: string): Sentence[] {
  const spans = quoteSpans(text);
  const plain = plainQuotes(text);
  const out: Sentence[] = [];
  const push = (from: number, to: number) => {
    const raw = text.slice(from, to);
    const a = from + (raw.length - raw.trimStart().length);
    const b = from + raw.trimEnd().length;
    if (b <= a) return;
    let narration = "";
    let at = a;
    for (const [x, y] of spans) {
      if (y <= a || x >= b) continue;
      const x1 = Math.max(x, a);
      const y1 = Math.min(y, b);
      narration += plain.slice(at, x1) + " ".repeat(y1 - x1);
      at = y1;
    }
    narration += plain.slice(at, b);
    out.push({ text: text.slice(a, b), plain: plain.slice(a, b), narration });
  };
  let start = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const stop = (m.index ?? 0) + m[0].length;
    if (m[0] === "." && ABBREVIATION.test(text.slice(Math.max(0, (m.index ?? 0) - 6), (m.index ?? 0) + 1))) continue;
    push(start, stop);
    start = stop;
  }
  push(start, text.length);
  return out;
}

/** Escapes a name for use inside a regular expression. */
export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Letters of the Latin, Greek and Cyrillic alphabets, as plain ranges: a pattern built for one
// book's names must not use \p{L}, which costs about a millisecond to compile each time.
const LETTER = "A-Za-z0-9\\u00C0-\\u024F\\u0370-\\u03FF\\u0400-\\u04FF";
/** The same alphabets' capitals, for the patterns every sentence meets: \p{Lu} is three times slower to search with. */
export const CAPITAL = "A-Z\\u00C0-\\u00DE\\u0100-\\u024F\\u0391-\\u03A9\\u0410-\\u042F";
export const LETTERS = LETTER;

/** Word edges that know letters beyond ASCII ("Zoë", "Ayşe"); W1 also keeps "Pip's" and "Pip-Pip" apart from "Pip". */
export const W0 = `(?<![${LETTER}]|[${LETTER}]['\\-])`;
export const W1 = `(?![${LETTER}]|'[${LETTER}]|-[${LETTER}])`;
