import type { StoryBrief, WrittenPage } from "../../book";
import { BUILT_IN_THEMES, fillPlaceholders } from "../../themes";
import { hardWordsFor } from "../../reading-vocabulary";
import { readingBandFor, type ReadingBand } from "../../reading-level";
import type { Mood, TimeOfDay } from "../../scene-vocabulary";
import { readDescription, withSavedChild } from "../description";
import { parseElements, type Entity } from "../entities";
import { finishText, fitSentences } from "../finish";
import { makeHero, numberWord, type Hero } from "../hero";
import { landings, readMoral, type Moral } from "../moral";
import { Page, Pen } from "../page";
import { createRng } from "../rng";
import { SceneWriter, type SceneSpec } from "../scene";
import { familyOf } from "../telling";
import { cap, cleanText, indefinite, joinList } from "../text";
import type { Place } from "../worlds";
import { BEATS, type X } from "./beats";
import { MORE } from "./beats-more";
import { TROUBLES } from "./classes";
import { FLAWS, INSIGHTS, enacts, fillers } from "./moral-beats";
import { readPlot, type Actor, type Plot, type PlotEvent } from "./read";
import { interlude } from "./interludes";
import { sightsOf } from "./sights";
import { actionOf, allocate, capSentences, ctxFor, entityOf, gistOf, mainMoment, moodOf, mostNamed, pick, placeOf, titleOf, toolIn, withC } from "./layout";
import { snagOf } from "./snags";
import { GradeKeeper } from "../readable";
import { scenesAt, scenesFor } from "./scenes";
import { episodeLines, kindOf, onceEach, vary, type EpisodeMood } from "./episodes";

/**
 * The parent's own plot, told as the book: their events in their order, each given the pages its
 * kind of moment deserves (the making, the crash, the sorry, the mending, the prize), with their
 * people and things; the moral as the problem's answer inside the plot; the child's home around
 * it, and bedtime at the end. Pages keep to the reading band's caps.
 */
export interface Told {
  title: string;
  coverScene: string;
  pages: WrittenPage[];
  hero: Hero;
  moral: Moral;
  plot: Plot;
}

const STORY_PAGES = 20;
/** places that are a day's event, which can be "over" */
const OCCASION =
  /\b(fair|party|match|festival|show|game|race|concert|wedding|birthday|trip|holiday|sports day|parade|competition|contest|diwali|christmas|eid|carnival|play)\b/i;
/** sentences an event's page aims for, by reading band */
const TARGET_SENTENCES: Record<ReadingBand["id"], number> = { "1-3": 2, "4-5": 3, "6-7": 3, "8-9": 4, "10-12": 5 };

/**
 * Does the parent's text carry a plot the book should tell, rather than the theme's adventure? The
 * custom page's plot always does; on the theme page, a description of two events or more does,
 * unless it is a theme card's own.
 */
export function ownPlot(brief: StoryBrief): Plot | undefined {
  const h = makeHero(brief);
  const family = familyOf(typeof brief.authorName === "string" ? brief.authorName : "");
  const own = typeof brief.plot === "string" && brief.plot.trim() ? brief.plot : "";
  const description = typeof brief.storyDescription === "string" ? brief.storyDescription : "";
  const text = own || (isTemplate(description, [String(brief.childName ?? ""), h.fullName, h.name]) ? "" : description);
  if (!text) return undefined;
  const plot = readPlot(text, h, family, cleanText(brief.authorName, 60));
  // on the theme page, only things that happen make a plot: "loves dinosaurs", "is scared of the dark" and "has a dog" describe the child
  const events = plot.events.filter((e) => !e.fact && (own || !/^(be|have|feel|love|like|live)$/.test(e.verb))).length;
  return events >= (own ? 1 : 3) ? plot : undefined;
}

function isTemplate(description: string, names: string[]): boolean {
  const d = description.trim();
  return BUILT_IN_THEMES.some((t) => names.some((name) => fillPlaceholders(t.description, name) === d));
}

