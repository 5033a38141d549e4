import type { StoryBrief, WrittenPage } from "../book";
import { ACTIONS, findTerm, SETTINGS, type Mood, type TimeOfDay } from "../scene-vocabulary";
import { linesFor, type Ctx, type Lines } from "./ctx";
import { isActionStart, isStoryOfHow, readDescription, type Facts, type PremiseEvent } from "./description";
import { parseElement, parseElements, Short, The, type Entity } from "./entities";
import { makeHero, numberWord, type Band, type Hero } from "./hero";
import { landings, mineFromMoral, readMoral, type Moral } from "./moral";
import { createRng, type Rng } from "./rng";
import { SceneWriter, type SceneSpec } from "./scene";
import { cap, cleanText, endWithStop, joinList, normSentence, splitSentences } from "./text";
import { tryText } from "./tries";
import { placeOf, worldFor, type Place, type ProblemSpec, type World } from "./worlds";

/**
 * Lays the story over the book: 20 story pages, the closing page and the last page.
 *
 *   1–2   the child, their world, what they love          13    the last try, which fails for want of the lesson
 *   3     the adventure begins (the parent's premise)      14    a low moment, met with comfort
 *   4–5   setting off, the companion, wonders on the way   15–16 the turn: the lesson found and acted on
 *   6–7   the problem, and deciding to help                17    the resolution
 *   8–9   a first try that fails (a special element)       18    the celebration
 *   10    a fear met with comfort, or a wonder             19    the way home
 *   11–12 a second try that fails (a special element)      20    home and bedtime
 *   closing page: the moral in the child's own words and the parent's; last page: The End
 *
 * Every sentence goes through the pen, which refuses one already used anywhere in the book
 * (compared in lower case without punctuation), so no sentence repeats.
 */

/** sentences per page by reading level */
const MAX_UNITS: Record<Band, number> = { tiny: 2, young: 4, middle: 6, older: 9 };

class Pen {
  private used = new Set<string>();
  constructor(private rng: Rng) {}

  private units(text: string): string[] {
    return splitSentences(text).map(normSentence).filter(Boolean);
  }

  fits(text: string): boolean {
    const u = this.units(text);
    return u.length > 0 && new Set(u).size === u.length && u.every((x) => !this.used.has(x));
  }

  take(text: string): string {
    for (const u of this.units(text)) this.used.add(u);
    return text;
  }

  /** a random candidate that repeats nothing, or undefined */
  pick(cands: readonly (string | false | undefined | null)[], inOrder = false): string | undefined {
    const list = cands.filter((x): x is string => typeof x === "string" && x.trim().length > 0);
    for (const t of inOrder ? list : this.rng.shuffle(list)) if (this.fits(t)) return this.take(t);
    return undefined;
  }
}

class Page {
  lines: string[] = [];
  constructor(
    private pen: Pen,
    private max: number,
    private strict = false,
  ) {}

  private count(): number {
    return this.lines.reduce((sum, l) => sum + splitSentences(l).length, 0);
  }

  /** adds one candidate if there is room (an essential line is added regardless) */
  add(cands: readonly (string | false | undefined | null)[], essential = false): boolean {
    const room = this.max - this.count();
    const strings = cands.filter((c): c is string => typeof c === "string");
    const fitting = strings.filter((c) => splitSentences(c).length <= room);
    // an essential line may overflow, except on a toddler's page that already has its sentences
    let line = this.pen.pick(this.lines.length === 0 ? strings : fitting);
    if (!line && essential && !(this.strict && this.lines.length > 0)) line = this.pen.pick(strings);
    if (line) this.lines.push(line);
    return Boolean(line);
  }

  /** the child's name is somewhere on the page */
  names(name: string): boolean {
    return this.lines.some((l) => l.includes(name));
  }

  get full(): boolean {
    return this.count() >= this.max;
  }
}

interface Cast {
  guide: Entity;
  who: Entity;
  portal?: Entity;
  tries: Entity[];
  leftovers: Entity[];
  crew: Entity[];
  specials: Entity[];
  problem: ProblemSpec;
  /** premise-derived problem: the parent's words */
  help?: Facts["help"];
  treasure: string;
}

export interface Composed {
  hero: Hero;
  world: World;
  moral: Moral;
  facts: Facts;
  cast: Cast;
  pages: WrittenPage[];
  rng: Rng;
  family?: string;
}

const FAMILY = /^(grandma|granny|grandmother|nana|nanna|nan|gran|grandpa|grandad|granddad|grandfather|gramps|mum|mom|mummy|mommy|mama|mother|dad|daddy|papa|father|auntie|aunty|aunt|uncle|mum and dad|mom and dad|mummy and daddy)\b/i;

export function familyOf(author: string): string | undefined {
  const a = cleanText(author, 60);
  return FAMILY.test(a) && a.split(" ").length <= 4 ? a[0].toUpperCase() + a.slice(1) : undefined;
}

function castFor(brief: StoryBrief, h: Hero, world: World, facts: Facts, rng: Rng): Cast {
  const specials = parseElements(Array.isArray(brief.specialElements) ? brief.specialElements : [], h);
  let pool = specials.slice();
  const take = (e: Entity | undefined) => {
    if (e) pool = pool.filter((x) => x !== e);
    return e;
  };
  const headsMatch = (spec: ProblemSpec, head: string) => spec.heads.some((hd) => hd === head || hd === `${head}s`);

  // The problem: the parent's "helps X do Y" when there is one, else one of the world's.
  let problem: ProblemSpec | undefined;
  let who: Entity | undefined;
  let help = facts.help;
  if (help) {
    const members = help.who.split(/\s*,\s*|\s+and\s+/).filter(Boolean);
    const helpWho = members.length > 1 ? groupOf(members, pool, h) : parseElement(help.who, h, "problem");
    const helpWords = `${help.who} ${help.trouble ?? ""}`.toLowerCase();
    const match = helpWho && world.problems.find((p) => headsMatch(p, helpWho.head) || p.heads.some((hd) => new RegExp(`\\b${hd}\\b`).test(helpWords)));
    if (match && helpWho) {
      problem = match;
      // a group of helpees stays a group of individual friends; the world's "who" is the one in trouble
      who = take(pool.find((e) => headsMatch(match, e.head))) ?? (members.length > 1 ? undefined : helpWho);
    } else if (helpWho) {
      problem = premiseProblem(help, helpWho);
      who = helpWho.source === "problem" && members.length > 1 ? helpWho : (take(pool.find((e) => e.head === helpWho.head)) ?? helpWho);
      if (members.length > 1) for (const m of members) take(pool.find((e) => m.toLowerCase().includes(e.the.replace(/^the /, "").toLowerCase())));
    } else help = undefined;
  }
  if (!problem) {
    const matching = world.problems.filter((p) => pool.some((e) => headsMatch(p, e.head)));
    problem = matching.length ? matching[0] : rng.pick(world.problems);
    who = take(pool.find((e) => headsMatch(problem!, e.head)));
  }
  who ??= parseElement(problem.who, h, "problem")!;

  const guide = take(pool.find((e) => e.kind === "creature" || e.kind === "person")) ?? premiseCompanion(facts, h) ?? world.guide;
  const portal = take(pool.find((e) => (e.kind === "thing" || e.kind === "toy") && world.portalFns.includes(e.fn ?? ""))) ?? parseElement(world.portal, h, "world")!;

  const ordered = [...pool.filter((e) => e.kind === "thing" || e.kind === "toy"), ...pool.filter((e) => e.kind === "place"), ...pool.filter((e) => e.kind === "creature" || e.kind === "person")];
  // two tries of different kinds read better than two of the same
  const first = ordered[0];
  const second = ordered.find((e) => e !== first && (e.kind !== first?.kind || e.fn !== first?.fn)) ?? ordered[1];
  const tries = [first, second].filter((e): e is Entity => Boolean(e));
  for (const t of tries) take(t);
  const fillers = [portal, ...world.tools.map((t) => parseElement(t, h, "world")!)];
  for (const f of fillers) if (tries.length < 2 && f && !tries.includes(f)) tries.push(f);
  const leftovers = pool;

  const crew = [guide, facts.pet, facts.friend, ...specials.filter((e) => (e.kind === "creature" || e.kind === "person") && e !== who && e !== guide)].filter(
    (e): e is Entity => Boolean(e),
  );
  const treasureEntity = [portal, ...tries].find((e) => e && (e.kind === "thing" || e.kind === "toy"));
  const treasure = treasureEntity ? treasureEntity.the : "the shiniest pebble";
  return { guide, who, portal, tries, leftovers, crew, specials, problem, help, treasure };
}

