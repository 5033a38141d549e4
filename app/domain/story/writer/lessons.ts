import type { Ctx, Lines } from "./ctx";
import { The, was } from "./entities";
import type { Hero } from "./hero";
import { cap, joinList } from "./text";

/*
 * The lessons, as data: for each, the lines that act it out in the story (the last try fails for want
 * of it, the turn is the child finding it, the resolution is it at work) at each reading level.
 */
export type MoralKey =
  "brave" | "kind" | "share" | "together" | "listen" | "curious" | "persevere" | "patient" | "honest" | "care" | "self" | "grateful" | "sorry" | "general";

export interface MoralSpec {
  key: MoralKey;
  match?: RegExp;
  /** the last try goes wrong for want of the lesson */
  flaw(c: Ctx): Lines;
  /** the turn: the child finds the lesson */
  insight(c: Ctx): Lines;
  /** acting on it */
  act(c: Ctx): Lines;
  /** how the problem is finally solved, a past-tense predicate: "took one small, brave step after another" */
  approach(c: Ctx): string[];
  /** the child's own words on the closing page (without quotation marks) */
  mine(c: Ctx): Lines;
  /** a question the parent can ask the child */
  ask(c: Ctx): string[];
  /** the dedication's warm add-on: "who is braver than she knows" */
  flourish(h: Hero): string[];
  /** "brave explorer" for "Sweet dreams, Mia, our brave explorer." */
  epithet: string[];
}

const n = (c: Ctx) => c.h.name;
/** everyone who came along, never a list of one */
const crewOf = (c: Ctx) => (c.crew.length > 1 ? joinList(c.crew.map((e) => e.the)) : `${c.guide.the} and everyone nearby`);

