import type { Setting } from "../../scene-vocabulary";
import type { Entity } from "../entities";
import { numberWord } from "../hero";
import { homeFor, done, add } from "../lines/kit";
import { isActionStart, isStoryOfHow } from "../premise";
import type { Telling } from "../telling";
import { indefinite, pastOf } from "../text";
import type { WorldKey } from "../worlds";

/** Pages 1–2: the child, their home, what they love and who is in their life. */
export function atHome(t: Telling): void {
  const { h, n, band, tiny, rich, facts, love, homePlace, newPage, time, crewWith } = t;
  const homeAt = homeFor(t);

  // ---------- 1: the child and their world
  {
    const pg = newPage();
    add(t, pg, introLines(t, homeAt), true);
    const said = pg.lines.join(" ");
    const homeLines = said.includes(homeAt) ? [] : [`${n} lived ${homeAt}.`, `${h.He} lived ${homeAt}.`];
    if (tiny)
      add(
        t,
        pg,
        facts.home && homeLines.length
          ? homeLines
          : [...homeLines, `${n} loved stories about ${t.world.topic}.`, ...play(t).map((p) => `Every day, ${n} ${pastPhrase(p)}.`)],
        Boolean(facts.home),
      );
    else {
      add(t, pg, homeLines, Boolean(facts.home));
      add(t, pg, traits(t));
    }
    const ev0 = facts.events[0];
    if (ev0 && !isActionStart(ev0.verb) && isStoryOfHow(ev0.verb) && !tiny) add(t, pg, [`This is the story of how ${n} ${t.told(ev0.pred)}.`], true);
    if (facts.about && !tiny) add(t, pg, [`This is a story about ${facts.about}.`], true);
    done(t, pg, { place: homePlace, time: time(1), action: `looks out of the window`, with: crewWith(), mood: "happy" });
  }

  // ---------- 2: what they love, who is in their life
  {
    const pg = newPage();
    const loveLine = tiny
      ? [
          `${n} loved ${love}.`,
          `${n} loved ${love} best of all.`,
          `Most of all, ${n} loved ${love}.`,
          ...(love.split(" ").length <= 3 ? [`${n} loved ${love} so much!`] : []),
        ]
      : band === "young"
        ? [`${n} loved ${love} more than anything.`, `More than anything, ${n} loved ${love}.`, `Best of all, ${n} loved ${love}.`]
        : [
            `More than almost anything in the world, ${n} loved ${love}.`,
            `Whenever anyone asked ${n} what ${h.he} loved most, the answer was always the same: ${love}.`,
            `Ask ${n} about ${love}, and ${h.he} would talk until teatime.`,
          ];
    add(t, pg, loveLine, true);
    if (facts.pet)
      add(
        t,
        pg,
        tiny
          ? [`${n} had ${facts.pet.a}.`, `${n} and ${facts.pet.the} were best friends.`]
          : [`${n} had ${facts.pet.a}, who went everywhere with ${h.him}.`, `${n} also had ${facts.pet.a}, the best pet in the whole world.`],
        true,
      );
    if (facts.friend)
      add(
        t,
        pg,
        tiny
          ? [`${h.His} best friend was ${facts.friend.a}.`]
          : [`${h.His} best friend in the whole world was ${facts.friend.a}.`, `${h.His} best friend was ${facts.friend.a}, and they did everything together.`],
        !tiny,
      );
    if (facts.sibling) add(t, pg, [`And there was ${facts.sibling.a}, who was never far away.`, `${n} lived with ${facts.sibling.a}, too.`], !tiny);
    if (facts.loves[1] && !tiny) add(t, pg, [`${h.He} loved ${facts.loves[1]}, too.`, `${n} was also very fond of ${facts.loves[1]}.`]);
    if (facts.wishes[0] && !tiny) {
      const wish = facts.wishes[0];
      add(t, pg, wish.startsWith("to ") ? [`One day, ${n} wanted ${wish}.`, `More than anything, ${n} hoped ${wish}.`] : [`${n} often dreamed ${wish}.`], true);
    }
    if (facts.topics[0] && !tiny) add(t, pg, [`Lately, ${n} had been thinking a lot about ${facts.topics[0]}.`], true);
    for (const ev of facts.events.filter((e) => !isActionStart(e.verb) && !isStoryOfHow(e.verb)).slice(0, 2))
      if (!tiny) add(t, pg, [`${n} ${t.told(ev.pred)}.`], true);
    for (const line of facts.worldLines) if (!tiny) add(t, pg, [line], rich);
    if (!facts.pet && !facts.friend && !facts.sibling) add(t, pg, tiny ? play(t).map((p) => `${n} liked to ${p}.`) : everyDay(t));
    const playWith = [facts.pet, facts.friend, facts.sibling].filter((e): e is Entity => Boolean(e));
    done(t, pg, {
      place: homePlace,
      time: time(2),
      action: playWith.length ? `laughs and plays` : `looks at a picture book`,
      with: playWith,
      mood: "happy",
    });
  }
}