/** A creature the child finds or meets in the parent's premise ("found a baby hedgehog in the garden") comes along. */
function premiseCompanion(facts: Facts, h: Hero): Entity | undefined {
  const first = facts.events[0];
  if (!first) return undefined;
  const m = /^(?:found|met|discovered|rescued|saw|spotted|befriended|adopted|meets)\s+(.+?)(?:\s+(?:in|at|on|under|by|near|behind|inside|who|that|and|with)\s.*)?$/i.exec(first.pred);
  const e = m ? parseElement(m[1], h, "special") : undefined;
  return e && (e.kind === "creature" || e.kind === "person") && !e.plural ? e : undefined;
}

/** Several helpees ("a shy hedgehog, a bossy goose and a sleepy badger") as one plural entity. */
function groupOf(members: string[], pool: Entity[], h: Hero): Entity | undefined {
  const parts = members.map((m) => parseElement(m, h, "problem")).filter((e): e is Entity => Boolean(e));
  if (parts.length < 2) return undefined;
  const special = (e: Entity) => pool.find((p) => p.the === e.the);
  const all = parts.map((e) => special(e) ?? e);
  return {
    kind: all.every((e) => e.kind === "place") ? "place" : "creature",
    head: "friends",
    a: joinList(all.map((e) => e.a)),
    the: joinList(all.map((e) => e.the)),
    short: joinList(all.map((e) => e.short)),
    label: joinList(all.map((e) => e.label)),
    named: false,
    plural: true,
    speaks: all.some((e) => e.speaks),
    source: "problem",
  };
}

/** A problem made from the parent's "helps X do Y". */
function premiseProblem(help: NonNullable<Facts["help"]>, who: Entity): ProblemSpec {
  const speaks = who.kind === "creature" || who.kind === "person";
  return {
    id: "premise",
    who: help.who,
    heads: [who.head],
    need: help.need,
    done: help.done,
    discover: (c) => {
      const see = who.kind === "place" ? "came to" : "met";
      return {
        tiny: [`${c.h.name} ${see} ${who.a}.`, `Look, ${c.h.name}, ${who.a}!`],
        young: [`Then ${c.h.name} ${see} ${who.a}.`, `That was when ${c.h.name} ${see} ${who.a}, and something was not right.`],
        rich: [`That was when ${c.h.name} ${see} ${who.a}, and it was clear at once that something was not right.`],
      };
    },
    why: (c) => ({
      tiny: [`${The(c.who)} needed help.`],
      young: [`${The(c.who)} needed to ${c.need}, but it was too big a job to do alone.`],
      rich: [`${The(c.who)} needed to ${c.need}, and nobody had been able to work out how.`],
    }),
    plea: (c) => {
      // the need in the speaker's own mouth: "find their way home" -> "find our way home"
      const own = c.need
        .replace(/\btheir\b/g, who.plural ? "our" : "my")
        .replace(/\bits\b/g, "my")
        .replace(/\bthem\b/g, who.plural ? "us" : "me")
        .replace(/\bthemselves\b/g, who.plural ? "ourselves" : "myself");
      return speaks ? [`"Could you help ${who.plural ? "us" : "me"} ${own}?" asked ${c.who.the}.`] : [];
    },
    still: (c) => [`But ${c.who.the} still couldn't ${c.need}.`, `${The(c.who)} still needed help.`, `The problem was still there, as big as ever.`],
    solved: (c) => ({
      tiny: [`Hooray, ${c.h.name} did it!`],
      young: [`At last, ${c.who.the} ${help.done}!`],
      rich: [`And at last, after all that trying, ${c.who.the} ${help.done}.`],
    }),
    joy: (c) => [`${The(c.who)} ${c.who.plural ? "were" : "was"} so happy that everyone cheered.`, `There were hugs and cheers all round.`],
  };
}

// ---------------------------------------------------------------- the story

