import type { X } from "./beats";
import type { EventClass } from "./classes";

/**
 * What a moment of the plot goes on to hold on its later pages: the work, the talk and the
 * feelings that follow the parent's event, naming the event's own people, thing and place.
 */
type Line = (x: X) => string | false | undefined;
const both = (x: X) => (x.C && x.heroIn ? `${x.H} and ${x.C}` : x.H);

export const MORE: Partial<Record<EventClass, { small: Line[]; big: Line[] }>> = {
  make: {
    small: [(x) => x.O && `${x.H} patted ${x.O}.`, (x) => x.C && `"Well done!" said ${x.C}.`, (x) => x.O && `${x.O} was ready!`],
    big: [
      (x) => x.C && `${x.C} was best at the fiddly bits, and ${x.H} was best at the big ideas.`,
      (x) => x.O && `${x.H} stood back to look at ${x.O}, then made it a little bit better.`,
      (x) => x.O && x.C && `"${x.O} is the best thing we have ever made," said ${x.C}.`,
      (x) => x.C && `"We make a good team," said ${x.C}, and ${x.H} grinned.`,
      (x) => x.heroIn && `Making something, ${x.H} decided, was nearly as good as playing with it.`,
    ],
  },
  break: {
    small: [(x) => x.O && `${x.O} was in pieces.`, (x) => `${x.H} sat on the floor.`, (x) => x.C && `${x.C} sat down too.`, () => `Sniff, sniff.`],
    big: [
      (x) => x.C && `${x.C} picked up one of the pieces and did not say a word.`,
      (x) => x.O && `${x.H} picked up a wheel, then an arm, then a tiny spring. How could ${x.O} ever be the same again?`,
      (x) => x.C && `${x.C} knelt down and started gathering the pieces into a pile, very gently.`,
      (x) => `${x.H} wanted to shout and cry at the same time.`,
      (x) => x.P && `All that work for ${x.P}, and now this.`,
      () => `Nobody said anything for a long time.`,
    ],
  },
  sorry: {
    small: [(x) => x.C && `${x.H} and ${x.C} held hands.`, () => `Friends again!`],
    big: [
      (x) => x.C && `${x.C} squeezed ${x.names} hand, and just like that, they were a team again.`,
      (x) => x.O && `Together, they looked at what was left of ${x.O}. It did not look so hopeless any more.`,
    ],
  },
  fix: {
    small: [(x) => x.C && `${x.C} passed the tape.`, () => `Round and round.`, (x) => x.O && `Careful with ${x.O}!`, () => `Nearly there!`],
    big: [
      (x) => x.T && `Inside ${x.T} there were screwdrivers, nails, tape and a tiny torch.`,
      () => `Some pieces would not fit, so they tried them the other way round.`,
      (x) => x.C && `"Pass me the little screwdriver," said ${x.H}, and ${x.C} passed it over before ${x.he} had even finished asking.`,
      (x) => x.O && `When ${x.O} was nearly done, they both held their breath and pressed the button.`,
      () => `Click. Whirr. It worked!`,
      (x) => x.O && `At last ${x.O} was whole again, with a few new bits that made it even better.`,
      () => `Working together was slower than doing it alone, and much more fun.`,
      (x) => x.C && `${x.H} and ${x.C} did a little dance around the kitchen.`,
    ],
  },
  win: {
    small: [(x) => x.O && `Well done, ${x.O}!`, (x) => x.C && `${x.H} and ${x.C} danced.`, () => `A shiny ribbon!`],
    big: [
      (x) => x.O && `A shiny ribbon was pinned on ${x.O}, and it sparkled in the light.`,
      (x) => x.P && `People at ${x.P} came over to ask how it was made.`,
      (x) => x.C && `"We did it," whispered ${x.C}. "We really did it."`,
      (x) => `${x.H} could not stop smiling, even when ${x.his} cheeks began to ache.`,
    ],
  },
  go: {
    small: [(x) => `${x.H} skipped along.`, (x) => x.C && `${x.C} skipped too.`, () => `Look up! Look down!`],
    big: [
      (x) => x.P && `There were so many things to look at in ${x.P.replace(/^the /, "the ")} that ${x.H} nearly walked into a lamp post.`,
      (x) => x.C && `${x.C} pointed at everything and asked a hundred questions.`,
      (x) => `${x.H} wanted to remember every single thing.`,
    ],
  },
  play: {
    small: [() => `Again! Again!`, (x) => x.C && `${x.C} cheered.`, (x) => `${x.H} was getting good!`],
    big: [
      (x) => x.heroIn && `Every time ${x.H} got it right, ${x.his} smile grew a little wider.`,
      (x) => x.C && x.heroIn && `"Again!" shouted ${x.C}, and ${x.H} laughed and did it again.`,
      () => `Nobody wanted to stop, not even when it was time for lunch.`,
      (x) => x.C && `${x.C} kept count, and lost count, and started again.`,
      (x) => x.heroIn && `${x.H} got a little better with every go.`,
    ],
  },
  find: {
    small: [(x) => x.O && `${x.O} was safe!`, () => `Hooray!`],
    big: [(x) => x.O && `${x.H} hugged ${x.O} tight and did not want to let go.`, () => `All the worry floated away like a balloon.`],
  },
  lose: {
    small: [(x) => `${x.H} looked and looked.`, (x) => x.C && `${x.C} looked too.`],
    big: [(x) => `${x.H} tried to remember where ${x.he} had last seen it.`, (x) => x.C && `${x.C} said, "Let's think. Where have you been today?"`],
  },
  party: {
    small: [() => `Balloons! Music!`, (x) => x.C && `${x.C} danced too.`],
    big: [(x) => x.C && `${x.C} had a paper hat on, and it kept falling over one eye.`, () => `There was music, and games, and far too much cake.`],
  },
  eat: {
    small: [() => `Yum!`, (x) => x.C && `${x.C} had some too.`],
    big: [(x) => x.C && `${x.C} had a sticky smile, and so did ${x.H}.`, (x) => `${x.H} ate slowly, to make it last.`],
  },
  help: {
    small: [() => `Help is good.`, (x) => x.C && `${x.C} helped too.`],
    big: [() => `It was hard work, but it felt good.`, (x) => x.C && `${x.C} and ${x.H} took turns, and the job got smaller and smaller.`],
  },
  meet: {
    small: [() => `They played all day.`],
    big: [() => `They found out they liked all the same things, and some different ones too.`],
  },
  generic: {
    small: [(x) => x.C && `${both(x)} laughed.`, (x) => x.O && `${x.H} looked at ${x.O}.`],
    big: [(x) => x.C && x.heroIn && `${x.H} and ${x.C} talked about it all the way through tea.`],
  },
};
