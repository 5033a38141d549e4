import { feelings } from "../lines/feelings";
import { they, done, add } from "../lines/kit";
import { landings, mineFromMoral } from "../moral";
import { Page } from "../page";
import { pronounsOf } from "../pronouns";
import { speech, vocative, type Telling } from "../telling";
import { cap, possessive } from "../text";
import type { Place } from "../worlds";

/** Pages 19–20, the closing page and the last page: the way home, bedtime, the moral in the child's own words, and The End. */
export function homecoming(t: Telling): void {
  const { h, n, g, tiny, rich, older, world, facts, moral, cast, c, family, pen, max, rng, newPage, L, time, crewWith, refrainLine } = t;
  const ms = moral.spec;
  const pp = world.problemPlace;
  const who = cast.who;
  const G = cap(g.the);

  // ---------- 19: the way home (a companion who belongs at home comes too: no goodbye)
  {
    const pg = newPage();
    const together = cast.guideComesHome;
    add(
      t,
      pg,
      together
        ? tiny
          ? [`"Home we go!" said ${n}.`, `Time to go home for ${n} and ${g.short}!`]
          : [`"Time to go home," said ${n}, and ${g.the} came too.`, `${n} and ${g.the} set off for home together.`]
        : tiny
          ? [`Bye-bye, ${vocative(g)}!`, `Wave bye-bye to ${g.short}!`, `${cap(g.short)} waved bye-bye.`]
          : [
              `"Goodbye, ${vocative(g)}, and thank you for everything!" called ${n}.`,
              `${n} hugged ${g.the} goodbye.`,
              `${n} waved goodbye to ${g.the} until ${they(g)} ${pronounsOf(g).was} just a speck.`,
              `${G} walked ${n} to the edge of ${pp.name} to say goodbye.`,
            ],
      true,
    );
    add(
      t,
      pg,
      tiny
        ? [refrainLine("all the way home"), refrainLine("home for tea"), together ? `Home went ${n} and ${g.short}!` : `Home went ${n}, far from ${pp.name}.`]
        : cast.wayIn || !world.homeOnFoot
          ? world.homeward(c)
          : world.homeOnFoot(c),
      true,
    );
    // after the goodbye the companion is not on the way home: no lines that have them there
    const onTheWay = (lines: string[]) => (together ? lines : lines.filter((l) => !l.includes(g.the)));
    if (rich) add(t, pg, onTheWay(skyOnTheWay(t)));
    if (older) add(t, pg, onTheWay(feelings(t, "happy")));
    done(t, pg, {
      place: world.journey[0],
      time: time(19),
      action: together ? `walks home with ${g.label}` : `says goodbye to ${g.label}`,
      with: crewWith([g]),
      mood: "happy",
    });
  }
  // ---------- 20: home and bedtime
  const bedroom: Place = { name: `${h.his} bedroom`, at: `in ${h.his} cosy bedroom`, setting: "bedroom", sights: [] };
  {
    const pg = newPage();
    const fam = family;
    const pet = facts.pet;
    add(
      t,
      pg,
      tiny
        ? fam
          ? [
              `${fam} gave ${n} a hug.`,
              `${n} ran home to ${fam}.`,
              `${fam} said, "Welcome home, ${n}!"`,
              cast.guideComesHome ? `${fam} hugged ${n} and ${g.short}.` : `${fam} hugged ${n} tight.`,
              `${n} told ${fam} about ${g.short}.`,
            ]
          : [`Home again, ${n}!`, `Home, sweet home, ${n}.`, ...(pet ? [`${n} was home with ${pet.short}.`] : [`${n} was home at last.`])]
        : fam
          ? [
              `At home, ${fam} gave ${n} a great big hug.`,
              `That evening, ${n} told ${fam} all about ${h.his} adventure.`,
              `${fam} ${/\band\b/.test(fam) ? "were" : "was"} waiting at the door with open arms.`,
              `"Where have you been?" laughed ${fam}, and ${n} told the whole story.`,
              `${fam} listened to every word about ${who.the}.`,
              `${n} told ${fam} about ${g.the}, and ${fam} listened with wide eyes.`,
            ]
          : [
              `At home, ${n} had a bath, a hug and a warm drink, and talked about ${g.the} all the way through.`,
              `Back at home, ${n} told everyone all about ${who.the}.`,
              `${n} told everyone at home all about ${g.the}.`,
              `Home smelled of toast and bathtime bubbles, and ${n} told the whole story of ${pp.name}.`,
              `${n} ran through the door, bursting to tell everyone about ${g.the}.`,
            ],
      true,
    );
    if (tiny)
      add(t, pg, [
        `${n} yawned, thinking of ${g.short}.`,
        `${n} snuggled in, thinking of ${who.short}.`,
        `${n} dreamed of ${g.short}.`,
        `Into bed went ${n}, dreaming of ${g.short}.`,
      ]);
    if (!tiny)
      add(t, pg, [
        `Soon ${n} was tucked up in bed, warm and cosy, thinking about ${g.the}.`,
        `${n} fell asleep thinking about ${who.the}.`,
        `In bed, ${n} told ${h.his} pillow all about ${g.the}.`,
        `"Goodnight, ${pp.name.replace(/^(the|a|an) /, "")}," whispered ${n}, snuggling down.`,
        `${n} climbed into bed with ${t.love} still dancing in ${h.his} head.`,
        `${n} had a bath to wash off the last bits of ${pp.name}.`,
        `${n} lay in bed and listened to the quiet, remembering ${pp.name}.`,
      ]);
    if (c.fear && !tiny) add(t, pg, [`And ${c.fear} didn't seem quite so big any more.`], true);
    if (pet && !tiny) add(t, pg, petAtBedtime(t));
    if (older) add(t, pg, feelings(t, "sleepy"));
    done(t, pg, { place: bedroom, time: "night", action: fam ? `hugs ${fam}` : `sleeps, tucked in bed`, with: crewWith(), mood: "sleepy" });
  }
  // ---------- closing page: the moral, in the child's own words
  {
    const pg = new Page(pen, max + 3);
    if (!tiny)
      add(t, pg, [
        `As ${h.he} drifted off to sleep, ${n} thought about ${who.the} and ${g.the}.`,
        `Just before ${h.he} fell asleep, ${n} smiled, thinking of ${g.the}.`,
        `In the quiet dark, ${n} thought about ${pp.name}.`,
        `As the house went quiet, ${n} remembered ${pp.name} and smiled.`,
        `Sleepily, ${n} thought about everything ${g.the} had said.`,
      ]);
    const mine = mineFromMoral(moral);
    const own = ms.key === "general" && mine ? [mine] : L(ms.mine(c));
    add(
      t,
      pg,
      own.map((w) => speech(n, w, "whispered")),
      true,
    );
    add(t, pg, landings(moral, c), true);
    if (older) add(t, pg, feelings(t, "sleepy"));
    done(t, pg, { place: bedroom, time: "night", action: `whispers a secret to the night`, with: crewWith(), mood: "sleepy" });
  }
  // ---------- last page: The End
  {
    const pg = new Page(pen, 4);
    add(t, pg, ["The End."], true);
    add(t, pg, [`Sweet dreams, ${n}, ${rng.pick(ms.epithet)}.`, `Goodnight, ${n}. Goodnight, ${vocative(g)}.`, `Night-night, ${n}. Sleep tight.`], true);
    add(t, pg, ms.ask(c), true);
    done(t, pg, { place: bedroom, time: "night", action: `sleeps and dreams`, with: crewWith(), mood: "sleepy" });
  }
}

