import { CREATURES } from "./cast";
import { POSSESSIVE } from "./pronoun";
import { W0, W1, escapeRe } from "./text";
import type { BookText, Finding } from "./types";

// what is given but never held: a hug, a smile, a go, her best
const NOT_THINGS = new Set(
  (
    "smile hug kiss hand hands wave wink nod high-five look thumbs-up try chance idea name word words promise best love thanks heart breath attention " +
    "time turn go help push pat squeeze cuddle answer advice tip ride lift fright shock fear worry worries sadness tears voice balance temper way place " +
    "fog rain storm clouds cloud mist sun darkness shadow shadows problem frown hiccups noise sound smell light magic colour colours sparkle glow " +
    "grumpiness tiredness sleepiness cold bump ouch hurt pain itch race game match mind song tune melody music"
  ).split(" "),
);
const ADJ = "((?:[a-z-]+\\s+){0,3}?)";
const NOUN = "([a-z-]{2,})";
const END = '(?=\\s*(?:[.,;:!?"]|$)|\\s+(?:and|to|as|so|for|because|before|when|while|in|on|at|with|under|behind|into|then|but|forever|away)\\b)';

interface Event {
  re: RegExp;
  /** the adjectives, the noun and what happened to it */
  parts: (m: RegExpMatchArray) => [string, string, string];
  given?: boolean;
}

function events(det: string): Event[] {
  const np = `${det}\\s+${ADJ}${NOUN}`;
  const plain =
    (how: string) =>
    (m: RegExpMatchArray): [string, string, string] => [m[2], m[3], how];
  return [
    { re: new RegExp(`\\bgave\\s+${np}\\s+to\\s+((?:the\\s+)?[\\p{L}'-]+)`, "gu"), parts: (m) => [m[2], m[3], `given to ${m[4]}`], given: true },
    {
      re: new RegExp(`\\bgave\\s+(\\p{Lu}[\\p{L}'-]+|the\\s+[a-z-]+)\\s+(?:her|his|their|the)\\s+${ADJ}${NOUN}${END}(?!\\s+back)`, "gu"),
      parts: (m) => [m[2], m[3], `given to ${m[1]}`],
      given: true,
    },
    { re: new RegExp(`\\bgave\\s+away\\s+${np}${END}`, "gu"), parts: plain("given away"), given: true },
    { re: new RegExp(`\\bgave\\s+${np}\\s+away\\b`, "gu"), parts: plain("given away"), given: true },
    { re: new RegExp(`\\bleft\\s+${np}\\s+behind\\b`, "gu"), parts: plain("left behind") },
    { re: new RegExp(`(?:^|\\s)${np}\\s+(?:was|were)\\s+(?:all\\s+)?(gone|lost|eaten)\\b`, "gu"), parts: (m) => [m[2], m[3], m[4]] },
    { re: new RegExp(`\\blost\\s+${np}${END}`, "gu"), parts: plain("lost") },
    {
      re: new RegExp(
        `\\b(?:ate|gobbled)\\s+(?:up\\s+)?(the\\s+last(?:\\s+of\\s+the)?|all\\s+(?:of\\s+)?the|every\\s+last|up\\s+the)\\s+${ADJ}${NOUN}${END}`,
        "gu",
      ),
      parts: plain("eaten"),
    },
  ];
}

function variants(noun: string): string {
  const v = new Set([noun, `${noun}s`, `${noun}es`]);
  if (noun.endsWith("y")) v.add(`${noun.slice(0, -1)}ies`);
  if (noun.endsWith("ies")) v.add(`${noun.slice(0, -3)}y`);
  if (noun.endsWith("es")) v.add(noun.slice(0, -2));
  if (noun.endsWith("s")) v.add(noun.slice(0, -1));
  return `(?:${[...v].map(escapeRe).join("|")})`;
}

interface Gone {
  noun: string;
  /** the noun without its plural ending: a sentence without it cannot name the thing */
  stem: string;
  adjectives: string[];
  how: string;
  given: boolean;
  /** made on first use, as most things lost or given are never named again */
  patterns: () => { back: RegExp; uses: RegExp[]; heroUses: RegExp[] };
}

const USE =
  "(?:used|hugged|held|waved|wore|clutched|grabbed|picked\\s+up|took\\s+out|pulled\\s+out|cuddled|squeezed|opened|played\\s+with|showed|lifted|raised|pointed|unrolled|unfolded|shared|ate|wound|rang|blew|tooted|shook|put\\s+on|flew|wrapped|carried|read|rode|kicked|threw|packed|wiggled)";

