import type { Hero } from "./hero";
import { parseElement, type Entity } from "./entities";
import { baseOfThird, cleanText, endWithStop, gerundOf, indefinite, isKnownVerb, pastOf, splitSentences } from "./text";

/**
 * What the parent's free-text description tells the writer. Simple facts are read from common
 * patterns ("loves X", "is scared of Y", "has a dog called Z", "best friend W", "lives in P");
 * the rest is the parent's premise, moved into the story's past tense where it can be read with
 * confidence, and otherwise kept as a topic the story mentions in a frame that fits any phrase.
 * Nothing is pasted that is not a whole, readable sentence.
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

export interface Facts {
  loves: string[];
  fears: string[];
  wishes: string[];
  pet?: Entity;
  friend?: Entity;
  sibling?: Entity;
  /** "in Lisbon", "by the sea", "on a farm" */
  home?: string;
  events: PremiseEvent[];
  help?: Help;
  /** past-tense sentences about the world, not about the child: "Grandma was coming to visit." */
  worldLines: string[];
  /** noun phrases the parent gave without a verb: "the first day at a new school" */
  topics: string[];
  /** "a story about X": the X */
  about?: string;
}

const ADVERBS = new Set("always often really sometimes never just only finally suddenly then also secretly bravely happily quickly slowly carefully soon even still usually truly".split(" "));
const SUBORDINATORS = new Set("when while after before as because once since whenever until".split(" "));
/** non-action verbs that still tell a story: "This is the story of how Mia learned to share." */
const STORY_OF_HOW = new Set("learn become overcome understand realise realize save rescue change grow win solve make discover".split(" "));
const ACTION_START = new Set(
  "find discover build make go visit travel fly dive swim sail explore join meet follow set climb enter open wake get receive start take ride walk run jump spot notice see hear stumble come arrive launch hop step plant dig bake invent create paint draw write decide set-off head board blast zoom float wander sneak tiptoe race chase catch pick collect gather rescue save help bring return move".split(" "),
);
const PETS = "dog|puppy|pup|cat|kitten|bunny|rabbit|hamster|guinea pig|parrot|budgie|bird|goldfish|fish|tortoise|turtle|horse|pony|lizard|gecko|chicken|hen|duck|goat|ferret|mouse|rat|snake|gerbil|canary|cockatiel|hedgehog|pig";
const PET_ADJ = "(?:(?:little|big|pet|old|young|fluffy|small|tiny|new|black|white|brown|ginger|grey|gray|golden|spotty|naughty|cheeky|lazy|cuddly|sweet|funny|silly|fat|clever|very)\\s+)*";
const NAME = "(\\p{Lu}[\\p{L}\\p{M}'-]*(?:\\s\\p{Lu}[\\p{L}\\p{M}'-]*)?)";
const STOP_WORDS = "she|he|they|it|is|has|loves|likes|lives|wants|was|gets|can|doesn't|does|hates|her|his|their|also|really|always|never|feels|dreams|wishes|hopes|often|sometimes|would|will|enjoys|adores|gets|who|which|goes|plays|cannot|can't|isn't";
const STOP = `(?=\\s*(?:[.;!?]|,\\s*(?:and\\s+|but\\s+)?(?:${STOP_WORDS})\\b|\\s+(?:and|but|so|because|though|although|especially)\\s+(?:${STOP_WORDS})\\b|\\s+(?:but|because|so|when|while|though|whenever|especially|except)\\b|,\\s*(?:but|because|so|when|while|especially)\\b|$))`;

