import { FAMILY_NAMES, personWord, TOYS, type Pronoun } from "../../words";
import { kindOfHead } from "../entities";
import type { Hero } from "../hero";
import { baseOfThird, cap, cleanText, endWithStop, isKnownVerb, joinList, pastOf, possessive } from "../text";
import { classOf, type EventClass } from "./classes";
import { AUX_PAST, baseOfPast, hasVerb, objectOf, placeIn, runOn, setting, SUBJECT_PRONOUNS, verbAt } from "./grammar";
import { subjectActors, subjectPhrase } from "./subjects";

/**
 * The parent's plot read into the story's parts: who is in it and who they are (a sister, Dada, a
 * toy robot called Bolt), the places, and the events in their order, each moved into the story's
 * past tense with its subject named. Words the reader does not know are kept as written and given
 * no role beyond their name.
 */
export interface Actor {
  /** how the story names them: "Zoe", "Dada", "Bolt", "the kite" */
  name: string;
  /** the first mention: "his sister Zoe", "a robot called Bolt" */
  first: string;
  kind: "hero" | "person" | "animal" | "thing" | "someone";
  pronoun: Pronoun;
  /** who or what they are: "sister", "grandma", "dog", "robot" */
  role?: string;
  named: boolean;
  plural: boolean;
}

export interface PlotEvent {
  /** the parent's clause in the past tense with its subject named: "Aarav and Zoe built a robot called Bolt for the school fair." */
  sentence: string;
  verb: string;
  cls: EventClass;
  who: Actor[];
  /** actors named in the predicate */
  objects: Actor[];
  place?: string;
  /** the verb's object as the story can name it again: "the lucky boot", "the ball" */
  object?: string;
  /** a fact about someone ("Leo loves football"), told with the child's world, not as an event */
  fact: boolean;
  /** how the clause reaches the place: "for" (the school fair) is ahead; "to", "at" and the rest are where it happens */
  placeBy?: string;
}

export interface Plot {
  actors: Actor[];
  events: PlotEvent[];
  places: string[];
}

const LEADS =
  /^(then|next|later|finally|eventually|afterwards|soon|suddenly|luckily|sadly|unfortunately|in the end|at last|one day|one morning|that night|that evening|the next day|the next morning|at night|at bedtime|in the morning|in the evening|after (?:school|lunch|dinner|tea|breakfast|that)|at the weekend|every (?:day|night|morning)|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|but then|and then|so)\b,?\s*/i;
const RELATIONS =
  "sister|brother|cousin|friend|best friend|twin|baby|grandma|granny|grandpa|grandad|nana|nani|nan|gran|mum|mom|dad|aunt|auntie|uncle|dog|puppy|cat|kitten|rabbit|bunny|hamster|pony|horse|parrot|tortoise|turtle|goldfish|guinea pig";
