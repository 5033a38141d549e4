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
 */
export function fitSentences(text: string, cap: number): string {
  return splitSentences(text)
    .flatMap((u) => splitLong(u, cap))
    .join(" ");
}

function splitLong(sentence: string, cap: number): string[] {
  if (wordCount(sentence) <= cap || /["\u201C\u201D]/.test(sentence)) return [sentence];
  // only where a new subject starts: ", and wanted to hide" would leave a sentence with none
  const breaks = [...sentence.matchAll(/(?:,\s+(?:and|but|so)\s+|;\s+)(?=(?:he|she|they|it|we|there|the|his|her|their|\p{Lu})\b)/gu)];
  if (!breaks.length) return [sentence];
  const mid = sentence.length / 2;
  const at = breaks.reduce((best, m) => (Math.abs(m.index! - mid) < Math.abs(best.index! - mid) ? m : best));
  const joint = at[0].trim().replace(/^[,;]\s*/, "");
  const head = `${sentence.slice(0, at.index!).trim()}.`;
  const rest = sentence.slice(at.index! + at[0].length);
  const tail = joint && joint !== ";" && joint !== "and" ? `${joint[0].toUpperCase()}${joint.slice(1)} ${rest}` : `${rest[0].toUpperCase()}${rest.slice(1)}`;
  return [...splitLong(head, cap), ...splitLong(tail, cap)];
}