const LOVES_RE = new RegExp(
  `\\b(?:loves?|adores?|really likes|likes|enjoys|is (?:crazy|mad|obsessed|passionate|excited|nuts) (?:about|with)|is (?:a )?(?:huge |big )?fan of|is into|is in love with|can't get enough of)\\s+(.+?)${STOP}`,
  "giu",
);
const FAVOURITE_RE = new RegExp(`\\bfavou?rite (?:thing|animal|colou?r|food|toy|game|sport|book|song|place|activity|hobby|show) (?:is|are)\\s+(.+?)${STOP}`, "giu");
const FEAR_RE = new RegExp(`\\b(?:scared|afraid|frightened|terrified|fearful|nervous|worried|anxious) (?:of|about|by|around)\\s+(.+?)${STOP}`, "giu");
const FEARS_RE = new RegExp(`\\bfears\\s+(.+?)${STOP}`, "giu");
const DISLIKE_FEAR_RE = /\b(?:doesn't|does not|don't|do not) like (the dark|the night|thunder|thunderstorms|storms|loud noises|being alone|heights|monsters|spiders|the bath|baths|big dogs|dogs|the wind)\b/giu;
const WISH_RE = new RegExp(`\\b(?:wants|wishes|hopes|would love|dreams|longs|is dreaming|is hoping|would like)\\s+(to|of|about)\\s+(.+?)${STOP}`, "giu");
const WANTS_THING_RE = new RegExp(`\\bwants\\s+((?:a|an|some)\\s+.+?)${STOP}`, "giu");
const PET_HAS_RE = new RegExp(`\\b(?:has|have|with|owns?|got)\\s+(?:a|an|one)\\s+${PET_ADJ}(${PETS})\\b(?:\\s*,?\\s*(?:called|named|whose name is)\\s+${NAME})?`, "iu");
const PET_POSS_RE = new RegExp(`\\b(?:her|his|their|our|my)\\s+(?:pet\\s+)?${PET_ADJ}(${PETS})\\s*,?\\s+(?:called\\s+|named\\s+)?${NAME}`, "u");
const FRIEND_RE = new RegExp(`\\bbest friends?(?:\\s+is|\\s+are|,|\\s+called|\\s+named|:)?\\s+${NAME}`, "u");
const FRIEND_IS_RE = new RegExp(`${NAME} is (?:her|his|their|my|our) best friend`, "u");
const FRIEND_CALLED_RE = new RegExp(`\\b(?:a |her |his |their )friend (?:called |named )${NAME}`, "u");
const SIBLING_RE = new RegExp(`\\b(?:(little|baby|big|older|younger|twin|new baby)\\s+)?(brother|sister)\\s*,?\\s+(?:called\\s+|named\\s+)?${NAME}`, "u");
const HOME_RE = new RegExp(`\\blives?\\s+(in|on|by|near|at|next to|beside)\\s+(.+?)${STOP}`, "iu");
const FROM_RE = new RegExp(`\\b(?:is|comes) from\\s+${NAME}`, "u");
const STORY_ABOUT_RE = /^(?:(?:please\s+)?(?:write|make|tell|create)\s+(?:me\s+|us\s+)?)?(?:i (?:want|would like) )?(?:a |the |this |our |my )?(?:story|book|tale|adventure)\s+(?:is\s+)?(about|where|in which|when|of|that|for)\s+(.+)$/i;
const ABOUT_RE = /^about\s+(.+)$/i;

