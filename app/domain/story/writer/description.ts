import type { Hero } from "./hero";
import { parseElement, type Entity } from "./entities";
import { ADVERBS, isHeroWord, lower, readPremise, shortEnough, type Help, type PremiseEvent } from "./premise";
import { cleanText, gerundOf, indefinite, isKnownVerb, splitSentences } from "./text";

/**
 * What the parent's free-text description tells the writer. Simple facts are read from common
 * patterns ("loves X", "is scared of Y", "has a dog called Z", "best friend W", "lives in P");
 * the rest is the parent's premise, moved into the story's past tense where it can be read with
 * confidence, and otherwise kept as a topic the story mentions in a frame that fits any phrase.
 * Nothing is pasted that is not a whole, readable sentence.
 */
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

const PETS =
  "dog|puppy|pup|cat|kitten|bunny|rabbit|hamster|guinea pig|parrot|budgie|bird|goldfish|fish|tortoise|turtle|horse|pony|lizard|gecko|chicken|hen|duck|goat|ferret|mouse|rat|snake|gerbil|canary|cockatiel|hedgehog|pig";
const PET_ADJ =
  "(?:(?:little|big|pet|old|young|fluffy|small|tiny|new|black|white|brown|ginger|grey|gray|golden|spotty|naughty|cheeky|lazy|cuddly|sweet|funny|silly|fat|clever|very)\\s+)*";
const NAME = "(\\p{Lu}[\\p{L}\\p{M}'-]*(?:\\s\\p{Lu}[\\p{L}\\p{M}'-]*)?)";
const STOP_WORDS =
  "she|he|they|it|is|has|loves|likes|lives|wants|was|gets|can|doesn't|does|hates|her|his|their|also|really|always|never|feels|dreams|wishes|hopes|often|sometimes|would|will|enjoys|adores|gets|who|which|goes|plays|cannot|can't|isn't";
const STOP = `(?=\\s*(?:[.;!?]|,\\s*(?:and\\s+|but\\s+)?(?:${STOP_WORDS})\\b|\\s+(?:and|but|so|because|though|although|especially)\\s+(?:${STOP_WORDS})\\b|\\s+(?:but|because|so|when|while|though|whenever|especially|except)\\b|,\\s*(?:but|because|so|when|while|especially)\\b|$))`;

const LOVES_RE = new RegExp(
  `\\b(?:loves?|adores?|really likes|likes|enjoys|is (?:crazy|mad|obsessed|passionate|excited|nuts) (?:about|with)|is (?:a )?(?:huge |big )?fan of|is into|is in love with|can't get enough of)\\s+(.+?)${STOP}`,
  "giu",
);
const FAVOURITE_RE = new RegExp(
  `\\bfavou?rite (?:thing|animal|colou?r|food|toy|game|sport|book|song|place|activity|hobby|show) (?:is|are)\\s+(.+?)${STOP}`,
  "giu",
);
const FEAR_RE = new RegExp(`\\b(?:scared|afraid|frightened|terrified|fearful|nervous|worried|anxious) (?:of|about|by|around)\\s+(.+?)${STOP}`, "giu");
const FEARS_RE = new RegExp(`\\bfears\\s+(.+?)${STOP}`, "giu");
const DISLIKE_FEAR_RE =
  /\b(?:doesn't|does not|don't|do not) like (the dark|the night|thunder|thunderstorms|storms|loud noises|being alone|heights|monsters|spiders|the bath|baths|big dogs|dogs|the wind)\b/giu;
const WISH_RE = new RegExp(`\\b(?:wants|wishes|hopes|would love|dreams|longs|is dreaming|is hoping|would like)\\s+(to|of|about)\\s+(.+?)${STOP}`, "giu");
const WANTS_THING_RE = new RegExp(`\\bwants\\s+((?:a|an|some)\\s+.+?)${STOP}`, "giu");
const PET_HAS_RE = new RegExp(
  `\\b(?:has|have|with|owns?|got)\\s+(?:a|an|one)\\s+${PET_ADJ}(${PETS})\\b(?:\\s*,?\\s*(?:called|named|whose name is)\\s+${NAME})?`,
  "iu",
);
const PET_POSS_RE = new RegExp(`\\b(?:her|his|their|our|my)\\s+(?:pet\\s+)?${PET_ADJ}(${PETS})\\s*,?\\s+(?:called\\s+|named\\s+)?${NAME}`, "u");
const FRIEND_RE = new RegExp(`\\bbest friends?(?:\\s+is|\\s+are|,|\\s+called|\\s+named|:)?\\s+${NAME}`, "u");
const FRIEND_IS_RE = new RegExp(`${NAME} is (?:her|his|their|my|our) best friend`, "u");
const FRIEND_CALLED_RE = new RegExp(`\\b(?:a |her |his |their )friend (?:called |named )${NAME}`, "u");
const SIBLING_RE = new RegExp(`\\b(?:(little|baby|big|older|younger|twin|new baby)\\s+)?(brother|sister)\\s*,?\\s+(?:called\\s+|named\\s+)?${NAME}`, "u");
const HOME_RE = new RegExp(`\\blives?\\s+(in|on|by|near|at|next to|beside)\\s+(.+?)${STOP}`, "iu");
const FROM_RE = new RegExp(`\\b(?:is|comes) from\\s+${NAME}`, "u");

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
  const rest = m[2].replace(/(\b(?:and|or)\s+)(\p{L}+)/gu, (whole, link: string, verb: string) =>
    isKnownVerb(verb.toLowerCase()) ? link + gerundOf(verb) : whole,
  );
  return `${gerundOf(m[1])}${rest}`;
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

