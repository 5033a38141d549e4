import type { Facts } from "./description";
import type { Hero } from "./hero";
import { baseOfThird, endWithStop, isKnownVerb, pastOf } from "./text";

/**
 * The parent's premise: sentences about what the child does ("Mia finds a glowing map in the attic
 * and follows it into the forest"), moved into the story's past tense predicate by predicate where
 * they can be read with confidence, and otherwise kept as a topic or a line about the world.
 */
export interface PremiseEvent {
  /** a leading phrase or clause, already in the past tense: "In the kingdom of Willowmere" */
  lead?: string;
  /** the child's predicate in the past tense, without the subject: "found a glowing map in the attic" */
  pred: string;
  /** base form of its verb: "find" */
  verb: string;
}

export interface Help {
  /** the one who needs help, as the parent wrote it: "a lonely little star" */
  who: string;
  /** base-form verb phrase with `who` as subject: "find its way back to its constellation" */
  need: string;
  /** the same in the past tense: "found its way back to its constellation" */
  done: string;
  /** the child's whole predicate: "helped a lonely little star find its way back to its constellation" */
  pred: string;
  /** the situation the parent set it in, as a sentence: "The animals of Buttercup Meadow stopped talking to each other." */
  trouble?: string;
}

/** adverbs skipped when looking for a verb or a subject */
export const ADVERBS = new Set(
  "always often really sometimes never just only finally suddenly then also secretly bravely happily quickly slowly carefully soon even still usually truly".split(
    " ",
  ),
);
const SUBORDINATORS = new Set("when while after before as because once since whenever until".split(" "));
/** non-action verbs that still tell a story: "This is the story of how Mia learned to share." */
const STORY_OF_HOW = new Set("learn become overcome understand realise realize save rescue change grow win solve make discover".split(" "));
const ACTION_START = new Set(
  "find discover build make go visit travel fly dive swim sail explore join meet follow set climb enter open wake get receive start take ride walk run jump spot notice see hear stumble come arrive launch hop step plant dig bake invent create paint draw write decide set-off head board blast zoom float wander sneak tiptoe race chase catch pick collect gather rescue save help bring return move".split(
    " ",
  ),
);
const STORY_ABOUT_RE =
  /^(?:(?:please\s+)?(?:write|make|tell|create)\s+(?:me\s+|us\s+)?)?(?:i (?:want|would like) )?(?:a |the |this |our |my )?(?:story|book|tale|adventure)\s+(?:is\s+)?(about|where|in which|when|of|that|for)\s+(.+)$/i;
const ABOUT_RE = /^about\s+(.+)$/i;

