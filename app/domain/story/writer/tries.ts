import type { Ctx, Lines } from "./ctx";
import { it, its, The, was, type Entity, type ThingFn } from "./entities";
import { pronounsOf } from "./pronouns";

/**
 * How a special element takes part in a try that does not work (yet), and how it helps in the
 * end. Failures are gentle and never the element's fault: it simply is not the whole answer.
 * Most lines name the thing, or the one it is for, so each book's tries are its own.
 */
export interface TryText {
  /** first appearance, when the element has not been met before */
  intro: Lines;
  attempt: Lines;
  fail: Lines;
  /** its part in the resolution */
  win: string[];
  /** scene action (present tense, starts with a scene-vocabulary verb) */
  action: string;
}

const n = (c: Ctx) => c.h.name;

export function introLines(e: Entity, c: Ctx): Lines {
  switch (e.kind) {
    case "creature":
    case "person":
      return {
        tiny: [`${n(c)} met ${e.a}.`, `Along came ${e.a} to help ${n(c)}.`, `Look, here came ${e.a}!`],
        young: [`Just then, along came ${e.a}.`, `Round the corner came ${e.a}, who wanted to help ${n(c)}.`, `Who should turn up but ${e.a}!`],
        rich: [
          `Just then, who should come along but ${e.a}, who had heard everything and wanted to help.`,
          `That was when they met ${e.a}, who listened to the whole story with wide eyes.`,
          `A friendly voice called out, and there was ${e.a}, ready to help.`,
        ],
      };
    case "place":
      return {
        tiny: [`${n(c)} saw ${e.a}.`, `Look, ${n(c)}! ${cap1(e.a)}!`],
        young: [`Not far away was ${e.a}.`, `In the distance, ${n(c)} could see ${e.a}.`],
        rich: [`Not far away, ${n(c)} spotted ${e.a}, glimmering as if it had been waiting for them.`, `A little further on, ${n(c)} caught sight of ${e.a}.`],
      };
    case "toy":
      return {
        tiny: [`${n(c)} had ${e.a}.`, `${n(c)} hugged ${e.a}.`],
        young: [`${n(c)} had brought ${e.a} along, of course.`, `${cap1(e.a)} was tucked under ${c.h.names} arm.`],
        rich: [`Tucked under ${c.h.his} arm, as always, was ${e.a}.`, `${n(c)} had brought ${e.a}, who went everywhere ${c.h.he} went.`],
      };
    default: {
      if (e.source === "world") return foundHere(e, c);
      const small = POCKET_SIZED.test(e.head);
      return {
        tiny: [`${n(c)} had ${e.a}.`, `${n(c)} found ${e.a}.`, `${n(c)} spotted ${e.a}.`],
        young: [
          `${n(c)} had brought ${e.a} along.`,
          small ? `In ${c.h.his} pocket, ${n(c)} found ${e.a}.` : `${n(c)} had carried ${e.a} all the way.`,
          `Then ${n(c)} remembered ${e.a}.`,
          `Luckily, ${n(c)} had ${e.a} with ${c.h.him}.`,
        ],
        rich: [
          `Just in case, ${n(c)} had brought ${e.a}, and now ${c.h.he} ${c.h.was} very glad of it.`,
          small ? `Deep in ${c.h.his} pocket, ${n(c)} found ${e.a}, and an idea began to fizz.` : `${n(c)} looked at ${e.a}, and an idea began to fizz.`,
          `Then ${n(c)} remembered ${e.a}, and ${c.h.his} eyes lit up.`,
          `Luckily, ${n(c)} had thought to bring ${e.a}.`,
        ],
      };
    }
  }
}

/** things that fit in a pocket; anything bigger is carried, not found in a pocket */
const POCKET_SIZED =
  /^(key|coin|stone|pebble|shell|marble|whistle|compass|map|note|letter|ring|bean|seed|crayon|torch|ticket|feather|button|acorn|badge|spoon|gem|jewel|crystal|star|sweet|biscuit|cookie|pencil|chalk|conker|locket|charm|glass|magnifier|card|photo|wand|candle|bell|snow globe|globe)s?$/;

