import { CAPITAL, LETTERS, W1 } from "./text";
import type { BookText, Finding } from "./types";

// words ending in -s that are not verbs: "Mia always smiled", "he sometimes hid"
const NOT_VERBS =
  "always|sometimes|perhaps|towards|afterwards|besides|nevertheless|nonetheless|upstairs|downstairs|indoors|outdoors|backwards|forwards|sideways|whereas|across|thus|yes|less|unless|plus|as|was|his|hers|its|this|us|ours|yours|theirs";
const THEY_PRESENT =
  "are|aren't|have|haven't|do|don't|can|can't|cannot|go|say|see|want|love|like|need|know|feel|look|come|make|take|get|find|live|hear|wait|sit|stand|walk|run|play|laugh|smile|hope|wish|try|help|think";
const ADVERB = "(?:\\s+(?:just|also|still|really|always|never|often|suddenly|quickly|slowly|happily|[a-z]+ly))?";
const PAST_MARK = /\b(?:was|were|had|did|said|went|came|saw|could|would)\b|\b[a-z]{3,}ed\b/i;
const PRESENT_MARK = /\b(?:is|are|isn't|aren't|has|hasn't|have|haven't|does|doesn't|am)\b|\b(?:there|it|that|here|what|where|who)'s\b/gi;
// "would have", "to have": not present; "Hedgehogs are shy": a general truth, fine in any story
const NOT_PRESENT_BEFORE = /\b(?:would|could|should|might|must|may|will|shall|can|to|not|never|n't|'d)\s+(?:\w+\s+)?$/i;
const GENERAL_TRUTH =
  /(?:^|[.!?;:,]\s+|\b(?:and|but|because|as|since)\s+)(?:(?:most\s+|many\s+|all\s+|some\s+|real\s+|wild\s+|baby\s+|little\s+|big\s+|young\s+)?[a-z]+s|every\s+[a-z]+)\s+$/i;
const SAYINGS = /\bas\s+(?:they|people|grown-ups)\s+say\b/gi;
// words that hand the rest of the sentence to someone's saying or a lesson: "Mum always said:
// bedtime is for resting", "Mia had learned that helping someone is the best adventure"
const MAXIM =
  /\b(?:(?:always\s+)?(?:said|says|whispered)|knew\s+it\s+was\s+true|it\s+was\s+true|the\s+truth\s+was)\s*:|\b(?:learned|learnt|found\s+out|discovered|realised|realized|understood)\s+(?:that|something\s+[a-z]+:)/i;

/** The narration the tense and person rules read: sayings and lessons left out. */
function toldByNarrator(narration: string): string {
  let told = narration.includes(" say") ? narration.replace(SAYINGS, (x) => " ".repeat(x.length)) : narration;
  const maxim = MAXIM.exec(told);
  if (maxim) told = told.slice(0, maxim.index + maxim[0].length);
  return told;
}

// someone (a name or a pronoun: which names are someone's is checked in code), then the verb
const SUBJECT = new RegExp(
  `\\b(?:she|he|they)\\b|(?<![${LETTERS}'-])(?:(?:Uncle|Aunt|Auntie|Aunty|Mr|Mrs|Ms|Miss|Dr|Grandma|Grandpa|Captain)\\.?\\s)?[${CAPITAL}](?:[${LETTERS}-]|'(?!(?:s|re|ve|d|ll)\\b))*`,
  "g",
);
const SINGLE_NOW = new RegExp(
  `${W1}${ADVERB}\\s+((?:is|has|does|isn't|hasn't|doesn't|can|can't|cannot)\\b|(?!(?:${NOT_VERBS})\\b)[a-z]{2,}(?<![su])s\\b)`,
  "y",
);
const PLURAL_NOW = new RegExp(`${W1}${ADVERB}\\s+((?:${THEY_PRESENT})\\b)|('re|'ve)\\b`, "y");
const CONTRACTED = /'s\b/y;

const PRONOUNS = new Set(["she", "he", "they", "She", "He", "They"]);

/** The first "Mia says", "she is", "they are" of someone in the text, as the words to show. */
function presentOfSomeone(said: string, someone: (who: string) => boolean): string | undefined {
  for (const m of said.matchAll(SUBJECT)) {
    const who = m[0];
    if (!someone(who)) continue;
    const at = (m.index ?? 0) + who.length;
    const they = who === "they" || who === "They";
    if (!they && PRONOUNS.has(who)) {
      CONTRACTED.lastIndex = at;
      if (CONTRACTED.test(said)) return `${who}'s`;
    }
    const verb = they ? PLURAL_NOW : SINGLE_NOW;
    verb.lastIndex = at;
    const v = verb.exec(said);
    if (v) return v[1] ?? `${who}${v[2]}`;
  }
  return undefined;
}

/** Rules: the story is told in the past ("Mia laughed"), and by a narrator who is neither "I" nor "you". */
export function checkNarration(book: BookText): Finding[] {
  const out: Finding[] = [];
  const someone = (who: string) => PRONOUNS.has(who) || book.beings.has(who) || book.speakers.has(who);
  for (const page of book.pages) {
    if (page.frame) continue;
    const told = page.sentences.map((s) => toldByNarrator(s.narration));
    const past = told.some((t) => PAST_MARK.test(t));
    page.sentences.forEach((s, i) => {
      const said = told[i];
      const tense = (detail: string) => out.push({ page: page.index, rule: "tense", sentence: s.text, detail });
      const now = presentOfSomeone(said, someone);
      if (now) tense(`present “${now}” in past-tense narration`);
      else if (past) {
        for (const p of said.matchAll(PRESENT_MARK)) {
          const at = p.index ?? 0;
          // the words just before, and no sentence start where the sentence does not start
          const before = at > 40 ? `\u0000${said.slice(at - 40, at)}` : said.slice(0, at);
          if (/^ha/i.test(p[0]) && NOT_PRESENT_BEFORE.test(before)) continue;
          if (GENERAL_TRUTH.test(before)) continue;
          tense(`present “${p[0]}” on a page told in the past`);
          break;
        }
      }
      const person = firstOrSecondPerson(said);
      if (person) out.push({ page: page.index, rule: "person", sentence: s.text, detail: `“${person}” in the narration` });
    });
  }
  return out;
}

const PERSON =
  /(?<![\p{L}'-])(I'm|I've|I'd|I'll|I|me|my|myself|we're|we've|we'd|we'll|we|us|our|ours|ourselves|you're|you've|you'd|you'll|your|yours|yourself|yourselves|you|let's)(?![\p{L}-]|'\p{L})/giu;

const PERSON_HINT = /\b(?:I|me|my|myself|we|us|our|ours|ourselves|you|your|yours|yourself|yourselves|let's)\b/i;

function firstOrSecondPerson(said: string): string | undefined {
  if (!PERSON_HINT.test(said)) return undefined;
  for (const m of said.matchAll(PERSON)) {
    const word = m[0];
    const before = said.slice(0, m.index);
    if (/^i/.test(word) || word === "US") continue; // "i" is no word, "US" a country
    if (/\b(?:thank|bless)\s+$/i.test(before) && /^you$/i.test(word)) continue; // she said thank you
    if (word === "I" && /^\s+spy\b/i.test(said.slice((m.index ?? 0) + 1))) continue; // a game of I spy
    // "the Land of My Own Story": a capital inside a sentence is part of a name, not the narrator
    if (!word.startsWith("I") && /^\p{Lu}/u.test(word) && !/^[\s"']*$|[:"]\s*$/.test(before)) continue;
    return word;
  }
  return undefined;
}

/** Rule: the same sentence twice in one book reads as a slip (short cries such as "Oh!" may repeat). */
export function checkRepeats(book: BookText): Finding[] {
  const out: Finding[] = [];
  const seen = new Map<string, number>();
  for (const page of book.pages) {
    for (const s of page.sentences) {
      const key = s.text
        .toLowerCase()
        .replace(/[^a-z0-9\u00C0-\u024F\u0370-\u04FF]+/g, " ")
        .trim();
      const space = key.indexOf(" ");
      if (space < 0 || key.indexOf(" ", space + 1) < 0) continue; // two words or fewer
      const first = seen.get(key);
      if (first === undefined) seen.set(key, page.index);
      else out.push({ page: page.index, rule: "repeated", sentence: s.text, detail: `also on page ${first}` });
    }
  }
  return out;
}