/** a word in lower case without its punctuation */
export const lower = (w: string) => w.toLowerCase().replace(/[^\p{L}'-]/gu, "");

/** a phrase of 1 to `max` words, with letters in it */
export function shortEnough(phrase: string, max = 8): boolean {
  const n = phrase.split(/\s+/).length;
  return n >= 1 && n <= max && /\p{L}/u.test(phrase);
}

// ---------------------------------------------------------------- verbs in a clause

interface Converted {
  words: string[];
  /** indexes where a new coordinated predicate starts */
  starts: number[];
  /** base form of each predicate's verb, parallel to `starts` */
  verbs: string[];
  verb: string;
}

const AUX: Record<string, [string, string]> = {
  is: ["was", "was"],
  am: ["was", "was"],
  are: ["were", "were"],
  has: ["had", "had"],
  have: ["had", "had"],
  does: ["did", "did"],
  do: ["did", "did"],
  can: ["could", "could"],
  will: ["would", "would"],
  may: ["might", "might"],
  "can't": ["couldn't", "couldn't"],
  cannot: ["could not", "could not"],
  "won't": ["wouldn't", "wouldn't"],
  "doesn't": ["didn't", "didn't"],
  "don't": ["didn't", "didn't"],
  "isn't": ["wasn't", "wasn't"],
  "aren't": ["weren't", "weren't"],
  "hasn't": ["hadn't", "hadn't"],
  "haven't": ["hadn't", "hadn't"],
  was: ["was", "was"],
  were: ["were", "were"],
  had: ["had", "had"],
  did: ["did", "did"],
};

function splitPunct(word: string): [string, string, string] {
  const m = /^([^\p{L}\p{N}']*)([\p{L}\p{N}'-]*)(.*)$/u.exec(word);
  return m ? [m[1], m[2], m[3]] : ["", word, ""];
}

/** Converts the verb at `i` to the past; returns its base form, or undefined if it is not a verb. */
function convertAt(words: string[], i: number, strict: boolean): string | undefined {
  if (i >= words.length) return undefined;
  const [pre, core, post] = splitPunct(words[i]);
  const w = core.toLowerCase();
  if (AUX[w]) {
    words[i] = pre + AUX[w][0] + post;
    return w === "is" || w === "am" || w === "are" ? "be" : w.replace(/n't$/, "");
  }
  if (/ed$/.test(w) && isKnownVerb(w.replace(/e?d$/, ""))) return w.replace(/e?d$/, ""); // already past
  const third = baseOfThird(w);
  if (third && (isKnownVerb(third) || (!strict && /s$/.test(w)))) {
    words[i] = pre + pastOf(third) + post;
    return third;
  }
  if (isKnownVerb(w) && !/s$/.test(w)) {
    words[i] = pre + pastOf(w) + post;
    return w;
  }
  return undefined;
}

/** Moves a predicate (starting at `start`) and its coordinated verbs into the past. */
function predicateToPast(words: string[], start: number, plural = false): Converted | undefined {
  let i = start;
  while (i < words.length && ADVERBS.has(lower(words[i]))) i++;
  const verb = convertAt(words, i, false);
  if (!verb) return undefined;
  const starts = [start];
  const verbs = [verb];
  for (let j = i + 1; j < words.length - 1; j++) {
    const prev = words[j - 1];
    const link = /^(and|then)$/i.test(prev) || (/,$/.test(prev) && !/^(and|then|but|with|over|into|through|past|under|a|an|the)$/i.test(words[j]));
    if (!link) continue;
    let k = j;
    while (k < words.length && ADVERBS.has(lower(words[k]))) k++;
    const [, core] = splitPunct(words[k] ?? "");
    // "the toys come alive and plan a party": a plural subject's next verb has no -s
    const pluralVerb = plural && /^(and|then)$/i.test(prev) && !/s$/i.test(core) && isKnownVerb(core.toLowerCase());
    if (!pluralVerb && (!/s$/i.test(core) || !baseOfThird(core) || !isKnownVerb(baseOfThird(core) ?? ""))) continue;
    const base = convertAt(words, k, true);
    if (base) {
      // the predicate starts at the link word ("and follows" / ", visits")
      starts.push(/^(and|then)$/i.test(prev) ? j - 1 : j);
      verbs.push(base);
    }
  }
  // relative clauses about a single thing follow the story into the past: "a rocket that really flies" -> "flew"
  for (let j = i + 1; j < words.length - 1; j++) {
    if (!/^(that|which|who)$/i.test(words[j])) continue;
    let k = j + 1;
    while (k < words.length && ADVERBS.has(lower(words[k]))) k++;
    const [, core] = splitPunct(words[k] ?? "");
    if (/s$/i.test(core) && baseOfThird(core) && (isKnownVerb(baseOfThird(core) ?? "") || AUX[core.toLowerCase()])) convertAt(words, k, true);
  }
  // and those with no "that": "a comet nobody has named yet" -> "had named", "the best picnic the meadow has ever seen" -> "had ever seen"
  for (let j = i + 1; j < words.length - 1; j++) {
    if (/^(has|have)$/i.test(words[j]) && /^(ever|never)$/i.test(words[j + 1])) convertAt(words, j, true);
    if (!/^(nobody|everyone|everybody|someone|anyone)$/i.test(words[j])) continue;
    const [, core] = splitPunct(words[j + 1]);
    if (AUX[core.toLowerCase()] || (/s$/i.test(core) && isKnownVerb(baseOfThird(core) ?? ""))) convertAt(words, j + 1, true);
  }
  return { words, starts, verbs, verb };
}

function splitPredicates(c: Converted, from: number): string[] {
  const out: string[] = [];
  const bounds = [...c.starts.slice(1), c.words.length];
  let begin = from;
  for (const end of bounds) {
    let part = c.words.slice(begin, end);
    part = part.filter((w, idx) => !(idx === 0 && /^(and|then)$/i.test(w)));
    let text = part
      .join(" ")
      .replace(/[,;]+$/, "")
      .replace(/\s+(and|then)$/i, "")
      .trim();
    text = text.replace(/[.!?]+$/, "");
    if (text) out.push(text);
    begin = end;
  }
  return out;
}

export function isHeroWord(word: string, hero: Hero): boolean {
  const w = word.replace(/[,.]$/, "");
  return w === hero.name || w === hero.fullName.split(" ")[0] || /^(she|he|they)$/i.test(w);
}

// a time or place the sentence starts from, before its subject
const LEADING_PHRASE = /^(?:on|in|at|one|every|last|during|early|late|after|before)\b[^,]{0,30},\s/i;
const IMPERATIVE_TO_WRITER = /^(please|make|include|add|write|use|mention|put|give|let|keep|try|don't|do not|avoid|no|set|have|it should|should)\b/i;

/** Reads one sentence of the premise into the facts: events of the child, the help they give, lines about the world, or a topic. */
export function readPremise(sentence: string, hero: Hero, facts: Facts): void {
  let s = sentence.trim();
  if (IMPERATIVE_TO_WRITER.test(s) || /\b(I|I'm|I've|me|you|your)\b/.test(s)) return;
  const about = STORY_ABOUT_RE.exec(s) ?? (ABOUT_RE.exec(s) ? [s, "about", ABOUT_RE.exec(s)![1]] : null);
  if (about) {
    const kind = about[1].toLowerCase();
    const rest = about[2].replace(/^how\s+/i, "");
    if (kind === "about" || kind === "of" || kind === "for") {
      if (/^how\s/i.test(about[2]) || isHeroWord(rest.split(" ")[0], hero)) s = rest;
      else {
        if (!facts.about && shortEnough(rest, 16)) facts.about = rest;
        return;
      }
    } else s = rest;
  }
  const words = s.split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > 45) return;

  // "We ..." -> the child and their family
  if (/^we$/i.test(words[0])) {
    words.splice(0, 1, hero.name, "and", hero.his, "family");
    for (let i = 4; i < words.length; i++) {
      if (/^our$/i.test(words[i])) words[i] = "their";
      if (/^us$/i.test(words[i])) words[i] = "them";
    }
    const verbAt = 4;
    const c = predicateToPast(words, verbAt);
    if (c) facts.worldLines.push(endWithStop(c.words.join(" ")));
    return;
  }

  // the child as subject, possibly after a leading phrase ("In the kingdom of X, Mia joins ...")
  let subj = isHeroWord(words[0], hero) ? 0 : -1;
  if (subj < 0) {
    for (let i = 1; i < words.length - 1; i++) {
      if (/,$/.test(words[i - 1]) && isHeroWord(words[i], hero)) {
        subj = i;
        break;
      }
    }
  }
  if (subj >= 0) {
    let lead: string | undefined;
    let trouble: string | undefined;
    if (subj > 0) {
      const leadWords = words.slice(0, subj);
      if (SUBORDINATORS.has(lower(leadWords[0]))) {
        let converted = false;
        for (let i = 1; i < leadWords.length; i++) if ((converted = Boolean(convertAt(leadWords, i, true)))) break;
        // "When the animals stopped talking" also stands as a sentence of its own
        if (converted && /^(when|while|after|as|once|since|because)$/i.test(lower(leadWords[0])) && leadWords.length > 3) {
          const clause = leadWords.slice(1).join(" ").replace(/,$/, "");
          trouble = endWithStop(clause[0].toUpperCase() + clause.slice(1));
        }
      }
      lead = leadWords.join(" ").replace(/,$/, "");
      lead = lead[0].toUpperCase() + lead.slice(1);
    }
    const nameWords = hero.name.split(" ").length;
    const headLen = words[subj] === hero.name.split(" ")[0] && words.slice(subj, subj + nameWords).join(" ") === hero.name ? nameWords : 1;
    const c = predicateToPast(words, subj + headLen);
    if (!c) {
      if (!lead && shortEnough(s, 14) && isTopic(s)) facts.topics.push(s);
      return;
    }
    // the story says the child's name before the predicate: "They are learning" is "Sam was learning"
    const preds = splitPredicates(c, subj + headLen).map((p) =>
      p.replace(/^((?:\S+\s+)?)were\b/, (x, adverb: string) => (!adverb || ADVERBS.has(lower(adverb)) ? `${adverb}was` : x)),
    );
    preds.forEach((pred, idx) => {
      const base = c.verbs[idx] ?? c.verb;
      const help = readHelp(pred);
      if (help && !facts.help) facts.help = { ...help, ...(trouble ? { trouble } : {}) };
      else facts.events.push({ lead: idx === 0 ? lead : undefined, pred, verb: base });
      if (trouble && idx === 0 && !help) facts.worldLines.push(trouble);
    });
    return;
  }

  // another subject: find its verb within the first words, after a leading phrase ("On a rainy day, the toys ...")
  const leadComma = LEADING_PHRASE.test(s) ? words.findIndex((w) => /,$/.test(w)) : -1;
  for (let i = 1; i < Math.min(words.length, 10 + leadComma + 1); i++) {
    const before = words.slice(leadComma + 1, i).join(" ");
    if (/[,;]$/.test(words[i - 1]) && i > 1 && i - 1 !== leadComma) break;
    if (i <= leadComma + 1) continue;
    const c = predicateToPastStrict(words, i);
    if (c) {
      let line = c.words.join(" ");
      if (SUBORDINATORS.has(lower(words[0]))) return; // a dangling "When ..." with no main clause we can read
      line = line[0].toUpperCase() + line.slice(1);
      if (before && /\p{L}/u.test(before)) facts.worldLines.push(endWithStop(line));
      return;
    }
  }
  if (shortEnough(s, 14) && !SUBORDINATORS.has(lower(words[0])) && isTopic(s)) facts.topics.push(s[0].toLowerCase() === s[0] ? s : lcIfCommon(s));
}

/**
 * A topic is a thing to think about ("the first day at a new school"), never a sentence: a phrase
 * with a verb in it would be pasted in as a fragment ("thinking a lot about Has two mums").
 */
function isTopic(phrase: string): boolean {
  return phrase.split(/\s+/).every((raw) => {
    const w = lower(raw);
    if (AUX[w]) return false;
    const third = baseOfThird(w);
    if (third && isKnownVerb(third) && !/(ss|us|is)$/.test(w)) return false;
    return !(/ed$/.test(w) && isKnownVerb(w.replace(/e?d$/, "")));
  });
}

function predicateToPastStrict(words: string[], i: number): Converted | undefined {
  const [, core] = splitPunct(words[i]);
  const w = core.toLowerCase();
  if (!AUX[w] && !(baseOfThird(w) && isKnownVerb(baseOfThird(w) ?? "")) && !(isKnownVerb(w) && /(s|people|children|ren)$/i.test(words[i - 1] ?? "")))
    return undefined;
  if (/^(a|an|the|to|of|and|with)$/i.test(words[i - 1] ?? "")) return undefined;
  return predicateToPast(words.slice(), i, /(s|people|children|ren)$/i.test(words[i - 1] ?? ""));
}

function lcIfCommon(s: string): string {
  return /^(A|An|The|Some|First|Her|His|Their|Going|Starting|Learning|Moving|Making|Visiting|Having|Being|New|Big|Little)\b/.test(s)
    ? s[0].toLowerCase() + s.slice(1)
    : s;
}

/** "helped a lonely little star find its way back" -> who "a lonely little star", need "find its way back". */
function readHelp(pred: string): Help | undefined {
  const m = /^helped\s+(.+)$/i.exec(pred);
  if (!m) return undefined;
  const words = m[1].split(" ");
  for (let i = 1; i < words.length; i++) {
    const w = words[i].toLowerCase();
    if (w === "to" && i + 1 < words.length && isKnownVerb(words[i + 1].toLowerCase())) {
      return help(words.slice(0, i).join(" "), words.slice(i + 1), pred);
    }
    if (isKnownVerb(w) && !/^(the|a|an|her|his|their|its|my|our)$/i.test(words[i - 1]) && !/,$/.test(words[i - 1])) {
      return help(words.slice(0, i).join(" "), words.slice(i), pred);
    }
  }
  return undefined;
}

function help(who: string, needWords: string[], pred: string): Help | undefined {
  if (!who || needWords.length === 0 || who.split(" ").length > 14) return undefined;
  const need = needWords.join(" ").replace(/[,;]+$/, "");
  const doneWords = needWords.slice();
  doneWords[0] = pastOf(doneWords[0].toLowerCase());
  return { who: who.replace(/,$/, ""), need, done: doneWords.join(" ").replace(/[,;]+$/, ""), pred };
}

export function isStoryOfHow(verb: string): boolean {
  return STORY_OF_HOW.has(verb.toLowerCase());
}

/** Verbs that start something, so the event can open the adventure ("One morning, Mia found ..."). */
export function isActionStart(verb: string): boolean {
  return ACTION_START.has(verb.toLowerCase());
}
