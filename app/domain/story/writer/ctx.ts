import type { Entity } from "./entities";
import type { Band, Hero } from "./hero";

/** Candidate sentences for each reading level; the middle and older levels share `rich`. */
export interface Lines {
  tiny: string[];
  young: string[];
  rich: string[];
}

/** What a line of the story can refer to. */
export interface Ctx {
  h: Hero;
  band: Band;
  /** the companion on the journey */
  guide: Entity;
  /** the one who needs help (a creature, person, place or thing) */
  who: Entity;
  /** who can be comforted or spoken to: `who` when it can talk, otherwise the guide */
  friendInNeed: Entity;
  /** base-form need, with `who` as its subject: "get back to its nest" */
  need: string;
  pet?: Entity;
  friend?: Entity;
  sibling?: Entity;
  /** the author when they are family ("Grandma") */
  family?: string;
  love?: string;
  fear?: string;
  /** something precious in the story, for the sharing and honesty turns: "the glowing map" */
  treasure: string;
  /** everyone who travels with the child, for "together" lines */
  crew: Entity[];
}

export function linesFor(lines: Lines, band: Band): string[] {
  if (band === "tiny") return lines.tiny;
  if (band === "young") return lines.young;
  return lines.rich;
}
