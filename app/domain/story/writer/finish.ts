import type { Hero } from "./hero";
import { normSentence, splitSentences } from "./text";

/** Joins the page's sentences, names the child on the page, and swaps a name for a pronoun when
 * two sentences in a row would both start with it. */
export function finishText(lines: string[], h: Hero): string {
  let prev = false;
  const units = splitSentences(lines.join(" ").replace(/\s+/g, " ").trim()).map((u, i) => {
    const starts = u.startsWith(`${h.name} `) && !/^\S+ and /.test(u.slice(h.name.length - h.name.split(" ").slice(-1)[0].length));
    if (starts && prev && i > 0) {
      prev = false;
      const rest = u
        .slice(h.name.length + 1)
        .replace(/^was\b/, h.was)
        .replace(/^wasn't\b/, h.wasnt)
        .replace(/^is\b/, h.is);
      return `${h.He} ${rest}`;
    }
    prev = starts;
    return u;
  });
  let text = units.join(" ");
  if (!text.includes(h.name)) {
    const re = new RegExp(`(^|[.!?]["\u201D]? )${h.He} `);
    if (re.test(text)) text = text.replace(re, `$1${h.name} `);
  }
  return text;
}

/** The final guarantee: a repeated sentence is dropped, or, if it is a page's only one, reworded. */
export function enforceUnique(pages: { content: string }[]): void {
  const seen = new Set<string>();
  const connectors = ["And so,", "Then,", "Just then,", "After that,", "And then,", "Meanwhile,"];
  for (const page of pages) {
    const units = splitSentences(page.content);
    const kept: string[] = [];
    for (const u of units) {
      const key = normSentence(u);
      if (!key) continue;
      if (!seen.has(key)) {
        seen.add(key);
        kept.push(u);
        continue;
      }
      if (units.length > 1 && kept.length + (units.length - units.indexOf(u) - 1) > 0) continue;
      const alt = connectors.map((cn) => `${cn} ${u[0].toLowerCase()}${u.slice(1)}`).find((a) => !seen.has(normSentence(a)));
      if (alt) {
        seen.add(normSentence(alt));
        kept.push(alt);
      }
    }
    page.content = kept.join(" ");
  }
}

const wordCount = (s: string) => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/**
 * Keeps every sentence of a page within the reading band's words: a longer one is split where a
 * clause begins (", and", ", but", ", so", "; "), outside dialogue, at the break nearest its middle.
 * For a young listener (`easy`) the longest sentences past a few words are split the same way, one
 * at a time, while the page still has fewer than its most sentences.
 */
export function fitSentences(text: string, cap: number, easy?: { words: number; most: number }): string {
  const units = splitSentences(text).flatMap((u) => splitLong(u, cap));
  while (easy && units.length < easy.most) {
    const order = units.map((u, i) => [wordCount(u), i] as const).sort((a, b) => b[0] - a[0]);
    const found = order.map(([n, i]) => (n > easy.words ? ([i, splitOnce(units[i])] as const) : undefined)).find((x) => x?.[1]);
    if (!found) break;
    units.splice(found[0], 1, ...found[1]!);
  }
  return units.join(" ");
}

// what a clause after ", and" starts with when it can stand as a sentence: "…, and she ran" (not "…, and thought")
const STANDS_ALONE =
  /^(?:she|he|they|it|we|I|you|the|a|an|her|his|their|its|this|that|these|those|there|everyone|everybody|nobody|someone|something|everything|nothing|all|each|one|soon|now|off|away|up|down|out|in|back|together|\p{Lu}[\p{L}'-]*)\s/u;

function splitLong(sentence: string, cap: number): string[] {
  if (wordCount(sentence) <= cap) return [sentence];
  const parts = splitOnce(sentence);
  return parts ? parts.flatMap((p) => splitLong(p, cap)) : [sentence];
}

/** The sentence as two, at the clause break nearest its middle, or undefined when it has none (or dialogue). */
function splitOnce(sentence: string): [string, string] | undefined {
  if (/["\u201C\u201D]/.test(sentence)) return undefined;
  const breaks = [...sentence.matchAll(/(?:,\s+(?:and|but|so)\s+|;\s+)(?=\p{L})/gu)].filter((m) => {
    const rest = sentence.slice(m.index! + m[0].length);
    // both halves stay sentences: a subject after "and", and a few words on each side
    return wordCount(rest) >= 3 && wordCount(sentence.slice(0, m.index!)) >= 3 && (!/and/.test(m[0]) || STANDS_ALONE.test(rest));
  });
  if (!breaks.length) return undefined;
  const mid = sentence.length / 2;
  const at = breaks.reduce((best, m) => (Math.abs(m.index! - mid) < Math.abs(best.index! - mid) ? m : best));
  const joint = at[0].trim().replace(/^[,;]\s*/, "");
  const head = `${sentence.slice(0, at.index!).trim()}.`;
  const rest = sentence.slice(at.index! + at[0].length);
  const tail = joint && joint !== ";" && joint !== "and" ? `${joint[0].toUpperCase()}${joint.slice(1)} ${rest}` : `${rest[0].toUpperCase()}${rest.slice(1)}`;
  return [head, tail];
}
