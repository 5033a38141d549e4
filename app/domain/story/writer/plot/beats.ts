import type { EventClass } from "./classes";

/**
 * What a moment of the parent's plot holds, line by line: `pre` lines lead up to the parent's event,
 * `post` lines follow it. Each line names the story's own people, things and place, so two books
 * share few sentences. `small` lines are for ages 1–5 (nine words a sentence at most), `big` for 6–12.
 * A line that needs a part the event does not have returns false.
 */
export interface X {
  /** the child */
  H: string;
  /** "Aarav's" */
  names: string;
  he: string;
  He: string;
  his: string;
  him: string;
  was: string;
  /** the event's subjects: "Aarav and Zoe", "Bolt" */
  S: string;
  they: string;
  They: string;
  their: string;
  /** was/were for the subjects */
  were: string;
  /** is the child among the subjects */
  heroIn: boolean;
  /** the event's main thing or creature: "Bolt", "the kite" */
  O?: string;
  /** someone with the child: "Zoe", "Grandma" */
  C?: string;
  /** the place: "the school fair" */
  P?: string;
  /** a tool or thing that helps: "Dada's toolbox" */
  T?: string;
}

type Line = (x: X) => string | false | undefined;
interface Beat {
  pre: { small: Line[]; big: Line[] };
  post: { small: Line[]; big: Line[] };
  /** what the moment goes on to hold, for its later pages */
  more?: { small: Line[]; big: Line[] };
}

const withC = (x: X) => (x.C && x.heroIn ? `${x.H} and ${x.C}` : x.S);

