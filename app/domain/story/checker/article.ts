import { LETTERS } from "./text";
import type { BookText, Finding } from "./types";

/** How a word starts when said aloud; "either" when good speakers differ ("a/an historic", "a/an FBI agent"). */
type Sound = "vowel" | "consonant" | "either";

// letter names that start with a vowel sound: a, e, ef, aitch, i, el, em, en, o, ar, ess, ex
const VOWEL_NAMED_LETTERS = new Set("aefhilmnorsx");

// spelled with a vowel, said with "y" or "w": a unicorn, a European, a one-eyed cat, a ukulele
const YOO_OR_WUH = /^(?:uni(?![nmdr])|unanim|us(?:e|u|ag|ab|ing)|ut(?:e|i|o|a)|ur(?:a|i|e[at]|o|u)|uk|uv|ubiq|ugand|eu|ewe|one(?:s|self|sie)?$|once$|ouija)/;
// the same patterns that are safe on a capitalised name too (Uri, Usha and Ursula are said other ways)
const YOO_OR_WUH_NAME = /^(?:uni(?![nmdr])|uk|ugand|eu|ewe|one$|once$)/;
// spelled with a consonant, said with a vowel: an hour, an honest knight, an heir
const SILENT_H = /^(?:hour|honest|honou?r|heir)/;
const EITHER = /^(?:herb|histor|hotel|homage|ufo|y[^aeiouy])/;

function numberSound(token: string): Sound {
  const digits = token.replace(/[,.].*$/, "").replace(/\D.*$/, "");
  if (digits.startsWith("8")) return "vowel"; // eight, eighty, eight hundred
  if (/^1[18]/.test(digits)) {
    if (digits.length % 3 === 2) return "vowel"; // eleven, eighteen thousand
    if (digits.length === 4) return "either"; // 1800: "eighteen hundred" or "one thousand eight hundred"
  }
  return "consonant";
}

function wordSound(word: string, capitalised: boolean): Sound {
  const w = word.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  if (SILENT_H.test(w)) return "vowel";
  if (EITHER.test(w)) return "either";
  if (/^[aeiou]/.test(w)) {
    if (capitalised) return YOO_OR_WUH_NAME.test(w) ? "consonant" : YOO_OR_WUH.test(w) ? "either" : "vowel";
    return YOO_OR_WUH.test(w) ? "consonant" : "vowel";
  }
  return "consonant";
}

/** The sound the token (the word after the article, or its first hyphenated part) starts with. */
export function soundOf(token: string): Sound {
  if (/^\d/.test(token)) return numberSound(token);
  const first = token.split("-")[0];
  if (first.length === 1) return VOWEL_NAMED_LETTERS.has(first.toLowerCase()) ? "vowel" : "consonant";
  if (first.length >= 2 && first === first.toUpperCase() && /\p{Lu}/u.test(first)) {
    // an acronym is read as letters (an FBI agent) or as a word (a NASA rocket); shouting is a word
    const asLetters = VOWEL_NAMED_LETTERS.has(first[0].toLowerCase()) ? "vowel" : "consonant";
    const asWord = wordSound(first, false);
    return asLetters === asWord ? asWord : "either";
  }
  return wordSound(first, /^\p{Lu}/u.test(first));
}

// words an article never comes before: "A is for apple", "plan a or b"
const NOT_A_NOUN = new Set([
  "is",
  "was",
  "and",
  "or",
  "as",
  "of",
  "to",
  "in",
  "on",
  "at",
  "if",
  "it",
  "are",
  "were",
  "i",
  "the",
  "a",
  "an",
  "for",
  "but",
  "so",
  "with",
  "by",
  "from",
  "be",
]);
const LETTER_NAMED = /(?:letter|letters|plan|vitamin|grade|type|size|row|team|platform|gate|section|capital|little|big)\s+$/i;

const ARTICLE = new RegExp(`(?=[aA])(?<![${LETTERS}'\\-])(a|an|A|An|AN)\\s+["'(]?([${LETTERS}]+(?:[\\-,.'][${LETTERS}]+)*)`, "g");

/** Rule: "a" before a vowel sound or "an" before a consonant sound is a slip every reader hears. */
export function checkArticles(book: BookText): Finding[] {
  const out: Finding[] = [];
  for (const page of book.pages) {
    for (const s of page.sentences) {
      for (const m of s.plain.matchAll(ARTICLE)) {
        const [, article, token] = m;
        const at = m.index ?? 0;
        const before = at > 20 ? `\u0000${s.plain.slice(at - 20, at)}` : s.plain.slice(0, at);
        // a capital "A" inside a sentence is a letter ("Plan A") or a name ("An"), not an article
        if (/^\p{Lu}/u.test(article) && !/^[\s"'(]*$|["':]\s*$/u.test(before)) continue;
        if (book.names.has(article)) continue;
        if (LETTER_NAMED.test(before) || NOT_A_NOUN.has(token.toLowerCase())) continue;
        const sound = soundOf(token);
        const an = article.toLowerCase() === "an";
        if (sound === "either" || (sound === "vowel") === an) continue;
        const shown = /^\d/.test(token) ? token.replace(/[^\d,.].*$/, "").replace(/[,.]$/, "") : token.split("-")[0];
        out.push({ page: page.index, rule: "article", sentence: s.text, detail: `“${article.toLowerCase()}” before “${shown}”` });
      }
    }
  }
  return out;
}
