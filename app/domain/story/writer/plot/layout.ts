import { possessive, titleCase } from "../text";
import type { Mood } from "../../scene-vocabulary";
import type { ReadingBand } from "../../reading-level";
import { SETTINGS, findTerm } from "../../scene-vocabulary";
import type { Ctx, Lines } from "../ctx";
import type { Entity } from "../entities";
import type { Hero } from "../hero";
import type { Rng } from "../rng";
import type { Place } from "../worlds";
import type { X } from "./beats";
import { TROUBLES, WEIGHT } from "./classes";
import type { Actor, Plot, PlotEvent } from "./read";

/**
 * The plot telling's layout: how many pages each moment gets, which moment meets the snag, the
 * book's keepsake and tool, and what each page's scene and the lessons' lines are told.
 */
/** An event's pages: one each, then the rest shared out by how much each kind of moment can hold. */
export function allocate(events: PlotEvent[], lines: number[], pages: number, perPage: number, rng: Rng): { alloc: number[]; spare: number } {
  const out = events.map(() => 1);
  let left = pages - events.length;
  const order = events.map((_, i) => i).sort((a, b) => WEIGHT[events[b].cls] - WEIGHT[events[a].cls] || a - b);
  // a page more only while the moment has lines for it
  const room = (i: number) => Math.min(WEIGHT[events[i].cls] + 1 + (rng.chance(0.3) ? 1 : 0), Math.ceil((lines[i] + 1) / perPage));
  while (left > 0) {
    let gave = false;
    for (const i of order) {
      if (left > 0 && out[i] < room(i)) {
        out[i]++;
        left--;
        gave = true;
      }
    }
    if (!gave) break;
  }
  return { alloc: out, spare: left };
}

/** the moment a snag fits best: a making, a game, a trip or a treat, else the first event */
export function mainMoment(events: PlotEvent[]): number {
  for (const cls of ["make", "play", "eat", "party", "find", "meet", "go"]) {
    const at = events.findIndex((e) => e.cls === cls);
    if (at >= 0) return at;
  }
  return 0;
}

export function mostNamed(plot: Plot, keep: (a: Actor) => boolean): Actor | undefined {
  const counts = new Map<Actor, number>();
  for (const ev of plot.events) for (const a of [...ev.who, ...ev.objects]) if (keep(a)) counts.set(a, (counts.get(a) ?? 0) + (a.named ? 2 : 1));
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export function toolIn(sentence: string): string | undefined {
  const m = /\bwith\s+((?:\p{Lu}[\p{L}-]+'s|the|a|an|his|her|their)\s+[\p{Ll}-]+(?:\s+[\p{Ll}-]+)?)/u.exec(sentence);
  return m ? m[1].replace(/^(a|an)\s/, "the ") : undefined;
}

export function gistOf(ev: PlotEvent, x: X): string | undefined {
  if (ev.cls === "make" && x.O) return `making ${x.O}`;
  if (ev.place) return ev.place;
  return undefined;
}

export function placeOf(at: string, setting?: Place["setting"]): Place {
  const s = setting ?? findTerm(at, SETTINGS) ?? "town";
  const where = /^(at|in|on|by|near|under|inside)\b/.test(at) ? at : `at ${at}`;
  return { name: at, at: where, setting: s, sights: [] };
}

export function entityOf(a: Actor): Entity {
  const kind = a.kind === "animal" ? "creature" : a.kind === "person" || a.kind === "someone" ? "person" : "thing";
  const label = a.role && a.named && a.role !== a.name.toLowerCase() ? `${a.name} the ${a.role}` : a.name;
  return {
    kind,
    head: a.role ?? a.name.toLowerCase(),
    a: a.first,
    the: a.name,
    short: a.name,
    label,
    named: a.named,
    plural: a.plural,
    speaks: kind !== "thing",
    source: "special",
  };
}

export function ctxFor(h: Hero, C: string | undefined, treasure: string, family: string | undefined): Ctx {
  const friend: Entity = C
    ? { kind: "person", head: C.toLowerCase(), a: C, the: C, short: C, label: C, named: true, plural: false, speaks: true, source: "family" }
    : {
        kind: "person",
        head: "friend",
        a: "a friend",
        the: "everyone",
        short: "everyone",
        label: "friends",
        named: false,
        plural: true,
        speaks: true,
        source: "world",
      };
  const oldBand = h.age <= 3 ? "tiny" : h.age <= 6 ? "young" : h.age <= 9 ? "middle" : "older";
  return { h, band: oldBand, guide: friend, who: friend, friendInNeed: friend, need: "feel better", family, treasure, crew: [friend] };
}

export function pick(lines: Lines, band: ReadingBand): string[] {
  return band.maxAge <= 3 ? lines.tiny : band.maxAge <= 5 ? lines.young : lines.rich;
}

const ACTIONS: Record<string, string> = {
  make: "builds",
  fix: "fixes",
  break: "looks",
  find: "finds",
  lose: "looks",
  search: "looks",
  win: "celebrates",
  party: "celebrates",
  go: "walks",
  play: "plays",
  sorry: "talks",
  help: "helps",
  share: "shares",
};
export function actionOf(cls: string): string {
  return ACTIONS[cls] ?? "looks";
}
export function moodOf(cls: string): Mood {
  return TROUBLES.has(cls as never) ? "worried" : cls === "win" || cls === "party" ? "proud" : cls === "find" ? "surprised" : "happy";
}

/** every sentence starts with a capital, whoever it starts with ("the coach gave…") */
export function capSentences(text: string): string {
  // after a closing quote a lower-case word is the speaker's tag ("This is fun!" said Zoe), so it stays
  return text.replace(/(^|[.!?] )(\p{Ll})/gu, (_m, before: string, ch: string) => before + ch.toUpperCase());
}

export function withC(x: X): string {
  return x.C && x.heroIn ? `${x.H} and ${x.C}` : x.H;
}

export function titleOf(h: Hero, plot: Plot, thing: Actor | undefined, C: string | undefined, rng: Rng): string {
  const n = h.fullName.length <= 24 ? h.fullName : h.name;
  const place = plot.places[0];
  const options = [
    thing?.named && `${n} and ${thing.name}`,
    thing?.named && C && C !== thing.name && `${n}, ${C} and ${thing.name}`,
    thing && !thing.named && `${n} and the ${titleCase(thing.name.replace(/^the /, ""))}`,
    place && `${n} and the ${titleCase(place.replace(/^the /, "").replace(/^\p{Lu}[\p{L}-]+'s /u, (m) => possessive(m.slice(0, -3)) + " "))}`,
  ].filter((t): t is string => typeof t === "string" && t.length <= 70);
  return rng.pick(options.length ? options : [`${n}'s Big Day`]);
}
