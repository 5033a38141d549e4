import { W0, W1 } from "./text";
import type { Being, BookText, Finding } from "./types";

type Pronoun = NonNullable<Being["pronoun"]>;
/** The possessive each pronoun owns with. */
export const POSSESSIVE: Record<Pronoun, string> = { she: "her", he: "his", they: "their", it: "its" };
const OWNER: Record<string, Pronoun> = {
  her: "she",
  his: "he",
  their: "they",
  its: "it",
  herself: "she",
  himself: "he",
  themselves: "they",
  themself: "they",
  itself: "it",
};

// idioms whose possessive can only be the subject's own: nobody does someone else's best
const OWN =
  "(?:(?:did|does|tried|try|was doing|were doing|is doing|did all)\\s+(POSS)\\s+(?:very\\s+|absolute\\s+)?(?:best|hardest)" +
  "|(?:shook|nodded|bowed|hung|cocked|tilted)\\s+(POSS)\\s+(?:[a-z]+\\s+)?head" +
  "|crossed\\s+(POSS)\\s+(?:fingers|paws|toes|legs|arms)" +
  "|(?:held|caught)\\s+(POSS)\\s+breath" +
  "|(?:rubbed|rolled)\\s+(POSS)\\s+(?:[a-z]+\\s+)?eyes" +
  "|(?:made|found|wound|picked|pushed|squeezed|wriggled|felt|edged|inched|wove|threaded)\\s+(POSS)\\s+way" +
  "|(?:changed|made\\s+up)\\s+(POSS)\\s+mind" +
  "|(?:wagged|swished|flicked)\\s+(POSS)\\s+(?:[a-z]+\\s+)?tail" +
  "|(?:flapped|spread|folded)\\s+(POSS)\\s+(?:[a-z]+\\s+)?wings" +
  "|(?:clapped|rubbed|wrung)\\s+(POSS)\\s+hands" +
  "|(?:shrugged|puffed\\s+out)\\s+(POSS)\\s+(?:shoulders|chest)" +
  "|(?:lost|kept)\\s+(POSS)\\s+(?:balance|temper|cool)" +
  "|(?:scratched|tapped|stroked|rubbed)\\s+(POSS)\\s+(?:[a-z]+\\s+)?(?:head|chin|nose)(?<shared>))";
const ADVERB = "(?:\\s+(?:just|also|then|still|even|always|never|really|quickly|slowly|bravely|proudly|gently|sadly|happily|quietly|[a-z]+ly))?";

// the subject: a name (with its title: "Uncle Raj"), a name in lower case ("the fox"), or a pronoun
const SUBJECT = "((?:(?:Uncle|Aunt|Auntie|Aunty|Mr|Mrs|Ms|Miss|Dr|Grandma|Grandpa|Granny|Nana|Nani|Captain)\\.?\\s)?\\p{Lu}[\\p{L}'-]*|[Tt]he\\s+[a-z-]+)";
// a subject joined to another ("Zoe and Leo did their best") owns nothing alone
const ALONE = "(?<!(?:and|or|nor|&|with|plus)\\s)";
const OWN_IDIOM = new RegExp(`${ALONE}${W0}${SUBJECT}${W1}${ADVERB}\\s+${OWN.replaceAll("POSS", "her|his|their|its")}`, "gu");
// "Zoe smiled to himself": only plain words between, no other noun or person the -self could be
const SELF_IDIOM = new RegExp(
  `(?<=^\\s*|[.!?;:,"]\\s+|\\b(?:then|so|but|when|while|as|until|because|before|after|that)\\s)${W0}${SUBJECT}${W1}((?:\\s+(?!(?:the|a|an|his|her|their|its|my|our|your|this|that|these|those|some|him|them|it|he|she|they|you|me|us|and|or|but|who|which|everyone|everybody|someone|each|other|one)\\b)\\p{Ll}+){1,6})\\s+(herself|himself|themselves|themself|itself)\\b`,
  "gu",
);
const OWN_HINT =
  /\b(?:her|his|their|its)\s+(?:very\s+|absolute\s+|[a-z]+\s+)?(?:best|hardest|head|fingers|paws|toes|legs|arms|breath|eyes|way|mind|tail|wings|hands|shoulders|chest|balance|temper|cool|chin|nose)\b/;
const SELF_HINT = /sel(?:f|ves)\b/;

function pronounOf(book: BookText, subject: string): { being?: Being; pronoun?: Pronoun } {
  const lower = subject.toLowerCase();
  if (lower === "she" || lower === "he" || lower === "they") return { pronoun: lower };
  const being = book.beings.get(subject) ?? book.beings.get(lower);
  return being?.kind === "thing" ? {} : { being, pronoun: being?.pronoun };
}

/** Words that tell what is wrong, or null when the pronoun fits. */
function wrong(book: BookText, subject: string, used: string): string | null {
  const { being, pronoun } = pronounOf(book, subject);
  const owner = OWNER[used];
  if (being?.kind === "person" && owner === "it") return `“${used}” for ${subject}, a person`;
  if (!pronoun || pronoun === "it" || owner === "it" || owner === pronoun) return null;
  return `“${used}” for ${subject} (${pronoun})`;
}