export function compose(brief: StoryBrief, seed: string): Composed {
  const rng = createRng(`story:${seed}`);
  const h = makeHero(brief);
  const band = h.band;
  const theme = cleanText(brief.theme, 40) || "Adventure";
  const world = worldFor(theme, rng.fork("world"));
  const facts = readDescription(typeof brief.storyDescription === "string" ? brief.storyDescription : "", h);
  const moral = readMoral(typeof brief.moralLesson === "string" ? brief.moralLesson : "");
  const cast = castFor(brief, h, world, facts, rng.fork("cast"));
  const family = familyOf(typeof brief.authorName === "string" ? brief.authorName : "");
  const pen = new Pen(rng.fork("pen"));
  const scenes = new SceneWriter(rng.fork("scenes"), h.name);
  const c: Ctx = {
    h,
    band,
    guide: cast.guide,
    who: cast.who,
    friendInNeed: cast.who.kind === "creature" || cast.who.kind === "person" ? cast.who : cast.guide,
    need: cast.problem.need,
    pet: facts.pet,
    friend: facts.friend,
    sibling: facts.sibling,
    family,
    love: facts.loves[0],
    fear: facts.fears[0],
    treasure: cast.treasure,
    crew: cast.crew,
  };
  const max = MAX_UNITS[band];
  const n = h.name;
  const g = cast.guide;
  const spec = cast.problem;
  const rich = band === "middle" || band === "older";
  const older = band === "older";
  const introduced = new Set<Entity>();
  const mention = (e: Entity) => {
    const first = !introduced.has(e);
    introduced.add(e);
    return first ? e.a : e.the;
  };
  const L = (lines: Lines) => linesFor(lines, band);
  const pages: { text: string[]; scene: SceneSpec }[] = [];
  const newPage = () => new Page(pen, max, band === "tiny");
  const known = [...cast.specials, cast.guide, cast.who];
  const nameLines: Record<Mood, string[]> = {
    happy: [`${n} giggled.`, `${n} clapped ${h.his} hands.`, `${n} smiled a big smile.`, `${n} did a happy wiggle.`],
    curious: [`${n} peeked.`, `${n} wondered and wondered.`, `${n} looked closely.`, `${n} tilted ${h.his} head.`],
    surprised: [`${n} gasped.`, `"Oh!" said ${n}.`, `${h.names} eyes went round.`],
    worried: [`${n} frowned a little frown.`, `"Hmm," said ${n}.`, `${n} scratched ${h.his} head.`, `${n} sighed a small sigh.`],
    brave: [`${n} stood up tall.`, `${n} took a big breath.`, `${n} was ready.`],
    proud: [`${n} beamed.`, `${n} felt so proud.`, `"We did it!" said ${n}.`],
    sleepy: [`${n} yawned.`, `${n} snuggled down.`, `Night-night, ${n}.`],
  };
  const push = (page: Page, scene: SceneSpec) => {
    if (!page.names(n)) page.add(nameLines[scene.mood]);
    // whatever the page names has now been met
    const said = page.lines.join(" ").toLowerCase();
    for (const e of known) if (said.includes(coreText(e))) introduced.add(e);
    pages.push({ text: page.lines, scene });
  };

  // timeline
  const night = world.nightJourney;
  const time = (story: number): TimeOfDay => {
    if (story >= 20) return "night";
    if (night) return story <= 3 ? (story === 3 ? "day" : "morning") : story === 4 ? "evening" : "night";
    if (story <= 5) return "morning";
    if (story <= 16) return "day";
    return "evening";
  };
  const openers: Record<TimeOfDay, string[]> = {
    morning: ["One sunny morning", "Early one morning", "One bright morning", "One fine morning"],
    day: ["That afternoon", "Later that day", "After lunch"],
    evening: ["As the sun began to set", "By sunset", "That evening"],
    night: ["That night", "At bedtime", "When the stars came out"],
  };
  const opener = rng.pick(openers.morning);

  const homeAt =
    facts.home ??
    {
      adventure: "in a little house at the edge of the woods",
      space: "in a house with a big back garden and a telescope in the window",
      animals: "in a cottage next to a meadow",
      fantasy: "in a little house with a round window",
      ocean: "in a little house by the sea",
      custom: "in a house with a garden full of surprises",
    }[world.key];
  const love = facts.loves[0] ?? world.loves;
  const homePlace: Place =
    world.home.setting === "bedroom" || world.key === "space" || world.key === "animals" || world.key === "ocean"
      ? world.home
      : { name: "home", at: facts.home ? `at home ${facts.home}` : "at home", setting: "bedroom", sights: [] };
  const crewWith = (extra: Entity[] = []) => [...extra, ...(facts.pet ? [facts.pet] : [])];
  const prepTo = (pl: Place) => ({ forest: "into", space: "up to", underwater: "down to", sky: "up to", mountain: "up to" })[pl.setting as string] ?? "to";
  const travel = () => rng.pick(world.travel);
  const refrainLine = (tail: string) => `${world.refrain}, off went ${n}, ${tail}!`;
  const sights = (pl: Place) => pl.sights;
  const gSays = (words: string) => speech(g.the, words);

  // older readers: feelings
  const feel = (mood: "wonder" | "worry" | "hope" | "low" | "proud" | "sleepy" | "happy"): string[] => {
    const H = h.He;
    switch (mood) {
      case "wonder":
        return [
          `${h.names} eyes went wide. ${H} had never seen anything like it.`,
          `${n} felt a fizzy, tingly feeling, the kind that comes just before something wonderful.`,
          `Everything was so new that ${n} didn't know where to look first.`,
          `${n} breathed in deeply. Even the air smelled of adventure.`,
          `It was, ${n} decided, the most amazing place ${h.he} had ever been.`,
          `${n} wished ${h.he} could remember every tiny detail forever.`,
        ];
      case "worry":
        return [
          `${n} felt a little knot of worry in ${h.his} tummy.`,
          `${n} bit ${h.his} lip. This was going to be harder than ${h.he} had thought.`,
          `A small, worried feeling crept in, like a cloud drifting in front of the sun.`,
          `For a moment, ${n} felt very small, and the problem felt very big.`,
        ];
      case "hope":
        return [
          `"Please work," ${n} whispered, crossing ${h.his} fingers.`,
          `${n} held ${h.his} breath and hoped.`,
          `${n} felt a flutter of hope. Maybe this was it!`,
          `${n} crossed ${h.his} fingers and ${h.his} toes, just in case.`,
        ];
      case "low":
        return [
          `${n} rested ${h.his} chin in ${h.his} hands.`,
          `${h.names} shoulders drooped like a flower that needed watering.`,
          `It is hard when things don't work, and ${n} felt it all the way down to ${h.his} toes.`,
          `${n} felt tired, a bit sad and a little bit cross, all at the same time.`,
        ];
      case "proud":
        return [
          `${n} felt proud all the way from ${h.his} ears to ${h.his} toes.`,
          `A warm, glowing feeling filled ${n} up, like hot cocoa on a cold day.`,
          `${n} grinned so widely that ${h.his} cheeks ached.`,
          `${n} could hardly believe it: they had really done it!`,
          `${n} felt as tall as a tree and as light as a feather.`,
        ];
      case "sleepy":
        return [
          `${n} yawned an enormous yawn.`,
          `${h.names} eyelids grew heavy and soft.`,
          `Everything felt warm, safe and sleepy.`,
          `Outside, the world was quiet, and ${n} felt peaceful inside.`,
        ];
      case "happy":
        return [`${n} laughed until ${h.his} tummy hurt.`, `${n} had never felt so happy.`, `${h.names} heart felt as light as a balloon.`];
    }
  };
  const encourage = [
    `"Don't worry, ${n}," said ${g.the}. "Every good adventure has a tricky bit."`,
    `"We'll think of something, ${n}," said ${g.the}. "We always do."`,
    `"That was a good try, ${n}," said ${g.the}. "Let's try something else."`,
    `"Not yet doesn't mean never, ${n}," said ${g.the}.`,
  ];
  const petComfort = facts.pet ? [`${Short(facts.pet)} snuggled up close.`, `${Short(facts.pet)} gave ${h.names} hand a gentle nudge.`, `${Short(facts.pet)} leaned against ${n}, warm and steady.`] : [];

  const tiny = band === "tiny";

  // ---------- 1: the child and their world
  {
    const pg = newPage();
    const full = h.fullName;
    const age = numberWord(h.age);
    if (tiny) {
      pg.add([`Once there was a ${h.kid} called ${full}.`, `There once was a ${h.kid} named ${full}.`, `Once upon a time, there was ${full}.`], true);
      pg.add([`${n} lived ${homeAt}.`, `${n} was ${age}.`]);
    } else if (band === "young") {
      pg.add([`Once upon a time, there was a ${age}-year-old ${h.kid} called ${full}.`, `There once was a ${h.kid} named ${full}, who was ${age} years old.`, ], true);
      pg.add([`${n} lived ${homeAt}.`, `${h.He} lived ${homeAt}.`]);
      pg.add([`${n} had a big smile and lots of questions.`, `${n} had quick feet and a big, bubbly laugh.`]);
    } else {
      pg.add(
        [
          `Once upon a time, ${homeAt}, there lived a ${age}-year-old ${h.kid} called ${full}.`,
          `${full} was ${age} years old and lived ${homeAt}.`,
          `There was once a ${h.kid} called ${full}, ${age} years old, who lived ${homeAt}.`,
        ],
        true,
      );
      pg.add([
        `${h.He} had a head full of questions and a pocket full of interesting things.`,
        `${h.He} had quick feet, a big laugh and an even bigger imagination.`,
        `${n} noticed things other people missed: a snail's silver trail, a cloud shaped like a teapot, a feather on the doorstep.`,
      ]);
    }
    const ev0 = facts.events[0];
    if (ev0 && !isActionStart(ev0.verb) && isStoryOfHow(ev0.verb) && !tiny) pg.add([`This is the story of how ${n} ${ev0.pred}.`], true);
    if (facts.about && !tiny) pg.add([`This is a story about ${facts.about}.`], true);
    push(pg, { place: homePlace, time: time(1), action: `looks out of the window`, with: crewWith(), mood: "happy" });
  }

  // ---------- 2: what they love, who is in their life
  {
    const pg = newPage();
    const loveLine = tiny
      ? [`${n} loved ${love}.`]
      : band === "young"
        ? [`${n} loved ${love} more than anything.`, `More than anything, ${n} loved ${love}.`]
        : [`More than almost anything in the world, ${n} loved ${love}.`, `If you asked ${n} what ${h.he} loved most, the answer was always the same: ${love}.`];
    pg.add(loveLine, true);
    if (facts.pet) pg.add(tiny ? [`${n} had ${facts.pet.a}.`] : [`${n} had ${facts.pet.a}, who went everywhere with ${h.him}.`, `${n} also had ${facts.pet.a}, the best pet in the whole world.`], true);
    if (facts.friend) pg.add(tiny ? [`${h.His} best friend was ${facts.friend.a}.`] : [`${h.His} best friend in the whole world was ${facts.friend.a}.`, `${h.His} best friend was ${facts.friend.a}, and they did everything together.`], !tiny);
    if (facts.sibling) pg.add([`And there was ${facts.sibling.a}, who was never far away.`, `${n} lived with ${facts.sibling.a}, too.`], !tiny);
    if (facts.loves[1] && !tiny) pg.add([`${h.He} loved ${facts.loves[1]}, too.`, `${n} was also very fond of ${facts.loves[1]}.`]);
    if (facts.wishes[0] && !tiny) {
      const wish = facts.wishes[0];
      pg.add(wish.startsWith("to ") ? [`One day, ${n} wanted ${wish}.`, `More than anything, ${n} hoped ${wish}.`] : [`${n} often dreamed ${wish}.`], true);
    }
    if (facts.topics[0] && !tiny) pg.add([`Lately, ${n} had been thinking a lot about ${facts.topics[0]}.`], true);
    for (const ev of facts.events.filter((e) => !isActionStart(e.verb) && !isStoryOfHow(e.verb)).slice(0, 2)) if (!tiny) pg.add([`${n} ${ev.pred}.`], true);
    for (const line of facts.worldLines) if (!tiny) pg.add([line], rich);
    if (!facts.pet && !facts.friend && !facts.sibling)
      pg.add(
        tiny
          ? [`${n} liked to play.`, `${n} liked to laugh.`]
          : [`Every day, ${n} hoped something exciting would happen.`, `${n} always said that the best days were the ones with a surprise in them.`],
      );
    const playWith = [facts.pet, facts.friend, facts.sibling].filter((e): e is Entity => Boolean(e));
    push(pg, {
      place: homePlace,
      time: time(2),
      action: playWith.length ? `laughs and plays` : `looks at a picture book`,
      with: playWith,
      mood: "happy",
    });
  }

  // ---------- 3: the adventure begins
  const ev0 = facts.events[0];
  const premiseStart = ev0 && isActionStart(ev0.verb) ? ev0 : undefined;
  const usedEvents = new Set<PremiseEvent>();
  let portalUsed = false;
  {
    const pg = newPage();
    let action: string;
    let place: Place = world.home;
    if (premiseStart) {
      const pred = tiny ? shortPred(premiseStart.pred) : premiseStart.pred;
      pg.add([premiseStart.lead ? `${premiseStart.lead}, ${n} ${pred}.` : `${opener}, ${n} ${pred}.`], true);
      const next = facts.events[1];
      if (next && !tiny && /\b(it|them)\b/.test(next.pred)) {
        pg.add([`Then ${h.he} ${next.pred}.`, `${h.He} ${next.pred}.`], true);
        usedEvents.add(next);
      }
      action = sceneActionFromPredicate(premiseStart);
      const where = findTerm(premiseStart.pred + " " + (premiseStart.lead ?? ""), SETTINGS);
      if (where && where !== world.home.setting) {
        place = [...world.journey, world.problemPlace].find((pl) => pl.setting === where) ?? { name: "", at: `in the ${SETTINGS[where][0]}`, setting: where, sights: [] };
      }
    } else {
      const portal = cast.portal!;
      portalUsed = true;
      introduced.add(portal);
      pg.add(L(world.portalLines(c, portal, opener)), true);
      action = `discovers ${portal.the}`;
    }
    if (older && place === world.home) pg.add(world.home.sights);
    if (!tiny) pg.add([`It was the start of a big ${world.themeWord}!`, `${n} had a feeling that today was going to be special.`, `And that was how the ${world.themeWord} began.`]);
    if (rich) pg.add([speech(n, "I wonder where this will take me", "whispered"), speech(n, "This is going to be a very interesting day", "said"), `${n} couldn't stop smiling.`]);
    if (older) pg.add(feel("wonder"));
    push(pg, { place, time: time(3), action, with: crewWith(premiseStart ? [] : []), mood: "surprised" });
  }
  // an unused special portal joins the tries or the leftovers
  if (!portalUsed && cast.portal && cast.portal.source === "special" && !cast.tries.includes(cast.portal)) cast.leftovers.unshift(cast.portal);
  while (cast.tries.length < 2) {
    const filler = world.tools.map((t) => parseElement(t, h, "world")!).find((t) => !cast.tries.some((x) => x.the === t.the));
    if (!filler) break;
    cast.tries.push(filler);
  }

  const laterEvents = facts.events.filter((e) => e !== premiseStart && !usedEvents.has(e) && (isActionStart(e.verb) || isStoryOfHow(e.verb)) && e !== ev0);
  const leftoverQueue = cast.leftovers.slice();
  const introLeftover = (pg: Page) => {
    const e = leftoverQueue.find((x) => !introduced.has(x));
    if (e) leftoverQueue.splice(leftoverQueue.indexOf(e), 1);
    if (!e) return undefined;
    const lines = L(tryTextIntro(e, c));
    if (!pg.add(lines, true)) leftoverQueue.unshift(e);
    else introduced.add(e);
    return e;
  };

  // ---------- 4: setting off, meeting the companion
  let p4Event: PremiseEvent | undefined;
  {
    const pg = newPage();
    const pl = world.journey[0];
    const ev = tiny ? undefined : laterEvents.shift();
    p4Event = ev;
    if (ev && !tiny) pg.add([`Then ${h.he} ${ev.pred}.`, `After that, ${n} ${ev.pred}.`], true);
    const alreadyThere = pages.some((p) => p.text.join(" ").toLowerCase().includes(pl.name.replace(/^the /, "").toLowerCase()));
    if (ev) {
      // the parent's own journey replaces ours
    } else if (alreadyThere && !tiny) {
      pg.add([`${cap(pl.name)} was even more wonderful than ${n} had imagined.`, `${n} looked all around ${pl.name}, amazed.`], true);
    } else if (world.key === "space" && (portalUsed ? cast.portal?.fn === "ride" : true)) {
      pg.add(tiny ? [`Three, two, one... blast off!`] : [`"Three, two, one... blast off!" called ${n}, and up, up, up ${h.he} zoomed into the sky.`, `${n} pressed the big red button. With a rumble and a whoosh, ${h.he} zoomed up into the sky.`], !ev);
    } else if (world.key === "ocean") {
      pg.add(tiny ? [refrainLine(pl.to ?? `${prepTo(pl)} ${pl.name}`)] : [`${n} took a deep breath and dived down, down, down to ${pl.name}.`, `Splash! Down swam ${n}, all the way to ${pl.name}.`], !ev);
    } else {
      pg.add(tiny ? [refrainLine(pl.to ?? `${prepTo(pl)} ${pl.name}`)] : [`${n} ${travel()} off to ${pl.name}.`, `Off went ${n}, all the way to ${pl.name}.`], !ev);
    }
    const metBefore = introduced.has(g);
    const meet = mention(g);
    if (metBefore) pg.add(tiny ? [`${cap(g.the)} came too.`] : [`${cap(g.the)} came along too, and ${n} was very glad.`, `${cap(g.the)} stayed close by ${h.his} side.`], true);
    else pg.add(tiny ? [`${n} met ${meet}.`] : [`There, ${n} met ${meet}.`, `Waiting there was ${meet}.`, `It was there that ${n} met ${meet}.`], true);
    if (rich && g.speaks && !metBefore) pg.add([gSays(`Hello! I've been hoping someone like you would come along`), `"Going somewhere exciting?" asked ${g.the}. "Can I come too?"`]);
    if (facts.pet && !tiny) pg.add([`${Short(facts.pet)} came too, of course.`, `${Short(facts.pet)} trotted along, too.`]);
    if (rich) pg.add(sights(pl));
    if (older) pg.add(feel("wonder"));
    push(pg, { place: pl, time: time(4), action: `meets ${g.label}`, with: crewWith(), mood: "curious" });
  }

  // ---------- 5: wonders on the way
  let page5Place = world.journey[1] ?? world.journey[0];
  {
    const pg = newPage();
    const placeElement = leftoverQueue.find((e) => e.kind === "place");
    if (placeElement) {
      page5Place = placeOf(placeElement, world.journey[0].setting);
      leftoverQueue.splice(leftoverQueue.indexOf(placeElement), 1);
      const a = mention(placeElement);
      pg.add(tiny ? [refrainLine(`to ${a}`)] : [`Together they ${travel()} on until they came to ${a}.`, `On they went, all the way to ${a}.`], true);
    } else if (p4Event && p4Event.pred.toLowerCase().includes(page5Place.name.replace(/^the /, "").toLowerCase())) {
      pg.add(tiny ? [`Look at ${page5Place.name}!`] : [`${cap(page5Place.name)} was even more wonderful up close.`, `They spent a long time exploring ${page5Place.name}.`], true);
    } else {
      const pl = page5Place;
      pg.add(tiny ? [refrainLine(pl.to ?? `${prepTo(pl)} ${pl.name}`)] : [`Together, ${n} and ${g.the} ${travel()} on to ${pl.name}.`, `On and on went ${n}, until ${h.he} reached ${pl.name}.`], true);
    }
    const ev = laterEvents.shift();
    if (ev && !tiny) pg.add([`On the way, ${n} ${ev.pred}.`, `Along the way, ${n} ${ev.pred}.`], true);
    if (tiny) pg.add([`Wow! So pretty!`, `Ooh! What a place!`, `Look at that!`]);
    else pg.add(page5Place.sights, true);
    if (!tiny) introLeftover(pg);
    if (rich) pg.add(page5Place.sights);
    if (older) pg.add(feel("wonder"));
    push(pg, { place: page5Place, time: time(5), action: `explores with ${g.label}`, with: crewWith(), mood: "happy" });
  }

  // ---------- 6: the problem
  const pp = world.problemPlace;
  {
    const pg = newPage();
    if (!tiny) pg.add([`At last they reached ${pp.name}.`, `Soon they came to ${pp.name}.`, night ? `Before long, they had reached ${pp.name}.` : `By the afternoon, they had reached ${pp.name}.`], true);
    introduced.add(cast.who);
    if (cast.help?.trouble && spec.id === "premise" && !tiny) pg.add([cast.help.trouble], true);
    pg.add(L(spec.discover(c)), true);
    if (cast.who.source === "special" && !pg.lines.join(" ").toLowerCase().includes(cast.who.a.toLowerCase().replace(/^(a|an|the|some) /, ""))) {
      pg.add([`It was ${cast.who.a}.`, `${n} had found ${cast.who.a}.`], true);
    }
    if (rich) pg.add(pp.sights);
    if (older) pg.add(feel("worry"));
    push(pg, { place: pp, time: time(6), action: cast.who.kind === "place" ? `discovers the trouble` : `discovers ${cast.who.label}`, with: crewWith([g]), mood: "surprised" });
  }

  // ---------- 7: why, and deciding to help
  {
    const pg = newPage();
    pg.add(L(spec.why(c)), true);
    if (rich) pg.add(spec.plea(c));
    pg.add(
      tiny
        ? [`"I will help!" said ${n}.`, `${n} wanted to help.`]
        : band === "young"
          ? [speech(n, "Don't worry. We'll help you"), `${n} knew just what to do. "We'll help!" ${h.he} said.`, speech(n, "Let's find a way together")]
          : [
              `${n} knelt down. "Don't worry," ${h.he} said. "We'll find a way. I promise."`,
              `"Then we'll help," said ${n}, in the firm voice ${h.he} used for very important things.`,
            ],
      true,
    );
    if (rich) pg.add([gSays(`I'm in`), `${cap(g.the)} nodded. "Me too."`]);
    if (older) pg.add(feel("worry"));
    push(pg, { place: pp, time: time(7), action: cast.who.kind === "place" ? `looks around, thinking` : `talks with ${cast.who.label}`, with: crewWith([g]), mood: "brave" });
  }

  // ---------- tries
  let tryRound = 0;
  const tryPages = (e: Entity, story: number) => {
    const t = tryText(e, c);
    const tryPlace = e.kind === "place" ? placeOf(e, pp.setting) : pp;
    const round = tryRound++;
    // the two tries take different halves of each pool, so they never share a template
    const half = <T,>(list: T[]) => (list.length > 1 ? list.filter((_, i) => i % 2 === round % 2) : list);
    {
      const pg = newPage();
      if (!introduced.has(e)) {
        introduced.add(e);
        pg.add(half(L(t.intro)), true);
      }
      if (!tiny && e.kind !== "creature" && e.kind !== "person") pg.add([`${n} had an idea.`, `Then ${n} thought of something.`, `"I know!" said ${n}.`, `${n} tapped ${h.his} chin and thought.`]);
      pg.add(L(t.attempt), true);
      if (rich) pg.add(half(feel("hope")));
      push(pg, { place: tryPlace, time: time(story), action: t.action, with: crewWith([g]), mood: "curious" });
    }
    {
      const pg = newPage();
      pg.add(L(t.fail), true);
      pg.add(tiny ? [`Did it work, ${n}? Not yet.`, `Not quite, ${n}!`, `Oh dear, not yet, ${n}!`, `Try again, ${n}!`] : spec.still(c), !tiny);
      if (!tiny) pg.add(half([...encourage, ...petComfort]));
      if (older) pg.add(feel("worry"));
      push(pg, { place: tryPlace, time: time(story + 1), action: `thinks hard, puzzled`, with: crewWith([g, e.kind === "place" ? undefined : e].filter((x): x is Entity => Boolean(x) && x!.kind !== "place")), mood: "worried" });
    }
  };
  tryPages(cast.tries[0], 8);

  // ---------- 10: a fear met with comfort, or a wonder on the way
  {
    const pg = newPage();
    const fear = c.fear;
    if (fear) {
      const special = fearMoment(fear, n, h);
      if (special && !tiny) pg.add([special], true);
      pg.add(
        tiny
          ? [`${n} felt a bit scared.`, `Oh! ${n} felt wobbly.`]
          : [`${n} thought about ${fear}, and ${h.his} tummy went wobbly.`, `All of a sudden, ${n} thought about ${fear}, and ${h.he} felt a little scared.`],
        true,
      );
      pg.add(
        tiny
          ? [`${cap(g.the)} gave a big hug.`, `A hug from ${g.the}. Better!`]
          : [
              `${cap(g.the)} came close. "It's okay to feel scared," ${g.speaks ? `said ${g.the}` : "it seemed to say"}. "I'm right here."`,
              `${cap(g.the)} stayed right beside ${n}, and together it didn't feel so scary.`,
            ],
        true,
      );
      if (facts.pet && !tiny) pg.add(petComfort);
      if (rich) pg.add([`${n} took a slow breath, in and out, and the wobbly feeling got smaller.`, `Being scared was all right, ${n} thought, as long as you weren't alone.`]);
    } else {
      if (tiny) pg.add([`${n} and ${g.the} had a rest.`, `Snack time for ${n}, crunch, crunch!`]);
      else pg.add([`${n} and ${g.the} stopped for a rest and shared a snack.`, `${n} and ${g.the} sat down to rest and think.`, `${n} rested in the shade for a while.`], true);
      if (!tiny) pg.add(pp.sights);
      if (rich) pg.add([gSays(`When I'm stuck, I like to look at things from a new angle`), `"We'll work it out," said ${n}, and ${h.he} meant it.`]);
    }
    const ev = laterEvents.shift();
    if (ev && !tiny) pg.add([`Then ${n} ${ev.pred}.`], true);
    const left = introLeftover(pg);
    if (older) pg.add(pp.sights);
    push(pg, { place: pp, time: time(10), action: fear ? `hugs ${g.label}` : `shares a snack with ${g.label}`, with: crewWith(left && left.kind !== "place" ? [left] : []), mood: fear ? "brave" : "happy" });
  }

  tryPages(cast.tries[1], 11);

  // ---------- 13: the last try fails for want of the lesson
  const ms = moral.spec;
  {
    const pg = newPage();
    if (!tiny) pg.add([`${n} tried one more thing.`, `There was one more idea to try.`]);
    pg.add(L(ms.flaw(c)), true);
    if (!tiny) pg.add(spec.still(c));
    push(pg, { place: pp, time: time(13), action: `tries again, alone`, with: crewWith([g]), mood: "worried" });
  }
  // ---------- 14: low, and comforted
  {
    const pg = newPage();
    pg.add(tiny ? [`${n} felt sad.`, `Poor ${n} felt so sad.`] : [`${n} sat down on a rock. ${h.He} felt like giving up.`, `${n} sat down with a sigh. Nothing was working.`], true);
    if (rich) pg.add(feel("low"));
    pg.add(
      tiny
        ? [`${cap(g.the)} gave a cuddle.`, `Cuddle time!`]
        : [
            `${cap(g.the)} sat down beside ${h.him}. "Tell me about the things you love," ${g.speaks ? `said ${g.the}` : "it seemed to say"}.`,
            `${cap(g.the)} snuggled up close, and ${n} felt a tiny bit better.`,
          ],
      true,
    );
    if (!tiny) pg.add([`So ${n} talked about ${love}, and soon ${h.he} ${h.was} smiling again.`, `Thinking about ${love} made ${n} feel warm inside.`]);
    if (facts.pet) pg.add(petComfort);
    push(pg, { place: pp, time: time(14), action: `talks quietly with ${g.label}`, with: crewWith([g]), mood: "worried" });
  }
  // ---------- 15–16: the turn
  {
    const pg = newPage();
    if (moral.spec.key === "general" && !tiny && moral.text) {
      const who = family ?? `someone who loved ${h.him}`;
      pg.add([`Then ${n} remembered what ${who} always said: "${endWithStop(moral.text)}"`, `${n} thought of something ${who} had told ${h.him} once: "${endWithStop(moral.text)}"`], true);
      pg.add([`Suddenly it all made sense.`, `And now ${n} knew what to do.`]);
    } else pg.add(L(ms.insight(c)), true);
    if (older) pg.add([`It felt like a light switching on inside ${h.him}.`, `It was such a simple idea, and yet it changed everything.`]);
    push(pg, { place: pp, time: time(15), action: `thinks of a new idea`, with: crewWith([g]), mood: "curious" });
  }
  {
    const pg = newPage();
    pg.add(L(ms.act(c)), true);
    if (!tiny) pg.add([`"Look, ${n}! It's working!" cried ${g.the}.`, `"Keep going, ${n}!" called everyone.`, `Everyone held their breath and watched ${n}.`]);
    push(pg, { place: pp, time: time(16), action: `tries once more with everyone`, with: crewWith([g, ...c.crew.filter((e) => e !== g)]), mood: "brave" });
  }
  // ---------- 17: the resolution
  {
    const pg = newPage();
    if (!tiny) pg.add(ms.approach(c).flatMap((a) => [`This time, ${n} ${a}.`, `So ${n} ${a}.`]), true);
    const rank = (e: Entity) => (e.kind === "thing" ? 0 : e.kind === "toy" ? 1 : e.kind === "creature" || e.kind === "person" ? 2 : 3);
    const winners = cast.tries.slice().sort((a, b) => rank(a) - rank(b));
    const wins = winners.map((e) =>
      tiny ? [e.kind === "creature" || e.kind === "person" ? `${The(e)} helped ${n}, too!` : e.kind === "place" ? `${n} waved to ${e.the}.` : `${n} tried ${e.the} again, and it worked!`] : tryText(e, c).win,
    );
    if (wins[0]) pg.add(wins[0], !tiny);
    if (rich && wins[1] && winners[1].kind !== winners[0].kind && winners[1].kind !== "place") pg.add(wins[1]);
    pg.add(L(spec.solved(c)), true);
    if (cast.help && !tiny && spec.id !== "premise") pg.add([`And that was how ${n} ${cast.help.pred}.`], true);
    push(pg, { place: pp, time: time(17), action: cast.who.kind === "place" ? `helps put everything right` : `helps ${cast.who.label}`, with: crewWith([g]), mood: "proud" });
  }
  // ---------- 18: the celebration
  {
    const pg = newPage();
    pg.add(tiny ? [`Hooray for ${n}!`, `Everyone cheered for ${n}!`] : spec.joy(c), true);
    if (!tiny) pg.add([`Everyone cheered for ${n}.`, `"Three cheers for ${n}!" called everyone.`], true);
    if (!tiny) pg.add(world.party);
    // everything not yet in the story comes to the party
    const rest = leftoverQueue.splice(0);
    const named = rest.map((e) => mention(e));
    if (rest.length === 1) {
      const e = rest[0];
      pg.add(
        e.kind === "creature" || e.kind === "person"
          ? [`${cap(named[0])} came to celebrate, too.`]
          : e.kind === "place"
            ? [`Even ${named[0]} seemed to sparkle.`]
            : tiny
              ? [`${n} showed everyone ${named[0]}.`]
              : [`${n} showed everyone ${named[0]}, and everybody wanted a turn.`],
        true,
      );
    } else if (rest.length > 1) {
      pg.add([`Everybody was there, and so was everything: ${joinList(named)}.`], true);
    }
    if (rich) pg.add(feel("proud"));
    if (rich && cast.who.speaks) pg.add([`"Thank you, ${n}," said ${cast.who.the}. "You were wonderful."`, `${The(cast.who)} said thank you about a hundred times.`]);
    push(pg, { place: pp, time: time(18), action: `celebrates and dances`, with: crewWith([g, cast.who].filter((e) => e.kind !== "place")), mood: "happy" });
  }
  // ---------- 19: the way home
  {
    const pg = newPage();
    pg.add(tiny ? [`Bye-bye, ${vocative(g)}!`] : [`"Goodbye, ${vocative(g)}!" called ${n}. "Thank you for everything!"`, `${n} hugged ${g.the} goodbye.`], true);
    pg.add(tiny ? [refrainLine("all the way home")] : world.homeward(c), true);
    if (rich) pg.add([`The sky turned pink, then orange, then a deep, sleepy blue.`, `Behind ${h.him}, the sun was sinking like a big orange sweet.`]);
    if (older) pg.add(feel("happy"));
    push(pg, { place: world.key === "space" || world.nightJourney ? world.journey[0] : world.journey[0], time: time(19), action: `says goodbye to ${g.label}`, with: crewWith([g]), mood: "happy" });
  }
  // ---------- 20: home and bedtime
  const bedroom: Place = { name: `${h.his} bedroom`, at: `in ${h.his} cosy bedroom`, setting: "bedroom", sights: [] };
  {
    const pg = newPage();
    const fam = family;
    pg.add(
      tiny
        ? [fam ? `${fam} gave ${n} a hug.` : `Home again, ${n}!`, `Home, sweet home, ${n}.`]
        : fam
          ? [`At home, ${fam} gave ${n} a great big hug.`, `That evening, ${n} told ${fam} all about ${h.his} adventure.`]
          : [`At home, ${n} had a bath, a hug and a warm drink.`, `Back at home, ${n} told everyone all about ${h.his} adventure.`],
      true,
    );
    if (!tiny) pg.add([`"What a day," said ${n}, snuggling under the covers.`, `Soon ${n} was tucked up in bed, warm and cosy.`]);
    if (c.fear && !tiny) pg.add([`And ${c.fear} didn't seem quite so big any more.`], true);
    if (facts.pet && !tiny) pg.add([`${Short(facts.pet)} curled up at the end of the bed.`]);
    if (older) pg.add(feel("sleepy"));
    push(pg, { place: bedroom, time: "night", action: fam ? `hugs ${fam}` : `sleeps, tucked in bed`, with: crewWith(), mood: "sleepy" });
  }
  // ---------- closing page: the moral, in the child's own words
  {
    const pg = new Page(pen, max + 3);
    if (!tiny) pg.add([`As ${h.he} drifted off to sleep, ${n} thought about everything that had happened.`, `Just before ${h.he} fell asleep, ${n} smiled a sleepy smile.`, `In the quiet dark, ${n} thought about the day.`]);
    const mine = mineFromMoral(moral);
    const own = ms.key === "general" && mine ? [mine] : L(ms.mine(c));
    pg.add(own.map((w) => speech(n, w, "whispered")), true);
    pg.add(landings(moral, c), true);
    if (older) pg.add(feel("sleepy"));
    push(pg, { place: bedroom, time: "night", action: `whispers a secret to the night`, with: crewWith(), mood: "sleepy" });
  }
  // ---------- last page: The End
  {
    const pg = new Page(pen, 4);
    pg.add(["The End."], true);
    pg.add([`Sweet dreams, ${n}, ${rng.pick(ms.epithet)}.`, `Goodnight, ${n}. Goodnight, ${vocative(g)}.`, `Night-night, ${n}. Sleep tight.`], true);
    pg.add(ms.ask(c), true);
    push(pg, { place: bedroom, time: "night", action: `sleeps and dreams`, with: crewWith(), mood: "sleepy" });
  }

  // the promise that every special element appears: anything the telling missed comes to the party
  const told = pages.map((p) => p.text.join(" ")).join(" ").toLowerCase();
  const missed = cast.specials.filter((e) => !told.includes(coreText(e)));
  if (missed.length) {
    const party = pages[17];
    party.text.push(missed.length === 1 ? `${n} showed everyone ${missed[0].a}.` : `${n} showed everyone ${joinList(missed.map((e) => e.a))}.`);
  }

  const written = pages.map((p) => ({ content: finishText(p.text, h), scene: scenes.write(p.scene) }));
  enforceUnique(written);
  return { hero: h, world, moral, facts, cast, pages: written, rng, family };
}