function introLines(t: Telling, homeAt: string): string[] {
  const { h } = t;
  const full = h.fullName;
  const age = numberWord(h.age);
  const an = indefinite(age);
  if (t.tiny)
    return [
      `Once there was a ${h.kid} called ${full}, aged ${age}.`,
      `${full} was ${age}, nearly ${numberWord(h.age + 1)}!`,
      `Once upon a time, ${homeAt}, there was ${full}.`,
      `This is ${full}, who lived ${homeAt}.`,
      `Meet ${full}, who was ${age}.`,
      `${full} was ${age} years old.`,
      `Once, ${homeAt}, there lived ${full}.`,
    ];
  // who the child is, then one thing about them: many pairings, so no two books open alike
  const who =
    t.band === "young"
      ? [
          `Once upon a time, there was ${an} ${age}-year-old ${h.kid} called ${full}`,
          `There once was a ${h.kid} named ${full}, who was ${age} years old`,
          `${full} was ${age} years old and lived ${homeAt}`,
          `Once upon a time, ${homeAt}, there lived a ${h.kid} called ${full}`,
          `${full} was ${an} ${age}-year-old ${h.kid} who lived ${homeAt}`,
          `Not long ago, ${homeAt}, lived ${full}, who was ${age}`,
        ]
      : [
          `Once upon a time, ${homeAt}, there lived ${an} ${age}-year-old ${h.kid} called ${full}`,
          `${full} was ${age} years old and lived ${homeAt}`,
          `There was once a ${h.kid} called ${full}, ${age} years old, who lived ${homeAt}`,
          `Not so long ago, ${homeAt}, there lived a ${h.kid} called ${full}`,
          `${full} was ${age}, and lived ${homeAt}`,
        ];
  const tails =
    t.band === "young"
      ? ["", ", and full of questions", ", and always busy", ", with the biggest smile in the family"]
      : ["", ", with a head full of ideas", ", and hardly ever sat still", ", and noticed everything"];
  // a tail says what the child did, so it follows only a sentence whose subject is the child;
  // the others name the child with a word of their own
  const kinds = ["curious", "cheerful", "busy"];
  // "a curious five-year-old boy", "a curious boy"
  const named = (w: string, k: string) =>
    w.includes(`${an} ${age}-year-old`)
      ? w.replace(`${an} ${age}-year-old`, `${indefinite(k)} ${k} ${age}-year-old`)
      : w.replace(`a ${h.kid} `, `${indefinite(k)} ${k} ${h.kid} `);
  return who.flatMap((w) => (w.startsWith(`${full} was`) ? tails.map((tail) => `${w}${tail}.`) : [w, ...kinds.map((k) => named(w, k))].map((s) => `${s}.`)));
}

const PLAY: Record<Exclude<WorldKey, "custom">, string[]> = {
  adventure: ["look for snails", "climb the big tree"],
  space: ["look at the moon", "count the stars"],
  animals: ["feed the ducks", "say hello to the birds"],
  fantasy: ["play castles", "wear a paper crown"],
  ocean: ["splash in the sea", "look for shells"],
};
const PLAY_BY_SETTING: Record<Setting, string[]> = {
  forest: ["run under the trees", "look for conkers"],
  garden: ["play in the garden", "jump in puddles"],
  mountain: ["roll down the hill", "climb the big rocks"],
  beach: ["dig in the sand", "chase the waves"],
  underwater: ["splash in the bath", "look for fish"],
  space: ["look at the moon", "count the stars"],
  castle: ["build towers of blocks", "play kings and queens"],
  sky: ["watch the clouds", "fly a paper plane"],
  town: ["wave at the buses", "ride a red scooter"],
  bedroom: ["build a den", "read picture books"],
};

/** what a toddler does every day, in the past tense: "feed the ducks" */
function play(t: Telling): string[] {
  return t.world.key === "custom" ? PLAY_BY_SETTING[t.world.journey[0].setting] : PLAY[t.world.key];
}

