import { ELSEWHERE, PLACES, SIMILE, type PlaceRule } from "./places-data";
import type { BookText, Finding } from "./types";

// every word a place's patterns start from: a sentence without one names no place
const PLACE_HINT =
  /moon|lunar|space|stars|planets|saturn|galaxy|star\s+field|under|beneath|sea|ocean|water|waves|coral|room|kitchen|nursery|attic|lounge|hallway|bed|indoors|inside|covers|duvet|blanket|cave|cavern|volcano|crater|dived|dove|swam|sank|plunged|jumped|splashed/i;

// all of a place's impossibilities in one pattern: one search for the sentences with none of them
const NEVER_HINT = new Map(PLACES.map((p) => [p, new RegExp(p.never.map(([, re]) => re.source).join("|"), "i")]));

// "Mia loved everything up in space": a place someone loves or reads about is not where they are
const FOND_OF =
  /\b(?:loved|liked|adored|fond\s+of|mad\s+about|crazy\s+about|dreamed\s+(?:of|about)|read\s+about|thinking\s+(?:a\s+lot\s+)?about|talked\s+about|questions\s+about|stories\s+about)\b(?:(?!\b(?:was|were|went|flew|came|got|landed|is|are)\b)[^.!?;:])*$/i;

function placeNamed(text: string, which: "at" | "to"): PlaceRule | undefined {
  let best: { rule: PlaceRule; at: number } | undefined;
  for (const rule of PLACES) {
    const m = rule[which]?.exec(text);
    if (m && (!best || m.index < best.at)) best = { rule, at: m.index };
  }
  return best && !FOND_OF.test(text.slice(0, best.at)) ? best.rule : undefined;
}

/** Rule: a page may not give a place what it cannot have (a breeze on the moon, rain under the sea). */
export function checkPlaces(book: BookText): Finding[] {
  const out: Finding[] = [];
  for (const page of book.pages) {
    // the page's own place, else none until the text names one; a place never runs on to the next page
    let here = page.place ? (placeNamed(page.place, "at") ?? placeNamed(page.place, "to")) : undefined;
    for (const s of page.sentences) {
      const said = s.narration;
      const named = PLACE_HINT.test(said);
      if (!here && !named) continue;
      const arrived = named ? placeNamed(said, "at") : undefined;
      if (arrived) here = arrived;
      else if (here?.leave.test(said)) here = undefined;
      if (here && NEVER_HINT.get(here)!.test(said) && !ELSEWHERE.test(said)) {
        for (const [what, pattern] of here.never) {
          const m = pattern.exec(said);
          if (!m || SIMILE.test(said.slice(0, m.index))) continue;
          out.push({ page: page.index, rule: "place", sentence: s.text, detail: `${what} ${here.label}` });
          break;
        }
      }
      const going = arrived || !named ? undefined : placeNamed(said, "to");
      if (going) here = going;
    }
  }
  return out;
}
