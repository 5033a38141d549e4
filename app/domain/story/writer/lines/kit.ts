import type { Mood, Setting } from "../../scene-vocabulary";
import type { Entity } from "../entities";
import type { Page } from "../page";
import { pronounsOf } from "../pronouns";
import type { SceneSpec } from "../scene";
import type { Lines } from "../ctx";
import type { Telling } from "../telling";
import { cap } from "../text";
import type { Place, WorldKey } from "../worlds";

/**
 * What the acts' lines are made of: the story's own material to carry in them (where a page is,
 * what you can sit on and point at there, where the child lives, who the pet is), so that each
 * book's sentences belong to that book; and the small rules every page keeps.
 */

interface Spot {
  /** where to sit down: "on a mossy log" */
  seats: string[];
  /** a shady spot, where there is such a thing (not on the moon, in the sky or under the sea) */
  shade?: string;
  /** what you could hear there */
  hear: string;
}

export const SPOTS: Record<Setting, Spot> = {
  forest: { seats: ["on a mossy log", "on an old tree stump", "among the ferns"], shade: "in the shade of a tall tree", hear: "birds calling in the treetops" },
  garden: { seats: ["on the soft grass", "by a patch of daisies", "on a sunny bank"], shade: "in the shade of an apple tree", hear: "bees humming" },
  mountain: {
    seats: ["on a flat, warm rock", "on a springy patch of heather", "beside a big boulder"],
    shade: "in the shadow of a big boulder",
    hear: "the wind whistling",
  },
  beach: {
    seats: ["on the warm sand", "on a smooth rock by the water", "on an upturned boat"],
    shade: "in the shade of a palm tree",
    hear: "the waves whooshing in",
  },
  underwater: { seats: ["on a smooth stone on the sea floor", "in a quiet bed of seaweed", "beside a big pink shell"], hear: "bubbles popping" },
  space: { seats: ["on the edge of a crater", "on a smooth moon rock", "on a soft heap of stardust"], hear: "nothing at all, not even a whisper" },
  castle: {
    seats: ["on the castle steps", "on a low stone wall", "by the fountain in the courtyard"],
    shade: "in the cool shade of the castle wall",
    hear: "trumpets far away",
  },
  sky: { seats: ["on a soft, puffy cloud", "on the edge of a cloud", "on a cloud shaped like a sofa"], hear: "the wind rushing past" },
  town: { seats: ["on a bench", "on the steps by the fountain", "on a low wall"], shade: "under a café umbrella", hear: "bicycle bells" },
  bedroom: { seats: ["on the rug", "on a big cushion", "on the bottom stair"], hear: "the clock ticking" },
};

/** a place to sit at this place, drawn for the book */
export function seatAt(t: Telling, pl: Place): string {
  return t.rng.pick(SPOTS[pl.setting].seats);
}

const HOMES: Record<WorldKey, string[]> = {
  adventure: ["in a little house at the edge of the woods", "in a crooked cottage at the end of a lane", "in a tall house with a creaky attic"],
  space: [
    "in a house with a telescope in the window",
    "in a flat at the top of a tall building, close to the stars",
    "in a house where the moon peeped in at bedtime",
  ],
  animals: ["in a cottage next to a meadow", "in a farmhouse with a red door", "in a little house with a garden full of birds"],
  fantasy: ["in a little house with a round window", "in a house at the top of a hill", "in a house with a roof like a castle tower"],
  ocean: ["in a little house by the sea", "in a blue house by the harbour", "in a cottage above the beach"],
  custom: [],
};