const lower = (w: string) => w.toLowerCase().replace(/[^\p{L}'-]/gu, "");

function tidyPhrase(phrase: string): string {
  return phrase
    .replace(/\s+(so much|very much|a lot|a lot too|more than anything|the most|too|as well|lots)$/i, "")
    .replace(/^(the most|so much|really)\s+/i, "")
    .replace(/[,:;]+$/, "")
    .trim();
}

/** "to sing" -> "singing"; "dinosaurs" stays. */
function asThing(phrase: string): string {
  const m = /^to\s+(\p{L}+)(.*)$/u.exec(phrase);
  if (!m) return phrase;
  // "to sing and dance" -> "singing and dancing"
  const rest = m[2].replace(/(\b(?:and|or)\s+)(\p{L}+)/gu, (whole, link: string, verb: string) => (isKnownVerb(verb.toLowerCase()) ? link + gerundOf(verb) : whole));
  return `${gerundOf(m[1])}${rest}`;
}

function shortEnough(phrase: string, max = 8): boolean {
  const n = phrase.split(/\s+/).length;
  return n >= 1 && n <= max && /\p{L}/u.test(phrase);
}

/** Words before a fact in its clause: the fact is the child's only if the subject is the child. */
function subjectIsHero(before: string, hero: Hero): boolean {
  const clause = before.split(/[,;]|\band\b|\bbut\b|\bwho\b/i).pop() ?? "";
  const words = clause
    .trim()
    .split(/\s+/)
    .filter((w) => w && !ADVERBS.has(lower(w)) && !/^(is|gets|feels|can|be|a|little|bit|very|so|really|quite|absolutely|totally|rather)$/i.test(w));
  if (words.length === 0) return true;
  const joined = words.join(" ").toLowerCase();
  const names = [hero.name, hero.fullName, hero.fullName.split(" ")[0]].map((n) => n.toLowerCase());
  return names.includes(joined) || ["she", "he", "they", "i think she", "i think he"].includes(joined);
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
  is: ["was", "was"], am: ["was", "was"], are: ["were", "were"], has: ["had", "had"], have: ["had", "had"],
  does: ["did", "did"], do: ["did", "did"], can: ["could", "could"], will: ["would", "would"], may: ["might", "might"],
  "can't": ["couldn't", "couldn't"], cannot: ["could not", "could not"], "won't": ["wouldn't", "wouldn't"], "doesn't": ["didn't", "didn't"],
  "don't": ["didn't", "didn't"], "isn't": ["wasn't", "wasn't"], "aren't": ["weren't", "weren't"], "hasn't": ["hadn't", "hadn't"],
  "haven't": ["hadn't", "hadn't"], was: ["was", "was"], were: ["were", "were"], had: ["had", "had"], did: ["did", "did"],
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
function predicateToPast(words: string[], start: number): Converted | undefined {
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
    if (!/s$/i.test(core) || !baseOfThird(core) || !isKnownVerb(baseOfThird(core) ?? "")) continue;
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
  return { words, starts, verbs, verb };
}

function splitPredicates(c: Converted, from: number): string[] {
  const out: string[] = [];
  const bounds = [...c.starts.slice(1), c.words.length];
  let begin = from;
  for (const end of bounds) {
    let part = c.words.slice(begin, end);
    part = part.filter((w, idx) => !(idx === 0 && /^(and|then)$/i.test(w)));
    let text = part.join(" ").replace(/[,;]+$/, "").replace(/\s+(and|then)$/i, "").trim();
    text = text.replace(/[.!?]+$/, "");
    if (text) out.push(text);
    begin = end;
  }
  return out;
}

function isHeroWord(word: string, hero: Hero): boolean {
  const w = word.replace(/[,.]$/, "");
  return w === hero.name || w === hero.fullName.split(" ")[0] || /^(she|he|they)$/i.test(w);
}

// ---------------------------------------------------------------- the reader

export function readDescription(raw: string, hero: Hero): Facts {
  const facts: Facts = { loves: [], fears: [], wishes: [], events: [], worldLines: [], topics: [] };
  const filled = (typeof raw === "string" ? raw : "")
    .replace(/\[\s*(?:child ?name|childname|name|child_name|kid)\s*\]/gi, hero.name)
    .replace(/\{\{?\s*(?:child ?name|childname|name)\s*\}?\}/gi, hero.name);
  const text = cleanText(filled, 900)
    .replace(/\b(?:my|our) (?:little |lovely |beautiful |sweet )?(?:daughter|son|child|little one|kid|grandson|granddaughter|niece|nephew|boy|girl|baby)\b/gi, hero.name)
    .replace(/\bthe child\b/gi, hero.name);
  if (!text) return facts;
  const heroWords = [hero.name, hero.fullName.split(" ")[0]].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const clauseBreak = new RegExp(`\\s*,?\\s+(?:and|but|so|and then)\\s+(?=(?:she|he|they|${heroWords}|\\p{Lu}\\p{Ll}+)\\s+\\p{Ll})`, "u");
  const sentences = splitSentences(text.replace(/;\s*/g, ". "))
    .flatMap((s) => s.replace(/[.!?]+$/, "").split(clauseBreak))
    .map((s) => s.trim())
    .filter(Boolean);

  for (const sentence of sentences) {
    let factual = false;
    let firstFactAt = Infinity;
    const take = (re: RegExp, fn: (m: RegExpExecArray) => void, isFact = true) => {
      re.lastIndex = 0;
      if (re.global) {
        let m: RegExpExecArray | null;
        while ((m = re.exec(sentence))) {
          if (isFact) {
            factual = true;
            firstFactAt = Math.min(firstFactAt, m.index);
          }
          fn(m);
        }
      } else {
        const m = re.exec(sentence);
        if (m) {
          if (isFact) {
            factual = true;
            firstFactAt = Math.min(firstFactAt, m.index);
          }
          fn(m);
        }
      }
    };
    take(LOVES_RE, (m) => {
      if (!subjectIsHero(sentence.slice(0, m.index), hero)) return;
      const p = asThing(tidyPhrase(m[1]));
      if (shortEnough(p) && !/^(it|that|this|them|to)$/i.test(p)) facts.loves.push(p);
    });
    take(FAVOURITE_RE, (m) => {
      const p = tidyPhrase(m[1]);
      if (shortEnough(p, 6)) facts.loves.push(p);
    });
    take(FEAR_RE, (m) => {
      if (!subjectIsHero(sentence.slice(0, m.index), hero)) return;
      const p = asThing(tidyPhrase(m[1]));
      if (shortEnough(p) && !/^(it|that|this|them)$/i.test(p)) facts.fears.push(p);
    });
    take(FEARS_RE, (m) => {
      const p = asThing(tidyPhrase(m[1]));
      if (shortEnough(p)) facts.fears.push(p);
    });
    take(DISLIKE_FEAR_RE, (m) => facts.fears.push(m[1].toLowerCase()));
    take(WISH_RE, (m) => {
      if (!subjectIsHero(sentence.slice(0, m.index), hero)) return;
      const p = tidyPhrase(m[2]);
      if (!shortEnough(p, 9)) return;
      facts.wishes.push(m[1].toLowerCase() === "to" ? `to ${p}` : `of ${asThing(p)}`);
    });
    take(WANTS_THING_RE, (m) => {
      if (!subjectIsHero(sentence.slice(0, m.index), hero)) return;
      const p = tidyPhrase(m[1]);
      if (shortEnough(p, 7)) facts.wishes.push(`to have ${p}`);
    });
    take(PET_HAS_RE, (m) => {
      facts.pet ??= makePet(m[1], m[2], hero);
    });
    take(
      PET_POSS_RE,
      (m) => {
        facts.pet ??= makePet(m[1], m[2], hero);
      },
      false,
    );
    for (const re of [FRIEND_RE, FRIEND_IS_RE, FRIEND_CALLED_RE]) {
      take(
        re,
        (m) => {
        const name = m[1].replace(/\s+(?:and|&)\s*$/, "");
        if (name === hero.name || name === hero.fullName || facts.friend) return;
        facts.friend = parseElement(name, hero, "friend");
        if (facts.friend) {
          facts.friend.kind = "person";
          facts.friend.label = name;
        }
        },
        re !== FRIEND_CALLED_RE,
      );
    }
    take(SIBLING_RE, (m) => {
      if (facts.sibling) return;
      const rel = `${m[1] ? `${m[1].toLowerCase()} ` : ""}${m[2]}`;
      facts.sibling = {
        kind: "person", head: m[2], a: `${hero.his} ${rel} ${m[3]}`, the: m[3], short: m[3], label: `${m[3]}, ${hero.names} ${rel}`,
        named: true, plural: false, speaks: true, source: "family",
      };
    }, false);
    take(HOME_RE, (m) => {
      const p = tidyPhrase(m[2]).split(/\s+(?:with|and|near|where|since)\s+/)[0];
      if (!facts.home && shortEnough(p, 6)) facts.home = `${m[1].toLowerCase()} ${p}`;
    });
    take(FROM_RE, (m) => {
      facts.home ??= `in ${m[1]}`;
    });
    if (!factual) readPremise(sentence, hero, facts);
    else if (firstFactAt > 0) {
      const head = sentence.slice(0, firstFactAt).replace(/\s*(,|\band\b|\bbut\b)?\s*(is|gets|feels|can be|a|a bit|a little|really|very|so|quite)?\s*(a bit|a little)?\s*$/i, "").trim();
      if (head.split(/\s+/).length >= 3 && isHeroWord(head.split(/\s+/)[0], hero)) readPremise(head, hero, facts);
    }
  }
  facts.loves = unique(facts.loves).slice(0, 3);
  facts.fears = unique(facts.fears).slice(0, 2);
  facts.wishes = unique(facts.wishes).slice(0, 1);
  facts.events = facts.events.slice(0, 4);
  facts.worldLines = facts.worldLines.slice(0, 2);
  facts.topics = facts.topics.slice(0, 1);
  return facts;
}

function unique(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((s) => {
    const k = s.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function makePet(kindRaw: string, name: string | undefined, hero: Hero): Entity {
  const kind = kindRaw.toLowerCase();
  if (name) {
    return {
      kind: "creature", head: kind, a: `${indefinite(kind)} ${kind} called ${name}`, the: name, short: name, label: `${name} the ${kind}`,
      named: true, plural: false, speaks: false, source: "pet",
    };
  }
  return {
    kind: "creature", head: kind, a: `${indefinite(kind)} ${kind}`, the: `${hero.his} ${kind}`, short: `${hero.his} ${kind}`,
    label: `the ${kind}`, named: false, plural: false, speaks: false, source: "pet",
  };
}

const IMPERATIVE_TO_WRITER = /^(please|make|include|add|write|use|mention|put|give|let|keep|try|don't|do not|avoid|no|set|have|it should|should)\b/i;

function readPremise(sentence: string, hero: Hero, facts: Facts): void {
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
      if (!lead && shortEnough(s, 14)) facts.topics.push(s);
      return;
    }
    const preds = splitPredicates(c, subj + headLen);
    preds.forEach((pred, idx) => {
      const base = c.verbs[idx] ?? c.verb;
      const help = readHelp(pred);
      if (help && !facts.help) facts.help = { ...help, ...(trouble ? { trouble } : {}) };
      else facts.events.push({ lead: idx === 0 ? lead : undefined, pred, verb: base });
      if (trouble && idx === 0 && !help) facts.worldLines.push(trouble);
    });
    return;
  }

  // another subject: find its verb within the first words
  for (let i = 1; i < Math.min(words.length, 10); i++) {
    const before = words.slice(0, i).join(" ");
    if (/[,;]$/.test(words[i - 1]) && i > 1) break;
    const c = predicateToPastStrict(words, i);
    if (c) {
      let line = c.words.join(" ");
      if (SUBORDINATORS.has(lower(words[0]))) return; // a dangling "When ..." with no main clause we can read
      line = line[0].toUpperCase() + line.slice(1);
      if (before && /\p{L}/u.test(before)) facts.worldLines.push(endWithStop(line));
      return;
    }
  }
  if (shortEnough(s, 14) && !SUBORDINATORS.has(lower(words[0]))) facts.topics.push(s[0].toLowerCase() === s[0] ? s : lcIfCommon(s));
}

function predicateToPastStrict(words: string[], i: number): Converted | undefined {
  const [, core] = splitPunct(words[i]);
  const w = core.toLowerCase();
  if (!AUX[w] && !(baseOfThird(w) && isKnownVerb(baseOfThird(w) ?? "")) && !(isKnownVerb(w) && /(s|people|children|ren)$/i.test(words[i - 1] ?? ""))) return undefined;
  if (/^(a|an|the|to|of|and|with)$/i.test(words[i - 1] ?? "")) return undefined;
  return predicateToPast(words.slice(), i);
}

function lcIfCommon(s: string): string {
  return /^(A|An|The|Some|First|Her|His|Their|Going|Starting|Learning|Moving|Making|Visiting|Having|Being|New|Big|Little)\b/.test(s) ? s[0].toLowerCase() + s.slice(1) : s;
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