const WORLD_TRAITS: Record<Exclude<WorldKey, "custom">, (t: Telling) => string[]> = {
  adventure: ({ n, h }) => [
    `${n} kept a torch and a notebook under ${h.his} bed, just in case.`,
    `${n} could climb the big tree at the end of the garden faster than anyone.`,
  ],
  space: ({ n, h }) => [`${n} knew the names of all eight planets.`, `${n} had glow-in-the-dark stars on ${h.his} bedroom ceiling.`],
  animals: ({ n }) => [`${n} said good morning to every bird in the garden.`, `${n} could moo, baa and quack better than anyone.`],
  fantasy: ({ n }) => [`${n} had a cardboard crown and a wooden sword.`, `${n} built castles out of sofa cushions.`],
  ocean: ({ n, h }) => [`${n} had a bucket full of shells from the beach.`, `${n} could hold ${h.his} breath for a count of ten.`],
};

function traits(t: Telling): string[] {
  const { n, h } = t;
  const own =
    t.world.key === "custom"
      ? [
          `${n} knew lots and lots about ${t.world.topic}.`,
          `${n} couldn't stop thinking about ${t.world.topic}.`,
          `${n} had been talking about ${t.world.topic} all week.`,
        ]
      : WORLD_TRAITS[t.world.key](t);
  if (t.band === "young")
    return [
      ...own,
      `${n} had a big smile and lots of questions.`,
      `${n} had quick feet and a big, bubbly laugh.`,
      `${h.He} had a giggle that made everyone else giggle too.`,
      `${n} could hop on one foot for a very long time.`,
      `${n} never walked anywhere if ${h.he} could skip.`,
      `${n} kept a shell, a button and a shiny stone in ${h.his} pocket.`,
      `${n} was brilliant at hide-and-seek.`,
      `${n} could make anyone laugh with ${h.his} funny faces.`,
      `${n} asked "Why?" about a hundred times a day.`,
      `${n} liked to sing while ${h.he} brushed ${h.his} teeth.`,
      `${n} could build the tallest tower of blocks in the house.`,
      `${n} loved the sound of rain on the window.`,
      `${n} had a special rock that looked a bit like a frog.`,
      `${n} drew pictures of ${t.world.topic} on everything.`,
      `${n} could talk about ${t.love} all day long.`,
    ];
  return [
    ...own,
    `${h.He} had a head full of questions about ${t.love} and a pocket full of interesting things.`,
    `${h.He} had quick feet, a big laugh and an even bigger imagination, mostly about ${t.love}.`,
    `${n} noticed things other people missed: a snail's silver trail, a cloud shaped like a teapot.`,
    `${n} was the sort of ${h.kid} who always wanted to know what was round the next corner.`,
    `${n} could never walk past a puddle without jumping in it.`,
    `${h.He} had a laugh like a hiccup and ideas like fireworks.`,
    `${n} collected things: conkers, feathers, bottle tops and very good sticks.`,
    `${n} had a notebook just for questions, and it was nearly full.`,
    `${n} liked to take things apart to see how they worked.`,
    `${n} could whistle, do a cartwheel and keep a secret.`,
    `${n} was always the first one up and the last one to stop talking at bedtime.`,
    `${n} believed that every stone might be a fossil and every cloud might be a dragon.`,
    `${n} was good at lots of things, but best of all at wondering.`,
    `${n} had a drawer full of treasures that nobody else would have kept.`,
    `${n} could tell a story so well that even the cat stopped to listen.`,
    `${n} thought the best place to think was upside down on the sofa.`,
    `${n} had a laugh that could be heard three gardens away.`,
    `${n} always knew which puddles were the deepest.`,
    `${n} had more questions about ${t.love} than there were stars in the sky.`,
    `${n} kept a list of the best things in the world, and ${t.love} was at the top.`,
    `${n} liked maps, secret codes and anything with a hidden door.`,
    `If there was anything to know about ${t.love}, ${n} wanted to know it.`,
  ];
}

/** for a child with nobody named at home: what their days were like */
function everyDay(t: Telling): string[] {
  const { n, h, family } = t;
  const topic = t.world.topic;
  return [
    `${n} always said that the best days were the ones with ${t.love} in them.`,
    `${n} had a whole shelf of books about ${topic}.`,
    `At bedtime, ${n} liked to hear stories about ${topic}.`,
    ...(family ? [`${n} asked ${family} a hundred questions about ${topic}.`, `${family} said ${n} had more ideas than anyone ${family} knew.`] : []),
    `${n} drew pictures of ${topic} on every scrap of paper ${h.he} could find.`,
    `${n} spent every spare minute reading about ${topic}.`,
  ];
}

/** "feed the ducks" -> "fed the ducks" */
function pastPhrase(phrase: string): string {
  const [verb, ...rest] = phrase.split(" ");
  return [pastOf(verb), ...rest].join(" ");
}
