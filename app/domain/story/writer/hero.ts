import type { StoryBrief } from "../book";
import { cleanName, possessive } from "./text";

/** Reading level by age: 1–3 tiny, 4–6 young, 7–9 middle, 10–12 older. */
export type Band = "tiny" | "young" | "middle" | "older";

export function bandOf(age: number): Band {
  if (age <= 3) return "tiny";
  if (age <= 6) return "young";
  if (age <= 9) return "middle";
  return "older";
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

export function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}

/**
 * The child of the story with everything the templates need to refer to them: the name (a short
 * form for running text when the full name is long), pronouns by gender, and verb agreement
 * (singular "they" takes "were"). The story is told in the past tense, so "was/were" is the only
 * verb that changes with the pronoun; `v` covers the few present-tense lines (the dedication).
 */
export interface Hero {
  fullName: string;
  /** the name used in running text */
  name: string;
  /** "Mia's" */
  names: string;
  age: number;
  gender: StoryBrief["gender"];
  band: Band;
  /** girl / boy / child */
  kid: string;
  he: string;
  He: string;
  him: string;
  his: string;
  His: string;
  /** possessive pronoun standing alone: hers / his / theirs */
  hers: string;
  himself: string;
  /** past "to be" agreeing with the pronoun: was / were */
  was: string;
  wasnt: string;
  /** present "to be" agreeing with the pronoun: is / are */
  is: string;
  /** present tense agreeing with the pronoun: v("knows", "know") */
  v(third: string, plain: string): string;
}

export function makeHero(brief: Pick<StoryBrief, "childName" | "age" | "gender">): Hero {
  const fullName = cleanName(brief.childName) || "Friend";
  const words = fullName.split(" ");
  const name = fullName.length > 16 && words.length > 1 && words[0].length >= 2 ? words[0] : fullName;
  const rawAge = Math.round(Number(brief.age));
  const age = Number.isFinite(rawAge) ? Math.min(12, Math.max(1, rawAge)) : 6;
  const gender: StoryBrief["gender"] = brief.gender === "girl" || brief.gender === "boy" ? brief.gender : "child";
  const they = gender === "child";
  const p =
    gender === "girl"
      ? { he: "she", him: "her", his: "her", hers: "hers", himself: "herself" }
      : gender === "boy"
        ? { he: "he", him: "him", his: "his", hers: "his", himself: "himself" }
        : { he: "they", him: "them", his: "their", hers: "theirs", himself: "themselves" };
  return {
    fullName,
    name,
    names: possessive(name),
    age,
    gender,
    band: bandOf(age),
    kid: gender === "girl" ? "girl" : gender === "boy" ? "boy" : "child",
    ...p,
    He: p.he[0].toUpperCase() + p.he.slice(1),
    His: p.his[0].toUpperCase() + p.his.slice(1),
    was: they ? "were" : "was",
    wasnt: they ? "weren't" : "wasn't",
    is: they ? "are" : "is",
    v: (third, plain) => (they ? plain : third),
  };
}
