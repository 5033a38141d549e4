import type { StoryBrief, WrittenStory } from "../book";
import { buildCharacterSheet } from "./character";
import { compose } from "./compose";
import type { Entity } from "./entities";
import { createRng } from "./rng";
import { SceneWriter } from "./scene";
import { ownPlot, tellPlot, type Told } from "./plot/tell";
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

export function writeStory(brief: StoryBrief, seed: string): WrittenStory {
  const seedText = typeof seed === "string" ? seed : String(seed);
  const plot = ownPlot(brief);
  if (plot) return fromPlot(brief, seedText, plot);
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

  return {
    title: smartQuotes(title),
    dedication: smartQuotes(dedication),
    coverScene,
    characterSheet: buildCharacterSheet(brief, seedText),
    pages: story.pages.map((p) => ({ scene: p.scene, content: smartQuotes(p.content) })),
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
function fromPlot(brief: StoryBrief, seed: string, plot: Plot): WrittenStory {
  const told: Told = tellPlot(brief, seed, plot);
  const r = createRng(`frame:${seed}`);
  return {
    title: smartQuotes(told.title),
    dedication: smartQuotes(dedicationOf(brief, told.hero, told.moral, r)),
    coverScene: told.coverScene,
    characterSheet: buildCharacterSheet(brief, seed),
    pages: told.pages.map((p) => ({ scene: p.scene, content: smartQuotes(p.content) })),
  };
}
