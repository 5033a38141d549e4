import type { StoryBrief, WrittenPage } from "../book";
import { atHome } from "./acts/at-home";
import { homecoming } from "./acts/homecoming";
import { theProblem } from "./acts/problem";
import { theResolution } from "./acts/resolution";
import { settingOff } from "./acts/setting-off";
import { theTries } from "./acts/tries";
import { theTurn } from "./acts/turn";
import type { Cast } from "./cast";
import type { Facts } from "./description";
import { enforceUnique, finishText, fitSentences } from "./finish";
import { readingBandFor, type ReadingBandId } from "../reading-level";
import type { Hero } from "./hero";
import type { Moral } from "./moral";
import type { Rng } from "./rng";
import { beginTelling, coreText, type Telling } from "./telling";
import { joinList } from "./text";
import type { World } from "./worlds";

/**
 * Lays the story over the book: 20 story pages, the closing page and the last page.
 *
 *   1–2   the child, their world, what they love          13    the last try, which fails for want of the lesson
 *   3     the adventure begins (the parent's premise)      14    a low moment, met with comfort
 *   4–5   setting off, the companion, wonders on the way   15–16 the turn: the lesson found and acted on
 *   6–7   the problem, and deciding to help                17    the resolution
 *   8–9   a first try that fails (a special element)       18    the celebration
 *   10    a fear met with comfort, or a wonder             19    the way home
 *   11–12 a second try that fails (a special element)      20    home and bedtime
 *   closing page: the moral in the child's own words and the parent's; last page: The End
 *
 * Each act writes its pages in turn onto the one telling they share (acts/). Every sentence goes
 * through the pen, which refuses one already used anywhere in the book (compared in lower case
 * without punctuation), so no sentence repeats. The acts run in this order and draw from the
 * book's random numbers in this order, so the same brief and seed always give the same book.
 */
const ACTS: readonly ((t: Telling) => void)[] = [atHome, settingOff, theProblem, theTries, theTurn, theResolution, homecoming];

export interface Composed {
  hero: Hero;
  world: World;
  moral: Moral;
  facts: Facts;
  cast: Cast;
  pages: WrittenPage[];
  rng: Rng;
  family?: string;
}

// a young listener follows one clause at a time: past these words, a sentence with a clause break is split while the page has room
const EASY_WORDS: Partial<Record<ReadingBandId, number>> = { "4-5": 7 };

export function compose(brief: StoryBrief, seed: string): Composed {
  const t = beginTelling(brief, seed);
  for (const act of ACTS) act(t);
  bringTheMissed(t);
  const band = readingBandFor(t.h.age);
  const easyWords = EASY_WORDS[band.id];
  const easy = easyWords ? { words: easyWords, most: band.sentencesPerPage } : undefined;
  // the band's sentence length binds the story pages; the closing page keeps the parent's moral whole
  const written = t.pages.map((p, i) => ({
    content: i < 20 ? fitSentences(finishText(p.text, t.h), band.wordsPerSentence, easy) : finishText(p.text, t.h),
    scene: t.scenes.write(p.scene),
  }));
  enforceUnique(written);
  return { hero: t.h, world: t.world, moral: t.moral, facts: t.facts, cast: t.cast, pages: written, rng: t.rng, family: t.family };
}

/** The promise that every special element appears: anything the telling missed comes to the party (page 18). */
function bringTheMissed(t: Telling): void {
  const told = t.pages
    .map((p) => p.text.join(" "))
    .join(" ")
    .toLowerCase();
  const missed = t.cast.specials.filter((e) => !told.includes(coreText(e)));
  if (missed.length) {
    const party = t.pages[17];
    party.text.push(missed.length === 1 ? `${t.n} showed everyone ${missed[0].a}.` : `${t.n} showed everyone ${joinList(missed.map((e) => e.a))}.`);
  }
}