export function tellPlot(brief: StoryBrief, seed: string, plot: Plot): Told {
  const rng = createRng(`plot:${seed}`);
  const h = makeHero(brief);
  const band = readingBandFor(h.age);
  const small = h.age <= 5;
  const family = familyOf(typeof brief.authorName === "string" ? brief.authorName : "");
  const facts = withSavedChild(readDescription(typeof brief.storyDescription === "string" ? brief.storyDescription : "", h), h, brief.companions, brief.likes);
  const specials = parseElements(Array.isArray(brief.specialElements) ? brief.specialElements : [], h);
  const moral = readMoral(typeof brief.moralLesson === "string" ? brief.moralLesson : "");
  const pen = new Pen(rng.fork("pen"));
  const fill = rng.fork("fill");
  const scenes = new SceneWriter(rng.fork("scenes"), h.name);
  const caps = { page: band.wordsPerPage.max, sentence: band.wordsPerSentence, tooHard: hardWordsFor(band.id), grade: new GradeKeeper(band, h.name) };
  const newPage = (max = band.sentencesPerPage) => new Page(pen, max, small, caps);

  const others = plot.actors.filter((a) => a.kind !== "hero");
  // the companion speaks and hugs: a person, never a pet or a toy
  const talks = (a: Actor) => (a.kind === "person" || a.kind === "someone") && !/\bbaby\b/.test(`${a.role ?? ""} ${a.first}`);
  // someone the child meets in the plot is not with them before it (nor at home at bedtime)
  // (nor is what the plot makes, or someone coming home for the first time)
  const firstIn = (a: Actor) => plot.events.find((e) => e.who.includes(a) || e.objects.includes(a) || e.sentence.includes(a.name.replace(/^(the|a|an) /, "")));
  const met = new Set(
    others.filter((a) => {
      const ev = firstIn(a);
      if (!ev || ev.who.includes(a)) return ev?.cls === "home";
      return ev.cls === "meet" || (ev.cls === "make" && a.kind !== "person");
    }),
  );
  const known = others.filter((a) => !met.has(a));
  const companion = known.find((a) => a.kind === "person" && talks(a)) ?? known.find(talks);
  const C = companion?.name ?? facts.sibling?.the ?? facts.friend?.the ?? facts.pet?.the ?? family;
  const mainThing = mostNamed(plot, (a) => a.kind === "thing" || a.kind === "animal");
  // what the child can hold at the end of the day: a named thing or animal of the plot
  const keepsake = mainThing?.named ? mainThing : undefined;
  const home = placeOf(facts.home ? `at home ${facts.home}` : "at home", "bedroom");
  const pages: { lines: string[]; scene: SceneSpec }[] = [];
  const minWords = band.wordsPerPage.min;
  /** a page, topped up from the moment's small happenings when the plot leaves it short */
  // a page weighs a random few dozen of the thousands of small happenings: as varied, far quicker
  const made = new Map<string, string[]>();
  const few = (x: X, m: EpisodeMood = "bright") => {
    const key = [x.H, x.C, x.O, x.P, x.heroIn, m].join("|");
    let lines = made.get(key);
    if (!lines) made.set(key, (lines = episodeLines(x, small, m)));
    const all = lines;
    return all.length <= 60 ? all : Array.from({ length: 60 }, () => all[fill.int(all.length)]);
  };
  const push = (pg: Page, scene: SceneSpec, around?: X, mood: EpisodeMood = "bright") => {
    // at most one line of each kind of them on a page (a saying, a deed, a feeling...): a thin page
    // reads better than one padded with games
    const kinds = new Set(pg.lines.map(kindOf));
    if (around) {
      const lines = few(around, mood);
      while (pg.words < minWords && !pg.full) {
        const before = pg.lines.length;
        if (!pg.add(lines.filter((l) => !kinds.has(kindOf(l))))) break;
        kinds.add(kindOf(pg.lines[before]));
      }
    }
    if (!pg.lines.length) pg.add(few(around ?? opening, "bright"), true);
    pages.push({ lines: onceEach(pg.lines), scene });
  };

  const xFor = (ev: PlotEvent | undefined, where?: string): X => {
    const who = ev?.who ?? [];
    const heroIn = !ev || who.some((a) => a.kind === "hero");
    const single = who.length === 1 ? who[0] : undefined;
    const they = single ? (single.kind === "hero" ? h.he : single.pronoun) : "they";
    const named = ev?.objects.find((a) => a.kind === "thing" || a.kind === "animal") ?? who.find((a) => a.kind === "thing" || a.kind === "animal");
    // a prize is won by the thing or the child, not the prize itself; anything else acts on its object
    const subjectThing = who.find((a) => a.kind === "thing" || a.kind === "animal");
    const obj = ev?.cls === "win" ? subjectThing : ev && ev.object && !named ? { name: ev.object } : named;
    const companionHere = who.find(talks)?.name ?? ev?.objects.find(talks)?.name ?? C;
    return {
      H: h.name,
      names: h.names,
      he: h.he,
      He: h.He,
      his: h.his,
      him: h.him,
      was: h.was,
      S: joinList(who.map((a) => a.name)) || h.name,
      they,
      They: cap(they),
      their: they === "they" ? "their" : they === "she" ? "her" : they === "he" ? "his" : "its",
      were: who.length > 1 || they === "they" ? "were" : "was",
      heroIn,
      O: obj?.name ?? (ev ? undefined : keepsake?.name),
      C: companionHere === h.name ? undefined : companionHere,
      P: ev?.place ?? where,
      T: ev ? toolIn(ev.sentence) : undefined,
    };
  };
  // the opening pages at home, before anything of the plot has happened
  const opening: X = { ...xFor(undefined, "at home"), O: undefined };
  const tier = (set: { small: ((x: X) => string | false | undefined)[]; big: ((x: X) => string | false | undefined)[] } | undefined, x: X) =>
    (set ? (small ? set.small : set.big) : [])
      .map((f) => f(x))
      .filter((l): l is string => typeof l === "string")
      .map(cap);
  const pre = (ev: PlotEvent, x: X) => tier(BEATS[ev.cls].pre, x);
  /** the lines that follow an event, in a random order of their own, then what the moment goes on to hold */
  const poolOf = (ev: PlotEvent, x: X) => {
    const sights = ev.cls === "home" ? [] : rng.shuffle(sightsOf(x.P, small)).slice(0, 2);
    const post = tier(BEATS[ev.cls].post, x);
    // a sight of the place after the first reaction, another among what follows
    return [...post.slice(0, 2), ...sights.slice(0, 1), ...post.slice(2), ...sights.slice(1), ...tier(MORE[ev.cls], x)];
  };
  // where each event happens: its own place, or, for a prize or a party, the occasion the plot was getting ready for
  const story = plot.events.filter((e) => !e.fact);
  const placeAt = (i: number): string | undefined => {
    const ev = story[i];
    if (!ev) return undefined;
    if (ev.place) return ev.place;
    const ahead = story.slice(0, i).find((e) => e.place && e.placeBy === "for")?.place;
    if (ahead && ["win", "party", "play", "go"].includes(ev.cls)) return ahead;
    return story
      .slice(0, i)
      .reverse()
      .find((e) => e.place && e.placeBy !== "for")?.place;
  };

  // ---------- pages 1–2: the child, the people of the plot, and what is coming
  {
    const pg = newPage();
    const age = numberWord(h.age);
    const people = known.filter((a) => a.kind === "person" || a.kind === "animal").slice(0, 3);
    const intro = small
      ? [
          `Once there was a ${h.kid} called ${h.fullName}.`,
          `This is ${h.fullName}.`,
          `${h.fullName} was ${age}.`,
          `Here is ${h.fullName}, who was ${age}.`,
          `Meet ${h.fullName}!`,
          `${h.fullName} was ${age}, nearly ${numberWord(h.age + 1)}.`,
        ]
      : [
          `${h.fullName} was ${indefinite(age)} ${age}-year-old ${h.kid} with a head full of ideas.`,
          `Once upon a time, there was ${indefinite(age)} ${age}-year-old ${h.kid} called ${h.fullName}.`,
          `There was once a ${h.kid} called ${h.fullName}, who was ${age} years old.`,
        ];
    pg.add(intro, true);
    if (people.length) {
      const firsts = joinList(people.map((a) => a.first));
      // only brothers, sisters and parents share the child's home; everyone else is loved from wherever they live
      const household = people.every((a) =>
        /^(sister|brother|twin|baby|mum|mom|dad|dada|papa|mama|mummy|daddy|dog|cat|puppy|kitten|rabbit|bunny|hamster)$/.test(
          (a.role ?? a.name).toLowerCase().split(" ").pop()!,
        ),
      );
      pg.add(
        small
          ? [`${h.name} loved ${firsts}.`, household && `${h.name} lived with ${firsts}.`]
          : household
            ? [`${h.name} lived with ${firsts}.`, `In ${h.names} home there was always noise, because of ${firsts}.`]
            : [people.length > 1 && `${h.names} favourite people in the world were ${firsts}.`, `${h.name} loved ${firsts} very much.`],
        true,
      );
    } else if (facts.home) pg.add([`${h.name} lived ${facts.home}.`]);
    push(pg, scene(home, "morning", "looks out of the window", [], "happy"), opening, "home");
  }
  {
    const pg = newPage();
    const love = facts.loves[0] ?? (Array.isArray(brief.likes) ? brief.likes[0] : undefined);
    for (const f of plot.events.filter((e) => e.fact)) pg.keep(f.sentence);
    // the special things and animals the plot does not already name are part of the child's world
    const plotText = plot.events.map((e) => e.sentence.toLowerCase()).join(" ");
    for (const e of specials.filter((e) => !new RegExp(`\\b${e.head}s?\\b`).test(plotText) && (e.kind === "thing" || e.kind === "creature")).slice(0, 2)) {
      // the parent's own words, kept even where the young band's words would not have them
      if (small) pg.keep(`${h.name} had ${e.a}.`);
      else
        pg.add(
          e.kind === "creature"
            ? [`${cap(e.a)} lived with ${h.name} too.`, `${h.name} shared ${h.his} home with ${e.a}.`]
            : [`${h.names} favourite thing was ${e.a}.`, `${h.name} never went far without ${e.a}.`],
          true,
        );
    }
    if (love && !plot.events.some((e) => e.fact))
      pg.add(
        small
          ? [`${h.name} loved ${love}.`]
          : [`More than almost anything, ${h.name} loved ${love}.`, `Ask ${h.name} what ${h.he} liked best, and the answer was always ${love}.`],
      );
    const ahead = plot.events.find((e) => e.place && e.placeBy === "for");
    if (ahead?.place)
      pg.add(
        small
          ? [`Soon it would be ${ahead.place}.`]
          : [`Everyone was talking about ${ahead.place}.`, `${cap(ahead.place)} was coming, and ${h.name} had been counting the days.`],
        true,
      );
    // said in half the books: the morning's own small happenings open the others
    else if (rng.chance(0.5))
      pg.add(
        small
          ? [`Today was a big day.`, `${h.name} woke up early.`, `It was a brand new day.`, `The sun was up, and so was ${h.name}.`]
          : vary(
              [
                `It was the start of a day ${h.name} would never forget.`,
                `It was the kind of morning when anything might happen.`,
                `${h.name} woke up early, with a feeling that today would be special.`,
                `Nobody knew it yet, but it was going to be a day to remember.`,
                `The sun was already up, and so was ${h.name}.`,
              ],
              [],
            ),
        true,
      );
    push(pg, scene(home, "morning", "plays", [], "happy"), opening, "home");
  }

  // ---------- pages 3–18: the parent's events, with the moral inside them
  const middle = STORY_PAGES - 4;
  const events = plot.events.filter((e) => !e.fact);
  const enactedAt = events.findIndex((e) => enacts(moral.spec.key, e));
  const troubleAt = events.findIndex((e) => TROUBLES.has(e.cls));
  // the moral's pages: the child gets it wrong just before the event that acts the moral out; with no
  // such event, gets it wrong after the trouble (or midway) and finds the lesson on the next page
  const flawBefore = enactedAt >= 0 ? enactedAt : -1;
  // with no trouble of the parent's, the main moment meets a snag the moral mends
  const snagAt = enactedAt < 0 && troubleAt < 0 ? mainMoment(events) : -1;
  const flawAfter = enactedAt >= 0 ? -1 : troubleAt >= 0 ? troubleAt : snagAt;
  const moralPages = enactedAt >= 0 ? 1 : snagAt >= 0 ? 3 : 2;
  const perPage = TARGET_SENTENCES[band.id];
  const pools = events.map((ev, i) => poolOf(ev, xFor(ev, placeAt(i))));
  const { alloc, spare } = allocate(
    events,
    pools.map((p) => p.length),
    middle - moralPages,
    perPage,
    rng,
  );
  // pages the moments cannot fill go between them: one before the first, then after each in turn, the last after the end
  const gaps = Array.from({ length: events.length + 1 }, () => 0);
  for (let k = 0; k < spare; k++) gaps[k === 0 ? 0 : k === 1 ? events.length : 1 + ((k - 2) % Math.max(1, events.length - 1))]++;
  // whole pages of what such a moment and its place hold, for the room a short plot leaves (cheerful:
  // never on a trouble's pages), within the band's words a page
  const scenesOf = (ev: PlotEvent, x: X) =>
    TROUBLES.has(ev.cls)
      ? []
      : [...scenesAt(x.P, x, small), ...scenesFor(ev.cls, x, small)].map((sc) => sc.join(" ")).filter((t) => t.split(/\s+/).length <= band.wordsPerPage.max);
  const interludes = (at: number) => {
    for (let k = 0; k < gaps[at]; k++) {
      const ev = events[Math.min(events.length - 1, Math.max(0, at - 1))];
      // before the first moment, a thing the plot makes does not exist yet
      const x = at === 0 ? { ...xFor(ev, placeAt(0)), O: ev.cls === "make" ? undefined : xFor(ev, placeAt(0)).O } : xFor(ev, placeAt(at - 1));
      const pg = newPage(perPage);
      const kind = at === 0 ? "before" : at === events.length ? "after" : "between";
      if (kind !== "before") pg.add(scenesOf(ev, x));
      // one line of a kind: a page says the sky turned pink once
      // the way home is the last of the pages after the plot; the others are more of the day
      const lines = kind === "after" && k < gaps[at] - 1 ? [] : interlude(kind, x, small);
      // one line of the kind of page it is; the page's small happenings do the rest, so books differ
      pg.add(lines.filter((l) => !pg.lines.some((p) => kindOf(p) === kindOf(l))));
      if (!pg.lines.length) pg.add([...fillers(x, small), ...few(x)], true);
      push(pg, scene(place, timeAt(pages.length + 1), kind === "after" ? "walks" : "talks", withOf(ev), "happy"), x);
    }
  };
  const ctx = ctxFor(h, C, mainThing?.name ?? C ?? "the day", family);
  let place = home;
  const flawPage = (ev: PlotEvent, i: number) => {
    const pg = newPage(perPage);
    pg.add(FLAWS[moral.spec.key](xFor(ev, placeAt(i)), small), true);
    push(pg, scene(place, timeAt(pages.length + 1), "thinks", withOf(ev), "worried"), xFor(ev, placeAt(i)), "low");
  };
  interludes(0);
  events.forEach((ev, i) => {
    const where = placeAt(i);
    if (where) place = placeOf(ev.place && ev.placeBy === "for" ? "at home" : where, ev.place && ev.placeBy === "for" ? "bedroom" : undefined);
    if (i === flawBefore) flawPage(ev, i);
    const x = xFor(ev, where);
    const pool = pools[i];
    for (let k = 0; k < alloc[i]; k++) {
      const pg = newPage(perPage);
      if (k === 0) {
        pg.add(pre(ev, x));
        pg.keep(ev.sentence);
      } else if (!pool.length) pg.add(scenesOf(ev, x));
      // the moment's lines shared out over its pages in the order they happen; some are left out at random
      const share = Math.ceil(pool.length / (alloc[i] - k));
      for (let j = 0; j < share && pool.length && !pg.full; j++) {
        const line = pool.shift()!;
        if (pool.length >= (alloc[i] - k) * perPage || !rng.chance(0.25)) pg.add([line]);
      }
      if (!pg.lines.length) pg.add([...fillers(x, small), ...few(x)], true);
      push(pg, scene(place, timeAt(pages.length + 1), actionOf(ev.cls), withOf(ev), moodOf(ev.cls)), x, TROUBLES.has(ev.cls) ? "low" : "bright");
    }
    if (i === flawAfter) {
      const snag = i === snagAt ? snagOf(ev.cls) : undefined;
      if (snag) {
        const pg = newPage(perPage);
        pg.add(tier(snag.snag, x), true);
        pg.add(FLAWS[moral.spec.key](x, small));
        push(pg, scene(place, timeAt(pages.length + 1), "thinks", withOf(ev), "worried"), x, "low");
      } else flawPage(ev, i);
      const pg = newPage(perPage);
      pg.add(INSIGHTS[moral.spec.key](x, small), true);
      push(pg, scene(place, timeAt(pages.length + 1), "talks", withOf(ev), "brave"));
      if (snag) {
        const done = newPage(perPage);
        done.add(tier(snag.solved, x), true);
        while (!done.full && pool.length) done.add([pool.shift()!]);
        push(done, scene(place, timeAt(pages.length + 1), "celebrates", withOf(ev), "proud"), x);
      }
    }
    interludes(i + 1);
  });

  // ---------- pages 19–20: the day's end, tied to the plot; home and bed
  const last = events[events.length - 1];
  const x = { ...xFor(last, placeAt(events.length - 1)), O: keepsake?.name };
  {
    const pg = newPage(perPage);
    const gist = gistOf(events[0], x);
    pg.add(
      small
        ? [
            x.O && `${x.H} hugged ${x.O}.`,
            `What a day it had been!`,
            x.C && `${x.H} and ${x.C} smiled.`,
            `What a day!`,
            x.C && `${x.C} said, "Well done, ${x.H}!"`,
            `${x.H} had a big smile.`,
          ]
        : [
            x.O && `That evening, ${x.O} had the best spot on the shelf, where everyone could see it.`,
            gist && `On the way home, ${withC(x)} talked about everything, from ${gist} to the very end.`,
            x.C && `"Best day ever," said ${x.C}, and ${x.H} agreed.`,
          ],
      true,
    );
    // one more line of the evening at most
    if (!pg.full)
      pg.add(
        small
          ? [
              `${x.H} felt happy all over.`,
              x.C && `${x.C} gave ${x.H} a big hug.`,
              `${x.H} felt cosy and glad.`,
              x.C && `${x.C} tickled ${x.H}.`,
              `${x.H} did a happy wiggle.`,
            ]
          : [
              ...vary(
                [
                  `${x.H} felt as if ${x.he} might float.`,
                  `${x.H} was tired, but it was the good kind of tired.`,
                  `${x.H} could still feel the whole day fizzing inside.`,
                  `${x.H} was smiling so much that ${x.his} cheeks ached.`,
                ],
                ["By then,", "That evening,", "All the way home,"],
              ),
              x.P && OCCASION.test(x.P) && `${cap(x.P)} was over, but the happy feeling was not.`,
            ],
      );
    push(pg, scene(home, "evening", "celebrates", [], "proud"), x);
  }
  {
    const pg = newPage(small ? 2 : 4);
    const tucker = family ?? x.C;
    pg.add(
      small
        ? [`Time for bed, ${h.name}.`, `Soon ${h.name} was in bed.`, `Bath, pyjamas, bed!`, `${h.name} climbed into bed.`, `Night came.`]
        : vary(
            [
              `${h.name} snuggled under the covers, tired and happy.`,
              tucker ? `${tucker} tucked ${h.name} in and kissed ${h.him} goodnight.` : `${h.name} was asleep almost before ${h.his} head touched the pillow.`,
              `${h.name} pulled the covers up to ${h.his} chin.`,
              tucker && `${tucker} turned out the light and whispered, "Sleep tight."`,
            ].filter((l): l is string => typeof l === "string"),
            ["That night,", "At bedtime,", "Later that night,"],
          ),
      true,
    );
    if (x.O) pg.add(small ? [`${x.H} dreamed of ${x.O}.`] : [`${h.name} fell asleep and dreamed of ${x.O}.`]);
    push(pg, scene(home, "night", "sleeps", [], "sleepy"), x, "calm");
  }

  // ---------- the closing page: the child's words and the parent's, tied to the plot; the last page
  const closing = newPage(4);
  const mine = pick(moral.spec.mine(ctx), band);
  closing.add(
    mine.map((m) => `"${m.replace(/\.$/, ",")}" ${small ? `said ${h.name}` : `${h.name} whispered`}.`),
    true,
  );
  closing.add(landings(moral, ctx));
  const lastPage = new Page(pen, 4);
  lastPage.add([`The End.`], true);
  lastPage.add(moral.spec.ask(ctx));

  const written: WrittenPage[] = pages.map((p) => ({
    content: capSentences(fitSentences(finishText(p.lines, h), band.wordsPerSentence)),
    scene: scenes.write(p.scene),
  }));
  written.push({ content: finishText(closing.lines, h), scene: scenes.write(scene(home, "night", "whispers a secret", [], "sleepy")) });
  written.push({ content: lastPage.lines.join(" "), scene: scenes.write(scene(home, "night", "sleeps and dreams", [], "sleepy")) });

  return {
    title: titleOf(h, plot, mainThing, C, rng),
    coverScene: scenes.write(scene(placeOf(events[0].place ?? "at home", events[0].place ? undefined : "bedroom"), "morning", "smiles", [], "happy")),
    pages: written,
    hero: h,
    moral,
    plot,
  };

  function scene(pl: Place, time: TimeOfDay, action: string, with_: Entity[], mood: Mood): SceneSpec {
    return { place: pl, time, action, with: with_, mood };
  }
  function withOf(ev: PlotEvent): Entity[] {
    return [...ev.who, ...ev.objects]
      .filter((a) => a.kind !== "hero")
      .slice(0, 3)
      .map(entityOf);
  }
  function timeAt(n: number): TimeOfDay {
    return n <= 6 ? "morning" : n <= 16 ? "day" : "evening";
  }
}

void cleanText;
