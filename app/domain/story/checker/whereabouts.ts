import { CREATURES, TAG } from "./cast";
import { NOT_NAMES } from "./names";
import { W0, W1, escapeRe, type Sentence } from "./text";
import type { BookText, Finding } from "./types";

type Why = "the goodbye" | "staying at home" | "being left behind" | "going home" | "flying away";

// who is named: a list up to the words that anchor it, or the rest of the clause
const WHO = "([\\p{L}'\\s,-]+?)";
const REST = '([^.!?;:"]+)';
const START = "(?:^|[.!?,;]\\s+|\\bthen\\s+|\\bso\\s+|\\bbut\\s+)";
// each with a quick test first: most sentences say nothing of anyone leaving
const LEAVES: [RegExp, RegExp, Why, "wait" | "now"][] = [
  [
    /goodbye|good-bye|farewell/i,
    new RegExp(`\\b(?:hugged|kissed|cuddled|squeezed|waved)\\s+${WHO}\\s+(?:goodbye|good-bye|farewell)\\b`, "gu"),
    "the goodbye",
    "wait",
  ],
  [
    /goodbye|good-bye|farewell|\bbye\b/i,
    new RegExp(
      `\\b(?:said|waved|called|shouted|whispered|bade|blew\\s+a\\s+kiss)\\s+(?:a\\s+)?(?:\\w+\\s+)?(?:goodbye|good-bye|farewell|bye)\\s+to\\s+${REST}`,
      "gu",
    ),
    "the goodbye",
    "wait",
  ],
  [
    /Goodbye|Good-bye|Bye|Farewell|See you/,
    new RegExp(`(?:Goodbye|Good-bye|Bye|Bye-bye|Farewell|See\\s+you(?:\\s+soon|\\s+later|\\s+tomorrow)?),\\s+${REST}`, "gu"),
    "the goodbye",
    "wait",
  ],
  [
    /\bstay/,
    new RegExp(`${START}${WHO}\\s+(?:had\\s+to\\s+stay|stayed|would\\s+stay|was\\s+staying)\\s+(?:at\\s+home|behind|home)\\b`, "gu"),
    "staying at home",
    "wait",
  ],
  [/\b(?:left|leaving)\b/, new RegExp(`\\b(?:left|leaving)\\s+${WHO}\\s+(?:at\\s+home|behind)\\b`, "gu"), "being left behind", "wait"],
  [/\bleft\b/, new RegExp(`${START}${WHO}\\s+(?:was|were)\\s+left\\s+(?:at\\s+home|behind)\\b`, "gu"), "being left behind", "wait"],
  [/\bhome\b/, new RegExp(`${START}${WHO}\\s+(?:went|headed|hurried|flew|ran|swam|walked)\\s+(?:back\\s+)?home\\b`, "gu"), "going home", "now"],
  [
    /\b(?:away|off)\b/,
    new RegExp(
      `${START}${WHO}\\s+(?:flew|swam|fluttered|floated)\\s+(?:away|off)(?=\\s*[.!,;]|\\s*$|\\s+(?:home|into\\s+the\\s+(?:sky|night|clouds|distance|deep)))`,
      "gu",
    ),
    "flying away",
    "now",
  ],
];
const LEAVE_HINT = /goodbye|good-bye|farewell|bye|see you|\bstay|\bleft\b|\bleaving\b|\bhome\b|\baway\b|\boff\b/i;
// words that end the name in an item: "the fox before she left" is the fox
const NOT_IN_NAME = new Set("with before after as at in on then who that for one last time again until and but so to from of into".split(" "));

const MOVES =
  /\b(?:set\s+(?:off|out)|off\s+(?:she|he|they)\s+\w+|went|walked|ran|flew|zoomed|sailed|rode|drove|climbed|hurried|skipped|marched|headed|stepped|swam|dived|raced|rushed|left|blasted\s+off|whooshed|floated|travelled|traveled|rowed|paddled|cycled|pedalled)\b/i;
const ARRIVES =
  /\b(?:back\s+(?:at\s+)?home|home\s+again|arrived\s+home|got\s+home|reached\s+home|came\s+home|at\s+home|tucked\s+(?:up\s+)?in(?:to)?\s+bed|back\s+in\s+(?:her|his|their)\s+(?:own\s+)?(?:\w+\s+)?(?:bed|bedroom|room|house|garden|kitchen))\b/i;
