/**
 * The things the offline illustrator draws, by the words a page's text names them with. Each
 * family of things lives in a file of its own (thing-kit.ts says how a thing is drawn); this file
 * brings the families together and finds them in a text.
 */
import type { Pen } from "./svg";
import type { ThingDef } from "./thing-kit";
import { FIRST_THINGS } from "./things-first";
import { FANTASY_THINGS } from "./things-fantasy";
import { HOME_THINGS } from "./things-home";
import { PEOPLE_THINGS } from "./things-people";

export const THING_DEFS = { ...FIRST_THINGS, ...PEOPLE_THINGS, ...FANTASY_THINGS, ...HOME_THINGS } satisfies Record<string, ThingDef>;
export type Thing = keyof typeof THING_DEFS;

/** The words that name each thing. */
export const THINGS = Object.fromEntries(Object.entries(THING_DEFS).map(([k, d]) => [k, d.words])) as unknown as Record<Thing, readonly string[]>;

/** One pattern for every word of every thing, longest first, and the thing each word names. */
let matcher: { re: RegExp; thingOf: Map<string, Thing> } | undefined;

/** Every thing named in the text, in the order they first appear (whole words, case-insensitive). */
export function findThings(text: string): Thing[] {
  if (!matcher) {
    const thingOf = new Map<string, Thing>();
    for (const key of Object.keys(THING_DEFS) as Thing[]) for (const word of THING_DEFS[key].words) if (!thingOf.has(word)) thingOf.set(word, key);
    const words = [...thingOf.keys()].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&"));
    matcher = { re: new RegExp(`(?<![a-z])(?:${words.join("|")})(?![a-z])`, "g"), thingOf };
  }
  const found: Thing[] = [];
  for (const m of text.toLowerCase().matchAll(matcher.re)) {
    const thing = matcher.thingOf.get(m[0]);
    if (thing && !found.includes(thing)) found.push(thing);
  }
  return found;
}

export function drawThing(pen: Pen, thing: Thing, tint: (hex: string) => string, opts: { sleepy?: boolean; seed: number }): string {
  return THING_DEFS[thing].draw(pen, tint, opts);
}