// ---------------------------------------------------------------- the reader

export function readDescription(raw: string, hero: Hero): Facts {
  const facts: Facts = { loves: [], fears: [], wishes: [], events: [], worldLines: [], topics: [] };
  const filled = (typeof raw === "string" ? raw : "")
    .replace(/\[\s*(?:child ?name|childname|name|child_name|kid)\s*\]/gi, hero.name)
    .replace(/\{\{?\s*(?:child ?name|childname|name)\s*\}?\}/gi, hero.name);
  const text = cleanText(filled, 900)
    .replace(
      /\b(?:my|our) (?:little |lovely |beautiful |sweet )?(?:daughter|son|child|little one|kid|grandson|granddaughter|niece|nephew|boy|girl|baby)\b/gi,
      hero.name,
    )
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
      // the pattern ignores case ("Has a dog"), so a name's second word may be "and"
      facts.pet ??= makePet(m[1], m[2]?.replace(/\s+\p{Ll}.*$/u, ""), hero);
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
    take(
      SIBLING_RE,
      (m) => {
        if (facts.sibling) return;
        const rel = `${m[1] ? `${m[1].toLowerCase()} ` : ""}${m[2]}`;
        facts.sibling = {
          kind: "person",
          head: m[2],
          a: `${hero.his} ${rel} ${m[3]}`,
          the: m[3],
          short: m[3],
          label: `${m[3]}, ${hero.names} ${rel}`,
          named: true,
          plural: false,
          speaks: true,
          source: "family",
        };
      },
      false,
    );
    take(HOME_RE, (m) => {
      const p = tidyPhrase(m[2]).split(/\s+(?:with|and|near|where|since)\s+/)[0];
      if (!facts.home && shortEnough(p, 6)) facts.home = `${m[1].toLowerCase()} ${p}`;
    });
    take(FROM_RE, (m) => {
      facts.home ??= `in ${m[1]}`;
    });
    if (!factual) readPremise(sentence, hero, facts);
    else if (firstFactAt > 0) {
      const head = sentence
        .slice(0, firstFactAt)
        .replace(/\s*(,|\band\b|\bbut\b)?\s*(is|are|gets|get|feels|feel|can be|a|a bit|a little|really|very|so|quite)?\s*(a bit|a little)?\s*$/i, "")
        .trim();
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
      kind: "creature",
      head: kind,
      a: `${indefinite(kind)} ${kind} called ${name}`,
      the: name,
      short: name,
      label: `${name} the ${kind}`,
      named: true,
      plural: false,
      speaks: false,
      source: "pet",
    };
  }
  return {
    kind: "creature",
    head: kind,
    a: `${indefinite(kind)} ${kind}`,
    the: `${hero.his} ${kind}`,
    short: `${hero.his} ${kind}`,
    label: `the ${kind}`,
    named: false,
    plural: false,
    speaks: false,
    source: "pet",
  };
}

const SIBLINGS = /^(?:(little|baby|big|older|younger|twin)\s+)?(sister|brother)$/i;

/**
 * A saved child's family, friends, pets and likes, added to what the description says (the
 * description's own words come first).
 */
export function withSavedChild(facts: Facts, hero: Hero, companions: readonly { name: string; relation: string }[] = [], likes: readonly string[] = []): Facts {
  for (const c of companions.slice(0, 8)) {
    const name = cleanText(c.name, 40);
    const relation = cleanText(c.relation, 30).toLowerCase();
    if (!name || !relation || name === hero.name) continue;
    const sib = SIBLINGS.exec(relation);
    if (sib && !facts.sibling) {
      facts.sibling = {
        kind: "person",
        head: sib[2],
        a: `${hero.his} ${relation} ${name}`,
        the: name,
        short: name,
        label: `${name}, ${hero.names} ${relation}`,
        named: true,
        plural: false,
        speaks: true,
        source: "family",
      };
    } else if (/friend/.test(relation) && !facts.friend) {
      facts.friend = { ...parseElement(name, hero, "friend")!, kind: "person", label: name };
    } else if (new RegExp(`^(?:pet\\s+)?(${PETS})$`).test(relation) && !facts.pet) {
      facts.pet = makePet(relation.replace(/^pet\s+/, ""), name, hero);
    }
  }
  facts.loves = unique([...facts.loves, ...likes.map((l) => cleanText(l, 40)).filter((l) => shortEnough(l, 5))]).slice(0, 3);
  return facts;
}