/** The lessons a story can act out, each found by its `match` in the parent's moral. */
export const SPECS: MoralSpec[] = [
  {
    key: "brave",
    match: /\b(brave|bravery|braver|courage|courageous|scared|fear|fears|afraid|frightened|bold|fearless|nervous|worried|worry|worries|anxious)\b/,
    flaw: (c) => ({
      tiny: [`${n(c)} felt wobbly.`, `${c.h.names} knees went wibble-wobble.`],
      young: [
        `The last part of the way was high and twisty. ${n(c)} stopped, and ${c.h.his} knees felt all wobbly.`,
        `${n(c)} wanted to go on, but ${c.h.his} tummy felt fluttery, and ${c.h.his} feet would not move.`,
      ],
      rich: [
        `The only way left was a tall, twisty path, and ${c.h.names} legs suddenly felt like jelly. "I can't," ${c.h.he} whispered, and took a step back.`,
        `${n(c)} took one look at how far there was to go and froze. ${c.h.His} heart thumped, and a small voice inside ${c.h.him} said, "What if I can't do it?"`,
      ],
    }),
    insight: (c) => ({
      tiny: [`${n(c)} took a big breath.`, `Brave means trying.`],
      young: [
        `${n(c)} took a big, slow breath. Feeling scared was okay. ${c.h.He} could feel scared and be brave at the same time!`,
        `"Being brave doesn't mean you're not scared," said ${c.guide.the} softly. "It means you try anyway."`,
      ],
      rich: [
        `${n(c)} closed ${c.h.his} eyes and breathed in slowly, counting to four. Being brave, ${c.h.he} realised, didn't mean the scared feeling had to go away. It meant taking it along and trying anyway.`,
        `"Do you know a secret?" said ${c.guide.the}, sitting down beside ${c.h.him}. "Everyone who has ever been brave felt scared first. Brave just means you take one small step, even with the wobbly feeling."`,
      ],
    }),
    act: (c) => ({
      tiny: [`One step, two steps, three!`, `Step by step by step.`],
      young: [`So ${n(c)} took one small step. Then another. Then another!`, `${n(c)} counted, "One, two, three," and took the first small step.`],
      rich: [
        `${n(c)} stopped looking at the whole long way and looked only at the next small step. ${c.h.He} took it. Then the next one, and the one after that.`,
        `With ${c.h.his} heart still thumping, ${n(c)} put one foot forward. Nothing terrible happened, so ${c.h.he} did it again, and again, until the wobbly feeling began to shrink.`,
      ],
    }),
    approach: (c) => [`took one small, brave step after another`, `kept going, one little step at a time, even though ${c.h.his} heart was thumping`],
    mine: () => ({
      tiny: [`I was scared, and I tried!`, `I can be brave!`],
      young: [`I was a little bit scared, but I tried anyway.`, `I can feel scared and still be brave.`],
      rich: [
        `I was scared, and I did it anyway, one small step at a time.`,
        `Being brave doesn't mean I'm never scared. It means I keep going, one little step at a time.`,
      ],
    }),
    ask: () => [`Can you remember a time you felt a little scared but tried anyway?`, `What helps you feel brave when something feels scary?`],
    flourish: (h) => [`who is braver than ${h.he} ${h.v("knows", "know")}`],
    epithet: ["our brave explorer", "our brave one", "brave heart"],
  },
  {
    key: "kind",
    match: /\b(kind|kindness|kinder|nice to|gentle|gentleness|caring|compassion|empathy|be good to|treat others)\b/,
    flaw: (c) => ({
      tiny: [`${n(c)} rushed on.`, `Hurry, hurry, hurry!`],
      young: [
        `${n(c)} was in such a hurry to fix everything that ${c.h.he} didn't notice ${c.friendInNeed.the} looking sad and tired.`,
        `${n(c)} rushed ahead with ${c.h.his} plan and forgot to look at how ${c.friendInNeed.the} ${was(c.friendInNeed)} feeling.`,
      ],
      rich: [
        `${n(c)} rushed on, busy with ${c.h.his} own clever plan, and didn't see that ${c.friendInNeed.the} had gone very quiet and small.`,
        `"Come on, hurry up!" called ${n(c)}, charging ahead. Behind ${c.h.him}, ${c.friendInNeed.the} gave a tiny, tired sigh that nobody heard.`,
        `${n(c)} was so busy with ${c.h.his} plan that ${c.h.he} forgot to ask ${c.friendInNeed.the} how things felt.`,
        `${n(c)} was in such a hurry that ${c.h.he} didn't notice ${c.friendInNeed.the} falling behind.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`${n(c)} stopped and looked at ${c.friendInNeed.short}.`, `${n(c)} looked back.`, `${n(c)} saw ${c.friendInNeed.short} was sad.`],
      young: [
        `Then ${n(c)} stopped and looked back. ${The(c.friendInNeed)} looked sad. Maybe what was needed first was a little kindness.`,
        `${n(c)} stopped and wondered how ${c.friendInNeed.the} was feeling.`,
        `Then ${n(c)} saw that ${c.friendInNeed.the} looked tired and sad. Kindness had to come first.`,
        `"Are you all right?" ${n(c)} asked ${c.friendInNeed.the} softly.`,
      ],
      rich: [
        `${n(c)} stopped and turned around: ${c.friendInNeed.the} looked tired and a little lost, and perhaps what was needed first was kindness.`,
        `${n(c)} sat down next to ${c.friendInNeed.the} and asked softly, "Are you okay?"`,
        `Then ${n(c)} noticed how tired ${c.friendInNeed.the} looked, and ${c.h.his} heart went soft.`,
        `${n(c)} saw ${c.friendInNeed.the} trying not to cry, and knew that kindness had to come first.`,
        `"Let's stop for a moment," said ${n(c)}, and ${c.h.he} looked properly at ${c.friendInNeed.the}.`,
      ],
    }),
    act: (c) => ({
      tiny: [`${n(c)} gave a big hug.`, `A kind hug and a kind smile.`],
      young: [
        `${n(c)} gave ${c.friendInNeed.the} a gentle hug and a big, warm smile.`,
        `${n(c)} held out a hand and said, "Don't worry. We'll do it together, slowly."`,
      ],
      rich: [
        `${n(c)} shared the last of ${c.h.his} snack, told a silly joke and waited until a smile came back. With a little kindness, everyone felt strong enough to try again.`,
        `Gently, ${n(c)} asked ${c.friendInNeed.the} what would help most, and then did exactly that, and the kindness spread like the light of a warm lamp.`,
        `${n(c)} slowed down, gave ${c.friendInNeed.the} a gentle smile and asked, "What would help you most?"`,
        `${n(c)} held ${c.friendInNeed.the} close and said kind words until everyone felt brave again.`,
        `${n(c)} made ${c.friendInNeed.the} laugh, and with a little kindness, everyone felt strong enough to try again.`,
      ],
    }),
    approach: (c) => [
      `was gentle and kind`,
      `chose kindness first`,
      `was kind to ${c.friendInNeed.the}, and gentle with everyone`,
      `was kind first, and clever second`,
    ],
    mine: (c) => ({
      tiny: [`I was kind!`, `I can be kind!`, `I was kind to ${c.friendInNeed.short}!`],
      young: [
        `When I'm kind, everything gets better.`,
        `A little kindness from me can help a lot.`,
        `Being kind makes two people happy: them and me.`,
        `I was kind to ${c.friendInNeed.the}, and it helped.`,
      ],
      rich: [
        `I found out that a little bit of kindness can fix a really big problem, even for ${c.friendInNeed.the}.`,
        `When I'm kind, the kindness grows and grows, and everyone feels it.`,
        `Kindness is a bit like magic: the more I give, the more there is.`,
        `Today I learned that being kind is braver than it looks.`,
        `Being kind to ${c.friendInNeed.the} was the best idea I had all day.`,
        `Being kind helped ${c.friendInNeed.the} more than any clever plan I had.`,
        `I was kind to ${c.friendInNeed.the}, and the kindness helped us all.`,
      ],
    }),
    ask: () => [`What is one kind thing you could do for someone tomorrow?`, `How do you feel when someone is kind to you?`],
    flourish: (h) => [`whose kind heart makes the world brighter`, `who is as kind as ${h.he} ${h.is} wonderful`],
    epithet: ["our kind-hearted friend", "kind heart", "our gentle one"],
  },
  {
    key: "share",
    match: /\b(share|shares|sharing|shared|generous|generosity|giving)\b/,
    flaw: (c) => ({
      tiny: [`"Mine!" said ${n(c)}.`, `${n(c)} held on tight.`],
      young: [
        `${n(c)} held ${c.treasure} very tight. It was so special that ${c.h.he} didn't want anyone else to touch it.`,
        `"It's mine," said ${n(c)}, hugging ${c.treasure} close. But holding it tight didn't help anyone at all.`,
      ],
      rich: [
        `${n(c)} tucked ${c.treasure} deep into ${c.h.his} pocket. It was far too special to lend, ${c.h.he} decided, even though the others kept glancing at it hopefully.`,
        `When the others asked to borrow ${c.treasure}, ${n(c)} shook ${c.h.his} head and held on tight. Somehow, keeping it all to ${c.h.himself} didn't feel as nice as ${c.h.he} had thought it would.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`${n(c)} had an idea.`, `Maybe sharing would help.`],
      young: [
        `Then ${n(c)} had a thought. What if ${c.treasure} could help everyone, if only ${c.h.he} shared it?`,
        `${n(c)} looked at ${c.h.his} friends' hopeful faces, and ${c.h.his} hands slowly opened.`,
      ],
      rich: [
        `${n(c)} looked at ${c.treasure}, and then at the hopeful faces around ${c.h.him}. Something special only got more special, ${c.h.he} realised, when it was shared.`,
        `"What good is a treasure," ${n(c)} wondered out loud, "if it just sits in my pocket?"`,
      ],
    }),
    act: (c) => ({
      tiny: [`"Let's share!" said ${n(c)}.`, `Share, share, share!`],
      young: [`"Here," said ${n(c)}. "Let's share it." Everyone took a turn.`, `${n(c)} shared ${c.treasure} with everyone, and everyone smiled.`],
      rich: [
        `${n(c)} held out ${c.treasure} for everyone to use. Each friend noticed something different about it, and together they saw what ${n(c)} had missed on ${c.h.his} own.`,
        `${n(c)} passed ${c.treasure} around. With everyone sharing it, ideas began to pop up like bubbles.`,
      ],
    }),
    approach: (c) => [`shared what ${c.h.he} had`, `shared ${c.treasure} with everyone`],
    mine: () => ({
      tiny: [`I like sharing!`, `I shared, and we smiled!`],
      young: [`When I share, there's more happy for everyone.`, `Sharing made everyone happy, and me too!`],
      rich: [`When I share something special, it gets even more special.`, `Sharing didn't make my treasure smaller. It made our happiness bigger.`],
    }),
    ask: () => [`What is something you love to share?`, `How did sharing help everyone in the story?`],
    flourish: (h) => [`who has the most generous heart`, `who shares ${h.his} sunshine with everyone`],
    epithet: ["our generous friend", "our sharing star"],
  },
  {
    key: "sorry",
    match: /\b(sorry|apologi[sz]e|apology|forgive|forgiving|forgiveness)\b/,
    flaw: (c) => ({
      tiny: [`"Silly idea!" said ${n(c)}.`, `${n(c)} was grumpy.`],
      young: [
        `"That's a silly idea!" ${n(c)} snapped at ${c.guide.the}. ${The(c.guide)} went very quiet.`,
        `${n(c)} stamped ${c.h.his} foot and said something unkind to ${c.guide.the}.`,
      ],
      rich: [
        `Tired and cross, ${n(c)} snapped, "That's the silliest idea ever!" ${The(c.guide)} didn't say anything, but looked down at the ground.`,
        `"You're not helping at all!" ${n(c)} grumbled at ${c.guide.the}, and the words came out much sharper than ${c.h.he} meant them to.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`"Sorry," said ${n(c)}.`, `${n(c)} felt sorry.`],
      young: [
        `${n(c)} felt a heavy feeling inside. "I'm sorry I said that," ${c.h.he} said.`,
        `${n(c)} knew the words had hurt. "I'm really sorry," ${c.h.he} said softly.`,
      ],
      rich: [
        `The heavy feeling in ${c.h.names} chest wouldn't go away until ${c.h.he} turned to ${c.guide.the}. "I'm sorry," ${c.h.he} said. "I was cross, but it wasn't your fault, and it wasn't kind."`,
        `${n(c)} sat for a moment, feeling small and sorry. Then ${c.h.he} took a breath and said the bravest little word ${c.h.he} knew: "Sorry."`,
      ],
    }),
    act: (c) => ({
      tiny: [`Big hug, all better!`, `Friends again!`],
      young: [
        `${The(c.guide)} smiled. "That's okay," came the answer, and they had a big hug.`,
        `They made up with a hug, and together they thought of a much better idea.`,
      ],
      rich: [
        `${The(c.guide)} smiled, and the heavy feeling floated away. "Friends?" "Friends." With the quarrel mended, their two heads came up with a far better idea than either could have found alone.`,
        `"I forgive you," said ${c.guide.the}, and just like that, they were a team again.`,
      ],
    }),
    approach: (c) => [`said sorry, made up with ${c.guide.the} and tried again together`, `mended the quarrel and started again as a team`],
    mine: () => ({
      tiny: [`My sorry made it better!`, `I said sorry!`],
      young: [`When I say sorry, things get better.`, `My sorry was a small word, but it made a big difference.`],
      rich: [`Saying sorry wasn't easy for me, but it made things better again.`, `When I say sorry and mean it, friends can start again.`],
    }),
    ask: () => [`How does it feel when someone says sorry to you?`, `When is a good time to say sorry?`],
    flourish: () => [`whose sorry is always true`],
    epithet: ["our big-hearted friend", "our gentle one"],
  },
  {
    key: "listen",
    match: /\b(listen|listens|listening|understand|understanding|seem|seems|judge|judging|appearances?|cover|open mind)\b/,
    flaw: (c) => ({
      tiny: [`${n(c)} talked and talked.`, `${n(c)} guessed and guessed.`],
      young: [
        `${n(c)} was so busy talking and guessing that ${c.h.he} didn't hear what ${c.friendInNeed.the} ${was(c.friendInNeed)} trying to say.`,
        `${n(c)} thought ${c.h.he} knew what was wrong, so ${c.h.he} didn't stop to listen.`,
      ],
      rich: [
        `"I know exactly what's wrong," said ${n(c)}, and talked on and on about ${c.h.his} plan. ${The(c.friendInNeed)} tried to say something, twice, but nobody was listening.`,
        `${n(c)} decided what the trouble must be just by looking, and rushed to fix it. But things are not always what they seem.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`Shh, ${n(c)} listened.`, `${n(c)} was quiet.`],
      young: [
        `So ${n(c)} stopped talking. ${c.h.He} sat very still and listened, really listened.`,
        `${n(c)} closed ${c.h.his} mouth and opened ${c.h.his} ears.`,
      ],
      rich: [
        `${n(c)} stopped. ${c.h.He} sat down, looked at ${c.friendInNeed.the} and, for the first time, simply listened, without guessing and without interrupting.`,
        `"I'm sorry," said ${n(c)}. "I didn't let you tell me. What's really wrong?" And then ${c.h.he} listened with ${c.h.his} whole heart.`,
      ],
    }),
    act: (c) => ({
      tiny: [`Now ${n(c)} knew!`, `Oh, now ${n(c)} understood!`],
      young: [`Now ${n(c)} understood what was really wrong, and ${c.h.he} knew just what to do.`, `Listening showed ${n(c)} what nobody had noticed before.`],
      rich: [
        `What ${n(c)} heard was not what ${c.h.he} had expected at all. The real problem was hiding under the one everybody could see, and now that ${c.h.he} understood it, the answer was suddenly clear.`,
        `Bit by bit, the whole story came out, and ${n(c)} realised ${c.h.he} had been trying to fix the wrong thing all along.`,
      ],
    }),
    approach: () => [`listened first and understood what was really needed`, `listened carefully and then helped in just the right way`],
    mine: () => ({
      tiny: [`I listened!`, `Shh, I can listen.`],
      young: [`When I listen, I understand more.`, `I listened first, and then I understood.`],
      rich: [`When I really listen, I understand things I couldn't see before.`, `Things aren't always what they seem, so I listen first.`],
    }),
    ask: () => [`Why do you think listening first helped?`, `How can you show someone that you are really listening?`],
    flourish: () => [`who listens with a big heart`],
    epithet: ["our wise listener", "our thoughtful one"],
  },
  {
    key: "honest",
    match: /\b(honest|honesty|truth|truthful|lie|lies|lying|fib|fibs)\b/,
    flaw: (c) => ({
      tiny: [`Oops, ${n(c)} dropped it!`, `Uh-oh, nobody saw.`],
      young: [
        `Oops! ${n(c)} dropped ${c.treasure}, and it rolled away out of sight. Nobody saw, and ${n(c)} said nothing.`,
        `${n(c)} bumped ${c.treasure} by accident, and it tumbled away. ${c.h.He} kept very quiet about it.`,
      ],
      rich: [
        `While nobody was looking, ${n(c)} accidentally knocked ${c.treasure}, and it tumbled away out of sight. "Has anyone seen it?" asked ${c.guide.the}. ${n(c)} looked at ${c.h.his} shoes and said nothing.`,
        `${n(c)} fumbled, and ${c.treasure} slipped from ${c.h.his} fingers and vanished into the grass. It would be easy to pretend it hadn't happened, ${c.h.he} thought.`,
        `When ${c.guide.the} asked what had happened, ${n(c)} looked away and said it wasn't ${c.h.him}.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`"It was me," said ${n(c)}.`, `${n(c)} told the truth.`],
      young: [
        `${n(c)} felt a funny feeling in ${c.h.his} tummy. "It was me," ${c.h.he} said. "I dropped it."`,
        `${n(c)} took a deep breath and told the truth.`,
      ],
      rich: [
        `The secret sat in ${c.h.names} tummy like a heavy stone. At last ${c.h.he} said, "It was me. I knocked it, and I'm sorry I didn't say." The stone was gone at once.`,
        `${n(c)} could have stayed quiet, but ${c.h.he} didn't. "I have to tell you something," ${c.h.he} said. "It was me."`,
        `${n(c)} couldn't keep the fib inside any longer and told ${c.guide.the} the truth.`,
      ],
    }),
    act: (c) => ({
      tiny: [`Nobody was cross.`, `Everyone helped look.`],
      young: [
        `Nobody was cross. Everyone helped look, and right where it had rolled, they found exactly what they needed!`,
        `Because ${n(c)} told the truth, everyone knew where to look, and that was where the answer was hiding.`,
      ],
      rich: [
        `Nobody was cross at all. "Thank you for telling us," said ${c.guide.the}. They all searched where it had rolled, and there, tucked beside it, was the very thing they had been looking for all day.`,
        `Because the truth was out, everyone could help. And where ${c.treasure} had tumbled, they spotted something they would never have found otherwise.`,
        `Once the truth was out, ${n(c)} and ${c.guide.the} could fix things properly for ${c.who.the}.`,
      ],
    }),
    approach: () => [`told the truth, so everyone could help`, `was honest, and honesty showed the way`],
    mine: () => ({
      tiny: [`I told the truth!`, `I like telling the truth.`],
      young: [`Telling the truth made my tummy feel better.`, `I'm glad I told the truth.`],
      rich: [
        `Telling the truth was hard for me for a moment, and then everything felt lighter.`,
        `When I tell the truth, people can help me.`,
        `Telling the truth made me feel light as a feather.`,
      ],
    }),
    ask: (c) => [`How do you feel inside when you tell the truth?`, `Why do you think it helped when ${n(c)} told the truth?`],
    flourish: () => [`who is honest and true`],
    epithet: ["our honest friend", "true heart"],
  },
  {
    key: "care",
    match:
      /\b(take care|takes care|taking care|look after|looks after|looking after|care for|nature|planet|earth|environment|clean|cleaning|tidy|litter|protect|recycle|recycling|responsib\w*)\b/,
    flaw: (c) => ({
      tiny: [`Bump, oh no, a mess!`, `${n(c)} made a mess.`],
      young: [
        `In ${c.h.his} hurry, ${n(c)} knocked things over and didn't stop to tidy up.`,
        `${n(c)} rushed about so fast that things got knocked over and left in a mess.`,
      ],
      rich: [
        `In ${c.h.his} hurry, ${n(c)} bumped and knocked things this way and that, leaving a trail of little messes behind ${c.h.him} without even noticing.`,
        `${n(c)} was so busy trying to fix the big problem that ${c.h.he} didn't see the little mess ${c.h.he} ${c.h.was} making along the way.`,
        `${n(c)} hurried about so fast that ${c.h.he} knocked things over and left a trail of little messes for ${c.who.the}.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`${n(c)} looked back, oh dear.`, `Gently, gently.`],
      young: [
        `${n(c)} looked back at the mess. "Oh no," ${c.h.he} said. "This place needs looking after."`,
        `${n(c)} stopped. Taking care of this place mattered too.`,
      ],
      rich: [
        `${n(c)} looked back at the trail of little messes and felt a pang. Fixing things wasn't only about the big problem. It was about caring for every little part of this place, too.`,
        `"We can't help a place," ${n(c)} said slowly, "if we don't take care of it while we're here."`,
        `${n(c)} looked at the mess ${c.h.he} had made and felt sorry for ${c.who.the}.`,
      ],
    }),
    act: (c) => ({
      tiny: [`Tidy, tidy, tidy!`, `${n(c)} tidied up.`],
      young: [`${n(c)} went back and tidied everything up, gently and carefully.`, `Everyone helped to tidy up, and the place looked happy again.`],
      rich: [
        `${n(c)} went back and put every little thing right, and everyone joined in until the place looked even lovelier than before. And as they tidied, the answer turned up right under their noses.`,
        `Carefully, patiently, they put everything right. Looking after the place, it turned out, was exactly what the place needed.`,
        `${n(c)} and ${c.guide.the} tidied every corner, gently, and the place began to smile again.`,
      ],
    }),
    approach: (c) => [`took good care of everything around ${c.h.him}`, `looked after the place, gently and carefully`],
    mine: () => ({
      tiny: [`I take care of it!`, `My gentle hands help!`],
      young: [`We take care of the places we love.`, `When I look after things, I'm loving them.`],
      rich: [
        `The places we love need us to look after them.`,
        `Taking care of things, even little things, is one of the best ways I can help.`,
        `When I look after a place, it looks after me too.`,
      ],
    }),
    ask: () => [`What is a place you love, and how can you take care of it?`, `What could we do to look after our home together?`],
    flourish: () => [`who looks after the world so gently`],
    epithet: ["our caring friend", "gentle hands"],
  },
  {
    key: "persevere",
    match:
      /\b(give up|giving up|gave up|keep going|keep trying|try again|trying again|persever\w*|persist\w*|practi[cs]e|mistakes?|fail\w*|never quit|effort|hard work)\b/,
    flaw: (c) => ({
      tiny: [`It didn't work again!`, `${n(c)} sat down with a humph.`],
      young: [`It didn't work again. ${n(c)} sat down with a thump. "I give up," ${c.h.he} sighed.`, `${n(c)} felt like giving up. Nothing was working!`],
      rich: [
        `${n(c)} tried that too, but it didn't work either. ${c.h.He} plopped down on the ground, arms folded. "It's no use," ${c.h.he} muttered. "I'm never going to get it right."`,
        `Another try, another muddle. ${n(c)} felt hot and cross and very tired of trying.`,
        `${n(c)} tried once and then wanted to give up, even though ${c.who.the} still needed help.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`Try again, ${n(c)}!`, `${n(c)} stood up.`],
      young: [`Then ${n(c)} remembered: every try had taught ${c.h.him} something new!`, `"Let's try one more time," said ${c.guide.the}. "A different way."`],
      rich: [
        `But as ${n(c)} sat there, ${c.h.he} noticed something: every try that hadn't worked had taught ${c.h.him} something. The mistakes weren't wasted. They were clues.`,
        `"You know what?" said ${c.guide.the}. "Each try got a little bit closer." ${n(c)} thought about it, and slowly uncrossed ${c.h.his} arms.`,
      ],
    }),
    act: (c) => ({
      tiny: [`Try, try, try!`, `One more go!`],
      young: [
        `${n(c)} stood up, brushed off ${c.h.his} knees and tried again in a brand-new way.`,
        `So ${n(c)} tried one more time, using everything ${c.h.he} had learned.`,
      ],
      rich: [
        `${n(c)} stood up, brushed off ${c.h.his} knees and put together everything the other tries had taught ${c.h.him}. This time, ${c.h.he} tried it a completely new way.`,
        `Taking a deep breath, ${n(c)} had one more go, slower and smarter, using every clue from every mistake.`,
        `${n(c)} tried again, and again, and one more time, until at last it worked for ${c.who.the}.`,
      ],
    }),
    approach: () => [`kept trying, in a brand-new way`, `didn't give up, and tried once more`],
    mine: (c) => ({
      tiny: [`I can try again!`, `I kept trying!`],
      young: [`If it doesn't work, I can try again.`, `I kept trying, and I did it!`],
      rich: [
        `Mistakes are just clues. If I keep trying, I get closer every time.`,
        `I didn't give up, and that made all the difference.`,
        `I kept going for ${c.who.the}, even when it was hard.`,
      ],
    }),
    ask: () => [`What is something you kept trying until you could do it?`, `What can you say to yourself when something is hard?`],
    flourish: (h) => [`who never gives up`, `who keeps trying until ${h.he} ${h.v("shines", "shine")}`],
    epithet: ["our never-give-up hero", "our determined one"],
  },
  {
    key: "patient",
    match: /\b(patient|patience|wait|waiting|calm|slow down|take (?:your|my) time|good things take time)\b/,
    flaw: (c) => ({
      tiny: [`Rush, rush, rush, oops!`, `Too fast, ${n(c)}!`, `Slow down, ${n(c)} and ${c.guide.short}!`],
      young: [`${n(c)} hurried and rushed, and everything got into a muddle.`, `"Hurry!" said ${n(c)}. But rushing only made things more muddled.`],
      rich: [
        `${n(c)} couldn't wait a moment longer. ${c.h.He} rushed, tugged and hurried, and everything tangled into a bigger muddle than before.`,
        `"Why is it taking so long?" ${n(c)} groaned, fidgeting and hurrying. The faster ${c.h.he} went, the worse it got.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`Slow, slow, slow.`, `${n(c)} waited.`],
      young: [`${n(c)} took a slow, deep breath. Some things can't be rushed.`, `"Let's wait and watch," whispered ${c.guide.the}.`],
      rich: [
        `${n(c)} made ${c.h.himself} stop. ${c.h.He} breathed in slowly and out slowly. Some things, ${c.h.he} realised, simply couldn't be hurried, no matter how much ${c.h.he} wanted them to.`,
        `"Patience," said ${c.guide.the} quietly. "Let's sit and watch for a while." So ${n(c)} sat, and waited, and watched.`,
      ],
    }),
    act: (c) => ({
      tiny: [`Wait... wait... now!`, `Slowly, gently... there!`],
      young: [`So ${n(c)} waited quietly and calmly, and then the right moment came.`, `Slowly and gently, ${n(c)} tried again, one careful bit at a time.`],
      rich: [
        `They waited. A minute went by, and then another. And then, just when ${n(c)} was quiet enough to notice, the right moment arrived all by itself.`,
        `Slowly, carefully, without any hurry at all, ${n(c)} untangled the muddle, and this time everything fitted.`,
      ],
    }),
    approach: () => [`waited patiently for just the right moment`, `went slowly and gently`],
    mine: () => ({
      tiny: [`I can wait!`, `I can go slow and gentle!`],
      young: [`Waiting is hard, but good things come when I'm patient.`, `When I go slowly, things work better.`],
      rich: [`I learned that some things can't be rushed, and waiting can be part of the magic.`, `Being patient helped me notice the right moment.`],
    }),
    ask: () => [`What is something that is worth waiting for?`, `What can you do while you wait for something?`],
    flourish: () => [`who is learning that good things take time`],
    epithet: ["our patient one", "our calm little star"],
  },
  {
    key: "curious",
    match: /\b(curious|curiosity|questions?|ask|asking|wonder|wondering|learn|learning|explore|exploring|discover\w*)\b/,
    flaw: (c) => ({
      tiny: [`${n(c)} guessed wrong!`, `Hmm, just a guess?`],
      young: [`${n(c)} guessed and guessed, but guessing wasn't working.`, `${n(c)} didn't ask anyone. ${c.h.He} just guessed, and the guess was wrong.`],
      rich: [
        `${n(c)} was sure ${c.h.he} could work it out alone, so ${c.h.he} guessed, and guessed again. Every guess was wrong.`,
        `Instead of asking, ${n(c)} pretended to know the answer. But pretending, it turned out, didn't help one bit.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`Ask a question!`, `"Why?" asked ${n(c)}.`],
      young: [
        `Then ${n(c)} had an idea: instead of guessing, ${c.h.he} would ask!`,
        `"I wonder why," said ${n(c)}. And that little question was the start of everything.`,
      ],
      rich: [
        `Then ${n(c)} did something simple and wonderful: ${c.h.he} asked. "Why is this happening? What do you think?" Questions, ${c.h.he} realised, were like keys.`,
        `"I don't know," ${n(c)} admitted, "but I can find out." And ${c.h.he} began to ask the right questions.`,
      ],
    }),
    act: (c) => ({
      tiny: [`How, why, what if?`, `Ask, ask, ask!`],
      young: [`"How? Why? What if?" asked ${n(c)}. Every question found a new clue.`, `${n(c)} asked everyone what they knew, and the clues fitted together.`],
      rich: [
        `${n(c)} asked ${c.guide.the}, and asked ${c.friendInNeed.the}, and asked every curious creature nearby. Each answer was a puzzle piece, and one by one the pieces clicked together.`,
        `Question by question, the mystery unravelled, until ${n(c)} could see the whole picture.`,
      ],
    }),
    approach: () => [`asked questions and followed the answers`, `asked, wondered and found out`],
    mine: () => ({
      tiny: [`I ask questions!`, `I love asking why!`],
      young: [`Asking questions helps me find new things!`, `When I wonder and ask, I learn something new.`],
      rich: [`Every question is a door, and asking is how I open it.`, `I don't have to know everything. I just have to be curious enough to ask.`],
    }),
    ask: () => [`What is something you wonder about?`, `What question would you have asked in the story?`],
    flourish: (h) => [`whose questions lead to wonderful places`, `who wonders about everything ${h.he} ${h.v("sees", "see")}`],
    epithet: ["our curious explorer", "our little wonderer"],
  },
  {
    key: "self",
    match: /\b(yourself|be you|being you|unique|different|differences|special|believe in|confiden\w*|self|who you are|just the way|just as you are)\b/,
    flaw: (c) => ({
      tiny: [`${n(c)} tried to be someone else.`, `That wasn't ${n(c)}.`],
      young: [
        `${n(c)} tried to do it the way everybody else did, but it just didn't feel right.`,
        `${n(c)} tried to be louder and bigger than ${c.h.he} really ${c.h.was}, and it didn't work.`,
      ],
      rich: [
        `${n(c)} tried to be like everyone else: bigger, louder, faster. But copying others felt like wearing shoes that didn't fit, and it didn't work at all.`,
        `"Maybe I'm just not good enough," ${n(c)} said quietly, wishing ${c.h.he} could be somebody else.`,
        `${n(c)} tried to do it the way ${c.guide.the} would, and then the way anyone else would, but never ${c.h.his} own way.`,
        `${n(c)} tried to be as quick as ${c.guide.the} and as bold as anyone, and only got muddled.`,
        `${n(c)} kept looking at what everyone else was doing, and forgot to look at ${c.who.the}.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`Just right, just ${n(c)}!`, `${n(c)} liked being ${n(c)}!`],
      young: [
        `Then ${n(c)} remembered the things that made ${c.h.him} special: ${c.love ?? "big ideas, giggles and a kind heart"}.`,
        `"You don't need to be anyone else," said ${c.guide.the}. "You're just right."`,
      ],
      rich: [
        `Then ${n(c)} thought about the things that made ${c.h.him} who ${c.h.he} ${c.h.was}, ${c.love ?? "big ideas, a good laugh and a kind heart"}, and nobody else in the whole world had exactly that.`,
        `"You keep trying to be someone else," said ${c.guide.the} gently. "But the one we need is you."`,
        `Then ${n(c)} remembered that ${c.guide.the} had liked ${c.h.him} from the very first moment, just as ${c.h.he} ${c.h.was}.`,
        `${n(c)} remembered all the things ${c.h.he} ${c.h.was} good at, and one of them was exactly what ${c.who.the} needed.`,
        `"What would you do, if you did it your way?" asked ${c.guide.the}, and ${n(c)} knew at once.`,
      ],
    }),
    act: (c) => ({
      tiny: [`${n(c)} did it ${c.h.his} way!`, `Ta-da, ${n(c)} was ${n(c)}!`],
      young: [`So ${n(c)} did it ${c.h.his} own way, and ${c.h.his} own way was just right.`, `${n(c)} stopped copying and started being ${c.h.himself}.`],
      rich: [
        `So ${n(c)} stopped copying and did it ${c.h.his} own way, which was different from anything anyone had tried, and that was exactly why it worked.`,
        `${n(c)} stood tall, just as ${c.h.himself}, and used the things that made ${c.h.him} special.`,
        `${n(c)} stopped pretending and did it the ${n(c)} way, and ${c.guide.the} cheered.`,
        `${n(c)} did it ${c.h.his} own way, and ${c.guide.the} had never seen anything like it.`,
        `${n(c)} used the very thing that made ${c.h.him} different, and it was just what ${c.who.the} needed.`,
      ],
    }),
    approach: (c) => [`did it in ${c.h.his} very own way`, `was simply ${c.h.himself}`, `did it the ${n(c)} way`],
    mine: (c) => ({
      tiny: [`I'm happy being me!`, `I am me!`],
      young: [`I'm happy being me!`, `Being me is my superpower.`],
      rich: [
        `I don't need to be anybody else, because being me is enough.`,
        `The things that make me different are the things that make me who I am.`,
        `${cap(c.guide.the)} liked me just as I am, and so do I.`,
        `I helped by being me, not by being somebody else.`,
        `My own way was the right way for ${c.who.the}.`,
      ],
    }),
    ask: () => [`What is something that makes you, you?`, `What do you love most about yourself?`],
    flourish: (h) => [`who is perfect just the way ${h.he} ${h.is}`],
    epithet: ["one of a kind", "our wonderful you"],
  },
  {
    key: "grateful",
    match: /\b(thank|thanks|thankful|grateful|gratitude|appreciat\w*)\b/,
    flaw: (c) => ({
      tiny: [`Grumble, grumble.`, `${n(c)} was grumpy.`],
      young: [
        `"Nothing is going right," ${n(c)} grumbled, and forgot to notice all the good things around ${c.h.him}.`,
        `${n(c)} was so grumpy that ${c.h.he} forgot to say thank you to ${c.guide.the}.`,
      ],
      rich: [
        `"This is the worst day," ${n(c)} grumbled, kicking a pebble. ${c.h.He} ${c.h.was} so busy with what was going wrong that ${c.h.he} had stopped noticing everything that was going right.`,
        `${The(c.guide)} had helped all day long, but ${n(c)} hadn't said thank you once. ${c.h.He} ${c.h.was} too busy grumbling.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`${n(c)} looked all around.`, `So many good things!`],
      young: [
        `Then ${n(c)} looked around: ${c.guide.the} was there, the sky was beautiful, and ${c.h.he} ${c.h.wasnt} alone. ${c.h.He} felt thankful.`,
        `${n(c)} noticed all the good things, one by one.`,
      ],
      rich: [
        `${n(c)} stopped and looked, really looked. There was ${c.guide.the}, who had never left ${c.h.his} side. There was the sky, and the friends, and the fun they'd had. A warm, thankful feeling bloomed inside ${c.h.him}.`,
        `Counting good things, ${n(c)} found, was like lighting lamps: each one made the day a little brighter.`,
      ],
    }),
    act: (c) => ({
      tiny: [`"Thank you!" said ${n(c)}.`, `Thank you, thank you!`],
      young: [
        `"Thank you for helping me," ${n(c)} said to ${c.guide.the}. Saying it felt warm, like sunshine.`,
        `${n(c)} said thank you to everyone, and everyone smiled.`,
      ],
      rich: [
        `"Thank you," ${n(c)} said to ${c.guide.the}, "for staying with me." Then ${c.h.he} thanked everyone else too, and with all that warmth around them, the last part of the problem felt easy.`,
        `${n(c)} said thank you, and meant it. It changed the whole feeling of the day.`,
      ],
    }),
    approach: () => [`noticed the good things and said thank you`, `worked with everyone, thankful for every bit of help`],
    mine: () => ({
      tiny: [`I say thank you, friends!`, `I say thank you!`],
      young: [`Saying thank you makes my heart feel warm.`, `I have so many good things to be thankful for.`],
      rich: [`When I notice the good things and say thank you, everything feels brighter.`, `Being thankful helped me see how much I already had.`],
    }),
    ask: () => [`What is something you feel thankful for today?`, `Who would you like to say thank you to?`],
    flourish: () => [`who fills our hearts with thankfulness`],
    epithet: ["our thankful heart", "our sunshine"],
  },
  {
    key: "together",
    match: /\b(together|team|teamwork|teammates?|cooperat\w*|help each other|helping others|friends?|friendship|help|helping|include|including)\b/,
    flaw: (c) => ({
      tiny: [`"I can do it!" said ${n(c)}.`, `Too hard all alone!`],
      young: [
        `"I can do it all by myself," said ${n(c)}. But the job was far too big for one.`,
        `${n(c)} tried to do everything alone, and it was much too much.`,
      ],
      rich: [
        `"I'll do it myself," ${n(c)} announced, waving everyone back. ${c.h.He} pushed and pulled and puffed, but it was a job far too big for one pair of hands.`,
        `${n(c)} wanted to be the one who fixed everything, all alone. But some things are just too big for one.`,
        `${n(c)} waved ${c.guide.the} away and tried it alone, but it was far too big for one.`,
        `"I can do it myself," said ${n(c)}, but ${c.who.the} needed more than one pair of hands.`,
      ],
    }),
    insight: (c) => ({
      tiny: [`"Help, please!" said ${n(c)}.`, `Friends can help!`],
      young: [
        `${n(c)} looked at ${c.guide.the} and asked, "Will you help me do it together?"`,
        `Then ${n(c)} understood: some jobs are for friends to do together.`,
      ],
      rich: [
        `${n(c)} looked around at ${crewOf(c)}, all waiting to help. "I can't do this alone," ${c.h.he} admitted. "But maybe we can do it together."`,
        `Then ${n(c)} realised that asking for help wasn't giving up. It was the smartest idea of all.`,
        `${n(c)} looked at ${c.guide.the}, and at everyone waiting to help, and smiled: this was a job for all of them.`,
        `"Will you help me?" asked ${n(c)}, and to ${c.guide.the} it was the best question in the world.`,
      ],
    }),
    act: (c) => ({
      tiny: [`All together now!`, `Push, pull, together!`],
      young: [`Everyone joined in: ${crewOf(c)}. Together, they were strong!`, `Everybody helped, each in their own way.`],
      rich: [
        `Everyone joined in, ${c.guide.the} too, each doing the thing they were best at, and what had been impossible for one was suddenly easy for all of them.`,
        `${cap(crewOf(c))} all lent a hand, and ${n(c)} could hardly believe how quickly things came right.`,
        `Everyone took a part, ${c.guide.the} too, and together they did what none of them could do alone.`,
        `With ${c.guide.the} on one side and everyone else on the other, ${n(c)} found it was easy after all.`,
      ],
    }),
    approach: () => [`asked everyone to help, and they all worked together`, `stopped trying alone and worked together with everyone`],
    mine: (c) => ({
      tiny: [`We did it together!`, `My friends helped me!`],
      young: [`We did it together! Friends make everything easier.`, `Big jobs get small when we help each other.`],
      rich: [
        `When we work together, even the biggest jobs become small.`,
        `I didn't have to do it alone, and that made it better.`,
        `I couldn't help ${c.who.the} on my own, but together we did it.`,
        `${cap(c.guide.the)} and I make a good team.`,
      ],
    }),
    ask: () => [`Who do you like to do things together with?`, `How can you be a good friend tomorrow?`],
    flourish: () => [`the best friend and teammate anyone could wish for`],
    epithet: ["our wonderful friend", "our team captain"],
  },
];

/** The lesson for a moral that matches none of them: the parent's words carry it. */
export const GENERAL: MoralSpec = {
  key: "general",
  flaw: (c) => ({
    tiny: [`${n(c)} rushed, oops!`, `Oh dear, not like that, ${n(c)}.`, `Too fast, ${n(c)} and ${c.guide.short}!`],
    young: [
      `${n(c)} rushed ahead without stopping to think, and it didn't work.`,
      `${n(c)} tried the first idea that popped into ${c.h.his} head, but it wasn't the right one.`,
      `${n(c)} hurried so much that ${c.h.he} forgot to ask ${c.guide.the} what ${c.guide.the} thought.`,
      `${n(c)} tried to fix everything at once for ${c.who.the}, and it all went wrong.`,
    ],
    rich: [
      `${n(c)} charged ahead with the very first idea that came along, without stopping to think whether it was a good one, and it wasn't.`,
      `In a rush to make everything right for ${c.who.the}, ${n(c)} forgot the one thing that mattered most, and the plan fell apart.`,
      `${n(c)} was so busy trying to fix things for ${c.who.the} that ${c.h.he} stopped thinking about what was really needed.`,
      `${n(c)} pushed and puzzled and tried three things at once for ${c.who.the}, and none of them worked.`,
    ],
  }),
  insight: (c) => ({
    tiny: [`${n(c)} stopped to think.`, `Hmm, thought ${n(c)}.`, `${n(c)} had a think with ${c.guide.the}.`],
    young: [
      `${n(c)} stopped and thought hard about what really mattered.`,
      `Then ${n(c)} remembered something ${c.family ?? "someone who loved " + c.h.him} had told ${c.h.him}.`,
    ],
    rich: [
      `${n(c)} sat quietly for a moment and thought about what really mattered, and slowly, like the sun coming out, ${c.h.he} remembered something important.`,
      `Then ${n(c)} remembered words that ${c.family ?? "someone who loved " + c.h.him} had said once, and suddenly they made sense.`,
      `${n(c)} looked at ${c.who.the} and remembered what mattered most.`,
    ],
  }),
  act: (c) => ({
    tiny: [`New idea, let's try!`, `${n(c)} tried again.`, `${n(c)} tried again with ${c.guide.the}.`],
    young: [
      `${n(c)} tried again with ${c.guide.the}, this time with a new idea.`,
      `With that thought in ${c.h.his} heart, ${n(c)} knew exactly what to do.`,
      `${n(c)} went back to ${c.who.the} with a new idea.`,
      `${n(c)} tried again for ${c.who.the}, and this time ${c.h.he} got it right.`,
    ],
    rich: [
      `With that thought glowing inside ${c.h.him}, ${n(c)} tried again for ${c.who.the}, and this time ${c.h.he} did it with ${c.h.his} whole heart.`,
      `Holding on to that idea, ${n(c)} went back to ${c.who.the}, and now everything looked quite different.`,
      `${n(c)} went back to ${c.who.the}, and this time ${c.h.he} knew what mattered.`,
      `This time ${n(c)} slowed down, thought of ${c.who.the}, and did the one thing that mattered.`,
    ],
  }),
  approach: (c) => [
    `remembered what really mattered`,
    `did it with ${c.h.his} whole heart`,
    `thought about what mattered most, and did that`,
    `did what ${c.who.the} really needed`,
  ],
  mine: (c) => ({
    tiny: [`I learned something!`, `I know now!`],
    young: [`I learned something important today.`, `Now I know what really matters.`, `I learned something with ${c.guide.the} today.`],
    rich: [
      `I learned something today that I'm going to keep forever.`,
      `Some things are worth remembering, and I'm going to remember this one.`,
      `Today I learned something, and I learned it with ${c.guide.the}.`,
      `I will remember today, and ${c.who.the}, for a long, long time.`,
    ],
  }),
  ask: (c) => [`What do you think ${c.h.name} learned today?`, `What would you have done to help?`],
  flourish: () => [],
  epithet: ["our little star", "our wonderful one"],
};
