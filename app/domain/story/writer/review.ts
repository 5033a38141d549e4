import type { WrittenStory } from "../book";
import { checkBook, type CheckedCharacter, type Finding } from "../checker";
import { personWord } from "../words";
import type { Entity } from "./entities";
import type { Hero } from "./hero";
import type { Actor } from "./plot/read";

/**
 * The checker's reading of a written book: its 22 pages (the closing and last pages, and the
 * dedication, are frame pages), each with its scene as the place it happens, and everyone the
 * writer knows with their kind and pronoun.
 */
export function findingsOf(story: WrittenStory, hero: Hero, characters: CheckedCharacter[]): Finding[] {
  const pages = story.pages.map((p, i) => ({ text: p.content, place: p.scene, frame: i >= 20 }));
  return checkBook({ pages: [...pages, { text: story.dedication, frame: true }], hero: heroOf(hero), characters });
}

export function heroOf(h: Hero): CheckedCharacter {
  return { name: h.name, kind: "person", pronoun: h.gender === "girl" ? "she" : h.gender === "boy" ? "he" : "they" };
}

/** The plot's people, animals and things as the checker knows them. */
export function actorsChecked(actors: readonly Actor[]): CheckedCharacter[] {
  return actors
    .filter((a) => a.kind !== "hero" && a.named)
    .map((a) => ({ name: a.name, kind: a.kind === "animal" ? "animal" : a.kind === "thing" ? "thing" : "person", pronoun: a.pronoun }));
}

/** The adventure's named companions and helpers as the checker knows them. */
export function entitiesChecked(entities: readonly (Entity | undefined)[]): CheckedCharacter[] {
  const out: CheckedCharacter[] = [];
  for (const e of entities) {
    if (!e || !e.named || e.kind === "place") continue;
    const kind = e.kind === "person" ? "person" : e.kind === "creature" ? "animal" : "thing";
    out.push({ name: e.the, kind, pronoun: kind === "person" ? (personWord(e.head) ?? "they") : "it" });
  }
  return out;
}

/** The seeds a book is tried with, in order: its own, then others derived from it, all repeatable. */
export function seedsFor(seed: string, tries: number): string[] {
  return Array.from({ length: tries }, (_, i) => (i === 0 ? seed : `${seed}~${i}`));
}
