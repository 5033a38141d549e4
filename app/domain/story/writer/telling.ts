import type { StoryBrief } from "../book";
import { hardWordsFor } from "../reading-vocabulary";
import { readingBandFor } from "../reading-level";
import { GradeKeeper } from "./readable";
import { FAMILY_NAMES } from "../words";
import type { Mood, TimeOfDay } from "../scene-vocabulary";
import { castFor, type Cast } from "./cast";
import { linesFor, type Ctx, type Lines } from "./ctx";
import { readDescription, withSavedChild, type Facts } from "./description";
import { Short, type Entity } from "./entities";
import { makeHero, type Band, type Hero } from "./hero";
import { readMoral, type Moral } from "./moral";
import { Page, Pen } from "./page";
import type { PremiseEvent } from "./premise";
import { createRng, type Rng } from "./rng";
import { SceneWriter, type SceneSpec } from "./scene";
import { cap, cleanText, splitSentences } from "./text";
import { tryText } from "./tries";
import { worldFor, type Place, type World } from "./worlds";

/** what the story form sends when the parent typed no theme of their own */
const PLACEHOLDER_THEMES = new Set(["my own story", "something else", "other", "custom", "none", "n/a"]);

/** sentences per page by reading level */
const MAX_UNITS: Record<Band, number> = { tiny: 2, young: 4, middle: 6, older: 9 };

const FAMILY =
  /^(grandma|granny|grandmother|nana|nanna|nan|gran|grandpa|grandad|granddad|grandfather|gramps|mum|mom|mummy|mommy|mama|mother|dad|daddy|papa|father|auntie|aunty|aunt|uncle|mum and dad|mom and dad|mummy and daddy)\b/i;

/** The author when they are family, as the story calls them: "grandma" -> "Grandma". */
export function familyOf(author: string): string | undefined {
  const a = cleanText(author, 60);
  const known = FAMILY.test(a) || FAMILY_NAMES.has(a.split(" ")[0].toLowerCase());
  return known && a.split(" ").length <= 4 ? a[0].toUpperCase() + a.slice(1) : undefined;
}

/** A page as the acts leave it: its lines, and the scene for the illustrator. */
interface ToldPage {
  text: string[];
  scene: SceneSpec;
}

type Feeling = "wonder" | "worry" | "hope" | "low" | "proud" | "sleepy" | "happy";

/**
 * One book being told: what the acts share. Fixed for the book: the hero, the world, the parent's
 * facts and moral, the cast, and the ways of saying things. Growing as the acts run: the pages, who
 * has been met, and the premise events and special elements still waiting for their place.
 */
export interface Telling {
  rng: Rng;
  h: Hero;
  /** the child's name */
  n: string;
  band: Band;
  tiny: boolean;
  /** a middle or older reader */
  rich: boolean;
  older: boolean;
  world: World;
  facts: Facts;
  moral: Moral;
  cast: Cast;
  /** the author when they are family ("Grandma") */
  family?: string;
  /** what a line of the story can refer to */
  c: Ctx;
  /** the companion */
  g: Entity;
  pen: Pen;
  /** sentences per page for the reader's level */
  max: number;
  scenes: SceneWriter;
  pages: ToldPage[];
  /** every entity the story has named so far */
  introduced: Set<Entity>;
  /** the parent's premise events still to tell, in order (filled when the adventure begins) */
  laterEvents: PremiseEvent[];
  /** special elements still to bring in, in order (filled when the adventure begins) */
  leftovers: Entity[];
  /** how the adventure's first line opens: "One sunny morning" */
  opener: string;
  /** where the child lives: "in a little house by the sea" */
  homeAt: string;
  /** what the child loves most */
  love: string;
  homePlace: Place;
  /** the companion's words when a try fails */
  encourage: string[];
  /** the pet's comfort (none without a pet) */
  petComfort: string[];
  newPage(): Page;
  /** ends a page: names the child if the page does not, notes whom it has met, keeps it with its scene */
  push(page: Page, scene: SceneSpec): void;
  /** "a fox" the first time, "the fox" after */
  mention(e: Entity): string;
  /** the candidates for the reader's level */
  L(lines: Lines): string[];
  /** the same beat in simpler words, for a band the level's own words can read above (none for most) */
  S(lines: Lines): string[];
  /** the parent's predicate as the reader's band tells it: "found a glowing map in the attic" */
  told(pred: string): string;
  /** the time of day of a story page (1–20) */
  time(story: number): TimeOfDay;
  /** who is drawn with the child: the extra entities, then the pet */
  crewWith(extra?: Entity[]): Entity[];
  /** "into" the forest, "up to" the sky */
  prepTo(pl: Place): string;
  /** a way of travelling in this world, drawn at random: "skipped" */
  travel(): string;
  /** the toddler's refrain: "Tramp, tramp, tramp, off went Mia, into the forest!" */
  refrainLine(tail: string): string;
  /** the companion speaks */
  gSays(words: string): string;
  /** an older reader's feelings */
  feel(mood: Feeling): string[];
  /** brings in the next special element not yet met, if the page takes it */
  introLeftover(pg: Page): Entity | undefined;
}