function gone(noun: string, adjectives: string[], how: string, given: boolean, book: BookText): Gone {
  const n = `${variants(noun)}${W1}`;
  const hero = escapeRe(book.hero.name);
  const poss = POSSESSIVE[book.hero.pronoun ?? "they"];
  const subject =
    book.hero.pronoun && book.hero.pronoun !== "it" ? `|${book.hero.pronoun[0].toUpperCase()}${book.hero.pronoun.slice(1)}|${book.hero.pronoun}` : "";
  const own = `(?:the|${poss}|${hero}'s)\\s+((?:[a-z-]+\\s+){0,2}?)`;
  let made: ReturnType<Gone["patterns"]> | undefined;
  const patterns = () => {
    if (made) return made;
    const withIt = new RegExp(`\\bwith\\s+${own}${n}`);
    const inHand = new RegExp(`()${n}\\s+in\\s+(?:(?:${poss}|one)\\s+)?hands?\\b`);
    made = {
      back: new RegExp(
        `\\b(?:gave|got|brought|handed|passed)\\s+(?:it|them|${own}${n})\\s+back\\b|\\b(?:found|returned|fetched|rescued)\\s+(?:${own}${n}|it\\b|them\\b)` +
          `|\\b(?:a\\s+new|another|a\\s+fresh|some\\s+more|more)\\s+(?:[a-z-]+\\s+){0,2}?${n}|${n}\\s+(?:was|were)\\s+(?:found|back|returned|safe)|\\bback\\s+came\\s+${own}${n}|\\bthere\\s+(?:was|were)\\s+${own}${n}`,
      ),
      uses: [
        new RegExp(`${W0}${hero}'s\\s+((?:[a-z-]+\\s+){0,2}?)${n}`),
        new RegExp(`${W0}(?:${hero}${given ? "" : subject})${W1}(?:\\s+[a-z]+ly)?\\s+${USE}\\s+${own}${n}`),
        ...(given ? [] : [withIt, inHand]),
      ],
      heroUses: given ? [withIt, inHand] : [],
    };
    return made;
  };
  return { noun, stem: noun.replace(/(?:ies|es|s)$/, ""), adjectives, how, given, patterns };
}

// whose thing: anyone's ("Zoe's teddy was lost" is lost for the hero too)
const EVENTS = events("([Tt]he|[Hh]er|[Hh]is|[Tt]heir|\\p{Lu}[\\p{L}-]*'s)");
const IT_BACK = /\b(?:it|them)\s+back\b|\b(?:found|returned|fetched|rescued)\s+(?:it|them)\b/;
const EVENT_HINT = /\b(?:gave|left|lost|gone|eaten|ate|gobbled)\b/;

const shown = (g: Gone) => `the ${[...g.adjectives, g.noun].join(" ")}`;

/** Rule: a thing given away, lost or eaten cannot be held again unless the story gets it back. */
export function checkBelongings(book: BookText): Finding[] {
  const out: Finding[] = [];
  const things = new Map<string, Gone>();
  const hero = new RegExp(`${W0}${escapeRe(book.hero.name)}${W1}`);
  for (const page of book.pages) {
    for (const s of page.sentences) {
      const said = s.narration;
      const lower = things.size ? s.plain.toLowerCase() : "";
      const itBack = things.size > 0 && IT_BACK.test(lower);
      for (const [key, g] of things) {
        if (!itBack && !lower.includes(g.stem)) continue;
        const p = g.patterns();
        if (p.back.test(s.plain)) {
          things.delete(key);
          continue;
        }
        const heroAt = hero.exec(said)?.index ?? -1;
        const use = p.uses.map((re) => re.exec(said)).find(Boolean) ?? p.heroUses.map((re) => re.exec(said)).find((m) => m && heroAt >= 0 && heroAt < m.index);
        if (!use) continue;
        const adjectives = (use[1] ?? "").trim().split(/\s+/).filter(Boolean);
        // "the golden key" is not "the silver key"
        if (adjectives.length && g.adjectives.length && !adjectives.some((a) => g.adjectives.includes(a))) continue;
        out.push({ page: page.index, rule: "given-away", sentence: s.text, detail: `${shown(g)} ${/[^s]s$/.test(g.noun) ? "were" : "was"} ${g.how}` });
        things.delete(key);
      }
      for (const e of EVENT_HINT.test(said) ? EVENTS : []) {
        for (const m of said.matchAll(e.re)) {
          const [adj, noun, how] = e.parts(m);
          if (!noun || NOT_THINGS.has(noun) || CREATURES.has(noun) || book.beings.has(noun)) continue;
          const adjectives = (adj ?? "").trim().split(/\s+/).filter(Boolean);
          things.set(noun, gone(noun, adjectives, how, Boolean(e.given), book));
        }
      }
    }
  }
  return out;
}
