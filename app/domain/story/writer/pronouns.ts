import { personWord } from "../words";
import type { Entity } from "./entities";

/**
 * How the story refers back to someone other than the child: a person as "they" unless the
 * parent's own word says who they are (Grandma is "she", Uncle Raj "he", as a reader hears them),
 * an animal or a thing "it", a group "they". A bare name with nothing to say what it is (Bo) is a
 * person, never "it".
 */
export interface Pronouns {
  they: string;
  them: string;
  their: string;
  /** past "to be" agreeing with `they` */
  was: string;
}

/** family words that make a bare name a person: "Dada", "Nana" */
export const FAMILY_WORD =
  /\b(grandpa|grandad|granddad|grandfather|gramps|grandpapa|dad|daddy|dada|papa|pops|father|uncle|brother|grandma|granny|grandmother|grandmama|nana|nanna|nan|gran|mum|mummy|mom|mommy|mama|mother|auntie|aunty|aunt|sister)\b/i;

/** a bare name: no word in it says what kind of creature it is */
export function isBareName(e: Entity): boolean {
  return e.named && e.label === e.the && e.a === e.the;
}

export function pronounsOf(e: Entity): Pronouns {
  const person = e.kind === "person" || (e.kind === "creature" && isBareName(e));
  const word = person && !e.plural ? personWord(e.head) : undefined;
  if (word === "she") return { they: "she", them: "her", their: "her", was: "was" };
  if (word === "he") return { they: "he", them: "him", their: "his", was: "was" };
  if (e.plural || person) return { they: "they", them: "them", their: "their", was: "were" };
  return { they: "it", them: "it", their: "its", was: "was" };
}
