import type { Finding } from "./types";

/**
 * A finding in words a writer can act on, for a request that asks for the page again: what is
 * wrong and what it should be ("'a eight-year-old' should be 'an eight-year-old'"). The rules'
 * own details are short labels for people reading a list; these say the fix.
 */
export function explainFinding(f: Finding): string {
  switch (f.rule) {
    case "article":
      return explainArticle(f);
    case "doubled-name":
      return `${f.detail}: write the name once`;
    case "pronoun":
      return `${f.detail}: give everyone their own pronoun`;
    case "place":
      return `${f.detail} cannot be: keep to what that place can have`;
    case "two-places":
      return `${f.detail}, so they cannot be here: leave them out of this page`;
    case "given-away":
      return `${f.detail} earlier in the book, so it is no longer there: do not use it here`;
    case "repeated":
      return "this sentence is already on another page: say it in other words";
    case "tense":
      return `${f.detail}: tell the narration in the past tense`;
    case "person":
      return `${f.detail}: outside dialogue the narrator never says I, we or you`;
  }
}

const DETAIL = /^“(a|an)” before “(.+)”$/;

function explainArticle(f: Finding): string {
  const m = DETAIL.exec(f.detail);
  if (!m) return `${f.detail}: use “an” before a vowel sound and “a” before a consonant sound`;
  const [, article, word] = m;
  const other = article === "a" ? "an" : "a";
  // the whole word as printed ("eight-year-old"), where the rule shows only its first part
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const printed = new RegExp(`(?<![\\p{L}'-])(${article})(\\s+["'(\\u2018\\u201C]?)(${escaped}[\\p{L}\\p{N}'\\u2019-]*)`, "iu").exec(f.sentence);
  if (!printed) return `'${article} ${word}' should be '${other} ${word}'`;
  const said = printed[1];
  const fixed = said[0] === said[0].toUpperCase() ? other[0].toUpperCase() + other.slice(1) : other;
  return `'${said}${printed[2]}${printed[3]}' should be '${fixed}${printed[2]}${printed[3]}'`;
}