function tryTextIntro(e: Entity, c: Ctx): Lines {
  return tryText(e, c).intro;
}

/** "found a glowing map in the attic and ..." -> "found a glowing map" for the smallest readers */
function shortPred(pred: string): string {
  const cut = pred.split(/,| and | that | which | who | where | with | in the | into | through /)[0];
  return cut.split(" ").length >= 2 ? cut : pred;
}

/** A scene action from the premise's first predicate: "found a glowing map in the attic" -> "finds a glowing map in the attic". */
function sceneActionFromPredicate(ev: PremiseEvent): string {
  const rest = ev.pred.split(" ").slice(1).join(" ");
  const base = ev.verb.toLowerCase();
  const third = base === "go" ? "goes" : base === "be" ? "is" : base === "have" ? "has" : /(s|sh|ch|x|z|o)$/.test(base) ? `${base}es` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : `${base}s`;
  // the illustrator needs the action, not the whole plot: stop at a purpose or relative clause
  const brief = rest.split(/ (?:to|who|which|that|where|because|so) /)[0].split(" ").slice(0, 12).join(" ");
  const phrase = `${third} ${brief}`.trim().replace(/[,;]$/, "");
  return findTerm(phrase, ACTIONS) === undefined || !Object.values(ACTIONS).some((ws) => (ws as readonly string[]).includes(third)) ? `sets off and ${phrase}` : phrase;
}

