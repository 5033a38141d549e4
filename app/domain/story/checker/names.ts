import { W0, W1, escapeRe } from "./text";
import type { BookText, Finding } from "./types";

// capitalised words that repeat in good prose ("Knock and Knock" never does, but a title-cased
// "Round and Round" might): never counted as names
export const NOT_NAMES = new Set(
  "A An And As At But By For From He Her His I If In It My No Oh On Or Our She So The Then They This Up We Yes You Hooray Wow Bye Hello Knock Ha Ho Hip Ding Dong Tick Tock Choo Bang Boom Splash Round Over Again More Very Slowly Faster Higher Louder Step".split(
    " ",
  ),
);
const STARTERS = new Set("then so and but when while as soon suddenly together because until now".split(" "));
const VERB_NEXT =
  /^\s+(?:[a-z]+ed|was|were|had|would|could|ran|sat|said|went|came|saw|flew|ate|gave|took|made|held|stood|swam|sang|found|got|felt|laughed|giggled|grinned|smiled)\b/;

// only a title starts a name of two words ("Uncle Raj"): "Then Pepper" is "Pepper"
const TITLE = "(?:Uncle|Aunt|Auntie|Aunty|Mr|Mrs|Ms|Miss|Dr|Grandma|Grandpa|Granny|Nana|Nani|Captain|Princess|Prince|King|Queen|Sir|Lady|Professor)\\.?\\s";
// a capital, then lower case or an apostrophe and a capital ("D'Arcy", "O'Neill")
const NAME = "\\p{Lu}(?:\\p{Ll}|'\\p{Lu})[\\p{L}'-]*";
const ITEM = `(?:${TITLE})?${NAME}${W1}`;
const JOIN = "(?:,\\s+(?:and\\s+|or\\s+)?|\\s+(?:and|or|&)\\s+)";
const JOINS = new RegExp(JOIN, "u");
const RUN = new RegExp(`(?=\\p{Lu})${W0}${ITEM}(?:${JOIN}${ITEM})+`, "gu");
const TWICE = new RegExp(`${W0}(${NAME})\\s+\\1${W1}`, "u");
const CAPITALISED = /[A-Z\u00C0-\u00DE][^\s,.;:!?"&]*/g;

/** True when some capitalised word comes twice: the quick test before the real one. */
function twiceCapitalised(text: string): boolean {
  const words = text.match(CAPITALISED);
  if (!words) return false;
  for (let i = 1; i < words.length; i++) if (words.lastIndexOf(words[i - 1]) >= i) return true;
  return false;
}

/** Rule: a name joined to itself ("Pepper and Pepper", "Zoe, Leo and Zoe") is a slip of the list that built it. */
export function checkDoubledNames(book: BookText): Finding[] {
  const out: Finding[] = [];
  // names written in lower case ("the fox") are rare: only then a pattern of this book's own
  const lower = [...book.names].filter((n) => /^\p{Ll}/u.test(n));
  const lowerTwice = lower.map((n) => [n, new RegExp(`${W0}${escapeRe(n)}${JOIN}${escapeRe(n)}${W1}`)] as const);
  for (const page of book.pages) {
    for (const s of page.sentences) {
      const seen = new Set<string>();
      const flag = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        out.push({ page: page.index, rule: "doubled-name", sentence: s.text, detail: `“${name}” joined to itself` });
      };
      for (const [name, re] of lowerTwice) if (re.test(s.plain)) flag(name);
      if (!twiceCapitalised(s.plain)) continue;
      for (const m of s.plain.matchAll(RUN)) {
        if (!/\s(?:and|or|&)\s/.test(m[0])) continue;
        // "Leo tickled Pip and Pip giggled" joins two sentences, not two names
        const before = /(?<!\p{L})(\p{Ll}+)\s*$/u.exec(s.plain.slice(0, m.index))?.[1];
        const after = s.plain.slice((m.index ?? 0) + m[0].length);
        if (before && !STARTERS.has(before) && VERB_NEXT.test(after)) continue;
        const items = m[0].split(JOINS).map((x) => x.trim());
        // "Mia hugged Zoe, and Zoe hugged Mia": two names with a comma and "and" are two clauses
        if (items.length === 2 && /,/.test(m[0])) continue;
        const names = items.filter((x) => !NOT_NAMES.has(x) && !/'s$/.test(x));
        const dup = names.find((x, i) => names.indexOf(x) !== i);
        if (dup) flag(dup);
      }
      const again = TWICE.exec(s.plain);
      if (again && book.names.has(again[1])) flag(again[1]);
    }
  }
  return out;
}
