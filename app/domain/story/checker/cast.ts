import { plainQuotes } from "./text";
import type { Being, CheckedCharacter, PageText } from "./types";

// family words are people whatever the writer passes in; the pronoun is the word's own
const FAMILY: Record<string, Being["pronoun"]> = {
  Mum: "she",
  Mummy: "she",
  Mom: "she",
  Mommy: "she",
  Mam: "she",
  Mama: "she",
  Mamma: "she",
  Ammi: "she",
  Amma: "she",
  Grandma: "she",
  Granny: "she",
  Gran: "she",
  Nana: "she",
  Nanna: "she",
  Nani: "she",
  Dadi: "she",
  Oma: "she",
  Abuela: "she",
  Abuelita: "she",
  Grandmother: "she",
  Dad: "he",
  Daddy: "he",
  Dada: "he",
  Papa: "he",
  Abbu: "he",
  Appa: "he",
  Grandpa: "he",
  Grandad: "he",
  Granddad: "he",
  Nanu: "he",
  Dadu: "he",
  Opa: "he",
  Abuelo: "he",
  Abuelito: "he",
  Grandfather: "he",
};
const TITLE_PRONOUN: Record<string, Being["pronoun"]> = {
  Uncle: "he",
  Mr: "he",
  Aunt: "she",
  Auntie: "she",
  Aunty: "she",
  Mrs: "she",
  Ms: "she",
  Miss: "she",
  Dr: undefined,
};
const TITLED = /(?<![\p{L}])(Uncle|Aunt|Auntie|Aunty|Miss|Grandma|Grandpa|Granny|Nana|Nani|Dadi|Nanu|Dadu|(?:Mr|Mrs|Ms|Dr)\.?) (\p{Lu}[\p{L}'-]+)/gu;

const FAMILY_WORD = new RegExp(`(?<![\\p{L}])(?:${Object.keys(FAMILY).join("|")})(?![\\p{L}])`, "gu");

/** Everyone the book's rules can name, the given characters first (their kind and pronoun win). */
export function castOf(hero: CheckedCharacter, characters: readonly CheckedCharacter[], texts: readonly string[]): Map<string, Being> {
  const beings = new Map<string, Being>();
  const add = (b: Being) => {
    const name = plainQuotes(b.name.trim());
    if (name && !beings.has(name)) beings.set(name, { ...b, name });
  };
  add(hero);
  for (const c of characters) add(c);
  const all = plainQuotes(texts.join("\n"));
  for (const m of all.matchAll(TITLED)) {
    const title = m[1].replace(".", "");
    add({ name: `${m[1]} ${m[2]}`, kind: "person", pronoun: title in FAMILY ? FAMILY[title] : TITLE_PRONOUN[title] });
  }
  for (const m of all.matchAll(FAMILY_WORD)) add({ name: m[0], kind: "person", pronoun: FAMILY[m[0]] });
  return beings;
}

/** The creatures and people a story names by a noun: "the fox", "her robot co-pilot". */
export const CREATURES = new Set(
  (
    "fox owl bird dog cat puppy kitten rabbit bunny hedgehog badger goose turtle tortoise whale dolphin fish crab octopus mermaid dragon unicorn robot " +
    "knight princess prince king queen fairy elf giant troll bear cub lion tiger elephant monkey giraffe penguin squirrel mouse frog toad duck horse " +
    "pony pig cow sheep lamb goat hen chicken parrot dinosaur alien co-pilot pirate captain wizard witch ghost snowman bee butterfly ladybird " +
    "caterpillar snail seal shark otter deer wolf hamster guinea-pig koala kangaroo panda zebra star friend teacher grandma grandpa baby"
  ).split(" "),
);

/** The words that tag a line of dialogue: "said Tuffin", "barked Pepper". */
export const TAG = "(?:said|asked|cried|called|shouted|whispered|replied|laughed|giggled|added|barked|squeaked|chirped|answered)";
const SAID = new RegExp(`${TAG}\\s+(\\p{Lu}[\\p{L}'-]+)|(\\p{Lu}[\\p{L}'-]+)\\s+(?:said|asked|replied)\\b`, "gu");
const SAID_HINT = new RegExp(`\\b${TAG}\\b`);

/** The capitalised words the text gives a line to: someone, even when nobody told the checker. */
export function speakersOf(pages: readonly PageText[]): Set<string> {
  const out = new Set<string>();
  for (const page of pages) for (const s of page.sentences) if (SAID_HINT.test(s.plain)) for (const m of s.plain.matchAll(SAID)) out.add(m[1] ?? m[2]);
  return out;
}
