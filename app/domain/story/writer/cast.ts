import type { StoryBrief } from "../book";
import type { Facts } from "./description";
import { parseElement, parseElements, The, type Entity } from "./entities";
import { canHelp, HANDY, needFromWords } from "./fit";
import type { Hero } from "./hero";
import { FAMILY_WORD, isBareName } from "./pronouns";
import type { Rng } from "./rng";
import { joinList } from "./text";
import type { ProblemSpec, World } from "./worlds";

/** Who and what the story is about: the companion, the one in trouble, and the things to try. */
export interface Cast {
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
  /** the companion belongs at home with the child (a pet, family, a friend), so there is no goodbye */
  guideComesHome: boolean;
  /** the world's own way into the adventure, when the story began with it (filled when the adventure begins) */
  wayIn?: Entity;
}

/** Casts the story from the special elements, the parent's premise and the world (the rng breaks ties). */
export function castFor(brief: StoryBrief, h: Hero, world: World, facts: Facts, rng: Rng): Cast {
  const specials = parseElements(Array.isArray(brief.specialElements) ? brief.specialElements : [], h).map(asMeant);
  let pool = specials.slice();
  const take = (e: Entity | undefined) => {
    if (e) pool = pool.filter((x) => x !== e);
    return e;
  };
  const headsMatch = (spec: ProblemSpec, head: string) => spec.heads.some((hd) => hd === head || hd === `${head}s`);
  // a toy is never the one in trouble: a toy rabbit is not a lost baby rabbit
  const inNeed = (e: Entity) => e.kind !== "toy";

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
    const matching = world.problems.filter((p) => pool.some((e) => inNeed(e) && headsMatch(p, e.head)));
    problem = matching.length ? matching[0] : rng.pick(world.problems);
    who = take(pool.find((e) => inNeed(e) && headsMatch(problem!, e.head)));
  }
  who ??= asWritten(parseElement(problem.who, h, "problem")!, problem.who);

  const guide = take(pool.find((e) => e.kind === "creature" || e.kind === "person")) ?? premiseCompanion(facts, h) ?? world.guide;
  const portal =
    take(pool.find((e) => (e.kind === "thing" || e.kind === "toy") && world.portalFns.includes(e.fn ?? ""))) ?? parseElement(world.portal, h, "world")!;

  // only what could plausibly help with this trouble is tried; the rest waits for another page
  const fits = (e: Entity) => canHelp(e, problem!.kind);
  const ordered = [
    ...pool.filter((e) => e.kind === "thing" || e.kind === "toy"),
    ...pool.filter((e) => e.kind === "place"),
    ...pool.filter((e) => e.kind === "creature" || e.kind === "person"),
  ].filter(fits);
  // two tries of different kinds read better than two of the same
  const first = ordered[0];
  const second = ordered.find((e) => e !== first && (e.kind !== first?.kind || e.fn !== first?.fn)) ?? ordered[1];
  const tries = [first, second].filter((e): e is Entity => Boolean(e));
  for (const t of tries) take(t);
  const handy = [...world.tools, ...HANDY[problem.kind]].map((t) => parseElement(t, h, "world")!).filter(fits);
  const fillers = [...(portal && fits(portal) ? [portal] : []), ...rng.shuffle(handy)];
  for (const f of fillers) if (tries.length < 2 && !tries.some((x) => x.the === f.the || (x.fn && x.fn === f.fn))) tries.push(f);
  const leftovers = pool;

  const crew = unique(
    [guide, facts.pet, facts.friend, ...specials.filter((e) => (e.kind === "creature" || e.kind === "person") && e !== who && e !== guide)].filter(
      (e): e is Entity => Boolean(e),
    ),
  );
  const treasureEntity = [portal, ...tries].find((e) => e && (e.kind === "thing" || e.kind === "toy"));
  const treasure = treasureEntity ? treasureEntity.the : "the shiniest pebble";
  return { guide, who, portal, tries, leftovers, crew, specials, problem, help, treasure, guideComesHome: belongsAtHome(guide, facts) };
}

/** the world's own name for the one in trouble keeps its capitals: "the Land of Music", not "the land of Music" */
function asWritten(e: Entity, phrase: string): Entity {
  if (e.the.toLowerCase() !== phrase.toLowerCase() || e.the === phrase) return e;
  const same = (x: string) => (x.toLowerCase() === phrase.toLowerCase() ? phrase : x);
  return { ...e, the: phrase, a: same(e.a), short: same(e.short), label: same(e.label) };
}

/** One of each, by what the story calls them: a pet named in the description and in the list is one animal. */
function unique(list: Entity[]): Entity[] {
  return list.filter((e, i) => list.findIndex((o) => o.the.toLowerCase() === e.the.toLowerCase()) === i);
}

/** A toy is a toy even when it is a toy animal, and a bare family name ("Dada") is a person. */
function asMeant(e: Entity): Entity {
  if (e.kind === "creature" && /\btoy\b|\bcuddly\b|\bknitted\b|\bwooden\b/i.test(e.a)) return { ...e, kind: "toy", speaks: false, fn: undefined };
  if (e.kind === "creature" && isBareName(e) && FAMILY_WORD.test(e.the)) return { ...e, kind: "person" };
  return e;
}

/** The pet, the family, a friend and the child's own belong at home: they come home too. */
function belongsAtHome(g: Entity, facts: Facts): boolean {
  if (g.source === "pet" || g.source === "family" || g.source === "friend") return true;
  if ([facts.pet, facts.friend, facts.sibling].some((e) => e && e.the.toLowerCase() === g.the.toLowerCase())) return true;
  if (/^(her|his|their)\s/.test(g.a)) return true;
  return g.kind === "person" && FAMILY_WORD.test(g.a);
}

/** A creature the child finds or meets in the parent's premise ("found a baby hedgehog in the garden") comes along. */
function premiseCompanion(facts: Facts, h: Hero): Entity | undefined {
  const first = facts.events[0];
  if (!first) return undefined;
  const m =
    /^(?:found|met|discovered|rescued|saw|spotted|befriended|adopted|meets)\s+(.+?)(?:\s+(?:in|at|on|under|by|near|behind|inside|who|that|and|with)\s.*)?$/i.exec(
      first.pred,
    );
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
    kind: needFromWords(help.need),
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
    still: (c) => [
      `But ${c.who.the} still couldn't ${c.need}.`,
      `${The(c.who)} still needed help.`,
      `The problem was still there for ${c.who.the}, as big as ever.`,
      `${The(c.who)} looked at ${c.guide.the} and sighed.`,
    ],
    solved: (c) => ({
      tiny: [`Hooray, ${c.h.name} did it!`, `${The(c.who)} did it, hooray!`],
      young: [`At last, ${c.who.the} ${help.done}!`],
      rich: [`And at last, after all that trying, ${c.who.the} ${help.done}.`],
    }),
    joy: (c) => [`${The(c.who)} ${c.who.plural ? "were" : "was"} so happy that everyone cheered.`, `There were hugs and cheers all round.`],
  };
}
