/**
 * Turns free text into the word tokens the rule-based moderator compares against its lists, undoing
 * the usual tricks: accents and look-alike letters (Cyrillic "а", full-width "ｓ"), invisible
 * characters, leetspeak ("k1ll", "$ex", "sh!t"), letters split by spaces or dots ("s e x",
 * "f.u.c.k"), stretched letters ("kiiiill", see `squeeze`) and masking stars ("f*ck", handled by
 * the matcher). Numbers on their own stay numbers ("3 bears" is not "e bears").
 */

/** Invisible characters that are not combining marks (those go with the accents). */
const INVISIBLE = /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;

/** Letters of other scripts that look like Latin ones. */
const HOMOGLYPHS: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ɡ: "g",
  ο: "o",
  α: "a",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ı: "i",
};

const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
  "€": "e",
};
const HAS_LETTER = /\p{L}/u;
const HAS_LEET = /[0-9@$!|€]/;

/** A single letter or leet character, the pieces of "s e x" and "f.u.c.k". */
const SINGLE = /^[\p{L}0-9@$!|€]$/u;
/** "f.u.c.k", "s-e-x", "st.u.p.i.d": one or two characters joined by a separator, at least three pieces. */
const SPELLED_OUT = /^[\p{L}0-9@$!|€][\p{L}0-9@$|€]?(?:[.\-_~+·•][\p{L}0-9@$!|€][\p{L}0-9@$|€]?){2,}[.\-_~+·•]?$/u;

/** Separators inside a chunk that end a word ("self-harm", "and/or", "hello,world"). */
const INNER_SPLIT = /[-\u2010-\u2015/\\_,.;:()[\]{}"“”«»?&+=~^#%<>·•…]+/u;

/** Sentence punctuation becomes a "." token so phrase rules do not run across sentences. */
const SENTENCE_END = /[.!?;:…]+["'”’)\]]*$/u;

export interface Normalized {
  /** word tokens (lower case, Latin, leet undone); "." marks a sentence end */
  tokens: string[];
  /** the tokens joined by single spaces, for phrase rules */
  text: string;
  /** the tokens that were typed one letter at a time ("i w i l l k i l l y o u"), joined */
  spelled: string[];
}

/** Lower case, accents and look-alikes folded to plain Latin, invisible characters removed. */
export function foldText(input: string): string {
  const decomposed = input.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(INVISIBLE, "");
  let out = "";
  for (const ch of decomposed) out += HOMOGLYPHS[ch] ?? ch;
  return out;
}

function undoLeet(piece: string): string {
  if (!HAS_LETTER.test(piece) && !(piece.length >= 3 && /[@$!|€]/.test(piece))) return piece;
  if (!HAS_LEET.test(piece)) return piece;
  let out = "";
  for (const ch of piece) out += LEET[ch] ?? ch;
  return out;
}

export function normalize(input: string): Normalized {
  // "dragon's" -> "dragons", "don't" -> "dont": apostrophes never split a word.
  const folded = foldText(input).replace(/(\p{L})['’`´](\p{L})/gu, "$1$2");
  const pieces: string[] = [];
  for (let chunk of folded.split(/\s+/)) {
    if (!chunk) continue;
    const endsSentence = SENTENCE_END.test(chunk) && !SPELLED_OUT.test(chunk);
    if (SPELLED_OUT.test(chunk)) chunk = chunk.replace(/[.\-_~+·•]/g, "");
    // emphasis stars around a word (*big*) are not masking stars
    if (/^\*+[^*]+\*+$/.test(chunk)) chunk = chunk.replace(/^\*+|\*+$/g, "");
    for (const part of chunk.split(INNER_SPLIT)) {
      // keep leet characters and masking stars inside a word; drop other edge punctuation
      const trimmed = part.replace(/^['"‘’`]+/, "").replace(/[!'"‘’`]+$/, "");
      if (trimmed) pieces.push(trimmed);
    }
    if (endsSentence) pieces.push(".");
  }

  // "s e x", "k 1 l l": three or more single characters in a row are one word.
  const joined: string[] = [];
  const spelled: string[] = [];
  for (let i = 0; i < pieces.length;) {
    if (SINGLE.test(pieces[i])) {
      let j = i;
      while (j < pieces.length && SINGLE.test(pieces[j])) j++;
      if (j - i >= 3) {
        joined.push(pieces.slice(i, j).join(""));
        spelled.push(undoLeet(pieces.slice(i, j).join("")).replace(/[^\p{L}\p{N}*]/gu, ""));
        i = j;
        continue;
      }
    }
    joined.push(pieces[i]);
    i++;
  }

  const tokens = joined
    .map((p) => (p === "." ? p : undoLeet(p).replace(/[^\p{L}\p{N}*]/gu, "")))
    .filter((t) => t.length > 0)
    .filter((t, i, all) => t !== "." || (i > 0 && all[i - 1] !== "."));
  return { tokens, text: tokens.join(" "), spelled };
}

/**
 * Every run of a repeated letter squeezed to one ("killer" -> "kiler"): words and tokens are also
 * compared squeezed, so stretched letters ("kiiiill", "fuuuuck") change nothing.
 */
export function squeeze(word: string): string {
  return word.replace(/(.)\1+/g, "$1");
}