const HEADS_HOME =
  /\b(?:went|walked|ran|flew|zoomed|headed|hurried|raced|sailed|drove|rode|skipped|floated|swam|travelled|traveled|rowed|paddled|cycled|pedalled|came)\s+(?:all\s+the\s+way\s+|straight\s+|back\s+)?home\b|\ball\s+the\s+way\s+home\b/i;
// a sentence about missing, remembering or waving off someone does not put them in the scene
const NOT_HERE =
  /\b(?:miss(?:ed|ing)?|thought|thinking|wish(?:ed)?|remember(?:ed)?|dream(?:ed|t|s)?|imagin\w*|would|could|wonder(?:ed)?|phone|video|letter|postcard|photo|picture|drawing|about|waved|watched|goodbye|bye|farewell|out\s+of\s+sight|far\s+(?:away|behind)|left\s+behind|somewhere|up\s+there|by\s+now|disappeared|vanished|gone|smaller\s+and\s+smaller)\b/i;
const PAST =
  "(?:[a-z]+ed|ran|sat|said|went|saw|flew|ate|gave|took|made|held|stood|swam|sang|drank|found|got|had|was|were|knew|told|felt|kept|brought|caught|threw|wore|woke|began|rode|hid|bit|dug|led|slept|spun|swung|grew|drew|shook|stuck|won|lay|fell|hung|slid|wrote|let|put|sprang|leapt|leaped)";
const NOT_ACTING =
  /^\s+(?:was|were|had)\s+(?:still\s+|already\s+|now\s+)?(?:waiting|back|there|found|gone|far|nowhere|missing|lost|left|safe|asleep|at\s+home|home|staying|stayed|been)\b/;

interface Who {
  key: string;
  shown: string;
  mention: string;
}