/** a thing the story brings in itself is found there, often by the companion: nobody keeps a ladder in a pocket */
function foundHere(e: Entity, c: Ctx): Lines {
  const G = cap1(c.guide.the);
  return {
    tiny: [`${G} found ${e.a}.`, `${G} had ${e.a}.`],
    young: [`${G} knew where to find ${e.a}.`, `${G} came back with ${e.a}.`, `${G} spotted ${e.a} lying nearby.`],
    rich: [
      `${G} disappeared for a moment and came back with ${e.a}.`,
      `${G} pointed: just nearby, as if someone had left it there on purpose, lay ${e.a}.`,
      `"I know where there's ${e.a}," said ${c.guide.the}.`,
    ],
  };
}

/** how to call out to someone: "Pip", "Goose" */
function callOf(e: Entity): string {
  return e.named ? e.the : cap1(e.short.replace(/^(the|a|an|her|his|their)\s+/i, ""));
}

function cap1(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

type Tried = Omit<TryText, "intro">;

/** a creature or a person has a go themselves */
function helperTries(e: Entity, c: Ctx): Tried {
  const E = e.the;
  const p = pronounsOf(e);
  const who = c.who.the;
  return {
    attempt: {
      tiny: [`${The(e)} tried to help ${n(c)}.`, `${The(e)} had a go, too.`],
      young: [
        `${The(e)} had an idea and tried to help.`,
        ...(e.speaks ? [`"Let me try!" said ${E}.`, `"I'll help ${who}," said ${E}.`] : [`${The(e)} tried to help ${who}.`]),
      ],
      rich: [
        `${The(e)} had an idea and tried it with all ${p.their} might.`,
        e.speaks ? `"I know what to do," said ${E}, and tried very hard indeed.` : `${The(e)} tried too, as hard as ${p.they} could.`,
        e.kind === "person" ? `${The(e)} rolled up ${p.their} sleeves and had a go at helping ${who}.` : `${The(e)} got ready and had a go at helping ${who}.`,
      ],
    },
    fail: {
      tiny: [`No, not yet, ${callOf(e)}.`, `Oh, not yet, ${callOf(e)}.`],
      young: [
        `But it didn't work for ${who}, not this time.`,
        `It was a kind try, but it wasn't enough for ${who}.`,
        `${The(e)} tried and tried, but it didn't work.`,
      ],
      rich: [
        `It was a kind and clever try, but ${c.who.the} needed more than that.`,
        `${The(e)} did ${p.their} very best, but it still wasn't quite enough for ${who}.`,
        `${The(e)} tried until ${p.they} ${p.was} out of breath, but ${who} still needed help.`,
      ],
    },
    win: [
      `${The(e)} helped too, in just the right way.`,
      `And ${E} did exactly the right thing at exactly the right moment.`,
      `${The(e)} lent a hand just when it was needed.`,
    ],
    action: `looks on as ${E} tries to help`,
  };
}

export function tryText(e: Entity, c: Ctx): TryText {
  const intro = introLines(e, c);
  if (e.kind === "creature" || e.kind === "person") return { intro, ...helperTries(e, c) };
  const E = e.the;
  const who = c.who.the;
  const h = c.h;
  if (e.kind === "toy") {
    return {
      intro,
      attempt: {
        tiny: [`${n(c)} hugged ${E}.`, `Squeeze! ${n(c)} hugged ${E} tight.`],
        young: [`${n(c)} hugged ${E} tight and thought very hard.`, `${n(c)} asked ${E} what to do about ${who}.`],
        rich: [
          `${n(c)} hugged ${E} tight, the way ${h.he} always did when ${h.he} needed to think, and waited for an idea.`,
          `${n(c)} whispered the whole problem to ${E}, just to hear it out loud.`,
        ],
      },
      fail: {
        tiny: [`Hmm, no idea yet.`, `${The(e)} didn't know.`],
        young: [`${The(e)} was soft and kind, but no idea came, not even a tiny one.`, `${The(e)} listened, but no idea came for ${who}.`],
        rich: [
          `${The(e)} was as cuddly as ever, but this time no idea came, not even a small one.`,
          `Saying it out loud to ${E} helped a little, but not enough.`,
        ],
      },
      win: [`${n(c)} held ${E} close, and it made ${h.him} feel brave.`, `${The(e)} was right there, cuddly and brave, the whole time.`],
      action: `thinks hard, hugging ${E}`,
    };
  }
  if (e.kind === "place") {
    return {
      intro,
      attempt: {
        tiny: [`Off went ${n(c)} to ${E}!`, `Maybe ${E} could help!`],
        young: [`"Maybe the answer is at ${E}!" said ${n(c)}, and off they went.`, `${n(c)} and ${c.guide.the} hurried to ${E} to look for help.`],
        rich: [
          `"What if the answer is at ${E}?" said ${n(c)}, and off they went, as fast as they could.`,
          `${n(c)} led everyone to ${E}, hoping to find something that would help ${who}.`,
        ],
      },
      fail: {
        tiny: [`Not here, oh well!`, `Nothing at ${E}!`],
        young: [`${The(e)} ${was(e)} beautiful, but the answer wasn't there.`, `They looked all over ${E}, but found nothing for ${who}.`],
        rich: [
          `${The(e)} ${was(e)} more beautiful than ${n(c)} had imagined, but the answer wasn't there.`,
          `They searched every corner of ${E}, but the answer for ${who} was somewhere else.`,
        ],
      },
      win: [`${The(e)} sparkled as if ${it(e)} ${was(e)} cheering too.`],
      action: `explores ${E}`,
    };
  }
  const t = (BY_FN[e.fn ?? "treasure"] ?? BY_FN.treasure)(e, c);
  return { intro, ...t };
}

const BY_FN: Record<ThingFn, (e: Entity, c: Ctx) => Tried> = {
  light: (e, c) => {
    const E = e.the;
    const It = cap1(it(e));
    return {
      attempt: {
        tiny: [`${n(c)} held up ${E}.`, `Glow, glow, went ${E}.`, `${n(c)} shone ${E} at ${c.who.short}.`],
        young: [
          `${n(c)} held up ${E}. ${It} glowed, warm and bright.`,
          `${n(c)} switched on ${E} and looked around.`,
          `${n(c)} shone ${E} this way and that.`,
          `${n(c)} and ${c.guide.the} shone ${E} into every corner.`,
        ],
        rich: [
          `${n(c)} held ${E} up high, and ${its(e)} light spilled all around ${c.who.the}, as warm as a kitchen window.`,
          `${n(c)} lifted ${E}, hoping ${its(e)} glow would show them something new about ${c.who.the}.`,
          `${n(c)} swung ${E} slowly from side to side, looking for anything that might help ${c.who.the}.`,
        ],
      },
      fail: {
        tiny: [`Too small a light.`, `Not bright enough!`, `${The(e)} was too small.`],
        young: [
          `But ${E} was too small to show the whole way.`,
          `The light from ${E} was lovely, but it couldn't reach far enough.`,
          `${cap1(E)} glowed, but ${c.who.the} still needed help.`,
        ],
        rich: [
          `But the light of ${E} only reached a little way, and beyond it, everything was still a puzzle.`,
          `The glow of ${E} was cosy and golden, but it couldn't light up the answer for ${c.who.the}.`,
          `${cap1(E)} lit up every stone and leaf, but not the answer ${c.who.the} needed.`,
        ],
      },
      win: [
        `${The(e)} shone brighter than ever and lit the way for ${c.who.the}.`,
        `This time, ${E} glowed just where it was needed.`,
        `The light of ${E} showed ${n(c)} exactly where to go.`,
      ],
      action: `reaches up with ${E}, glowing`,
    };
  },
  way: (e, c) => {
    const E = e.the;
    return {
      attempt: {
        tiny: [`${n(c)} looked at ${E}.`, `Which way, ${E}?`],
        young: [
          `${n(c)} looked at ${E}. Surely ${it(e)} would know the way!`,
          `${n(c)} held out ${E} and waited to see which way to go.`,
          `${n(c)} and ${c.guide.the} bent over ${E}.`,
        ],
        rich: [
          `${n(c)} studied ${E} carefully, because if anything knew the way, surely ${it(e)} would.`,
          `${n(c)} turned ${E} this way and that, searching for a clue.`,
          `${n(c)} spread out ${E}, and ${c.guide.the} traced the way with a finger.`,
        ],
      },
      fail: {
        tiny: [`This way or that way?`, `Round and round, no way!`, `${The(e)} went round and round!`],
        young: [`But ${E} showed so many ways to go that nobody knew which one was right.`, `${The(e)} pointed one way, then another, then another!`],
        rich: [
          `But ${E} showed this way and that way and every way at once, and nobody could tell which one was right.`,
          `${The(e)} seemed just as puzzled as everyone else, and that was no help at all.`,
        ],
      },
      win: [`And now ${E} showed exactly the right way.`, `${The(e)} pointed straight to the answer.`],
      action: `looks at ${E}`,
    };
  },
  far: (e, c) => {
    const E = e.the;
    return {
      attempt: {
        tiny: [`${n(c)} looked far, far away.`, `Peek, peek, went ${n(c)}.`],
        young: [
          `${n(c)} looked through ${E}, far, far away.`,
          `${n(c)} peeked through ${E} to look for clues.`,
          `${n(c)} looked through ${E} for ${c.who.the}.`,
          `${c.guide.the} held ${E} while ${n(c)} looked for ${c.who.the}.`,
        ],
        rich: [
          `${n(c)} peered through ${E}, turning slowly, searching every faraway corner for ${c.who.the}.`,
          `${n(c)} put ${E} to one eye and scanned the horizon for anything that might help ${c.who.the}.`,
          `${n(c)} climbed onto a rock and looked through ${E} for anything that might help.`,
        ],
      },
      fail: {
        tiny: [`Nothing there yet.`, `${The(e)} saw too far!`, `Nothing in ${E}!`],
        young: [
          `Through ${E}, ${n(c)} saw lots of things far away, but not the answer.`,
          `Everything looked big and close through ${E}, but ${c.who.the} still needed help.`,
        ],
        rich: [
          `Through ${E}, ${n(c)} saw hills and clouds and a bird carrying a twig, but nothing for ${c.who.the}.`,
          `The answer for ${c.who.the}, it seemed, was not far away at all, and so ${E} couldn't find it.`,
        ],
      },
      win: [`Through ${E}, ${n(c)} spotted exactly what ${c.who.the} needed.`, `This time, ${E} showed ${n(c)} just where to look.`],
      action: `looks through ${E}`,
    };
  },
  ride: (e, c) => {
    const E = e.the;
    return {
      attempt: {
        tiny: [`Off went ${n(c)} in ${E}!`, `Zoom, went ${E}!`],
        young: [`"Hop in!" said ${n(c)}, and off they went in ${E}.`, `${n(c)} climbed into ${E} and off they went.`],
        rich: [`"Everybody in!" called ${n(c)}, and off they went in ${E}, faster and faster.`, `${n(c)} took the controls of ${E}, and away they went.`],
      },
      fail: {
        tiny: [`Round and round, oh!`, `Back again, oops!`, `${The(e)} went the wrong way!`],
        young: [`But ${E} went round in a circle and ended up right back where they started.`, `${The(e)} went very fast, but not to the right place.`],
        rich: [
          `But ${E} went round and round in a big loop and came to a stop exactly where it had started.`,
          `${The(e)} zipped about bravely, but going fast wasn't the same as going the right way.`,
        ],
      },
      win: [`${The(e)} carried everyone exactly where they needed to go.`, `This time, ${E} went the right way, straight and true.`],
      action: `sets off in ${E}`,
    };
  },
  up: (e, c) => {
    const E = e.the;
    const h = c.h;
    return {
      attempt: {
        tiny: [`Up, up with ${E}!`, `${n(c)} held on tight.`],
        young: [`${n(c)} held on to ${E}. Maybe ${it(e)} could lift ${h.him} up high!`, `${n(c)} tried ${E} to reach up high.`],
        rich: [`${n(c)} held on to ${E} and hoped ${it(e)} might carry ${h.him} up high enough to see.`, `${n(c)} tried to use ${E} to get a bird's-eye view.`],
      },
      fail: {
        tiny: [`Bump, down again!`, `Not high enough!`, `Down came ${E}!`],
        young: [`${The(e)} bobbed and wobbled, but ${it(e)} couldn't go high enough.`, `Up a little, down a little went ${E}, but not high enough.`],
        rich: [
          `${The(e)} bobbed and wobbled bravely, but ${it(e)} couldn't go quite high enough, and down ${n(c)} came with a soft bump.`,
          `It was fun with ${E}, but the answer for ${c.who.the} wasn't up high after all.`,
        ],
      },
      win: [`Up went ${E}, just high enough this time.`, `${The(e)} lifted ${n(c)} up, and there was the answer for ${c.who.the}.`],
      action: `reaches for the sky with ${E}`,
    };
  },
  read: (e, c) => {
    const E = e.the;
    return {
      attempt: {
        tiny: [`${n(c)} read ${E} to ${c.who.short}.`, `What did ${E} say?`, `${n(c)} and ${c.guide.short} read ${E}.`],
        young: [
          `${n(c)} read ${E} very carefully, looking for ${c.who.the}.`,
          `${n(c)} unrolled ${E} and read every word.`,
          `${n(c)} read ${E} out loud to ${c.guide.the}.`,
        ],
        rich: [
          `${n(c)} read ${E} once, twice, three times, running a finger under every word.`,
          `${n(c)} spread out ${E} and read it aloud, slowly.`,
          `${n(c)} and ${c.guide.the} read ${E} together, one line each, hoping for a clue about ${c.who.the}.`,
        ],
      },
      fail: {
        tiny: [`Tricky words!`, `Hmm, what did it mean?`, `${The(e)} was too tricky!`],
        young: [
          `But the words in ${E} were twisty and tricky, and none of them said how to help ${c.who.the}.`,
          `The words in ${E} were a puzzle that nobody could solve yet.`,
          `${n(c)} read every page of ${E}, but nothing helped ${c.who.the}.`,
        ],
        rich: [
          `But the words in ${E} were twisty and tricky, like a riddle wearing a disguise.`,
          `Every word in ${E} made sense on its own, but together they made a puzzle.`,
          `${n(c)} read ${E} to ${c.who.the}, but nothing in it helped, not yet.`,
        ],
      },
      win: [`Now the words in ${E} made perfect sense, and they were all about ${c.who.the}.`, `${The(e)} had the answer for ${c.who.the} in it all along.`],
      action: `looks closely at ${E}`,
    };
  },
  magic: (e, c) => {
    const E = e.the;
    const h = c.h;
    return {
      attempt: {
        tiny: [`${n(c)} made a wish with ${E}.`, `Wish, wish, wish!`, `${n(c)} wished for ${c.who.short}.`],
        young: [`${n(c)} held ${E} and made a wish.`, `${n(c)} gave ${E} a little shake and wished.`, `${n(c)} wished for ${c.who.the} with ${E}.`],
        rich: [
          `${n(c)} held ${E} and wished with ${h.his} whole heart.`,
          `${n(c)} closed ${h.his} eyes, held ${E} tight and whispered a wish.`,
          `${n(c)} wished that ${c.who.the} would ${c.need}, and held ${E} up high.`,
          `${n(c)} gave ${E} to ${c.guide.the} to hold, closed ${c.h.his} eyes and wished for ${c.who.the}.`,
        ],
      },
      fail: {
        tiny: [`Fizz, pop, bubbles!`, `Sparkle, but no!`, `${The(e)} just went fizz!`],
        young: [`Fizz, pop, out of ${E} came a shower of tiny bubbles, and nothing else.`, `${The(e)} gave a little sparkle, and then nothing at all.`],
        rich: [
          `Fizz, pop, whizz: out came a shower of rainbow bubbles from ${E}, and nothing else happened at all.`,
          `A few sparkles fizzled out of ${E} like a birthday candle, and that was all.`,
          `${The(e)} glittered at ${c.who.the}, but the magic wasn't strong enough on its own.`,
        ],
      },
      win: [
        `${The(e)} sparkled, and a little magic helped ${c.who.the} at just the right moment.`,
        `A sprinkle of magic from ${E} did the rest for ${c.who.the}.`,
      ],
      action: `tries ${E}, making a wish`,
    };
  },
  open: (e, c) => {
    const E = e.the;
    return {
      attempt: {
        tiny: [`${n(c)} tried ${E}.`, `Click, click?`],
        young: [`${n(c)} tried ${E}. Maybe ${it(e)} could open the way!`, `${n(c)} held up ${E} and looked for something to open.`],
        rich: [`${n(c)} tried ${E}, hoping ${it(e)} might unlock the answer.`, `${n(c)} searched for a keyhole, a latch, anything that ${E} might open.`],
      },
      fail: {
        tiny: [`No click, not yet!`, `Nothing to open!`, `${The(e)} opened nothing!`],
        young: [`But there was nothing for ${E} to open, not yet.`, `There was no door and no lock for ${E} anywhere.`],
        rich: [`But there was no lock for ${E} to fit and no door to open, not yet.`, `Whatever ${c.who.the} needed, it wasn't locked away.`],
      },
      win: [`Click! ${The(e)} opened the way at last.`, `${The(e)} fitted a little hidden lock, and the answer was inside.`],
      action: `tries ${E}`,
    };
  },
  carry: (e, c) => {
    const E = e.the;
    return {
      attempt: {
        tiny: [`What was in ${E}?`, `${n(c)} looked in ${E} for ${c.who.short}.`, `${cap1(c.guide.short)} and ${n(c)} looked in ${E}.`],
        young: [
          `${n(c)} looked inside ${E}. What could help?`,
          `${n(c)} emptied out ${E} to see what was there.`,
          `${n(c)} looked in ${E} for something to help ${c.who.the}.`,
        ],
        rich: [
          `${n(c)} rummaged through ${E}, hoping to find something for ${c.who.the}.`,
          `${n(c)} turned ${E} upside down for ${c.who.the}, and everything tumbled out.`,
          `${n(c)} and ${c.guide.the} unpacked ${E}, one thing at a time, for ${c.who.the}.`,
        ],
      },
      fail: {
        tiny: [`Not that, not that!`, `No, not in there.`, `Not in ${E}!`],
        young: [
          `There were lots of useful things in ${E}, but not the right one.`,
          `Out of ${E} came lots of things, but nothing that could help ${c.who.the}.`,
        ],
        rich: [
          `Out of ${E} came all sorts of useful things, but not the one ${c.who.the} needed.`,
          `There was a lot of interesting stuff in ${E}, but nothing that could help ${c.who.the}.`,
          `Everything in ${E} was useful for something, but not for ${c.who.the}.`,
        ],
      },
      win: [`${The(e)} held exactly what ${c.who.the} needed.`, `Everyone filled ${E} and carried it together.`],
      action: `looks inside ${E}`,
    };
  },
  art: (e, c) => {
    const E = e.the;
    return {
      attempt: {
        tiny: [`${n(c)} drew a picture of ${c.who.short}.`, `Scribble, scribble, went ${n(c)}.`, `${n(c)} drew with ${E}.`],
        young: [`${n(c)} drew a picture with ${E} to work out the answer.`, `${n(c)} used ${E} to draw a plan.`],
        rich: [
          `${n(c)} used ${E} to draw everything they knew about ${c.who.the}, hoping the answer would appear.`,
          `With ${E}, ${n(c)} sketched a plan for ${c.who.the}, with arrows and circles and question marks.`,
        ],
      },
      fail: {
        tiny: [`Nice picture, but no!`, `Pretty, but not yet!`, `That picture didn't help ${c.who.short}!`],
        young: [
          `It was a lovely picture, but it didn't help ${c.who.the}.`,
          `The plan drawn with ${E} had lots of arrows, but none of them pointed to the answer.`,
        ],
        rich: [
          `It was a wonderful picture of ${c.who.the}, but the answer wasn't in it yet.`,
          `The plan for ${c.who.the} was clever, but something was missing from it.`,
        ],
      },
      win: [
        `With ${E}, ${n(c)} drew a plan that showed exactly what ${c.who.the} needed.`,
        `Everyone used ${E} together, and the picture for ${c.who.the} came right.`,
      ],
      action: `tries drawing with ${E}`,
    };
  },
  sound: (e, c) => {
    const E = e.the;
    const h = c.h;
    return {
      attempt: {
        tiny: [`${n(c)} made music for ${c.who.short}!`, `Toot, toot, la-la!`, `${n(c)} played ${E}.`],
        young: [
          `${n(c)} played ${E} as loudly as ${h.he} could.`,
          `${n(c)} made a tune with ${E}.`,
          `${n(c)} played ${E} for ${c.who.the}.`,
          `${n(c)} and ${c.guide.the} made a band with ${E}.`,
        ],
        rich: [
          `${n(c)} played ${E}, loudly and cheerfully, hoping the music would help ${c.who.the}.`,
          `${n(c)} tried a tune on ${E} for ${c.who.the}, then another, and another.`,
          `${n(c)} played ${E} as sweetly as ${h.he} could, for ${c.who.the}.`,
        ],
      },
      fail: {
        tiny: [`${The(e)} played, but no!`, `Nice tune, but no!`, `${The(e)} was too loud!`, `La, la, la! Not the right song.`, `Toot, toot! Not yet.`],
        young: [
          `${The(e)} made a wonderful noise, but nothing changed for ${c.who.the}.`,
          `The music from ${E} was lovely, but the problem didn't go away.`,
          `${cap1(c.who.the)} listened, but nothing changed.`,
        ],
        rich: [
          `${The(e)} made a wonderful, rollicking noise, but nothing changed for ${c.who.the}.`,
          `Everyone tapped their feet to ${E}, but ${c.who.the} still needed help.`,
          `${cap1(c.who.the)} liked the tune from ${E}, but it wasn't what was needed.`,
        ],
      },
      win: [`${n(c)} played ${E} softly, and the music helped ${c.who.the}.`, `The tune from ${E} floated out to ${c.who.the} at just the right moment.`],
      action: `tries playing ${E}`,
    };
  },
  cosy: (e, c) => {
    const E = e.the;
    const friend = c.friendInNeed.the;
    return {
      attempt: {
        tiny: [`${n(c)} shared ${E}.`, `Snug, snug, snug.`],
        young: [`${n(c)} wrapped ${E} around ${friend}.`, `${n(c)} shared ${E} to make everyone cosy.`],
        rich: [
          `${n(c)} tucked ${E} around ${friend}, hoping that feeling snug would help.`,
          `${n(c)} offered ${E}, because being cosy makes most things better.`,
        ],
      },
      fail: {
        tiny: [`Snug, but no!`, `Cosy, but not yet!`, `${The(e)} was snug, but no!`],
        young: [`${The(e)} was snug and warm, but it didn't fix the problem.`, `Everyone felt cosy in ${E}, but ${c.who.the} still needed help.`],
        rich: [
          `${The(e)} was snug and warm and kind, but it didn't help ${c.who.the}.`,
          `Being cosy in ${E} helped everyone feel better, but it wasn't the answer.`,
        ],
      },
      win: [`${The(e)} kept everyone snug and warm.`, `${The(e)} made a cosy nest, just right.`],
      action: `shares ${E}`,
    };
  },
  food: (e, c) => {
    const E = e.the;
    const It = cap1(it(e));
    return {
      attempt: {
        tiny: [`Snack time, yum!`, `${n(c)} shared ${E}.`],
        young: [`${n(c)} shared out ${E}. Maybe a snack would help!`, `${n(c)} offered everyone some of ${E}.`],
        rich: [
          `"Maybe we all need a snack," said ${n(c)}, and shared out ${E}.`,
          `${n(c)} handed round ${E}, because everybody thinks better with a full tummy.`,
        ],
      },
      fail: {
        tiny: [`Yum, but no!`, `Crunch, munch, but no!`, `Yum, ${E}, but no!`],
        young: [`${It} ${was(e)} delicious, but ${c.who.the} still needed help.`, `Every crumb of ${E} was gobbled up, but nothing changed.`],
        rich: [
          `Every bite of ${E} was delicious, but when they finished, the problem was still there.`,
          `The snack was a great success, but the trouble with ${c.who.the} wasn't hungry.`,
        ],
      },
      win: [`Everyone shared ${E}, and ${it(e)} tasted better than ever.`, `${The(e)} brought everyone together, munching and smiling.`],
      action: `shares ${E}`,
    };
  },
  tool: (e, c) => {
    const E = e.the;
    const h = c.h;
    return {
      attempt: {
        tiny: [`${n(c)} tried ${E}.`, `Tap, tap, tap!`],
        young: [`${n(c)} got to work with ${E}.`, `${n(c)} picked up ${E} to fix things.`],
        rich: [
          `${n(c)} rolled up ${h.his} sleeves and got to work with ${E} for ${c.who.the}.`,
          `${n(c)} tried to fix things for ${c.who.the} with ${E}, tapping and twisting.`,
        ],
      },
      fail: {
        tiny: [`Bang, bang, no!`, `Not that kind of fix!`, `${The(e)} didn't fix it!`],
        young: [`${n(c)} worked and worked with ${E}, but it wasn't that kind of problem.`, `It was hard work, but it didn't help ${c.who.the}.`],
        rich: [
          `${n(c)} worked and worked with ${E}, but the trouble with ${c.who.the} wasn't that kind of problem.`,
          `Nothing was broken in the right place, so ${E} had nothing to fix.`,
        ],
      },
      win: [`${The(e)} came in handy for ${c.who.the} after all.`, `With ${E}, the last bit was easy.`],
      action: `fixes things with ${E}`,
    };
  },
  wear: (e, c) => {
    const E = e.the;
    return {
      attempt: {
        tiny: [`${n(c)} tried ${E}.`, `Ta-da, ${E}!`],
        young: [`${n(c)} tried ${E}. Maybe ${it(e)} would help!`, `${n(c)} put on ${E} and stood up tall.`],
        rich: [`${n(c)} tried ${E}, hoping ${it(e)} might do the trick.`, `${n(c)} put on ${E}, feeling very important.`],
      },
      fail: {
        tiny: [`Very smart, but no!`, `Nice, but no!`, `${The(e)} didn't help!`],
        young: [`${The(e)} looked splendid, but it didn't solve the problem.`, `${n(c)} looked wonderful in ${E}, but nothing changed.`],
        rich: [`${The(e)} looked splendid, but that wasn't what was needed.`, `${The(e)} looked very grand, but grand wasn't what ${c.who.the} needed.`],
      },
      win: [`${The(e)} did just the job this time.`, `In ${E}, ${n(c)} could do exactly what was needed.`],
      action: `tries ${E}`,
    };
  },
  treasure: (e, c) => {
    const E = e.the;
    return {
      attempt: {
        tiny: [`${n(c)} tried ${E}.`, `${n(c)} held up ${E}.`],
        young: [`${n(c)} took out ${E}. Maybe ${it(e)} could help!`, `${n(c)} held up ${E} and hoped.`, `${n(c)} gave ${E} to ${c.who.the}.`],
        rich: [
          `${n(c)} took out ${E} and turned ${e.plural ? "them" : "it"} over, wondering how ${it(e)} might help.`,
          `${n(c)} looked hard at ${E}. There had to be a way ${it(e)} could help.`,
          `${n(c)} held out ${E} to ${c.who.the}, as a present.`,
        ],
      },
      fail: {
        tiny: [`Hmm, not quite.`, `Not yet, not yet.`, `${The(e)} did nothing!`],
        young: [
          `${The(e)} ${was(e)} wonderful, but ${it(e)} ${e.plural ? "weren't" : "wasn't"} quite right for this job.`,
          `Nothing happened to ${c.who.the}, not even a little bit.`,
        ],
        rich: [
          `${The(e)} ${was(e)} wonderful, but ${it(e)} ${e.plural ? "weren't" : "wasn't"} the answer, not on ${its(e)} own.`,
          `Nothing happened, and ${n(c)} began to wonder what ${E} was really for.`,
        ],
      },
      win: [`And ${E} turned out to be just what was needed after all.`, `${The(e)} made ${c.who.the} smile at last.`],
      action: `tries ${E}`,
    };
  },
};