function fearMoment(fear: string, name: string, h: Hero): string | undefined {
  const f = fear.toLowerCase();
  if (/\b(dark|night)\b/.test(f)) return `A big cloud slid over the sun, and for a moment everything went dim and shadowy.`;
  if (/\b(thunder|storm|lightning)/.test(f)) return `Far away, there was a low rumble, like a grumbly tummy.`;
  if (/\b(water|swim|bath|sea|waves)/.test(f)) return `The path crossed a wide, splashy stream.`;
  if (/\b(dog|dogs)\b/.test(f)) return `A big, shaggy dog bounded past, wagging its tail.`;
  if (/\b(height|high|heights|falling)\b/.test(f)) return `The path climbed up high, and the ground looked a long way down.`;
  if (/\b(noise|noises|loud|bang)/.test(f)) return `Suddenly, somewhere nearby, something went BANG!`;
  if (/\b(alone|lost)\b/.test(f)) return `For a moment, ${name} couldn't see anyone else, and ${h.he} felt very alone.`;
  return undefined;
}

/** How to call someone: "Pip", "Fox", "Sir Knight". */
function vocative(e: Entity): string {
  if (e.named) return e.the;
  if (e.head === "knight") return "Sir Knight";
  if (["princess", "prince", "king", "queen"].includes(e.head)) return cap(e.head);
  return cap(e.short.replace(/^(the|a|an|her|his|their)\s+/i, ""));
}

