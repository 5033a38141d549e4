import { checkArticles } from "./article";
import { checkBelongings } from "./belongings";
import { castOf, speakersOf } from "./cast";
import { checkDoubledNames } from "./names";
import { checkNarration, checkRepeats } from "./narration";
import { checkPlaces } from "./places";
import { checkPronouns } from "./pronoun";
import { plainQuotes, sentencesOf } from "./text";
import type { BookText, CheckedCharacter, CheckedPage, Finding, FindingRule } from "./types";
import { checkWhereabouts } from "./whereabouts";

/**
 * The book checker: reads a finished book's text and reports the slips a reader would notice (a
 * wrong article, a name joined to itself, a pronoun that belongs to someone else, rain under the
 * sea, a friend said goodbye to who is still there, a gift still in hand, a sentence twice, the
 * present tense or an "I" in the narration). Pure and quick, so the writer can run it on every
 * book and choose other words when it finds something. Each rule flags only what it is sure of.
 */
export type { CheckedCharacter, CheckedPage, Finding, FindingRule };

const RULES = [checkArticles, checkDoubledNames, checkPronouns, checkPlaces, checkWhereabouts, checkBelongings, checkRepeats, checkNarration];
const ORDER: FindingRule[] = ["article", "doubled-name", "pronoun", "place", "two-places", "given-away", "repeated", "tense", "person"];

export function checkBook(input: { pages: CheckedPage[]; hero: CheckedCharacter; characters: CheckedCharacter[] }): Finding[] {
  const beings = castOf(
    input.hero,
    input.characters,
    input.pages.map((p) => p.text),
  );
  const pages = input.pages.map((p, index) => ({ index, frame: Boolean(p.frame), place: p.place, sentences: sentencesOf(p.text) }));
  const book: BookText = {
    pages,
    hero: { ...input.hero, name: plainQuotes(input.hero.name.trim()) },
    beings,
    names: new Set(beings.keys()),
    speakers: speakersOf(pages),
  };
  const found = RULES.flatMap((rule) => rule(book));
  return found.sort((a, b) => a.page - b.page || ORDER.indexOf(a.rule) - ORDER.indexOf(b.rule));
}