/** Who an item of a list is, when the rule can follow them: a character, a creature, someone who speaks. */
function whoIs(raw: string, book: BookText, speakers: Set<string>): Who | null {
  const item = raw.trim().replace(/^(?:and|then)\s+/i, "");
  const words = item.split(/\s+/);
  const named = [...book.beings.keys()].filter((n) => item === n || item.startsWith(`${n} `)).sort((a, b) => b.length - a.length)[0];
  if (named === book.hero.name) return null;
  let noun: string | undefined;
  if (/^(?:the|her|his|their)$/i.test(words[0])) {
    const taken: string[] = [];
    for (const w of words.slice(1, 5)) {
      if (!/^[\p{Ll}-]+$/u.test(w) || NOT_IN_NAME.has(w)) break;
      taken.push(w);
    }
    noun = taken.pop();
  } else if (!named && /^\p{Lu}/u.test(words[0]) && CREATURES.has(words[0].toLowerCase())) noun = words[0].toLowerCase();
  if (noun && (CREATURES.has(noun) || named)) {
    const cap = noun[0].toUpperCase() + noun.slice(1);
    return {
      key: noun,
      shown: `the ${noun}`,
      mention: `${W0}(?:(?:[Tt]he|[Hh]er|[Hh]is|[Tt]heir)\\s+(?:[a-z-]+\\s+){0,2}?${escapeRe(noun)}|${escapeRe(cap)})${W1}`,
    };
  }
  const name = named ?? (/^\p{Lu}[\p{L}'-]*$/u.test(words[0]) && !NOT_NAMES.has(words[0]) && speakers.has(words[0]) ? words[0] : undefined);
  return name ? { key: name, shown: name, mention: `${W0}${escapeRe(name)}${W1}` } : null;
}

interface Absence extends Who {
  why: Why;
  /** left from home: the hero coming home brings them back */
  home: boolean;
  /** false while the goodbye is still going on: until someone moves, or the page ends */
  active: boolean;
  patterns: { at: RegExp; back: RegExp; acts: RegExp; with: RegExp };
}

function absence(who: Who, why: Why, home: boolean, active: boolean, hero: string): Absence {
  const m = who.mention;
  const sources = {
    at: m,
    back: returns(m),
    acts: `${m}(?:\\s+(?:[a-z]+ly|just|also|then|still|too))?\\s+(${PAST})\\b`,
    with: `\\bwith\\s+${m}|${hero},?\\s+and\\s+${m}|${m},?\\s+and\\s+${hero}|"\\s*,?\\s*${TAG}\\s+${m}`,
  };
  // made on first use: most who leave are never named again, and each pattern costs its making
  const made: Partial<Absence["patterns"]> = {};
  const patterns = {} as Absence["patterns"];
  for (const key of Object.keys(sources) as (keyof typeof sources)[]) {
    Object.defineProperty(patterns, key, { get: () => (made[key] ??= new RegExp(sources[key])) });
  }
  return { ...who, why, home, active, patterns };
}

/** Is the absent one in this sentence's scene, acting or beside the hero? */
function isHere(a: Absence, s: Sentence): boolean {
  const said = s.narration;
  if (NOT_HERE.test(said) || (a.home && /\bat\s+home\b/i.test(said))) return false;
  const acting = a.patterns.acts.exec(said);
  if (acting && !NOT_ACTING.test(said.slice(acting.index + acting[0].length - acting[1].length - 1))) return true;
  return a.patterns.with.test(s.plain);
}

/** Rule: someone who was left, or said goodbye to, cannot be in the hero's scenes until they come back. */
export function checkWhereabouts(book: BookText): Finding[] {
  const out: Finding[] = [];
  const speakers = book.speakers;
  const hero = `${W0}${escapeRe(book.hero.name)}${W1}`;
  const away = new Map<string, Absence>();
  let heroAway = false;
  for (const page of book.pages) {
    for (const s of page.sentences) {
      const said = s.narration;
      const lower = away.size ? s.plain.toLowerCase() : "";
      const homeish = said.includes("home") || said.includes("bed") || said.includes("back in");
      const arrival = homeish ? ARRIVES.exec(said) : null;
      for (const a of [...away.values()]) {
        const named = lower.includes(a.key.toLowerCase());
        const at = named ? (a.patterns.at.exec(said)?.index ?? -1) : -1;
        // "Back at home, Pepper …": coming home finds who stayed there, and anyone named after it
        const found = arrival && (at > arrival.index || (a.home && at < 0));
        if (found || (named && a.patterns.back.test(s.plain))) away.delete(a.key);
        else if (a.active && at >= 0 && isHere(a, s)) {
          out.push({ page: page.index, rule: "two-places", sentence: s.text, detail: `${a.shown} is here after ${a.why}` });
          away.delete(a.key); // one slip, one finding
        }
      }
      let left = false;
      for (const [hint, pattern, why, when] of LEAVE_HINT.test(s.plain) ? LEAVES : []) {
        if (!hint.test(s.plain)) continue;
        for (const m of s.plain.matchAll(pattern)) {
          left = true;
          const movesAfter = MOVES.test(said.slice((m.index ?? 0) + m[0].length));
          for (const item of m[1].split(/,\s+(?:and\s+)?|,?\s+and\s+/)) {
            const who = whoIs(item, book, speakers);
            if (!who || away.has(who.key)) continue;
            const home = why === "staying at home" || why === "being left behind" || why === "going home" || (why === "the goodbye" && !heroAway);
            away.set(who.key, absence(who, why, home, when === "now" || movesAfter, hero));
          }
        }
      }
      const moves = MOVES.test(said);
      // "Grandma went home" sends Grandma home, not the hero
      if (left) {
        if (moves) heroAway ||= !(homeish && HEADS_HOME.test(said));
      } else if ((homeish && HEADS_HOME.test(said)) || arrival) {
        heroAway = false;
        for (const a of away.values()) if (a.home && a.active) away.delete(a.key);
      } else if (moves) heroAway = true;
      if (moves && !left) for (const a of away.values()) a.active = true;
    }
    for (const a of away.values()) a.active = true;
  }
  return out;
}

function returns(m: string): string {
  return (
    `${m}(?:\\s+[a-z]+ly)?\\s+(?:came|comes|returned|was\\s+back|got\\s+back|is\\s+back|was\\s+(?:already\\s+|still\\s+)?waiting|had\\s+been\\s+waiting|waited\\s+for|arrived|appeared|popped\\s+up|reappeared|flew\\s+back|swam\\s+back|ran\\s+back|hurried\\s+back|raced\\s+back|was\\s+(?:there|found))` +
    `|\\b(?:met|saw|found|spotted|visited|hugged|joined|rejoined)\\s+${m}\\s+again\\b|\\bfound\\s+${m}|\\bback\\s+came\\s+${m}|\\bthere\\s+was\\s+${m}`
  );
}
