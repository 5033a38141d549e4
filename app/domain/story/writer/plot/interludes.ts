import type { X } from "./beats";
import { vary } from "./episodes";

/**
 * The pages between the parent's moments when a short plot leaves room: getting ready, the talk
 * on the way, a snack, the way home. Each names the story's own people, place or thing, and a
 * line that needs a part the story does not have is left out.
 */
type Line = (x: X) => string | false | undefined;
export type InterludeAt = "before" | "between" | "after";

const SKIES = [
  "orange, then pink",
  "gold, then purple",
  "pink and gold",
  "the colour of peaches",
  "soft and lilac",
  "red, then deep blue",
  "streaky and gold",
  "pale pink, then grey",
];

const I: Record<InterludeAt, { small: Line[]; big: Line[] }> = {
  before: {
    small: [
      (x) => x.C && `${x.C} came to say good morning.`,
      (x) => x.heroIn && `${x.H} ate breakfast very fast.`,
      (x) => x.heroIn && `${x.H} found ${x.his} coat.`,
      (x) => x.heroIn && x.C && `${x.C} packed a snack.`,
      (x) => `${x.H} put on ${x.his} shoes. Left, right!`,
      (x) => x.P && `"Are we going to ${x.P.replace(/^(at|in|on) /, "")}?" asked ${x.H}.`,
    ],
    big: [
      (x) => `${x.H} could hardly eat ${x.his} breakfast for excitement.`,
      (x) => x.C && `"Are you ready?" called ${x.C}. ${x.H} had been ready for ages.`,
      (x) => x.C && `"Shoes on, ${x.H}!" called ${x.C}. They were already on.`,
      (x) => x.C && `${x.C} was still looking for the keys when ${x.H} was already waiting by the door.`,
      (x) => x.P && `${x.H} had packed a bag for ${x.P} the night before, just in case.`,
      (x) => x.O && `${x.H} checked on ${x.O} twice before breakfast.`,
      (x) => x.P && `All morning, ${x.H} thought about ${x.P} and what it would be like.`,
      (x) => x.O && `${x.H} had been thinking about ${x.O} since the moment ${x.he} woke up.`,
    ],
  },
  between: {
    small: [
      (x) => x.C && `${x.H} and ${x.C} had a snack.`,
      (x) => x.C && `"This is fun!" said ${x.C}.`,
      (x) => `${x.H} sang a happy song.`,
      (x) => x.C && `${x.C} sang too.`,
      (x) => x.O && `${x.H} gave ${x.O} a pat.`,
      (x) => x.O && `${x.H} told everyone about ${x.O}.`,
    ],
    big: [
      (x) => x.C && `${x.H} and ${x.C} stopped for a snack: sandwiches, apple slices and a drink each.`,
      (x) => x.C && x.O && `"What was the best bit?" asked ${x.C}. ${x.H} said it was ${x.O}, of course.`,
      (x) => x.C && x.P && `"Do you like it here?" asked ${x.C}. ${x.H} nodded so hard that ${x.C} laughed.`,
      (x) => x.C && x.P && `${x.C} and ${x.H} found a quiet corner of ${x.P.replace(/^(at|in|on) /, "")} and shared a drink.`,
      (x) => x.C && `${x.C} wanted to know everything ${x.H} had seen so far, and ${x.H} told it all.`,
      (x) => x.O && `${x.H} told anyone who would listen all about ${x.O}.`,
      (x) => x.C && `${x.C} told a joke so silly that ${x.H} laughed until ${x.he} had hiccups.`,
    ],
  },
  after: {
    small: [
      () => `Time to go home.`,
      (x) => x.P && `Bye-bye, ${x.P.replace(/^(at|in|on) /, "")}!`,
      (x) => `Home time, ${x.H}!`,
      (x) => x.C && `${x.H} held ${x.C}'s hand.`,
      (x) => `${x.H} yawned a big yawn.`,
      (x) => `${x.H} rubbed ${x.his} eyes.`,
    ],
    big: [
      ...SKIES.map((sky) => (x: X) => !/\b(moon|space|sea|ocean|underwater)\b/.test(x.P ?? "") && `On the way home, the sky turned ${sky}.`),
      (x) => x.C && `${x.C} carried the bags, and ${x.H} carried the stories.`,
      (x) => x.P && `As they left ${x.P.replace(/^(at|in|on) /, "")}, ${x.H} waved to everyone still there.`,
      (x) => x.O && `${x.H} held on to ${x.O} all the way home.`,
      (x) => x.C && `${x.H} leaned against ${x.C}, warm and sleepy and happy.`,
      (x) => x.P && `${x.H} looked back at ${x.P} one last time and smiled.`,
    ],
  },
};

const OPENERS: Record<InterludeAt, string[]> = {
  before: ["That morning,", "Early on,", "Before long,", "First of all,"],
  between: ["After a while,", "Later,", "Meanwhile,", "Soon after,"],
  after: ["Later,", "At last,", "By then,", "In the end,"],
};

export function interlude(at: InterludeAt, x: X, small: boolean): string[] {
  const lines = (small ? I[at].small : I[at].big).map((f) => f(x)).filter((l): l is string => typeof l === "string");
  return small ? lines : vary(lines, OPENERS[at]);
}