/** Reads the brief and sets up everything the acts share (the random draws in a fixed order, so a seed always tells the same book). */
export function beginTelling(brief: StoryBrief, seed: string): Telling {
  const rng = createRng(`story:${seed}`);
  const h = makeHero(brief);
  // seven reads in the same band as six (early reader): the young lines, not the middle ones
  const band: Band = readingBandFor(h.age).id === "6-7" ? "young" : h.band;
  // a form's placeholder is never a theme: "My own story" is the custom page's default
  const typed = cleanText(brief.theme, 40);
  const theme = (PLACEHOLDER_THEMES.has(typed.toLowerCase()) ? "" : typed) || "Adventure";
  const world = worldFor(theme, rng.fork("world"));
  const facts = withSavedChild(readDescription(typeof brief.storyDescription === "string" ? brief.storyDescription : "", h), h, brief.companions, brief.likes);
  const moral = readMoral(typeof brief.moralLesson === "string" ? brief.moralLesson : "");
  const cast = castFor(brief, h, world, facts, rng.fork("cast"));
  if (readingBandFor(h.age).maxAge <= 5) shortAfterMeeting(cast);
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
  const rich = band === "middle" || band === "older";
  const older = band === "older";
  const introduced = new Set<Entity>();
  const mention = (e: Entity) => {
    const first = !introduced.has(e);
    introduced.add(e);
    return first ? e.a : e.the;
  };
  const L = (lines: Lines) => linesFor(lines, band);
  // four and five share the young lines with six and seven, and may need a beat told as a toddler's
  const S = (lines: Lines) => (readingBandFor(h.age).id === "4-5" ? lines.tiny : []);
  const told = (pred: string) => (band === "tiny" ? firstThing(pred) : readingBandFor(h.age).id === "4-5" ? firstClause(pred, 8) : pred);
  const pages: ToldPage[] = [];
  const reading = readingBandFor(h.age);
  const caps = {
    page: reading.wordsPerPage.max,
    sentence: reading.wordsPerSentence,
    tooHard: hardWordsFor(reading.id),
    grade: new GradeKeeper(reading, h.name),
  };
  // the closing and last pages carry the parent's own words whole: the band's caps are for the story pages
  const newPage = () => new Page(pen, max, band === "tiny", pages.length >= 20 ? undefined : caps);
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
  const time = (story: number): TimeOfDay => {
    if (story >= 20) return "night";
    if (world.nightJourney) return story <= 3 ? (story === 3 ? "day" : "morning") : story === 4 ? "evening" : "night";
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
  const gSays = (words: string) => speech(g.the, words);
  const feel = (mood: Feeling) => feelings(h, mood);
  const encourage = [
    `"Don't worry, ${n}," said ${g.the}. "Every good adventure has a tricky bit."`,
    `"We'll think of something, ${n}," said ${g.the}. "We always do."`,
    `"That was a good try, ${n}," said ${g.the}. "Let's try something else."`,
    `"Not yet doesn't mean never, ${n}," said ${g.the}.`,
  ];
  const petComfort = facts.pet
    ? [
        `${Short(facts.pet)} snuggled up close.`,
        `${Short(facts.pet)} gave ${h.names} hand a gentle nudge.`,
        `${Short(facts.pet)} leaned against ${n}, warm and steady.`,
      ]
    : [];
  const laterEvents: PremiseEvent[] = [];
  const leftovers: Entity[] = [];
  const introLeftover = (pg: Page) => {
    const e = leftovers.find((x) => !introduced.has(x));
    if (e) leftovers.splice(leftovers.indexOf(e), 1);
    if (!e) return undefined;
    const lines = L(tryText(e, c).intro);
    if (!pg.add(lines, true)) leftovers.unshift(e);
    else introduced.add(e);
    return e;
  };
  return {
    rng,
    h,
    n,
    band,
    tiny: band === "tiny",
    rich,
    older,
    world,
    facts,
    moral,
    cast,
    family,
    c,
    g,
    pen,
    max,
    scenes,
    pages,
    introduced,
    laterEvents,
    leftovers,
    opener,
    homeAt,
    love,
    homePlace,
    encourage,
    petComfort,
    newPage,
    push,
    mention,
    L,
    S,
    told,
    time,
    crewWith,
    prepTo,
    travel,
    refrainLine,
    gSays,
    feel,
    introLeftover,
  };
}

/** An older reader's feelings, by mood. */
function feelings(h: Hero, mood: Feeling): string[] {
  const n = h.name;
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
        `It was hard when things didn't work, and ${n} felt it all the way down to ${h.his} toes.`,
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
}

/** Dialogue with the tag placed so a sentence never splits off alone: "Words," said X. / X said, "Words!" */
export function speech(speaker: string, words: string, verb = "said"): string {
  const w = words.trim();
  if (/[.!?]$/.test(w) && /[!?]$/.test(w)) return `${cap(speaker)} ${verb}, "${w}"`;
  if (splitSentences(w).length > 1) return `${cap(speaker)} ${verb}, "${/[.!?]$/.test(w) ? w : `${w}.`}"`;
  return `"${cap(w.replace(/\.$/, ""))}," ${verb} ${speaker}.`;
}

/** How to call someone: "Pip", "Fox", "Sir Knight". */
export function vocative(e: Entity): string {
  if (e.named) return e.the;
  if (e.head === "knight") return "Sir Knight";
  if (["princess", "prince", "king", "queen"].includes(e.head)) return cap(e.head);
  return cap(e.short.replace(/^(the|a|an|her|his|their)\s+/i, ""));
}

/** the words of an element without its determiner, for finding it in the parent's text */
export function coreText(e: Entity): string {
  return (e.named ? e.the : e.a.replace(/^(a|an|the|some|her|his|their|my|our)\s+/i, "")).toLowerCase();
}

/** "found a glowing map in the attic and ..." -> "found a glowing map" for the smallest readers */
function firstThing(pred: string): string {
  const cut = pred.split(/,| and | that | which | who | where | with | in the | into | through /)[0];
  return cut.split(" ").length >= 2 ? cut : pred;
}

/** A long predicate up to its first clause that leaves at most `most` words: "joined a princess and a nervous knight to solve ..." -> "joined a princess and a nervous knight". */
function firstClause(pred: string, most: number): string {
  const words = (s: string) => s.split(" ").length;
  if (words(pred) <= most) return pred;
  const cuts = [",", " who ", " which ", " that ", " where ", " to ", " and "]
    .map((sep) => pred.split(sep)[0])
    .filter((c) => words(c) >= 3 && words(c) <= most);
  return cuts.sort((a, b) => words(b) - words(a))[0] ?? firstThing(pred);
}

/**
 * A young listener meets "a chatty sea turtle" once and then hears "the turtle": the parent's
 * things, once met, go by their short names, unless two of them would share one.
 */
function shortAfterMeeting(cast: Cast): void {
  const all = [...new Set([cast.guide, cast.who, ...cast.specials])];
  for (const e of all) {
    if (e.named || e.source !== "special" || e.short === e.the || e.short.split(" ").length >= e.the.split(" ").length) continue;
    if (all.some((o) => o !== e && (o.the === e.short || o.short === e.short))) continue;
    e.the = e.short;
  }
}