/** Dialogue with the tag placed so a sentence never splits off alone: "Words," said X. / X said, "Words!" */
export function speech(speaker: string, words: string, verb = "said"): string {
  const w = words.trim();
  if (/[.!?]$/.test(w) && /[!?]$/.test(w)) return `${cap(speaker)} ${verb}, "${w}"`;
  if (splitSentences(w).length > 1) return `${cap(speaker)} ${verb}, "${/[.!?]$/.test(w) ? w : `${w}.`}"`;
  return `"${cap(w.replace(/\.$/, ""))}," ${verb} ${speaker}.`;
}

/** Joins the page's sentences, names the child on the page, and swaps a name for a pronoun when
 * two sentences in a row would both start with it. */
function finishText(lines: string[], h: Hero): string {
  let prev = false;
  const units = splitSentences(lines.join(" ").replace(/\s+/g, " ").trim()).map((u, i) => {
    const starts = u.startsWith(`${h.name} `) && !/^\S+ and /.test(u.slice(h.name.length - h.name.split(" ").slice(-1)[0].length));
    if (starts && prev && i > 0) {
      prev = false;
      const rest = u
        .slice(h.name.length + 1)
        .replace(/^was\b/, h.was)
        .replace(/^wasn't\b/, h.wasnt)
        .replace(/^is\b/, h.is);
      return `${h.He} ${rest}`;
    }
    prev = starts;
    return u;
  });
  let text = units.join(" ");
  if (!text.includes(h.name)) {
    const re = new RegExp(`(^|[.!?]["\u201D]? )${h.He} `);
    if (re.test(text)) text = text.replace(re, `$1${h.name} `);
  }
  return text;
}

/** The final guarantee: a repeated sentence is dropped, or, if it is a page's only one, reworded. */
function enforceUnique(pages: { content: string }[]): void {
  const seen = new Set<string>();
  const connectors = ["And so,", "Then,", "Just then,", "After that,", "And then,", "Meanwhile,"];
  for (const page of pages) {
    const units = splitSentences(page.content);
    const kept: string[] = [];
    for (const u of units) {
      const key = normSentence(u);
      if (!key) continue;
      if (!seen.has(key)) {
        seen.add(key);
        kept.push(u);
        continue;
      }
      if (units.length > 1 && kept.length + (units.length - units.indexOf(u) - 1) > 0) continue;
      const alt = connectors.map((cn) => `${cn} ${u[0].toLowerCase()}${u.slice(1)}`).find((a) => !seen.has(normSentence(a)));
      if (alt) {
        seen.add(normSentence(alt));
        kept.push(alt);
      }
    }
    page.content = kept.join(" ");
  }
}


/** the words of an element without its determiner, for finding it in the parent's text */
function coreText(e: Entity): string {
  return (e.named ? e.the : e.a.replace(/^(a|an|the|some|her|his|their|my|our)\s+/i, "")).toLowerCase();
}