// another he, she or they nearby could own the head that is scratched ("She scratched his ears")
function otherOwner(text: string, subject: string, used: string, book: BookText): boolean {
  const owner = OWNER[used];
  const words: Record<Pronoun, RegExp> = { she: /\b(?:she|her|hers)\b/i, he: /\b(?:he|him|his)\b/i, they: /\b(?:they|them|their)\b/i, it: /\bits?\b/i };
  const rest = text.replace(subject, "").replace(new RegExp(`\\b${used}\\b`), "");
  if (words[owner].test(rest)) return true;
  return [...book.beings.values()].some((b) => b.name !== subject && b.pronoun === owner && rest.includes(b.name));
}

const PLURAL_BEFORE =
  /(?:\b(?:the|some|all|of|her|his|their|our|these|those|many|few|two|three|four|five|six|ten|dozen|lots)\s+(?:[a-z-]+\s+){0,2})([a-z]{3,}(?:ies|oes|[^sui]s))\s*(?:\.\.\.|[.!\u2026])$/;
const IT_TASTED =
  /^It\s+(?:was|tasted|smelled|looked)\s+(?:so\s+|very\s+|really\s+|absolutely\s+|simply\s+)?(?:delicious|yummy|tasty|scrumptious|juicy|crunchy|ripe|sour|sugary|mouth-watering|lovely and sweet)\b/;
const IT_TASTED_ANY = /^It\s+tasted\b/;
// "Dada laughed. It hugged Zoe.": "it" doing what only a person does, straight after a person, with no thing between
const IT_ACTS = /^It\s+(?:smiled|laughed|giggled|grinned|nodded|winked|frowned|sighed|hugged|kissed|whispered|said|cuddled)\b/;
const PERSON_FIRST = /^\s*((?:(?:Uncle|Aunt|Auntie|Aunty|Mr|Mrs|Ms|Miss|Dr)\.?\s)?[A-Z][\p{L}'-]*)\s+[a-z]+(?:ed)?\b/u;
const A_THING = /\b(?:the|a|an|its|some|this|that)\b/i;
// "Everyone shared the pancakes, and it tasted better than ever"
const AND_IT_TASTED =
  /\b(?:the|some|all|of|her|his|their)\s+(?:[a-z-]+\s+){0,2}([a-z]{3,}(?:ies|oes|[^sui]s)),?\s+and\s+it\s+(?:tasted|was\s+(?:so\s+|really\s+|absolutely\s+)?(?:delicious|yummy|tasty|scrumptious|juicy|crunchy))\b/;
const ONE_THING =
  /\b(?:cake|pie|soup|tea|picnic|lunch|dinner|breakfast|supper|sandwich|pizza|meal|feast|juice|jam|bread|smoothie|milkshake|cocoa|chocolate|honey|porridge|pudding|trifle|tart|crumble|loaf|bun|one|each|it)\b/;

/** Rule: a person called "it", or a he or she given another's own pronoun, is read as a different character. */
export function checkPronouns(book: BookText): Finding[] {
  const out: Finding[] = [];
  for (const page of book.pages) {
    page.sentences.forEach((s, i) => {
      const flag = (detail: string) => out.push({ page: page.index, rule: "pronoun", sentence: s.text, detail });
      for (const m of OWN_HINT.test(s.plain) ? s.plain.matchAll(OWN_IDIOM) : []) {
        const subject = m[1];
        const used = m.slice(2).find((g) => g && OWNER[g]);
        if (!used) continue;
        if (m.groups?.shared !== undefined && otherOwner(s.plain + " " + (page.sentences[i - 1]?.plain ?? ""), subject, used, book)) continue;
        const detail = wrong(book, subject, used);
        if (detail) flag(detail);
      }
      for (const m of SELF_HINT.test(s.plain) ? s.plain.matchAll(SELF_IDIOM) : []) {
        const detail = wrong(book, m[1], m[3]);
        if (detail) flag(detail);
      }
      const together = s.narration.includes(" it ") ? AND_IT_TASTED.exec(s.narration) : null;
      if (together) out.push({ page: page.index, rule: "pronoun", sentence: s.text, detail: `“it” after the plural “${together[1]}”` });
      // "some of the strawberries… It was delicious": one "it" for many things just named
      const next = page.sentences[i + 1];
      const said = next?.narration.trim() ?? "";
      const person = said && IT_ACTS.test(said) ? PERSON_FIRST.exec(s.narration) : null;
      if (person && book.beings.get(person[1])?.kind === "person" && !A_THING.test(s.narration)) {
        out.push({ page: page.index, rule: "pronoun", sentence: next!.text, detail: `“It” for ${person[1]}, a person` });
      }
      if (IT_TASTED.test(said) || IT_TASTED_ANY.test(said)) {
        const plural = PLURAL_BEFORE.exec(s.narration.trim());
        if (plural && !ONE_THING.test(s.narration.toLowerCase().replace(plural[1], ""))) {
          out.push({ page: page.index, rule: "pronoun", sentence: next!.text, detail: `“It” after the plural “${plural[1]}”` });
        }
      }
    });
  }
  return out;
}
