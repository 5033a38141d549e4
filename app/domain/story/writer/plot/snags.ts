import type { X } from "./beats";
import type { EventClass } from "./classes";

/**
 * When the parent's plot has no trouble of its own, the story finds a small one in its main moment
 * (the sandcastle keeps falling down, the ball goes over the fence), so the moral has a problem to
 * answer; `solved` is the moment put right after the lesson.
 */
type Line = (x: X) => string | false | undefined;
interface Snag {
  snag: { small: Line[]; big: Line[] };
  solved: { small: Line[]; big: Line[] };
}

const SNAGS: Partial<Record<EventClass, Snag>> = {
  make: {
    snag: {
      small: [(x) => x.O && `Oh no! ${x.O} fell down.`, (x) => x.O && `Wobble, wobble, flop went ${x.O}.`],
      big: [
        (x) => x.O && `But every time ${x.O} was nearly finished, a piece slipped and the whole thing came tumbling down.`,
        (x) => x.O && `Then a gust of wind caught ${x.O}, and it fell apart in front of their eyes.`,
      ],
    },
    solved: {
      small: [(x) => x.O && `This time ${x.O} stood up tall!`],
      big: [(x) => x.O && `This time ${x.O} held together, and it was even better than the first one.`],
    },
  },
  go: {
    snag: {
      small: [(x) => x.C && `Where was ${x.C}?`, () => `Which way was it?`],
      big: [
        (x) => x.C && `Then ${x.H} looked round, and ${x.C} was nowhere to be seen.`,
        () => `Then the path split in two, and nobody could remember which way to go.`,
      ],
    },
    solved: {
      small: [(x) => x.C && `There was ${x.C}! Hooray!`],
      big: [(x) => x.C && `And there was ${x.C}, waving and smiling, just by the gate.`, () => `Soon they were back on the right path, laughing about it.`],
    },
  },
  play: {
    snag: {
      small: [() => `Oops! The ball went over the fence.`],
      big: [
        () => `Then the ball flew high over the fence and landed in a prickly bush.`,
        (x) => x.C && `Then ${x.C} and ${x.H} both wanted the same turn, and nobody was having fun any more.`,
      ],
    },
    solved: { small: [() => `They played again. What fun!`], big: [() => `Soon the game was back on, and it was better than ever.`] },
  },
  eat: {
    snag: {
      small: [() => `Oops! Everything spilled.`],
      big: [() => `Then the bowl slipped, and everything went all over the floor.`, () => `But the first batch came out a bit burnt around the edges.`],
    },
    solved: { small: [() => `They made more. Yum!`], big: [() => `The second try came out just right, and it smelled wonderful.`] },
  },
  party: {
    snag: { small: [() => `Oh no! The balloons floated away.`], big: [() => `Then a puff of wind carried the balloons up into the sky.`] },
    solved: { small: [() => `The party was still fun!`], big: [() => `In the end, nobody minded about the balloons. The party was perfect without them.`] },
  },
  find: {
    snag: {
      small: [(x) => x.C && `${x.C} wanted it too.`],
      big: [(x) => x.C && `But ${x.C} had seen it first, or so ${x.C} said, and wanted it too.`],
    },
    solved: { small: [() => `They took turns. Happy!`], big: [() => `In the end they decided it belonged to both of them.`] },
  },
  meet: {
    snag: { small: [(x) => `${x.H} felt shy.`], big: [(x) => `${x.H} suddenly felt shy and hid behind the nearest tree.`] },
    solved: { small: [() => `"Hello!" Now they were friends.`], big: [() => `One hello was all it took. After that, talking was easy.`] },
  },
};

const GENERIC: Snag = {
  snag: { small: [(x) => `Then ${x.H} had a problem.`], big: [(x) => `Then, just when everything was going well, something went wrong for ${x.H}.`] },
  solved: { small: [() => `Everything was all right.`], big: [() => `Before long, everything was all right again.`] },
};

export function snagOf(cls: EventClass): Snag {
  return SNAGS[cls] ?? GENERIC;
}