export const BEATS: Record<EventClass, Beat> = {
  make: {
    pre: {
      small: [(x) => x.heroIn && `${x.H} had a big idea.`, (x) => x.C && x.heroIn && `${x.H} and ${x.C} got busy.`],
      big: [
        (x) => x.heroIn && `${x.H} had a plan, and ${x.he} could not wait to start.`,
        (x) => x.C && x.heroIn && `"Let's make something amazing," said ${x.C}, and ${x.H} was already rolling up ${x.his} sleeves.`,
      ],
    },
    post: {
      small: [
        (x) => x.O && `${x.O} got bigger and bigger.`,
        (x) => x.C && x.heroIn && `${x.C} helped too.`,
        (x) => x.O && `"Hello, ${x.O}!" said ${x.H}.`,
        (x) => x.heroIn && `${x.H} was so proud.`,
      ],
      big: [
        (x) => x.C && x.heroIn && x.O && `${x.C} held ${x.O} steady while ${x.H} worked.`,
        (x) => x.O && `Bit by bit, ${x.O} took shape.`,
        () => `When something went wrong, they put it right and kept going.`,
        (x) => x.heroIn && `It took a long time, but ${x.H} did not mind one bit.`,
      ],
    },
  },
  break: {
    pre: {
      small: [() => `Uh-oh.`, (x) => x.O && `${x.O} wobbled.`],
      big: [(x) => x.O && `Everything was ready, and ${x.O} stood at the very edge of the table.`, () => `Then something went wrong.`],
    },
    post: {
      small: [
        () => `Crash!`,
        () => `Oh no!`,
        (x) => x.O && !/^(his|her|their|the) /.test(x.O) && `Poor ${x.O}!`,
        (x) => `${x.H} felt like crying.`,
        (x) => x.C && `${x.C} looked sad.`,
      ],
      big: [
        () => `There was a terrible crash, and then a terrible quiet.`,
        (x) => x.O && `Pieces of ${x.O} lay all over the floor.`,
        (x) => `${x.H} stared at the mess, and ${x.his} tummy went tight and cold.`,
        (x) => x.P && `"But it's ${x.P} tomorrow," whispered ${x.H}.`,
      ],
    },
  },
  lose: {
    pre: {
      small: [(x) => `${x.H} looked around.`],
      big: [() => `At first nobody noticed anything.`, (x) => `${x.H} turned around, and ${x.his} heart gave a jump.`],
    },
    post: {
      small: [() => `Where could it be?`, (x) => x.O && `Where was ${x.O}?`, (x) => `${x.H} felt sad.`],
      big: [
        (x) => `${x.H} looked under things and behind things, but it was nowhere to be seen.`,
        (x) => x.O && `Without ${x.O}, everything felt wrong.`,
        (x) => x.C && `"We'll find it," said ${x.C}, but ${x.he} did not sound sure.`,
      ],
    },
  },
  search: {
    pre: { small: [() => `Look here. Look there.`], big: [(x) => `${withC(x)} made a plan: they would look everywhere, one place at a time.`] },
    post: {
      small: [() => `Not under the bed.`, () => `Not in the box.`, () => `Keep looking!`],
      big: [
        () => `They looked behind the sofa, inside the boots and under every cushion.`,
        (x) => x.P && `They searched all over ${x.P}.`,
        (x) => `Every time they found nothing, ${x.H} took a breath and tried the next place.`,
      ],
    },
  },
  find: {
    pre: { small: [() => `What was that?`], big: [(x) => `Something caught ${x.names} eye.`] },
    post: {
      small: [() => `Look!`, (x) => `${x.H} gasped.`, (x) => x.O && `There was ${x.O}!`],
      big: [
        (x) => `${x.H} could hardly believe it.`,
        (x) => x.C && `"Look what ${x.H} found!" called ${x.C}.`,
        (x) => x.O && `${x.H} held ${x.O} carefully, as if it might float away.`,
      ],
    },
  },
  sorry: {
    pre: {
      small: [(x) => `${x.H} felt bad inside.`, (x) => x.C && `${x.H} looked at ${x.C}.`],
      big: [
        (x) => `A heavy feeling sat in ${x.names} chest, and it would not go away.`,
        (x) => x.C && `${x.H} looked at ${x.C}. Saying it was going to be hard.`,
      ],
    },
    post: {
      small: [(x) => x.C && `${x.C} gave ${x.H} a hug.`, (x) => `${x.H} felt better.`, (x) => x.C && `"It's okay," said ${x.C}.`],
      big: [
        (x) => x.C && `${x.C} was quiet for a moment. Then ${x.C} smiled a small smile.`,
        () => `The heavy feeling began to melt, like ice in the sun.`,
        (x) => x.C && `"Thank you for saying sorry," said ${x.C}. "Shall we fix it together?"`,
        (x) => `It was strange, ${x.H} thought, how two small words could make such a big difference.`,
      ],
    },
  },
  fix: {
    pre: {
      small: [() => `They could fix it!`, (x) => x.T && `They got ${x.T}.`],
      big: [
        (x) => x.T && `${x.T[0].toUpperCase()}${x.T.slice(1)} was heavy, and it rattled when they opened it.`,
        () => `They laid every piece out in a row, so nothing would get lost.`,
      ],
    },
    post: {
      small: [() => `Tap, tap, twist!`, () => `It took a long time.`, (x) => x.O && `${x.O} was back!`, () => `Hooray!`],
      big: [
        (x) => x.C && `${x.C} held the pieces while ${x.H} turned the screws, very slowly and very carefully.`,
        () => `It was late by the time they finished, and their eyes were tired, but they kept going.`,
      ],
    },
  },
  win: {
    pre: {
      small: [() => `Everyone waited.`, (x) => `${x.H} held ${x.his} breath.`],
      big: [
        (x) => x.P && `${x.P[0].toUpperCase()}${x.P.slice(1)} was busy and bright and full of noise.`,
        () => `When the judges stood up, everyone went quiet.`,
      ],
    },
    post: {
      small: [() => `Hooray!`, () => `Everyone clapped.`, (x) => `${x.H} jumped for joy.`, (x) => x.C && `${x.C} cheered the loudest.`],
      big: [
        (x) => `Everyone clapped, and ${x.H} felt ${x.his} face go pink and warm.`,
        (x) => x.C && `${x.C} hugged ${x.H} so hard they both nearly fell over.`,
        () => `It was the best feeling in the world, and it was even better because they had done it together.`,
      ],
    },
  },
  go: {
    pre: {
      small: [() => `Off they went!`, (x) => `${x.H} could not wait.`],
      big: [(x) => `${x.H} was up early, too excited to stay in bed.`, (x) => x.P && `${x.H} had been looking forward to ${x.P} for days.`],
    },
    post: {
      small: [
        (x) => x.P && `Here was ${x.P}!`,
        () => `So much to see!`,
        (x) => `${x.H} looked and looked.`,
        (x) => x.C && `${x.C} pointed. Look!`,
        (x) => `${x.names} eyes went wide.`,
      ],
      big: [
        (x) => x.P && `${x.P[0].toUpperCase()}${x.P.slice(1)} was even better than ${x.H} had imagined.`,
        (x) => `There was so much to see that ${x.H} did not know where to look first.`,
        (x) => x.C && `${x.C} held ${x.names} hand so they would not get lost.`,
      ],
    },
  },
  home: {
    pre: { small: [() => `Time to go home.`], big: [() => `The day was nearly over.`] },
    post: {
      small: [() => `Home, sweet home.`, (x) => `${x.H} was tired and happy.`],
      big: [() => `Home looked cosy and warm after such a big day.`, (x) => `${x.H} kicked off ${x.his} shoes and flopped onto the sofa.`],
    },
  },
  play: {
    pre: {
      small: [() => `Ready, steady, go!`, () => `One, two, three, go!`, (x) => x.heroIn && `${x.H} was ready!`],
      big: [
        (x) => x.heroIn && `${x.H} stretched ${x.his} arms and legs, ready to begin.`,
        (x) => x.heroIn && `${x.H} took a deep breath and shook out ${x.his} hands.`,
        (x) => x.heroIn && x.C && `${x.C} gave ${x.H} a thumbs-up from the side.`,
        (x) => x.heroIn && x.P && `${x.H} looked around ${x.P.replace(/^(at|in|on) /, "")} and bounced on ${x.his} toes.`,
      ],
    },
    post: {
      small: [() => `What fun!`, (x) => `${x.H} laughed and laughed.`, (x) => x.C && `${x.C} laughed too.`],
      big: [
        (x) => x.heroIn && `${x.H} kept going until ${x.his} cheeks were pink and ${x.his} legs were tired.`,
        (x) => x.heroIn && `${x.H} was getting better every minute.`,
        (x) => x.C && x.heroIn && `${x.C} clapped and cheered from the side.`,
      ],
    },
  },
  meet: {
    pre: { small: [() => `Who was that?`], big: [(x) => `${x.H} had never seen them before.`] },
    post: {
      small: [(x) => `"Hello!" said ${x.H}.`, () => `They smiled.`, () => `A new friend!`],
      big: [() => `Soon they were chatting as if they had known each other for ever.`, (x) => `${x.H} felt shy at first, but not for long.`],
    },
  },
  help: {
    pre: { small: [(x) => `${x.H} wanted to help.`], big: [(x) => `${x.H} could see that help was needed, and ${x.he} did not wait to be asked.`] },
    post: {
      small: [() => `"Thank you!"`, (x) => `${x.H} felt warm inside.`],
      big: [(x) => `Helping made ${x.H} feel bigger inside, as if ${x.his} heart had grown.`, (x) => x.C && `"You're a real friend," said ${x.C}.`],
    },
  },
  share: {
    pre: { small: [(x) => `${x.H} had an idea.`], big: [(x) => `${x.H} looked at what ${x.he} had, and then at ${x.C ?? "the others"}.`] },
    post: {
      small: [() => `"Here you go!"`, (x) => x.C && `${x.C} smiled a big smile.`],
      big: [() => `Sharing it made it twice as good.`, (x) => x.C && `${x.C} smiled so widely that ${x.H} smiled too.`],
    },
  },
  gift: {
    pre: { small: [(x) => `${x.S} had a surprise.`], big: [(x) => `${x.S} had something hidden behind ${x.their} back.`] },
    post: {
      small: [(x) => `"For me?" said ${x.H}.`, (x) => `"Thank you!" said ${x.H}.`, (x) => `${x.H} hugged ${x.S}.`],
      big: [
        (x) => `"Is it really for me?" asked ${x.H}, hardly daring to believe it.`,
        (x) => x.O && `${x.H} turned ${x.O} over and over, looking at every side.`,
        (x) => `${x.H} threw ${x.his} arms around ${x.S}. "Thank you," ${x.he} whispered.`,
      ],
    },
  },
  quarrel: {
    pre: { small: [() => `"Mine!"`], big: [() => `It started with something small.`] },
    post: {
      small: [() => `Nobody was happy.`, (x) => `${x.H} stomped off.`],
      big: [() => `Soon nobody was smiling, and the room felt cold and quiet.`, (x) => x.C && `${x.H} and ${x.C} sat on opposite sides of the room.`],
    },
  },
  hurt: {
    pre: { small: [() => `Wobble, wobble…`], big: [() => `It all happened so fast.`] },
    post: {
      small: [() => `Ouch!`, (x) => x.C && `${x.C} came running.`, () => `A plaster made it better.`, (x) => `${x.H} was brave.`],
      big: [
        (x) => `For a moment ${x.H} just sat there, too surprised to cry, and then the sting came.`,
        (x) => x.C && `${x.C} came running and knelt down beside ${x.H}.`,
        (x) => x.C && `"Let's have a look," said ${x.C} gently, and found a plaster with stars on it.`,
        (x) => `${x.H} sniffed and wiped ${x.his} eyes. It hurt, but it was getting better.`,
      ],
    },
  },
  fear: {
    pre: { small: [(x) => `${x.H} felt wobbly.`], big: [(x) => `${x.names} knees felt wobbly, and ${x.his} heart went thump, thump, thump.`] },
    post: {
      small: [(x) => x.C && `${x.C} held ${x.names} hand.`, () => `One big breath.`],
      big: [
        (x) => x.C && `${x.C} squeezed ${x.names} hand. "I'm right here," ${x.C} said.`,
        (x) => `${x.H} breathed in slowly, and out slowly, like blowing out birthday candles.`,
      ],
    },
  },
  sad: {
    pre: { small: [(x) => `${x.H} felt sad.`], big: [(x) => `${x.H} went very quiet.`] },
    post: {
      small: [(x) => x.C && `${x.C} gave ${x.H} a cuddle.`, () => `A big hug helps.`],
      big: [(x) => x.C && `${x.C} sat down next to ${x.H} and listened.`, () => `Talking about it made the sad feeling a little smaller.`],
    },
  },
  party: {
    pre: { small: [() => `Party time!`], big: [() => `There were balloons, music and far too many things to eat.`] },
    post: {
      small: [() => `Everyone danced.`, () => `What a day!`, (x) => `${x.H} had cake.`],
      big: [() => `Everyone danced until their feet were tired.`, (x) => `${x.H} laughed so much ${x.his} tummy hurt.`],
    },
  },
  eat: {
    pre: { small: [() => `Yum, yum!`], big: [(x) => `${x.names} tummy gave a loud rumble.`] },
    post: {
      small: [() => `Munch, munch!`, (x) => `${x.H} licked ${x.his} lips.`],
      big: [() => `It tasted even better than it smelled.`, () => `Soon there were only crumbs left, and sticky fingers.`],
    },
  },
  learn: {
    pre: { small: [(x) => `${x.H} tried.`], big: [() => `At first it was harder than it looked.`] },
    post: {
      small: [() => `Again! And again!`, (x) => `${x.H} did it!`],
      big: [(x) => `${x.H} tried, and wobbled, and tried again.`, () => `Each time it got a little easier.`],
    },
  },
  generic: {
    pre: { small: [(x) => x.C && `${x.C} had news.`], big: [(x) => x.C && x.heroIn && `${x.H} and ${x.C} had been waiting for this.`] },
    post: {
      small: [(x) => `${x.H} smiled.`, (x) => x.C && `${x.C} smiled too.`],
      big: [
        (x) => `${x.H} would remember that moment for a long time.`,
        (x) => x.C && `${x.C} could not stop grinning.`,
        (x) => x.C && `${x.C} would tell that story for years.`,
        (x) => x.P && `It was the best thing that had ever happened ${/^(at|in|on) /.test(x.P) ? x.P : `at ${x.P}`}.`,
      ],
    },
  },
};
