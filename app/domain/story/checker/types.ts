import type { Sentence } from "./text";

export type FindingRule = "article" | "doubled-name" | "pronoun" | "place" | "two-places" | "given-away" | "repeated" | "tense" | "person";

export interface Finding {
  /** index into the pages given to `checkBook` */
  page: number;
  rule: FindingRule;
  /** the sentence as printed */
  sentence: string;
  /** what is wrong, in plain words: "“a” before “eight”" */
  detail: string;
}

export interface CheckedCharacter {
  /** as it appears in the text: "Zoe", "Pepper", "Grandma", "Bolt" */
  name: string;
  kind: "person" | "animal" | "thing";
  pronoun: "she" | "he" | "they" | "it";
}

export interface CheckedPage {
  text: string;
  /** where the page happens when the writer knows (free text: "on the moon", "under the sea", "in the kitchen") */
  place?: string;
  /** frame pages (dedication, closing words, "The End"): exempt from the tense and person rules */
  frame?: boolean;
}

/** Someone the rules can name: the hero, the given characters, and family words found in the text. */
export interface Being {
  name: string;
  kind: CheckedCharacter["kind"];
  /** unknown for a title the text gives no clue to ("Dr Patel") */
  pronoun?: CheckedCharacter["pronoun"];
}

export interface PageText {
  index: number;
  frame: boolean;
  place?: string;
  sentences: Sentence[];
}

/** A book as every rule reads it, prepared once. */
export interface BookText {
  pages: PageText[];
  hero: Being;
  /** by name, with plain quotes ("D'Arcy") */
  beings: Map<string, Being>;
  /** every name in `beings` */
  names: Set<string>;
  /** capitalised words the text gives a line to ("said Tuffin", "Tuffin asked") */
  speakers: Set<string>;
}
