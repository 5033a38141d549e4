/**
 * Reading levels by the child's age: five bands across the form's ages 1–12. Each band caps the
 * words on a page and in a sentence (its words too hard are in reading-vocabulary.ts), and gives the range a book's
 * readability (the Flesch–Kincaid grade, from syllables) must stay in. The offline writer, the
 * model's prompt, the checker and the form's hint all read these figures from here.
 */
export type ReadingBandId = "1-3" | "4-5" | "6-7" | "8-9" | "10-12";

export interface ReadingBand {
  id: ReadingBandId;
  minAge: number;
  maxAge: number;
  /** what the form tells the parent: "Ages 6–7: early reader" */
  label: string;
  /** a line for the form and the prompt about how the text reads */
  style: string;
  /** story pages carry this many words (the closing and last pages may be shorter) */
  wordsPerPage: { min: number; max: number };
  wordsPerSentence: number;
  sentencesPerPage: number;
  /** the book's Flesch–Kincaid grade stays in this range */
  grade: { min: number; max: number };
}

export const READING_BANDS: readonly ReadingBand[] = [
  {
    id: "1-3",
    minAge: 1,
    maxAge: 3,
    label: "Ages 1–3: first words",
    style: "One or two very short sentences a page, simple everyday words, sounds and repeats a toddler joins in with.",
    wordsPerPage: { min: 4, max: 22 },
    wordsPerSentence: 9,
    sentencesPerPage: 3,
    grade: { min: -3.5, max: 1.5 },
  },
  {
    id: "4-5",
    minAge: 4,
    maxAge: 5,
    label: "Ages 4–5: read together",
    style: "Three or four short sentences a page, everyday words, a little dialogue.",
    wordsPerPage: { min: 12, max: 45 },
    wordsPerSentence: 13,
    sentencesPerPage: 4,
    grade: { min: -1, max: 2.5 },
  },
  {
    id: "6-7",
    minAge: 6,
    maxAge: 7,
    label: "Ages 6–7: early reader",
    style: "Short, clear sentences, some dialogue, a few new words a child can work out.",
    wordsPerPage: { min: 20, max: 65 },
    wordsPerSentence: 16,
    sentencesPerPage: 6,
    grade: { min: 0.5, max: 3.5 },
  },
  {
    id: "8-9",
    minAge: 8,
    maxAge: 9,
    label: "Ages 8–9: growing reader",
    style: "Longer sentences with some variety, dialogue, richer words.",
    wordsPerPage: { min: 30, max: 90 },
    wordsPerSentence: 22,
    sentencesPerPage: 7,
    grade: { min: 1.5, max: 5 },
  },
  {
    id: "10-12",
    minAge: 10,
    maxAge: 12,
    label: "Ages 10–12: confident reader",
    style: "Varied sentences, dialogue and feelings in words, a rich vocabulary.",
    wordsPerPage: { min: 40, max: 125 },
    wordsPerSentence: 28,
    sentencesPerPage: 9,
    grade: { min: 2.5, max: 7 },
  },
];

/** The band for an age; ages outside 1–12 take the nearest band. */
export function readingBandFor(age: number): ReadingBand {
  const a = Number.isFinite(age) ? Math.round(age) : 6;
  return READING_BANDS.find((b) => a <= b.maxAge) ?? READING_BANDS[READING_BANDS.length - 1];
}

/** The words of a text that count for reading: anything with a letter or a digit. */
export function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
}

/** Syllables of an English word, by vowel groups (the usual estimate behind grade formulas). */
export function syllables(word: string): number {
  let w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (!w) return 0;
  if (w.length <= 3) return 1;
  w = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, "").replace(/^y/, "");
  return Math.max(1, w.match(/[aeiouy]{1,2}/g)?.length ?? 1);
}

/** Sentences of a page, split after a stop (and a closing quote) before a capital or a quote. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…]["'\u201D\u2019)]*)\s+(?=["'\u201C\u2018(]?[\p{Lu}\p{N}])/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** What a grade is made of: words, sentences and syllables, so a text can be counted a line at a time. */
export interface ReadingCounts {
  words: number;
  sentences: number;
  syllables: number;
}

/** Capitalised words inside a sentence ("with Grandma", "to Buttercup Meadow"): the names a text gives. */
export function namesIn(text: string): string[] {
  return [...text.matchAll(/(?<=[\p{Ll},;] )\p{Lu}[\p{L}'\u2019-]+/gu)].map((m) => m[0].replace(/['\u2019]s$/, ""));
}

/**
 * A text's words, sentences and syllables. A name counts as one syllable: a child reads "Santiago"
 * on every page as a word they know, and a long name would otherwise make a toddler's book read
 * like a ten-year-old's.
 */
export function readingCounts(text: string, names: readonly string[] = []): ReadingCounts {
  const sentences = sentencesOf(text);
  const words = sentences.flatMap(wordsOf);
  // a name and a word are compared by their letters alone: "Mary-Kate's" and "D'Arcy" are names too
  const letters = (w: string) => w.toLowerCase().replace(/[^\p{L}]/gu, "");
  const known = new Set(names.flatMap((n) => [letters(n), ...n.split(/[\s-]+/).map(letters)]));
  const isName = (w: string) => {
    const plain = letters(w.replace(/['\u2019]s$/, ""));
    return known.has(plain) || known.has(letters(w)) || known.has(plain.replace(/s$/, ""));
  };
  const syl = words.reduce((n, w) => n + (isName(w) ? 1 : syllables(w)), 0);
  return { words: words.length, sentences: sentences.length, syllables: syl };
}

/** The Flesch–Kincaid grade: 0.39 × words per sentence + 11.8 × syllables per word − 15.59. */
export function gradeOfCounts(c: ReadingCounts): number {
  if (c.words === 0) return 0;
  return 0.39 * (c.words / c.sentences) + 11.8 * (c.syllables / c.words) - 15.59;
}

/** The Flesch–Kincaid grade of a text, with the names given read as one syllable each. */
export function gradeOf(text: string, names: readonly string[] = []): number {
  return gradeOfCounts(readingCounts(text, names));
}

/** A book's grade over its story pages: the child's name, and every name the text gives, read as names. */
export function bookGradeOf(pages: readonly string[], childName: string): number {
  const text = pages.join(" ");
  return gradeOf(text, [childName, ...namesIn(text)]);
}

/** How far a grade is outside the band's range (0 inside it). */
export function outsideBand(grade: number, band: ReadingBand): number {
  return Math.max(0, band.grade.min - grade, grade - band.grade.max);
}