const RELATION_RE = new RegExp(
  `(?:\\b[Hh]is|\\b[Hh]er|\\b[Tt]heir|\\b[Mm]y|\\b[Oo]ur|\\b[Aa]n?|\\p{Lu}[\\p{L}-]+'s)\\s+((?:little|big|baby|older|younger|twin|new|best|pet|fluffy|old)\\s+)*(${RELATIONS})\\s*,?\\s+(?:called\\s+|named\\s+)?(\\p{Lu}[\\p{L}'-]+)`,
  "gu",
);
const CALLED_RE =
  /\b([Aa]n?|[Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Mm]y|[Oo]ur)\s+((?:[\p{Ll}-]+\s+){0,3}?)([\p{Ll}-]+)\s*,?\s+(?:called|named)\s+(\p{Lu}[\p{L}'-]+)/gu;
const TITLED_RE =
  /\b(Mr|Mrs|Ms|Miss|Dr|Captain|Sir|Lady|Professor|Princess|Prince|King|Queen|Uncle|Aunt|Auntie|Grandma|Grandpa|Granny|Nana|Nani)\.? (\p{Lu}[\p{L}'-]+)/gu;
const APPOSITIVE_RE = /\b(?:[Tt]he|[Aa]n?|[Hh]is|[Hh]er|[Tt]heir)\s+(?:[\p{Ll}-]+\s+){0,2}([\p{Ll}-]+),\s+(\p{Lu}[\p{L}'-]+)\b/gu;
const OWNED_RE = /\b(\p{Lu}[\p{L}-]+)'s\s+([\p{Ll}-]+(?:\s+[\p{Ll}-]+)?)/gu;
const DET_WORDS = /^(this|his|its|is|was|has|always|sometimes|always|perhaps|unless|yes|us|bus|gas)$/i;
const NOT_NAMES = new Set(
  "I The A An And But So Then When After Before One On In At It He She They We His Her Their Our My Everyone Everybody Mr Mrs Ms Miss Dr Captain Sir Lady Right First Last Next Today Tomorrow Yesterday Monday Tuesday Wednesday Thursday Friday Saturday Sunday Christmas Diwali Eid Easter Halloween".split(
    " ",
  ),
);

export function readPlot(rawPlot: string, hero: Hero, family: string | undefined, author?: string): Plot {
  // the parent writing "I" or "me" is in the story as themselves: the family word they signed with, or their name
  const narrator = family ?? (author && /^\p{Lu}[\p{L}'-]+$/u.test(author) ? author : undefined);
  const actors: Actor[] = [];
  const heroActor: Actor = {
    name: hero.name,
    first: hero.name,
    kind: "hero",
    pronoun: hero.gender === "girl" ? "she" : hero.gender === "boy" ? "he" : "they",
    named: true,
    plural: false,
  };
  actors.push(heroActor);
  const find = (name: string) => actors.find((a) => a.name.toLowerCase() === name.toLowerCase() || a.first.toLowerCase() === name.toLowerCase());
  const add = (a: Actor) => find(a.name) ?? (actors.push(a), a);

  const text = cleanText(rawPlot, 3000)
    .replace(/\[\s*(?:child ?name|name)\s*\]/gi, hero.name)
    .replace(
      new RegExp(
        `\\b(?:my|our) (?:little |lovely |sweet )?(?:daughter|son|child|little one|kid|grandson|granddaughter|boy|girl)(?:,? ${escape(hero.name)}\\b)?`,
        "gi",
      ),
      hero.name,
    )
    .replace(/\b(I|[Mm]e)\b/g, narrator ?? "I")
    .replace(/\bmy\b/gi, narrator ? possessive(narrator) : "my")
    // "our dog", "our flat": the family's, which is the child's in the story
    .replace(/\b[Oo]ur\b/g, possessive(hero.name))
    // the child's name and family words as a name, however they were typed: "ben", "grandpa runs"
    .replace(new RegExp(`\\b${escape(hero.name)}\\b`, "gi"), hero.name)
    .replace(
      /(?<!\b(?:his|her|their|my|our|the|a|your)\s)\b(grandpa|grandma|granny|grandad|granddad|nana|nani|mummy|daddy|mum|mom|dad|papa|mama|dada)\b(?!'s\s+(?:house|home))/g,
      (w) => cap(w),
    )
    // shouting is not a name: "ROARS!" is "roars!"
    .replace(/\b\p{Lu}{3,}\b/gu, (w) => w.toLowerCase());

  // people, pets and named things, wherever they appear
  for (const m of text.matchAll(RELATION_RE)) {
    const role = m[2].toLowerCase();
    // "his friend Arlo's house": Arlo
    const name = m[3].replace(/['’]s$/, "");
    if (name === hero.name || NOT_NAMES.has(name)) continue;
    const animal = kindOfHead(role, role) === "creature";
    add({
      name,
      first: `${hero.his} ${(m[1] ?? "").trim() ? `${m[1].trim()} ` : ""}${role} ${name}`,
      kind: animal ? "animal" : "person",
      pronoun: animal ? "it" : (personWord(role.split(" ").pop()!) ?? "they"),
      role,
      named: true,
      plural: false,
    });
  }
  for (const m of text.matchAll(CALLED_RE)) {
    const head = m[3].toLowerCase();
    const name = m[4];
    if (find(name)) continue;
    // a made or named toy is a thing, whatever else the word can be ("a robot called Bolt")
    const kind = TOYS.has(head) ? "thing" : kindOfHead(head, head);
    const asKind: Actor["kind"] = kind === "creature" ? "animal" : kind === "person" ? "person" : "thing";
    const desc = `${m[2]}${head}`.trim();
    add({
      name,
      first: `${m[1].toLowerCase() === "the" ? "a" : m[1].toLowerCase()} ${desc} called ${name}`.replace(/^a (?=[aeiou])/i, "an "),
      kind: asKind,
      pronoun: asKind === "person" ? (personWord(head) ?? "they") : "it",
      role: head,
      named: true,
      plural: false,
    });
  }
  // "her dad" with no name of his own is Dad in the story
  for (const m of text.matchAll(
    /\b(?:[Hh]is|[Hh]er|[Tt]heir)\s+(mum|mom|dad|mummy|daddy|grandma|grandpa|granny|grandad|nana|nani|auntie|uncle)\b(?!\s+\p{Lu})/gu,
  )) {
    const name = cap(m[1]);
    if (!find(name)) add({ ...personNamed(name), first: m[0] });
  }
  // a title and a name are one name: "Mr Bun", "Miss Okafor", "Captain Fluff"
  for (const m of text.matchAll(TITLED_RE)) {
    if (find(m[0])) continue;
    const title = m[1].replace(".", "");
    const pronoun = /^(Mr|Sir|King|Prince|Uncle|Grandpa|Grandad)$/.test(title)
      ? "he"
      : /^(Mrs|Ms|Miss|Lady|Queen|Princess|Aunt|Auntie|Grandma|Granny|Nana|Nani)$/.test(title)
        ? "she"
        : "they";
    const toy = new RegExp(`\\b(teddy|doll|toy|bear|bunny)\\s+${escape(m[0])}`, "i").test(text);
    add({
      name: m[0],
      first: m[0],
      kind: toy ? "thing" : "person",
      pronoun: toy ? "it" : pronoun,
      role: toy ? "teddy" : title.toLowerCase(),
      named: true,
      plural: false,
    });
  }
  // "the class hamster, Nibbles": the name after a creature or a toy
  for (const m of text.matchAll(APPOSITIVE_RE)) {
    const head = m[1].toLowerCase();
    const kind = kindOfHead(head, head);
    if (find(m[2]) || NOT_NAMES.has(m[2]) || (kind !== "creature" && !TOYS.has(head))) continue;
    add({
      name: m[2],
      first: `${m[0].split(",")[0]}, ${m[2]}`,
      kind: kind === "creature" ? "animal" : "thing",
      pronoun: "it",
      role: head,
      named: true,
      plural: false,
    });
  }
  for (const m of text.matchAll(OWNED_RE)) {
    const owner = m[1];
    if (owner !== hero.name && !find(owner) && !NOT_NAMES.has(owner)) add(personNamed(owner));
  }
  // family words standing as names ("Dada", "Grandma") and capitalised names of someone
  // a parent may start sentences in lower case: every stop ends one
  const sentences = text
    .replace(/;\s*/g, ". ")
    .split(/(?<=[.!?])\s+(?=\S)/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => x[0].toUpperCase() + x.slice(1));
  for (const s of sentences) {
    const ws = s.split(/\s+/);
    ws.forEach((w, i) => {
      const core = w.replace(/[^\p{L}'-]/gu, "").replace(/'s$/, "");
      if (!/^\p{Lu}/u.test(core) || core === hero.name || NOT_NAMES.has(core) || find(core) || actors.some((a) => a.name.split(" ").includes(core))) return;
      if (FAMILY_NAMES.has(core.toLowerCase())) add(personNamed(core));
      // a capitalised word after "to", "from" or "in" is a place ("moving from London"), not someone
      // nor is a word of a title ("Hot Cross Buns", "The Very Hungry Caterpillar")
      else if (
        i > 0 &&
        !kindOfHead(core.toLowerCase(), core.toLowerCase()) &&
        !/^(to|from|in|at|near|visit|visiting|visited|around)$/i.test(ws[i - 1]) &&
        !/^\p{Lu}/u.test(ws[i + 1] ?? "") &&
        !(/^\p{Lu}/u.test(ws[i - 1]) && !/[.!?,]$/.test(ws[i - 1]))
      )
        add({ name: core, first: core, kind: "someone", pronoun: "they", named: true, plural: false });
    });
  }

  const events: PlotEvent[] = [];
  const places: string[] = [];
  const byFor: boolean[] = [];
  // who "they" are: the last subject of several, else the plural just named, else the child and the last person named
  const context: Context = { last: [heroActor], plural: undefined, person: undefined };
  for (const sentence of sentences) {
    const clauses = clausesOf(sentence, actors);
    const verbless = clauses.length === 1 && (!hasVerb(clauses[0]) || /:/.test(clauses[0])) ? setting(clauses[0], heroActor) : undefined;
    for (const clause of verbless ? [verbless] : clauses) {
      for (const ev of readClause(
        clause,
        heroActor,
        actors,
        context,
        family,
        places.find((_, i) => byFor[i]),
      )) {
        events.push(ev);
        if (ev.place && !places.includes(ev.place)) {
          places.push(ev.place);
          byFor.push(ev.placeBy === "for");
        }
        context.last = ev.who;
        context.person = [...ev.objects, ...ev.who].reverse().find((a) => a.kind === "person" && a !== heroActor) ?? context.person;
        const plural = [...ev.sentence.matchAll(/\bthe ([\p{Ll}-]+s)\b/gu)].pop();
        context.plural = plural && !/(ss|us)$/.test(plural[1]) ? plural[0] : undefined;
      }
    }
  }
  return { actors, events: events.slice(0, 16), places };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function personNamed(name: string): Actor {
  const p = personWord(name);
  return { name, first: name, kind: "person", pronoun: p ?? "they", role: p ? name.toLowerCase() : undefined, named: true, plural: false };
}

/** A sentence split where a new subject starts: ", and they fix…", ", so Aarav…", " but then she…". */
function clausesOf(sentence: string, actors: Actor[]): string[] {
  const names = actors.map((a) => escape(a.name)).join("|");
  // a new subject after "and", "but", "so" or just a comma; a comma and "then" carry on with the same one
  const re = new RegExp(`\\s*(?:,?\\s+(?:and|but|so|until)|,)\\s+(?=(?:then\\s+)?(?:he|she|they|we|it|${names})\\s+\\p{Ll})|,\\s+(?=then\\s+\\p{Ll})`, "u");
  const parts = sentence
    .replace(/[.!?]+$/, "")
    .split(re)
    .flatMap((p) => runOn(p, actors));
  // "Mia and Blibbo go…" is one subject, not two clauses: a part with no verb of its own joins the next
  const out: string[] = [];
  for (const part of parts) {
    const prev = out[out.length - 1];
    if (prev !== undefined && !hasVerb(prev)) out[out.length - 1] = `${prev} and ${part}`;
    else out.push(part);
  }
  return out.map((c) => c.trim()).filter((c) => c.split(/\s+/).length >= 2);
}

const TRAILING_TIME =
  /,?\s+(the night before|the day before|the next day|the next morning|that night|that evening|the morning after|in the end|at last|one day|every day)$/i;

export interface Context {
  last: Actor[];
  /** "the lions": what a plural "they" can be */
  plural?: string;
  /** the last person named besides the child */
  person?: Actor;
}

function readClause(clause: string, hero: Actor, actors: Actor[], context: Context, family: string | undefined, ahead: string | undefined): PlotEvent[] {
  const last = context.last;
  let body = clause;
  let lead = "";
  const lm = LEADS.exec(body);
  if (lm) {
    lead = lm[0].replace(/,?\s*$/, "");
    body = body.slice(lm[0].length);
  }
  // "It's Poppy's birthday party." sets the day: "It was Poppy's birthday party."
  const its = /^(?:it's|it is|today is|today it's)\s+(.+)$/i.exec(body);
  // "It's Diwali and Priya helps Nani": the day, then what happens on it
  const then = its && /^(.+?)\s+and\s+(\p{Lu}[\p{L}'-]+\s+\p{Ll}.+)$/u.exec(its[1]);
  if (then) return [...readClause(`It's ${then[1]}`, hero, actors, context, family, ahead), ...readClause(then[2], hero, actors, context, family, ahead)];
  // "it snowed!!", "it was raining": the weather sets the day; nobody snows
  const weather = /^it\s+(snow|rain|hail|pour|drizzl|thunder)(s|ed|ing)?\b(.*)$/i.exec(body.replace(/[!?.]+$/, ""));
  if (weather) {
    const past = `${weather[1].toLowerCase().replace(/l$/, "le")}${/l$/i.test(weather[1]) ? "d" : "ed"}`;
    return [{ sentence: endWithStop(`${lead ? `${lead}, it` : "It"} ${past}${weather[3]}`), verb: "be", cls: "generic", who: [hero], objects: [], fact: true }];
  }
  if (its)
    return [
      { sentence: endWithStop(`${lead ? `${lead}, it` : "It"} was ${its[1]}`), verb: "be", cls: classOf(["be"], its[1]), who: [hero], objects: [], fact: true },
    ];
  // "then lets go": a clause that starts with its verb has the last clause's subject
  const opening = body.split(/\s+/)[0] ?? "";
  if (/^\p{Ll}+[^s]s$/u.test(opening) && baseOfThird(opening) && !DET_WORDS.test(opening))
    body = `${last.length > 1 ? "they" : last[0].pronoun === "it" ? "it" : last[0].name} ${body}`;
  const words = body.split(/\s+/).filter(Boolean);
  // the subject: words up to the first verb
  let v = -1;
  let verb: { past: string; base: string } | undefined;
  const reach = /^(in|at|on|after|before|during|right|just|when|while|first)$/i.test(words[0] ?? "") ? 16 : 9;
  // "A new baby sister called Ruby comes home": "called" names the subject, it is not the verb
  const calledAt = words.findIndex((w, k) => k > 0 && k < 6 && /^(called|named)$/i.test(w) && /^\p{Lu}/u.test(words[k + 1] ?? ""));
  const first = calledAt > 0 && /^(a|an|the|his|her|their)$/i.test(words[0]) ? calledAt + 2 : 1;
  for (let i = first; i < Math.min(words.length, reach + first - 1); i++) {
    const subj = words.slice(0, i).join(" ");
    const plural = /\band\b|\b(they|we)$/i.test(subj) || /,/.test(subj);
    verb = verbAt(words, i, plural);
    // a verb the reader does not know, right after a subject it does: "Sam fishes it out"
    const after = words[i - 1].replace(/[^\p{L}'-]/gu, "");
    const w = words[i].replace(/[^\p{L}'-]/gu, "");
    if (!verb && !plural && i <= 3 && (SUBJECT_PRONOUNS.test(after) || actors.some((a) => a.name === after)) && /^\p{Ll}+[^s]s$/u.test(w)) {
      const base = baseOfThird(w)!;
      verb = { past: pastOf(base), base };
    }
    if (verb) {
      v = i;
      break;
    }
  }
  if (v < 0 || !verb) return [];
  let subjectText = words.slice(0, v).join(" ").replace(/,$/, "");
  // "We just had": the adverb stays with the verb, the subject is "We"
  const adverb = ADVERB_AFTER.exec(subjectText);
  if (adverb) subjectText = adverb[1];
  // "In the new house he found…": the place before the subject is the clause's lead
  const names = actors.map((a) => escape(a.name)).join("|");
  const led = new RegExp(
    `^((?:right |just )?(?:in|at|on|after|before|during|inside|outside|under|near|by|from|when|while|later|first|at first)\\b.*?),?\\s+(he|she|they|we|it|${names}|the [\\p{Ll}-]+)$`,
    "iu",
  ).exec(subjectText);
  if (led && !lead) {
    lead = cap(led[1]);
    subjectText = led[2];
  }
  const who = subjectActors(subjectText, hero, actors, context, family);
  if (!who.length) return [];
  const plural = who.length > 1 || who[0].plural;
  const pred = words.slice(v);
  pred[0] = verb.past + pred[0].replace(/^[\p{L}'-]+/u, "");
  const verbs = [verb.base];
  const splitAt: number[] = [];
  for (let j = 1; j < pred.length; j++) {
    const prev = pred[j - 1];
    if (!/^(and|then|or)$/i.test(prev) && !/,$/.test(prev) && !/^(that|who|which)$/i.test(prev)) continue;
    const vv = verbAt(pred, j, plural && !/^(that|who|which)$/i.test(prev));
    if (vv && (baseOfThird(pred[j].toLowerCase()) || isKnownVerb(pred[j].toLowerCase()))) {
      pred[j] = vv.past + pred[j].replace(/^[\p{L}'-]+/u, "");
      verbs.push(vv.base);
      if (/^and$/i.test(prev)) splitAt.push(j);
    }
  }
  // the rest of the clause follows the story into the past: "learned the dark was not so scary",
  // "because everyone looks at Finn", "fell off and scrapes a knee"
  for (let j = 1; j < pred.length; j++) {
    const core = pred[j].toLowerCase().replace(/[^a-z']/g, "");
    // an adverb between the subject and its verb is skipped: "who also loves horses"
    const back = /^(also|always|really|still|never|just|only|often|sometimes|even)$/i.test(pred[j - 1] ?? "") ? 2 : 1;
    const before = (pred[j - back] ?? "").toLowerCase().replace(/[^a-z']/g, "");
    const third = baseOfThird(core);
    if (AUX_PAST[core] && !/^(do|have)$/.test(core)) pred[j] = pred[j].replace(/^[\p{L}']+/u, AUX_PAST[core]);
    else if (
      third &&
      /^[a-z]+s$/.test(core) &&
      (/^(he|she|it|everyone|everybody|nobody|someone|who|that|which)$/.test(before) || actors.some((a) => a.name.toLowerCase() === before)) &&
      (isKnownVerb(third) || /^(a|an|the|his|her|their|my|at|to|on|in)$/i.test(pred[j + 1] ?? ""))
    )
      pred[j] = pred[j].replace(/^[\p{L}']+/u, pastOf(third));
    else if (third && before === "and" && /^[a-z]+s$/.test(core) && /^(a|an|the|his|her|their|its|my)$/i.test(pred[j + 1] ?? "") && !plural)
      pred[j] = pred[j].replace(/^[\p{L}']+/u, pastOf(third));
  }
  // "went to the beach and built a sandcastle" is two moments; "fell off the table and broke" is one
  const split = splitAt.find((j) => {
    const a = classOf(verbs.slice(0, 1), pred.slice(0, j - 1).join(" "));
    const b = classOf([baseOfPast(pred[j]) ?? ""], pred.slice(j).join(" "));
    return a !== b && ACTIVE.has(b) && !TROUBLE_PAIR.has(`${a}+${b}`);
  });
  const parts = split ? [pred.slice(0, split - 1), pred.slice(split)] : [pred];
  return parts.map((words, k) =>
    eventOf(words, k === 0 ? lead : "", k === 0 ? subjectText : "", who, hero, actors, ahead, k === 0 ? adverb?.[2].toLowerCase() : undefined),
  );
}

/** moments worth their own pages when a predicate joins two */
const ACTIVE = new Set(["make", "play", "eat", "find", "meet", "party", "win", "fix", "help", "share", "go"]);
const TROUBLE_PAIR = new Set(["break+fix", "lose+find"]);

const ADVERB_AFTER = /^(.+?)\s+(just|also|always|really|finally|soon|still|never|all|both|suddenly)$/i;

function eventOf(
  pred: string[],
  leadIn: string,
  subjectText: string,
  who: Actor[],
  hero: Actor,
  actors: Actor[],
  ahead: string | undefined,
  adverbText: string | undefined,
): PlotEvent {
  let lead = leadIn;
  const verb = { base: baseOfPast(pred[0].replace(/[^\p{L}'-]/gu, "")) ?? pred[0].toLowerCase() };
  let predicate = pred.join(" ").replace(/[,;]+$/, "");
  // a time said last reads better first: "The night before the school fair, Bolt fell off the table"
  const tm = TRAILING_TIME.exec(predicate);
  if (tm && !lead) {
    predicate = predicate.slice(0, tm.index).replace(/,$/, "");
    lead = /before$/i.test(tm[1]) && ahead ? `${tm[1]} ${ahead}` : tm[1];
  }
  const subject = (subjectText ? subjectPhrase(subjectText, who, hero) : joinList(who.map((a) => a.name))) + (adverbText ? ` ${adverbText}` : "");
  // "Then Leo…" reads without a comma; a longer lead takes one: "The night before the fair, Bolt…"
  const joint = /^(then|soon|later|next|so)$/i.test(lead) ? " " : ", ";
  const sentence = endWithStop(cap(lead ? `${lead}${joint}${lcSubject(subject, actors)} ${predicate}` : `${subject} ${predicate}`));
  const objects = actors.filter((a) => a !== hero && !who.includes(a) && new RegExp(`\\b${escape(a.name)}\\b`, "i").test(predicate));
  const place = placeIn(predicate);
  const verbs = [verb.base];
  let cls = classOf(
    verbs,
    predicate,
    who.some((a) => a.kind === "person" || a.kind === "hero"),
  );
  // something given to the child is a gift, not the child sharing
  if (cls === "share" && !who.includes(hero)) cls = "gift";
  const fact = /^(love|like|enjoy|adore|want|wish|hope|dream)$/.test(verb.base) && !lead;
  return {
    sentence,
    verb: verb.base,
    cls,
    who,
    objects,
    place: place?.place,
    placeBy: place?.by,
    // "was nervous", "felt brave": what follows is how they were, not a thing
    object: /^(be|feel|seem|become|get|look|stay|grow)$/.test(verb.base)
      ? undefined
      : objectOf(
          /^(give|bring|show|lend|buy|send|hand|pass|make|tell|read)$/.test(verb.base) && /^(her|him|them|me|us|\p{Lu}[\p{L}-]+)$/u.test(pred[1] ?? "")
            ? pred.slice(2)
            : pred.slice(1),
        ),
    fact,
  };
}

function lcSubject(subject: string, actors: Actor[]): string {
  const first = subject.split(" ")[0];
  return actors.some((a) => a.name === first) ? subject : subject[0].toLowerCase() + subject.slice(1);
}
