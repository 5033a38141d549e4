import type { Entity } from "./entities";

/**
 * How the story refers back to someone other than the child: a person by what they are called
 * (Grandpa, Auntie, a queen) or "they" when that does not say, an animal or a thing "it", a
 * group "they". A bare name with nothing to say what it is (Dada, Bo) is a person, never "it".
 */
export interface Pronouns {
  they: string;
  them: string;
  their: string;
  /** past "to be" agreeing with `they` */
  was: string;
}

const HE =
  /\b(grandpa|grandad|granddad|grandfather|gramps|grandpapa|dad|daddy|dada|papa|pops|father|uncle|king|prince|sir|knight|brother|boy|man|mister|mr|lord|duke|emperor|wizard|merman)\b/i;
const SHE =
  /\b(grandma|granny|grandmother|grandmama|nana|nanna|nan|gran|mum|mummy|mom|mommy|mama|mother|auntie|aunty|aunt|queen|princess|sister|girl|lady|mrs|miss|ms|madam|dame|duchess|empress|witch|mermaid|ballerina|fairy)\b/i;

/** a bare name: no word in it says what kind of creature it is */
export function isBareName(e: Entity): boolean {
  return e.named && e.label === e.the && e.a === e.the;
}

export function pronounsOf(e: Entity): Pronouns {
  if (e.plural) return { they: "they", them: "them", their: "their", was: "were" };
  const person = e.kind === "person" || (e.kind === "creature" && isBareName(e));
  const words = `${e.a} ${e.label}`;
  if (person && HE.test(words) && !SHE.test(words)) return { they: "he", them: "him", their: "his", was: "was" };
  if (person && SHE.test(words) && !HE.test(words)) return { they: "she", them: "her", their: "her", was: "was" };
  if (person) return { they: "they", them: "them", their: "their", was: "were" };
  return { they: "it", them: "it", their: "its", was: "was" };
}

/** family words that make a bare name a person: "Dada", "Nana" */
export const FAMILY_WORD = new RegExp(`${HE.source}|${SHE.source}`, "i");
