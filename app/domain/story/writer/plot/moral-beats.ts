import type { MoralKey } from "../lessons";
import type { X } from "./beats";
import type { PlotEvent } from "./read";

/**
 * The moral inside the parent's plot: the child first gets it wrong in a way the moral mends (blames
 * someone, holds on to a toy, tries alone), so the lesson is the answer to a problem, not a line at
 * the end. The insight and the act that follow come from the lessons.
 */
type Flaw = (x: X, small: boolean) => (string | false | undefined)[];

const someone = (x: X) => x.C ?? "everyone";

export const FLAWS: Record<MoralKey, Flaw> = {
  sorry: (x, small) =>
    small
      ? [x.C && `"It's your fault!" ${x.H} told ${x.C}.`, `${x.H} stomped off in a huff.`]
      : [
          x.C && `"This is all your fault!" ${x.H} shouted at ${x.C}, even though it wasn't true. ${x.C} went very quiet.`,
          `${x.H} stomped off and slammed the door, and the whole house seemed to hold its breath.`,
        ],
  share: (x, small) =>
    small
      ? [x.O && `"Mine!" said ${x.H}, holding ${x.O} tight.`, `${x.H} did not want to share.`]
      : [
          x.O && `${someone(x)} asked for a turn with ${x.O}, but ${x.H} held on tight. "It's mine," ${x.he} said.`,
          `${x.H} kept everything close and did not want to share, not even a little.`,
        ],
  together: (x, small) =>
    small
      ? [`"I can do it myself!" said ${x.H}.`, `${x.H} tried alone. It did not work.`]
      : [
          `"I can do it by myself," said ${x.H}, and would not let anyone help. But it was far too big a job for one.`,
          x.C && `${x.H} waved ${x.C} away. "I'll do it on my own," ${x.he} said, and then got stuck.`,
        ],
  brave: (x, small) =>
    small
      ? [`${x.H} felt scared.`, `${x.H} wanted to hide.`]
      : [
          `${x.H} felt a wobbly, scared feeling, and wanted to hide under the covers until it went away.`,
          x.P && `${x.H} thought about ${x.P}, and ${x.his} tummy did a flip. What if it all went wrong?`,
        ],
  kind: (x, small) =>
    small
      ? [x.C && `${x.C} looked sad. ${x.H} did not see.`, `${x.H} rushed on.`]
      : [
          x.C && `${x.H} was so busy that ${x.he} did not notice ${x.C} sitting all alone, looking sad.`,
          `${x.H} rushed past, too busy to see who needed a friend.`,
        ],
  care: (x, small) =>
    small
      ? [x.O && `${x.H} forgot about ${x.O}.`, `${x.H} forgot to be careful.`]
      : [x.O && `In all the excitement, ${x.H} forgot to look after ${x.O}.`, `${x.H} was in such a hurry that ${x.he} forgot to be careful.`],
  listen: (x, small) =>
    small
      ? [x.C && `${x.C} had an idea. ${x.H} did not listen.`, `${x.H} put ${x.his} hands over ${x.his} ears.`]
      : [x.C && `${x.C} had an idea, but ${x.H} was too busy talking to listen.`, `Everyone was trying to help, but ${x.H} was not listening to anyone.`],
  curious: (x, small) =>
    small
      ? [`${x.H} did not ask.`, `${x.H} just guessed.`]
      : [
          `${x.H} did not ask any questions. ${x.He} just guessed, and guessed wrong.`,
          `${x.H} thought ${x.he} knew everything already, so ${x.he} did not ask.`,
        ],
  persevere: (x, small) =>
    small
      ? [`"I give up!" said ${x.H}.`, `${x.H} wanted to stop.`]
      : [`"I give up," said ${x.H}, and dropped everything on the floor. "It's too hard."`, `${x.H} wanted to stop trying. Nothing was going right.`],
  patient: (x, small) =>
    small
      ? [`"Now, now, now!" said ${x.H}.`, `${x.H} could not wait.`]
      : [
          `"I want it done now!" said ${x.H}, rushing, and the rushing only made things worse.`,
          `${x.H} hated waiting, so ${x.he} hurried, and hurrying made a mess.`,
        ],
  honest: (x, small) =>
    small
      ? [`"Not me!" said ${x.H}.`, `${x.H} hid it.`]
      : [
          `When someone asked what had happened, ${x.H} said, "It wasn't me." The words felt heavy straight away.`,
          `${x.H} kept quiet about what had really happened, and the secret felt like a stone in ${x.his} pocket.`,
        ],
  self: (x, small) =>
    small
      ? [`${x.H} felt different.`, `${x.H} felt small.`]
      : [`${x.H} wished ${x.he} could be more like everyone else.`, `For a moment, ${x.H} felt that ${x.he} was not good enough.`],
  grateful: (x, small) =>
    small
      ? [`${x.H} forgot to say thank you.`, `${x.H} wanted more.`]
      : [`${x.H} was so busy wanting more that ${x.he} forgot to say thank you.`, x.C && `${x.C} had helped so much, and ${x.H} had not even noticed.`],
  general: (x, small) =>
    small
      ? [`${x.H} did not know what to do.`, `Oh dear.`]
      : [`${x.H} did not know what to do, and everything felt muddled.`, `For a while, nothing went right, and ${x.H} felt cross with everything.`],
};