/** the sky on the way home, as it looks from here at this time */
function skyOnTheWay(t: Telling): string[] {
  const { h, g, world } = t;
  const pp = world.problemPlace;
  if (t.time(19) === "night")
    return [`The stars twinkled over ${pp.name} like a thousand tiny night-lights.`, `The moon came out to light the way home from ${pp.name}.`];
  if (pp.setting === "underwater")
    return [`Far above, the water turned gold, then pink, then a deep, sleepy blue.`, `The fish of ${pp.name} swam home to bed, too.`];
  return [
    `The sky over ${pp.name} turned pink, then orange, then a deep, sleepy blue.`,
    `Behind ${h.him}, the sun was sinking over ${pp.name} like a big orange sweet.`,
    `The first star came out over ${pp.name}.`,
    `The evening sun made ${h.names} shadow and ${possessive(g.the)} shadow long and thin.`,
  ];
}

/** the pet at bedtime, as the animal it is */
function petAtBedtime(t: Telling): string[] {
  const pet = t.facts.pet!;
  const P = cap(pet.short);
  if (/fish/.test(pet.head)) return [`${P} blew a sleepy bubble in ${pet.named ? "the" : t.h.his} tank.`];
  if (/bird|budgie|parrot|canary|cockatiel/.test(pet.head)) return [`${P} tucked ${pet.named ? "a" : "its"} head under a wing.`];
  if (/hamster|mouse|gerbil|rat|guinea/.test(pet.head)) return [`${P} curled up in a ball of bedding.`];
  return [`${P} curled up at the end of the bed.`, `${P} snored a tiny snore at the end of the bed.`];
}
