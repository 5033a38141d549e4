import type { Ctx, Lines } from "./ctx";
import { it, its, The, was, type Entity } from "./entities";

/**
 * How a special element takes part in a try that does not work (yet), and how it helps in the
 * end. Failures are gentle and never the element's fault: it simply is not the whole answer.
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
        tiny: [`${n(c)} met ${e.a}.`, `Along came ${e.a} to help ${n(c)}.`],
        young: [`Just then, along came ${e.a}.`, `Round the corner came ${e.a}, who wanted to help ${n(c)}.`],
        rich: [
          `Just then, who should come along but ${e.a}, who had heard everything and wanted to help.`,
          `That was when they met ${e.a}, who listened to the whole story with wide eyes.`,
        ],
      };
    case "place":
      return {
        tiny: [`${n(c)} saw ${e.a}.`],
        young: [`Not far away was ${e.a}.`, `In the distance, ${n(c)} could see ${e.a}.`],
        rich: [`Not far away, ${n(c)} spotted ${e.a}, glimmering as if it had been waiting for them.`],
      };
    case "toy":
      return {
        tiny: [`${n(c)} had ${e.a}.`],
        young: [`${n(c)} had brought ${e.a} along, of course.`],
        rich: [`Tucked under ${c.h.his} arm, as always, was ${e.a}.`],
      };
    default:
      return {
        tiny: [`${n(c)} had ${e.a}.`, `${n(c)} found ${e.a}.`, `${n(c)} spotted ${e.a}.`],
        young: [
          `${n(c)} had brought ${e.a} along.`,
          `In ${c.h.his} pocket, ${n(c)} found ${e.a}.`,
          `Then ${n(c)} remembered ${e.a}.`,
          `Luckily, ${n(c)} had ${e.a} with ${c.h.him}.`,
        ],
        rich: [
          `Just in case, ${n(c)} had brought ${e.a}, and now ${c.h.he} ${c.h.was} very glad of it.`,
          `Deep in ${c.h.his} pocket, ${n(c)} found ${e.a}, and an idea began to fizz.`,
          `Then ${n(c)} remembered ${e.a}, and ${c.h.his} eyes lit up.`,
          `Luckily, ${n(c)} had thought to bring ${e.a}.`,
        ],
      };
  }
}

function cap1(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

export function tryText(e: Entity, c: Ctx): TryText {
  const E = e.the;
  const It = cap1(it(e));
  const intro = introLines(e, c);
  if (e.kind === "creature" || e.kind === "person") {
    return {
      intro,
      attempt: {
        tiny: [`${The(e)} tried to help ${n(c)}.`],
        young: [`${The(e)} had an idea and tried to help.`, `"Let me try!" said ${E}.`].slice(0, e.speaks ? 2 : 1),
        rich: [
          `${The(e)} had an idea and tried it with all ${e.plural ? "their" : e.kind === "person" ? "their" : "its"} might.`,
          e.speaks ? `"I know what to do," said ${E}, and tried very hard indeed.` : `${The(e)} tried too, as hard as ${it(e)} could.`,
        ],
      },
      fail: {
        tiny: [`No, not yet.`],
        young: [`But it didn't work, not this time.`, `It was a kind try, but it wasn't enough.`, `That didn't work either, but it was a good try.`],
        rich: [
          `It was a kind and clever try, but it wasn't enough on its own.`,
          `${The(e)} did ${its(e)} very best, but it still wasn't quite enough.`,
          `That didn't work either, although it was a very good try.`,
        ],
      },
      win: [`${The(e)} helped too, in just the right way.`, `And ${E} did exactly the right thing at exactly the right moment.`],
      action: `looks on as ${E} tries to help`,
    };
  }
  if (e.kind === "toy") {
    return {
      intro,
      attempt: {
        tiny: [`${n(c)} hugged ${E}.`],
        young: [`${n(c)} hugged ${E} tight and thought very hard.`],
        rich: [`${n(c)} hugged ${E} tight, the way ${c.h.he} always did when ${c.h.he} needed to think, and waited for an idea.`],
      },
      fail: {
        tiny: [`Hmm, no idea yet.`],
        young: [`${The(e)} was soft and kind, but no idea came, not even a tiny one.`],
        rich: [`${The(e)} was as cuddly as ever, but this time no idea came, not even a small one.`],
      },
      win: [`${n(c)} held ${E} close, and it made ${c.h.him} feel brave.`, `${The(e)} was right there, cuddly and brave, the whole time.`],
      action: `thinks hard, hugging ${E}`,
    };
  }
  if (e.kind === "place") {
    return {
      intro,
      attempt: {
        tiny: [`Off went ${n(c)} to ${E}!`],
        young: [`"Maybe the answer is at ${E}!" said ${n(c)}, and off they went.`],
        rich: [`"What if the answer is at ${E}?" said ${n(c)}. It was worth a try, so off they went, as fast as they could.`],
      },
      fail: {
        tiny: [`Not here, oh well!`],
        young: [`${The(e)} ${was(e)} beautiful, but the answer wasn't there.`],
        rich: [`${The(e)} ${was(e)} more beautiful than ${n(c)} had imagined, but the answer wasn't there.`],
      },
      win: [`${The(e)} sparkled as if ${it(e)} ${was(e)} cheering too.`],
      action: `explores ${E}`,
    };
  }
  const byFn: Record<string, Omit<TryText, "intro">> = {
    light: {
      attempt: {
        tiny: [`${n(c)} held up ${E}.`, `Glow, glow, went ${E}.`],
        young: [`${n(c)} held up ${E}. ${It} glowed, warm and bright.`, `${n(c)} switched on ${E} and looked around.`],
        rich: [
          `${n(c)} held ${E} up high, and ${its(e)} light spilled all around, as warm as a kitchen window.`,
          `${n(c)} lifted ${E}, hoping ${its(e)} glow would show them something new.`,
        ],
      },
      fail: {
        tiny: [`Too small a light.`, `Not bright enough!`],
        young: [`But the light was too small to show the whole way.`, `The light was lovely, but it couldn't reach far enough.`],
        rich: [
          `But the light only reached a little way, and beyond it, everything was still a puzzle.`,
          `The glow was cosy and golden, but it couldn't light up the answer.`,
        ],
      },
      win: [`${The(e)} shone brighter than ever and lit the way.`, `This time, ${E} glowed just where it was needed.`],
      action: `reaches up with ${E}, glowing`,
    },
    way: {
      attempt: {
        tiny: [`${n(c)} looked at ${E}.`, `Which way, ${E}?`],
        young: [`${n(c)} looked at ${E}. Surely ${it(e)} would know the way!`, `${n(c)} held out ${E} and waited to see which way to go.`],
        rich: [
          `${n(c)} studied ${E} carefully. If anything knew the way, surely ${it(e)} would.`,
          `${n(c)} turned ${E} this way and that, searching for a clue.`,
        ],
      },
      fail: {
        tiny: [`This way or that way?`, `Round and round, no way!`],
        young: [`But ${E} showed so many ways to go that nobody knew which one was right.`, `${The(e)} pointed one way, then another, then another!`],
        rich: [
          `But ${E} showed this way and that way and every way at once, and nobody could tell which one was right.`,
          `${The(e)} seemed just as puzzled as everyone else, and that was no help at all.`,
        ],
      },
      win: [`And now ${E} showed exactly the right way.`, `${The(e)} pointed straight to the answer.`],
      action: `looks at ${E}`,
    },
    far: {
      attempt: {
        tiny: [`${n(c)} looked far, far away.`, `Peek, peek, went ${n(c)}.`],
        young: [`${n(c)} looked through ${E}, far, far away.`, `${n(c)} peeked through ${E} to look for clues.`],
        rich: [`${n(c)} peered through ${E}, turning slowly, searching every faraway corner.`, `${n(c)} put ${E} to one eye and scanned the horizon.`],
      },
      fail: {
        tiny: [`Nothing there yet.`, `Too far away!`],
        young: [`${n(c)} saw lots of things far away, but not the answer.`, `Everything looked big and close, but the answer wasn't there.`],
        rich: [
          `${n(c)} saw hills and clouds and a bird carrying a twig, but not the answer.`,
          `The answer, it seemed, was not far away at all, and so ${E} couldn't find it.`,
        ],
      },
      win: [`Through ${E}, ${n(c)} spotted exactly what they needed.`],
      action: `looks through ${E}`,
    },
    ride: {
      attempt: {
        tiny: [`Off went ${n(c)} in ${E}!`, `Zoom, went ${E}!`],
        young: [`"Hop in!" said ${n(c)}, and off they went in ${E}.`, `${n(c)} climbed into ${E} and off they went.`],
        rich: [`"Everybody in!" called ${n(c)}, and off they went in ${E}, faster and faster.`, `${n(c)} took the controls of ${E}, and away they went.`],
      },
      fail: {
        tiny: [`Round and round, oh!`, `Back again, oops!`],
        young: [`But ${E} went round in a circle and ended up right back where they started.`, `${The(e)} went very fast, but not to the right place.`],
        rich: [
          `But ${E} went round and round in a big loop and came to a stop exactly where it had started.`,
          `${The(e)} zipped about bravely, but going fast wasn't the same as going the right way.`,
        ],
      },
      win: [`${The(e)} carried everyone exactly where they needed to go.`],
      action: `sets off in ${E}`,
    },
    up: {
      attempt: {
        tiny: [`Up, up with ${E}!`, `${n(c)} held on tight.`],
        young: [`${n(c)} held on to ${E}. Maybe ${it(e)} could lift ${c.h.him} up high!`, `${n(c)} tried ${E} to reach up high.`],
        rich: [
          `${n(c)} held on to ${E} and hoped ${it(e)} might carry ${c.h.him} up high enough to see.`,
          `${n(c)} tried to use ${E} to get a bird's-eye view.`,
        ],
      },
      fail: {
        tiny: [`Bump, down again!`, `Not high enough!`],
        young: [`${The(e)} bobbed and wobbled, but ${it(e)} couldn't go high enough.`, `Up a little, down a little, but not high enough.`],
        rich: [
          `${The(e)} bobbed and wobbled bravely, but ${it(e)} couldn't go quite high enough, and down ${n(c)} came with a soft bump.`,
          `It was fun, but the answer wasn't up high after all.`,
        ],
      },
      win: [`Up went ${E}, just high enough this time.`],
      action: `reaches for the sky with ${E}`,
    },
    read: {
      attempt: {
        tiny: [`${n(c)} read ${E}.`, `What did ${E} say?`],
        young: [`${n(c)} read ${E} very carefully.`, `${n(c)} unrolled ${E} and read every word.`],
        rich: [`${n(c)} read ${E} once, twice, three times, running a finger under every word.`, `${n(c)} spread out ${E} and read it aloud, slowly.`],
      },
      fail: {
        tiny: [`Tricky words!`, `Hmm, what did it mean?`],
        young: [`But the words were twisty and tricky, and they didn't make sense yet.`, `The words were a puzzle that nobody could solve yet.`],
        rich: [
          `But the words were twisty and tricky, like a riddle wearing a disguise, and they didn't make sense yet.`,
          `Every word made sense on its own, but together they made a puzzle.`,
        ],
      },
      win: [`Now the words in ${E} made perfect sense.`],
      action: `looks closely at ${E}`,
    },
    magic: {
      attempt: {
        tiny: [`${n(c)} made a wish.`, `Wish, wish, wish!`],
        young: [`${n(c)} held ${E} and made a wish.`, `${n(c)} gave ${E} a little shake and wished.`],
        rich: [`${n(c)} held ${E} and wished with ${c.h.his} whole heart.`, `${n(c)} closed ${c.h.his} eyes, held ${E} tight and whispered a wish.`],
      },
      fail: {
        tiny: [`Fizz, pop, bubbles!`, `Sparkle, but no!`],
        young: [`Fizz! Pop! Out came a shower of tiny bubbles, and nothing else.`, `There was a little sparkle, and then nothing at all.`],
        rich: [
          `Fizz, pop, whizz! Out came a shower of rainbow bubbles that floated away, and nothing else happened at all.`,
          `A few sparkles fizzled out like a birthday candle, and that was all.`,
        ],
      },
      win: [`${The(e)} sparkled, and a little magic helped at just the right moment.`],
      action: `tries ${E}, making a wish`,
    },
    open: {
      attempt: {
        tiny: [`${n(c)} tried ${E}.`, `Click, click?`],
        young: [`${n(c)} tried ${E}. Maybe ${it(e)} could open the way!`, `${n(c)} held up ${E} and looked for something to open.`],
        rich: [`${n(c)} tried ${E}, hoping ${it(e)} might unlock the answer.`, `${n(c)} searched for a keyhole, a latch, anything that ${E} might open.`],
      },
      fail: {
        tiny: [`No click, not yet!`, `Nothing to open!`],
        young: [`But there was nothing for ${it(e)} to open, not yet.`, `There was no door and no lock anywhere.`],
        rich: [`But there was no lock to fit and no door to open, not yet.`, `Whatever the answer was, it wasn't locked away.`],
      },
      win: [`Click! ${The(e)} opened the way at last.`],
      action: `tries ${E}`,
    },
    carry: {
      attempt: {
        tiny: [`What was in ${E}?`, `${n(c)} looked in ${E}.`],
        young: [`${n(c)} looked inside ${E}. What could help?`, `${n(c)} emptied out ${E} to see what was there.`],
        rich: [`${n(c)} rummaged through ${E}, hoping to find something useful.`, `${n(c)} turned ${E} upside down and everything tumbled out.`],
      },
      fail: {
        tiny: [`Not that, not that!`, `No, not in there.`],
        young: [`There were lots of useful things inside, but not the right one.`, `Out came lots of things, but nothing that could help.`],
        rich: [
          `Out came all sorts of useful things, but not the one they needed.`,
          `There was a lot of interesting stuff in there, but nothing that could solve this.`,
        ],
      },
      win: [`${The(e)} held exactly what they needed.`],
      action: `looks inside ${E}`,
    },
    art: {
      attempt: {
        tiny: [`${n(c)} drew a picture.`, `Scribble, scribble, went ${n(c)}.`],
        young: [`${n(c)} drew a picture with ${E} to work out the answer.`, `${n(c)} used ${E} to draw a plan.`],
        rich: [
          `${n(c)} used ${E} to draw everything they knew, hoping the answer would appear on the page.`,
          `With ${E}, ${n(c)} sketched a plan, with arrows and circles and question marks.`,
        ],
      },
      fail: {
        tiny: [`Nice picture, but no!`, `Pretty, but not yet!`],
        young: [`It was a lovely picture, but it didn't solve the problem.`, `The plan had lots of arrows, but none of them pointed to the answer.`],
        rich: [`It was a wonderful picture, but the answer wasn't in it yet.`, `The plan was clever, but something was missing from it.`],
      },
      win: [`With ${E}, ${n(c)} drew a plan that showed exactly what to do.`],
      action: `tries drawing with ${E}`,
    },
    sound: {
      attempt: {
        tiny: [`${n(c)} made music!`, `Toot, toot, la-la!`],
        young: [`${n(c)} played ${E} as loudly as ${c.h.he} could.`, `${n(c)} made a tune with ${E}.`],
        rich: [`${n(c)} played ${E}, loudly and cheerfully, hoping the music would help.`, `${n(c)} tried a tune on ${E}, then another, and another.`],
      },
      fail: {
        tiny: [`Loud, but no!`, `Nice tune, but no!`],
        young: [`It made a wonderful noise, but nothing changed.`, `The music was lovely, but the problem didn't go away.`],
        rich: [
          `It made a wonderful, rollicking noise, but nothing changed at all.`,
          `Everyone tapped their feet, but the problem stayed exactly where it was.`,
        ],
      },
      win: [`${n(c)} played ${E} softly, and the music helped.`],
      action: `tries playing ${E}`,
    },
    cosy: {
      attempt: {
        tiny: [`${n(c)} shared ${E}.`, `Snug, snug, snug.`],
        young: [`${n(c)} wrapped ${E} around ${c.friendInNeed.the}.`, `${n(c)} shared ${E} to make everyone cosy.`],
        rich: [
          `${n(c)} tucked ${E} around ${c.friendInNeed.the}, hoping that feeling snug would help.`,
          `${n(c)} offered ${E}, because being cosy makes most things better.`,
        ],
      },
      fail: {
        tiny: [`Snug, but no!`, `Cosy, but not yet!`],
        young: [`It was snug and warm, but it didn't fix the problem.`, `Everyone felt cosy, but the problem was still there.`],
        rich: [`It was snug and warm and kind, but it didn't fix the problem.`, `Being cosy helped everyone feel better, but it wasn't the answer.`],
      },
      win: [`${The(e)} kept everyone snug and warm.`],
      action: `shares ${E}`,
    },
    food: {
      attempt: {
        tiny: [`Snack time, yum!`, `${n(c)} shared ${E}.`],
        young: [`${n(c)} shared out ${E}. Maybe a snack would help!`, `${n(c)} offered everyone some of ${E}.`],
        rich: [
          `"Maybe we all need a snack," said ${n(c)}, and shared out ${E}.`,
          `${n(c)} handed round ${E}, because everybody thinks better with a full tummy.`,
        ],
      },
      fail: {
        tiny: [`Yum, but no!`, `Crunch, munch, but no!`],
        young: [`It was delicious, but the problem was still there.`, `Every crumb was gobbled up, but nothing changed.`],
        rich: [
          `Every crumb was delicious, but when they finished, the problem was still there.`,
          `The snack was a great success, but the problem wasn't hungry.`,
        ],
      },
      win: [`Everyone shared ${E}, and it tasted better than ever.`],
      action: `shares ${E}`,
    },
    tool: {
      attempt: {
        tiny: [`${n(c)} tried ${E}.`, `Tap, tap, tap!`],
        young: [`${n(c)} got to work with ${E}.`, `${n(c)} picked up ${E} to fix things.`],
        rich: [`${n(c)} rolled up ${c.h.his} sleeves and got to work with ${E}.`, `${n(c)} tried to fix things with ${E}, tapping and twisting.`],
      },
      fail: {
        tiny: [`Bang, bang, no!`, `Not that kind of fix!`],
        young: [`${n(c)} worked and worked, but it wasn't that kind of problem.`, `It was hard work, but it didn't help.`],
        rich: [`${n(c)} worked and worked, but it turned out this wasn't that kind of problem.`, `Nothing was broken, so there was nothing to fix.`],
      },
      win: [`${The(e)} came in handy after all.`],
      action: `fixes things with ${E}`,
    },
    wear: {
      attempt: {
        tiny: [`${n(c)} tried ${E}.`, `Ta-da, ${E}!`],
        young: [`${n(c)} tried ${E}. Maybe ${it(e)} would help!`, `${n(c)} put on ${E} and stood up tall.`],
        rich: [`${n(c)} tried ${E}, hoping ${it(e)} might do the trick.`, `${n(c)} put on ${E}, feeling very important.`],
      },
      fail: {
        tiny: [`Very smart, but no!`, `Nice, but no!`],
        young: [`${The(e)} looked splendid, but it didn't solve the problem.`, `${n(c)} looked wonderful, but nothing changed.`],
        rich: [`${The(e)} looked splendid, but that wasn't what was needed.`, `It looked very grand, but grand wasn't what the problem needed.`],
      },
      win: [`${The(e)} gleamed proudly in the light.`],
      action: `tries ${E}`,
    },
    treasure: {
      attempt: {
        tiny: [`${n(c)} tried ${E}.`, `${n(c)} held up ${E}.`],
        young: [`${n(c)} took out ${E}. Maybe ${it(e)} could help!`, `${n(c)} held up ${E} and hoped.`],
        rich: [
          `${n(c)} took out ${E} and turned ${e.plural ? "them" : "it"} over, wondering how ${it(e)} might help.`,
          `${n(c)} looked hard at ${E}. There had to be a way ${it(e)} could help.`,
        ],
      },
      fail: {
        tiny: [`Hmm, not quite.`, `Not yet, not yet.`],
        young: [
          `${The(e)} ${was(e)} wonderful, but ${it(e)} ${e.plural ? "weren't" : "wasn't"} quite right for this job.`,
          `Nothing happened, not even a little bit.`,
        ],
        rich: [
          `${The(e)} ${was(e)} wonderful, but ${it(e)} ${e.plural ? "weren't" : "wasn't"} the answer, not on ${its(e)} own.`,
          `Nothing happened, and ${n(c)} began to wonder what ${E} was really for.`,
        ],
      },
      win: [`And ${E} turned out to be just what was needed after all.`],
      action: `tries ${E}`,
    },
  };
  const t = byFn[e.fn ?? "treasure"] ?? byFn.treasure;
  return { intro, ...t };
}
