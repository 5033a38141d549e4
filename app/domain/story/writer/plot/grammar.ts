import { isSportHere, personWord } from "../../words";
import { kindOfHead } from "../entities";
import { baseOfThird, isKnownVerb, pastOf } from "../text";

/**
 * The grammar the plot reader needs: which word of a clause is its verb (and its past), the place a
 * predicate names, and the noun phrase its verb acts on.
 */
const PLACE_RE =
  /\b(to|at|in|on|for|into|inside|near|from|around|across|through)\s+((?:the|a|an|his|her|their|our|\p{Lu}[\p{L}-]+'s)\s+)?((?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+)/gu;

/** past forms the reader recognises, back to their base */
export function baseOfPast(word: string): string | undefined {
  const w = word.toLowerCase();
  for (const base of [
    "be",
    "have",
    "do",
    "go",
    "make",
    "find",
    "build",
    "say",
    "win",
    "fall",
    "break",
    "lose",
    "take",
    "give",
    "come",
    "get",
    "see",
    "run",
    "fly",
    "eat",
    "think",
    "tell",
    "bring",
    "buy",
    "catch",
    "meet",
    "ride",
    "swim",
    "sing",
    "sit",
    "sleep",
    "throw",
    "wake",
    "wear",
    "hide",
    "keep",
    "leave",
    "feel",
    "grow",
    "draw",
    "forget",
    "forgive",
    "teach",
  ]) {
    if (pastOf(base) === w) return base;
  }
  if (w === "were") return "be";
  if (/ed$/.test(w)) {
    for (const cand of [w.slice(0, -2), w.slice(0, -1), w.slice(0, -3), w.replace(/ied$/, "y")]) if (isKnownVerb(cand)) return cand;
  }
  return undefined;
}

export const AUX_PAST: Record<string, string> = {
  "it's": "it was",
  wont: "wouldn't",
  dont: "didn't",
  doesnt: "didn't",
  cant: "couldn't",
  isnt: "wasn't",
  "that's": "that was",
  "there's": "there was",
  "what's": "what was",
  is: "was",
  am: "was",
  are: "were",
  has: "had",
  have: "had",
  does: "did",
  do: "did",
  can: "could",
  will: "would",
  "can't": "couldn't",
  "won't": "wouldn't",
  "doesn't": "didn't",
  "don't": "didn't",
  "isn't": "wasn't",
  "aren't": "weren't",
};
const DETERMINERS = /^(a|an|the|his|her|their|my|our|its|some|this|that|to)$/i;

/** The word at i as a verb of the clause: its past form and base, or undefined. */
export function verbAt(words: string[], i: number, pluralSubject: boolean): { past: string; base: string } | undefined {
  const raw = words[i];
  const core = raw.replace(/[^\p{L}'-]/gu, "");
  const w = core.toLowerCase();
  if (!w || DETERMINERS.test(words[i - 1] ?? "")) return undefined;
  const tail = raw.slice(raw.indexOf(core) + core.length);
  if (AUX_PAST[w])
    return {
      past: (w === "is" || w === "are") && pluralSubject ? "were" : AUX_PAST[w],
      base: w === "is" || w === "are" || w === "am" ? "be" : w.replace(/n't$/, ""),
    };
  if (["was", "were", "had", "did", "could", "would"].includes(w)) return { past: w, base: baseOfPast(w) ?? w };
  const third = baseOfThird(w);
  if (third && isKnownVerb(third) && !pluralSubject) return { past: pastOf(third) + tail.replace(/\w/g, ""), base: third };
  const past = baseOfPast(w);
  if (past) return { past: w, base: past };
  if (pluralSubject && isKnownVerb(w) && !/s$/.test(w)) return { past: pastOf(w), base: w };
  return undefined;
}

/** The place a predicate names, as written: "the school fair", "Nani's house", "the park". */
export function placeIn(predicate: string): { place: string; by: string } | undefined {
  const re = new RegExp(PLACE_RE.source, "gu");
  for (let m = re.exec(predicate); m; m = re.exec(predicate)) {
    // the next search starts after this preposition: "on a trip to the zoo" holds "to the zoo"
    re.lastIndex = m.index + m[1].length;
    const words = m[3].trim().split(" ");
    // the phrase ends at its place word: "the zoo" of "the zoo with Grandma", "the duck pond", "the school fair"
    let end = words.findIndex((w, k) => isPlaceWord(w, words.slice(0, k + 1).join(" "), m![1]));
    if (end < 0) continue;
    for (let k = end + 1; k < words.length; k++) if (isPlaceWord(words[k], words.slice(0, k + 1).join(" "), m[1])) end = k;
    const phrase = words.slice(0, end + 1).join(" ");
    const det = (m[2] ?? "the ").trim();
    return { place: `${/^(a|an)$/i.test(det) ? "the" : det} ${phrase}`.replace(/^(his|her|their|our) /i, "the "), by: m[1].toLowerCase() };
  }
  return undefined;
}

function isPlaceWord(head: string, phrase: string, by: string): boolean {
  // a visit to the dentist or the doctor is a place too
  const visit = /^(to|at)$/i.test(by) && /^(dentist|doctor|doctors|vet|hairdresser|hairdressers|optician|shops)$/.test(head);
  // an occasion named after its place goes on with it: "the school bake sale", "the village fete"
  const occasion = /^(sale|fete|fayre|fair|show|market|disco|concert|match|race|day|party|gala|festival|trip)$/.test(head) && phrase.includes(" ");
  return (kindOfHead(head, phrase) === "place" || visit || occasion) && !isSportHere(head, undefined, undefined);
}

export const NOT_OBJECT =
  /^(off|out|up|down|in|into|on|onto|to|at|with|for|from|over|under|sorry|away|back|home|together|again|too|very|so|that|it|them|him|her|me|us|all|then|and|but)$/i;
const OBJECT_END =
  /^(to|at|with|for|from|over|under|in|into|on|onto|and|but|because|so|then|off|out|up|down|together|again|the|a|an|too|who|that|which|when)$/i;

/** The noun phrase a predicate's verb acts on, named with "the" (or its owner): "his lucky boot" -> "his lucky boot". */
export function objectOf(rest: string[]): string | undefined {
  if (!rest.length || NOT_OBJECT.test(rest[0])) return undefined;
  let det = "";
  let i = 0;
  if (/^(the|a|an|his|her|their|its|some|\p{Lu}[\p{L}-]+'s)$/iu.test(rest[0])) {
    det = rest[0];
    i = 1;
  }
  const words: string[] = [];
  for (; i < rest.length && words.length < 3; i++) {
    const w = rest[i].replace(/[,.;!?]+$/, "");
    if (OBJECT_END.test(w) || !/^\p{Ll}[\p{Ll}-]*$/u.test(w) || AUX_PAST[w] || /^(not|was|were|had|is|are)$/.test(w) || (words.length > 0 && /ed$/.test(w)))
      break;
    words.push(w);
    if (/[,.;!?]$/.test(rest[i])) break;
  }
  // a bare plural is a thing too: "made ladoos" -> "the ladoos"
  if (!det && words.length === 1 && /[^su]s$/.test(words[0]) && !NOT_OBJECT.test(words[0])) det = "the";
  if (!words.length || !det) return undefined;
  return `${/^(a|an|some)$/i.test(det) ? "the" : det} ${words.join(" ")}`;
}

/** A sentence with no verb sets the scene: "A trip to the zoo with Grandma." -> "Omar went on a trip to the zoo with Grandma." */
export function setting(phrase: string, hero: { name: string }): string | undefined {
  const p = phrase.replace(/[.!?]+$/, "").trim();
  // "His crew: his dog Patch and his sister Evie." -> "His crew were his dog Patch and his sister Evie."
  const list = /^([^:]{3,40}):\s+(.+)$/.exec(p);
  if (list) return `${list[1]} ${/,|\band\b/.test(list[2]) ? "were" : "was"} ${list[2]}`;
  if (/^(?:a|an)\s+(?:trip|day|visit|holiday|outing|walk|picnic|journey|day out)\b/i.test(p)) return `${hero.name} went on ${p[0].toLowerCase()}${p.slice(1)}`;
  if (/^(?:the\s+)?(?:first|last|big|special)\s+day\b/i.test(p)) return `${hero.name} had ${/^the\s/i.test(p) ? "" : "the "}${p[0].toLowerCase()}${p.slice(1)}`;
  return undefined;
}

export const SUBJECT_PRONOUNS = /^(he|she|they|we|it)$/i;

export function hasVerb(clause: string): boolean {
  const words = clause.split(/\s+/);
  // a known verb anywhere, or an -s word straight after a pronoun ("he scores")
  return words.some(
    (w, i) =>
      i > 0 &&
      (verbAt(words, i, true) !== undefined || verbAt(words, i, false) !== undefined || (SUBJECT_PRONOUNS.test(words[i - 1]) && /^\p{Ll}+[^s]s$/u.test(w))),
  );
}

/** words after which a name or "they" goes on the same clause: "with Omar", "called Omar", "and they" */
const JOINS_ON =
  /^(with|and|or|but|so|called|named|to|that|who|which|for|of|than|as|like|the|a|an|his|her|their|my|our|by|from|at|in|on|about|then|when|while|because|if|is|was|are|were|said|says|told|tells|asked|asks|saw|sees|met|meets|helped|helps|loves|loved)$/i;

/**
 * A parent typing without stops ("at lunch Leilani meets a boy who is nervous too they play on the
 * climbing frame") starts a new clause at each new subject: only a long run of words with no
 * punctuation at all is split, so ordinary sentences keep their shape.
 */
export function runOn(part: string, actors: readonly { name: string }[]): string[] {
  const words = part.trim().split(/\s+/);
  if (words.length < 12 || /[,;:]/.test(part)) return [part];
  const subjects = new Set(["he", "she", "they", "we", ...actors.map((a) => a.name.split(" ")[0].toLowerCase())]);
  const out: string[][] = [[]];
  words.forEach((w, i) => {
    const prev = words[i - 1];
    const next = words[i + 1];
    const starts =
      i > 2 &&
      out[out.length - 1].length >= 3 &&
      subjects.has(w.toLowerCase().replace(/'s$/, "")) &&
      !/'s$/.test(w) &&
      next !== undefined &&
      /^\p{Ll}/u.test(next) &&
      !JOINS_ON.test(prev) &&
      // "his sister Zoe", "our dog Pepper": a name after who they are is the same person
      !personWord(prev.toLowerCase()) &&
      !kindOfHead(prev.toLowerCase(), prev.toLowerCase()) &&
      hasVerb(words.slice(i, i + 3).join(" "));
    if (starts) out.push([]);
    out[out.length - 1].push(w);
  });
  return out.map((ws) => ws.join(" "));
}
