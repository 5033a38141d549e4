import type { StoryBrief, WrittenStory } from "../book";
import { bookGradeOf, outsideBand, readingBandFor, type ReadingBand } from "../reading-level";
import { buildCharacterSheet } from "./character";
import { compose } from "./compose";
import type { Entity } from "./entities";
import { createRng } from "./rng";
import { SceneWriter } from "./scene";
import type { CheckedCharacter, Finding } from "../checker";
import { ownPlot, tellPlot, type Told } from "./plot/tell";
import { actorsChecked, entitiesChecked, findingsOf, seedsFor } from "./review";
import type { Plot } from "./plot/read";
import { cleanText, smartQuotes, titleCase } from "./text";
import type { Hero } from "./hero";
import type { Moral } from "./moral";

/**
 * The offline story writer: with no network and no model, composes a personalised,
 * age-appropriate story from the parent's form. Pure and deterministic: the same brief and seed
 * (a book id) always give the same book; another seed gives another telling.
 */
export { buildCharacterSheet } from "./character";

/** How many wordings a book may try before the one with the fewest findings is kept. */
const TRIES = 8;

export function writeStory(brief: StoryBrief, seed: string): WrittenStory {
  return reviewed(brief, typeof seed === "string" ? seed : String(seed)).story;
}

/**
 * The book, read by the checker: a wording with a slip in it is set aside for another (the same
 * book id always leads to the same choice), and the first without one is kept. A wording
 * that reads outside the child's reading band is set aside the same way, after the slips.
 */
export function reviewed(brief: StoryBrief, seed: string): { story: WrittenStory; findings: Finding[]; tries: number } {
  let best: { story: WrittenStory; findings: Finding[]; tries: number; outside: number } | undefined;
  const seeds = seedsFor(seed, TRIES);
  // the parent's plot is read once: every wording tells the same plot
  const plot = ownPlot(brief);
  for (let i = 0; i < seeds.length; i++) {
    const draft = writeOnce(brief, seeds[i], seed, plot);
    const findings = findingsOf(draft.story, draft.hero, draft.characters);
    const grade = draft.band
      ? bookGradeOf(
          draft.story.pages.slice(0, 20).map((p) => p.content),
          brief.childName,
        )
      : 0;
    const outside = draft.band ? outsideBand(grade, draft.band) : 0;
    const better = !best || findings.length < best.findings.length || (findings.length === best.findings.length && outside < best.outside);
    if (better) best = { story: draft.story, findings, tries: i + 1, outside };
    if (!findings.length && !outside) break;
  }
  return { story: best!.story, findings: best!.findings, tries: best!.tries };
}

interface Draft {
  story: WrittenStory;
  hero: Hero;
  characters: CheckedCharacter[];
  /** the reading band the book keeps to */
  band?: ReadingBand;
}

function writeOnce(brief: StoryBrief, seedText: string, bookSeed: string, plot: Plot | undefined): Draft {
  if (plot) {
    const told = fromPlot(brief, seedText, bookSeed, plot);
    return { story: told.story, hero: told.hero, characters: actorsChecked(plot.actors), band: readingBandFor(brief.age) };
  }
  const story = compose(brief, seedText);
  const { hero, cast, world, moral, rng } = story;
  const r = rng.fork("frame");

  // title
  const titleName = hero.fullName.length <= 24 ? hero.fullName : hero.name;
  const coreOf = (e: Entity) => (e.named ? e.the : e.a.replace(/^(a|an|the|some|her|his|their|my|our)\s+/i, ""));
  const notable = [
    cast.specials.find((e) => e === cast.portal),
    cast.who.source === "special" || cast.who.source === "problem" ? cast.who : undefined,
    ...cast.specials,
  ].filter((e): e is Entity => Boolean(e) && coreOf(e!).split(" ").length <= 5);
  const titles: string[] = [];
  for (const e of notable.slice(0, 2)) titles.push(e.named ? `${titleName} and ${e.the}` : `${titleName} and the ${titleCase(coreOf(e))}`);
  // the one in trouble makes a title when it is one creature or thing ("the Lost Little Star"), not a group or a land
  const whoTitle = !cast.who.plural && cast.who.kind !== "place" && coreOf(cast.who).split(" ").length <= 4;
  if (whoTitle) titles.push(`${titleName} and the ${titleCase(coreOf(cast.who))}`);
  if (whoTitle && notable.length === 0) titles.push(`${titleName} and the ${titleCase(coreOf(cast.who))}`);
  titles.push(`${titleName} ${world.titleWith}`);
  if (world.key !== "custom") titles.push(`${titleName}'s ${titleCase(world.themeWord)}`);
  const title = r.pick(titles.filter((t) => t.length <= 70).length ? titles.filter((t) => t.length <= 70) : titles);

  const dedication = dedicationOf(brief, hero, moral, r);

  // cover
  const cover = new SceneWriter(r.fork("cover"), hero.name);
  const coverScene = cover.write({
    place: world.journey[0],
    time: world.nightJourney ? "night" : "morning",
    action: `sets off on ${/^[aeiou]/i.test(world.themeWord) ? "an" : "a"} ${world.themeWord.toLowerCase()}`,
    with: [cast.guide, ...(story.facts.pet ? [story.facts.pet] : []), ...(cast.portal && cast.portal.source === "special" ? [cast.portal] : [])],
    mood: "happy",
  });

  const characters = entitiesChecked([cast.guide, cast.who, story.facts.pet, story.facts.friend, story.facts.sibling, ...cast.specials]);
  return {
    hero,
    characters,
    band: readingBandFor(brief.age),
    story: {
      title: smartQuotes(title),
      dedication: smartQuotes(dedication),
      coverScene,
      characterSheet: buildCharacterSheet(brief, bookSeed),
      pages: story.pages.map((p) => ({ scene: p.scene, content: smartQuotes(p.content) })),
    },
  };
}

/** The title page's line: for the child, from the author, with the moral's warm word when it has one. */
function dedicationOf(brief: StoryBrief, hero: Hero, moral: Moral, r: { pick<T>(items: readonly T[]): T }): string {
  const author = cleanText(brief.authorName, 60)
    .replace(/[^\p{L}\p{M}\p{N}&'.,\- ]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const flourish = moral.spec.flourish(hero);
  const dedications = author
    ? [
        `For ${hero.fullName}, with love from ${author}.`,
        ...flourish.map((f) => `For ${hero.fullName}, ${f}. With love from ${author}.`),
        `For ${hero.fullName}, with all the love in the world, from ${author}.`,
      ]
    : [`For ${hero.fullName}, with love.`, ...flourish.map((f) => `For ${hero.fullName}, ${f}.`)];
  return r.pick(dedications);
}

/** A book from the parent's own plot (plot/): the same frame, their events as the story. */
function fromPlot(brief: StoryBrief, seed: string, bookSeed: string, plot: Plot): { story: WrittenStory; hero: Hero } {
  const told: Told = tellPlot(brief, seed, plot);
  const r = createRng(`frame:${seed}`);
  return {
    hero: told.hero,
    story: {
      title: smartQuotes(told.title),
      dedication: smartQuotes(dedicationOf(brief, told.hero, told.moral, r)),
      coverScene: told.coverScene,
      // the child's look belongs to the book, whichever wording is kept
      characterSheet: buildCharacterSheet(brief, bookSeed),
      pages: told.pages.map((p) => ({ scene: p.scene, content: smartQuotes(p.content) })),
    },
  };
}