const HOMES_BY_SETTING: Record<Setting, string[]> = {
  forest: ["in a wooden house near the woods", "in a cottage with a wild garden", "in a house at the end of a leafy lane"],
  garden: [
    "in a house with a garden full of surprises",
    "in a yellow house on a quiet street",
    "in a flat with a balcony full of plants",
    "in a house with a wobbly gate and a big apple tree",
    "in a little house next to the park",
  ],
  mountain: ["in a cottage at the foot of a hill", "in a stone house on a windy hill", "in a house with a view of the mountains"],
  beach: ["in a little house by the sea", "in a stripy house near the beach", "in a flat that smelled of the sea"],
  underwater: ["in a house by the harbour", "in a little house by the sea", "in a cottage near the rock pools"],
  space: ["in a house with a telescope in the window", "in a flat high above the city lights", "in a house with a skylight over the bed"],
  castle: ["in a little house near an old castle", "in a crooked house on a cobbled street", "in a house with a tower-shaped attic"],
  sky: ["in a house on a windy hill", "in a flat at the very top of a tall building", "in a house with a weather vane on the roof"],
  town: [
    "in a flat above a bakery",
    "in a tall, thin house on a busy street",
    "in a blue house with a red front door",
    "in a flat next to the railway line",
    "in a house on the corner of a noisy street",
  ],
  bedroom: ["in a house with a garden full of surprises", "in a cosy house on a quiet street"],
};

const TINY_HOMES: Record<Setting, string[]> = {
  forest: ["near the woods", "in a little house", "by a big tree"],
  garden: ["in a yellow house", "by the park", "near a big field", "in a little flat"],
  mountain: ["on a windy hill", "near the hills", "in a stone house"],
  beach: ["by the sea", "near the beach", "in a blue house"],
  underwater: ["by the sea", "near the harbour", "in a blue house"],
  space: ["in a tall flat", "under the stars", "in a house with a telescope"],
  castle: ["near an old castle", "in a crooked house", "on a hill"],
  sky: ["on a windy hill", "up high in a flat", "under the big sky"],
  town: ["on a busy street", "in a little flat", "above a shop"],
  bedroom: ["in a cosy house", "in a little flat"],
};
const WORLD_SETTING: Record<Exclude<WorldKey, "custom">, Setting> = {
  adventure: "forest",
  space: "space",
  animals: "garden",
  fantasy: "castle",
  ocean: "beach",
};

/** where the child lives: the parent's words, or a home that fits the world; toddlers get a short one */
export function homeFor(t: Telling): string {
  if (t.facts.home) return t.homeAt;
  if (t.tiny) return t.rng.pick(TINY_HOMES[t.world.key === "custom" ? t.world.journey[0].setting : WORLD_SETTING[t.world.key]]);
  const list = HOMES[t.world.key].length ? HOMES[t.world.key] : HOMES_BY_SETTING[t.world.journey[0].setting];
  return t.rng.pick(list);
}

/** What the page's place looks like: its own sentences, and its details pointed at by someone. */
export function sightsOf(t: Telling, pl: Place, pg?: Page): string[] {
  const { n, g } = t;
  const told = [...t.pages.map((p) => p.text.join(" ")), ...(pg?.lines ?? [])].join(" ");
  const details = (pl.details ?? []).filter((d) => !told.includes(d));
  if (t.tiny) return details.flatMap((d) => [`Look at ${d}, ${n}!`, `${n} saw ${d}.`]);
  const pointed = details.flatMap((d) =>
    t.band === "young"
      ? [`${n} spotted ${d}.`, `${cap(g.the)} pointed at ${d}.`]
      : [`${cap(g.the)} pointed out ${d}.`, `${n} and ${g.the} stopped to look at ${d}.`, `Over to one side, ${g.the} showed ${n} ${d}.`],
  );
  return [...pl.sights, ...pointed];
}

/** someone's pronouns, for the companion and the one in need */
export const their = (e: Entity) => pronounsOf(e).their;
export const they = (e: Entity) => pronounsOf(e).they;