/** Does this event of the plot act out the moral itself ("Aarav says sorry" for a moral about sorry)? */
export function enacts(key: MoralKey, ev: PlotEvent): boolean {
  const s = ev.sentence.toLowerCase();
  switch (key) {
    case "sorry":
      return ev.cls === "sorry";
    case "share":
      return ev.cls === "share";
    case "kind":
    case "care":
      return ev.cls === "help";
    case "together":
      return /\b(together|teamwork|as a team|helped each other)\b/.test(s);
    case "persevere":
      return /\b(kept trying|tried again|did ?n[o']t give up|never gave up)\b/.test(s);
    case "honest":
      return /\b(truth|owned up|admitted)\b/.test(s);
    case "listen":
      return /\blistened\b/.test(s);
    case "grateful":
      return /\bthank/.test(s);
    case "patient":
      return /\bwaited\b/.test(s);
    case "brave":
      return /\b(brave|bravely|was ?n[o']t scared)\b/.test(s);
    default:
      return false;
  }
}

/** The child finds the lesson and acts on it, in the plot's own terms. */
export const INSIGHTS: Record<MoralKey, Flaw> = {
  sorry: (x, small) =>
    small
      ? [x.C && `"Sorry, ${x.C}," said ${x.H}. Big hug!`, `${x.H} said sorry. All better!`]
      : [
          x.C &&
            `${x.H} found ${x.C} and took a deep breath. "I'm sorry," ${x.he} said. "It wasn't your fault." ${x.C} gave a wobbly smile, and it felt like the sun coming out.`,
          `${x.H} took a deep breath and said the bravest little word of all: "Sorry." At once, the heavy feeling began to lift.`,
        ],
  share: (x, small) =>
    small
      ? [x.C && x.O && `${x.H} gave ${x.C} a turn with ${x.O}. ${x.C} smiled!`, `${x.H} shared. It was more fun!`]
      : [
          x.C && x.O && `${x.H} looked at ${x.C}, then held out ${x.O}. "Your turn," ${x.he} said. Sharing it turned out to be twice the fun.`,
          `${x.H} thought about how it felt to be left out, and decided to share after all. Everyone's smiles made it worth it.`,
        ],
  together: (x, small) =>
    small
      ? [x.C && `"Help me, ${x.C}?" asked ${x.H}. Together!`, `Together it was easy!`]
      : [
          x.C && `"Will you help me?" ${x.H} asked ${x.C}. With four hands instead of two, the hard part was suddenly easy.`,
          `${x.H} asked everyone to help, and the job that was too big for one became just right for all of them.`,
        ],
  brave: (x, small) =>
    small
      ? [`${x.H} took a big breath. One step. Two steps!`, x.C && `${x.C} held ${x.names} hand. Brave ${x.H}!`]
      : [
          `${x.H} took a slow, deep breath. Being brave, ${x.he} realised, didn't mean not being scared. It meant trying anyway.`,
          x.C && `"I'll be right beside you," said ${x.C}. So ${x.H} took one small, brave step, and then another.`,
        ],
  kind: (x, small) =>
    small
      ? [x.C && `${x.H} sat with ${x.C}. "Are you okay?"`, `${x.H} was kind. Everyone smiled.`]
      : [
          x.C && `${x.H} stopped and went back to ${x.C}. "Are you okay?" ${x.he} asked softly. It was only a small kindness, but it changed everything.`,
          `${x.H} slowed down and looked around for anyone who needed a friend. Being kind felt much better than rushing.`,
        ],
  care: (x, small) =>
    small
      ? [x.O && `${x.H} was gentle with ${x.O}.`, `Gently, gently.`]
      : [
          x.O && `${x.H} picked up ${x.O} carefully and made a promise to look after it properly from now on.`,
          `${x.H} slowed down and took care, and taking care made everything go better.`,
        ],
  listen: (x, small) =>
    small
      ? [x.C && `${x.H} listened to ${x.C}. Good idea!`, `${x.H} listened. Shh!`]
      : [
          x.C && `${x.H} stopped talking and really listened to ${x.C}. It turned out to be a very good idea indeed.`,
          `${x.H} stopped and listened, properly this time, and heard the answer ${x.he} had been missing.`,
        ],
  curious: (x, small) =>
    small
      ? [`"Why?" asked ${x.H}. "How?"`, `${x.H} asked a question!`]
      : [`${x.H} began to ask questions: how, and why, and what if. Every answer opened up a new idea.`],
  persevere: (x, small) =>
    small
      ? [`${x.H} tried again. And again!`, `"One more try!" said ${x.H}.`]
      : [
          `${x.H} picked everything up again. "One more try," ${x.he} said, and this time ${x.he} tried a different way.`,
          x.C && `"Don't give up," said ${x.C}. So ${x.H} tried again, slowly and carefully, and it began to work.`,
        ],
  patient: (x, small) =>
    small
      ? [`${x.H} waited. Slowly, slowly.`, `Wait, wait, wait.`]
      : [`${x.H} took a breath and slowed right down. Doing it slowly, ${x.he} found, was the quickest way after all.`],
  honest: (x, small) =>
    small
      ? [`"It was me," said ${x.H}. "Sorry."`, `${x.H} told the truth.`]
      : [`${x.H} took a deep breath and told the truth, all of it. The heavy feeling lifted at once, and nobody was cross for long.`],
  self: (x, small) =>
    small
      ? [`${x.H} was just right.`, `${x.H} smiled. Being ${x.H} was good!`]
      : [`${x.H} realised that being ${x.him}self was exactly right, and that was the best thing to be.`],
  grateful: (x, small) =>
    small
      ? [x.C && `"Thank you, ${x.C}!" said ${x.H}.`, `${x.H} said thank you.`]
      : [
          x.C && `${x.H} ran to ${x.C}. "Thank you," ${x.he} said, "for everything." ${x.C} looked so pleased that ${x.H} wished ${x.he} had said it sooner.`,
          `${x.H} stopped and thought about all the good things that day. "Thank you," ${x.he} said to everyone, and meant it.`,
        ],
  general: (x, small) =>
    small
      ? [`${x.H} had a good idea.`, `${x.H} knew what to do!`]
      : [`${x.H} thought hard about what really mattered, and then ${x.he} knew exactly what to do.`],
};

/** For a page a moment could not fill: a line about who is there, never empty. */
export function fillers(x: X, small: boolean): string[] {
  const out = small
    ? [
        x.C && `${x.C} was there too.`,
        x.O && `${x.H} thought about ${x.O}.`,
        x.C && `${x.C} gave ${x.H} a smile.`,
        x.P && `${x.H} liked ${x.P}.`,
        x.O && `${x.O} was there.`,
        x.C && `${x.H} waved to ${x.C}.`,
      ]
    : [
        x.C && `${x.C} was there the whole time, which made everything better.`,
        x.O && `${x.H} could not stop thinking about ${x.O}.`,
        x.C && x.O && `${x.C} and ${x.H} talked about ${x.O} for ages.`,
        x.C && `"What happens next?" ${x.H} asked ${x.C}.`,
        x.C && `${x.C} squeezed ${x.names} hand.`,
      ];
  return out.filter((l): l is string => typeof l === "string");
}