/** the companion moves as what it is: a bird flutters, a robot rolls, a knight clanks */
export function moves(g: Entity): string {
  const h = g.head;
  if (/bird|robin|owl|swallow|seagull|puffin|pigeon|parrot|eagle|ladybird|bee|butterfly|fairy|dragon/.test(h)) return "fluttered";
  if (/robot/.test(h)) return "whirred";
  if (/fish|seahorse|dolphin|turtle|whale|mermaid|octopus|crab/.test(h)) return "swam";
  if (/knight/.test(h)) return "clanked";
  if (/squirrel|rabbit|hare|goat|frog|kangaroo|bunny/.test(h)) return "hopped";
  return "trotted";
}

/** the pet's comfort, as the animal it is */
export function petComfort(t: Telling): string[] {
  const pet = t.facts.pet;
  if (!pet) return [];
  const P = cap(pet.short);
  const { n, h } = t;
  if (/fish/.test(pet.head)) return [`${P} swam a cheerful circle in ${pet.named ? "the" : h.his} jar.`, `${P} blew a little bubble at ${n}.`];
  if (/bird|budgie|parrot|canary|cockatiel/.test(pet.head)) return [`${P} chirped a cheerful chirp.`, `${P} hopped onto ${h.names} shoulder.`];
  if (/hamster|mouse|gerbil|rat|guinea/.test(pet.head))
    return [`${P} wiggled ${pet.named ? "a" : "its"} whiskers at ${n}.`, `${P} curled up warm in ${h.names} hand.`];
  return [`${P} snuggled up close.`, `${P} gave ${h.names} hand a gentle nudge.`, `${P} leaned against ${n}, warm and steady.`];
}

/**
 * Adds a line to a page. A toddler's page has room for only two, so once it has one that does not
 * name the child, the next is one that does, when there is such a line.
 */
export function add(t: Telling, pg: Page, cands: readonly (string | false | undefined | null)[], essential = false, simpler: readonly string[] = []): boolean {
  if (!t.tiny || pg.lines.length === 0 || pg.names(t.n)) return pg.add(cands, essential, simpler);
  const naming = cands.filter((c): c is string => typeof c === "string" && c.includes(t.n));
  return pg.add(naming.length ? naming : cands, essential, simpler);
}

/** A beat of the story the page must tell, in the reader's level's words (or simpler ones, when the book needs them). */
export function beat(t: Telling, pg: Page, lines: Lines): boolean {
  return add(t, pg, t.L(lines), true, t.S(lines));
}

/** Ends a page: a page that does not name the child yet gets a line that does, with someone in it, then the telling keeps it. */
export function done(t: Telling, pg: Page, scene: SceneSpec): void {
  if (!pg.names(t.n)) pg.add(nameLines(t, scene.mood, scene.place));
  t.push(pg, scene);
}

function nameLines(t: Telling, mood: Mood, pl: Place): string[] {
  const { n, h, g } = t;
  const who = t.cast.who;
  switch (mood) {
    case "happy":
      return [`${n} smiled at ${g.the}.`, `${n} laughed, and so did ${g.the}.`, `${n} gave ${g.the} a happy grin.`];
    case "curious":
      return [`${n} looked closely at ${pl.name}.`, `${n} looked at ${g.the}, wondering.`, `${n} tilted ${h.his} head at ${g.the}.`];
    case "surprised":
      return [`"Oh!" said ${n} to ${g.the}.`, `${n} stared at ${g.the}.`, `${h.names} eyes went round at ${pl.name}.`];
    case "worried":
      return [
        `"Hmm," said ${n} to ${g.the}.`,
        `${n} scratched ${h.his} head and looked at ${g.the}.`,
        `${n} looked at ${who.short}, then at ${g.the}, and thought.`,
      ];
    case "brave":
      return [`${n} stood up tall beside ${g.the}.`, `${n} took a big breath and looked at ${g.the}.`, `${n} was ready, and so was ${g.the}.`];
    case "proud":
      return [`${n} beamed at ${g.the}.`, `${n} and ${g.the} beamed.`];
    case "sleepy":
      return [`${n} yawned at ${g.the}.`, `${n} snuggled down, thinking of ${g.the}.`, `Night-night, ${n} and ${g.the}.`];
  }
}
