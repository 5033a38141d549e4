import { Short } from "../entities";
import { landings, mineFromMoral } from "../moral";
import { Page } from "../page";
import { speech, vocative, type Telling } from "../telling";
import type { Place } from "../worlds";

/** Pages 19–20, the closing page and the last page: the way home, bedtime, the moral in the child's own words, and The End. */
export function homecoming(t: Telling): void {
  const { h, n, g, tiny, rich, older, world, facts, moral, c, family, pen, max, rng, newPage, push, L, time, crewWith, refrainLine, feel } = t;
  const ms = moral.spec;

  // ---------- 19: the way home
  {
    const pg = newPage();
    pg.add(
      tiny ? [`Bye-bye, ${vocative(g)}!`] : [`"Goodbye, ${vocative(g)}!" called ${n}. "Thank you for everything!"`, `${n} hugged ${g.the} goodbye.`],
      true,
    );
    pg.add(tiny ? [refrainLine("all the way home")] : world.homeward(c), true);
    if (rich) pg.add([`The sky turned pink, then orange, then a deep, sleepy blue.`, `Behind ${h.him}, the sun was sinking like a big orange sweet.`]);
    if (older) pg.add(feel("happy"));
    push(pg, { place: world.journey[0], time: time(19), action: `says goodbye to ${g.label}`, with: crewWith([g]), mood: "happy" });
  }
  // ---------- 20: home and bedtime
  const bedroom: Place = { name: `${h.his} bedroom`, at: `in ${h.his} cosy bedroom`, setting: "bedroom", sights: [] };
  {
    const pg = newPage();
    const fam = family;
    pg.add(
      tiny
        ? [fam ? `${fam} gave ${n} a hug.` : `Home again, ${n}!`, `Home, sweet home, ${n}.`]
        : fam
          ? [`At home, ${fam} gave ${n} a great big hug.`, `That evening, ${n} told ${fam} all about ${h.his} adventure.`]
          : [`At home, ${n} had a bath, a hug and a warm drink.`, `Back at home, ${n} told everyone all about ${h.his} adventure.`],
      true,
    );
    if (!tiny) pg.add([`"What a day," said ${n}, snuggling under the covers.`, `Soon ${n} was tucked up in bed, warm and cosy.`]);
    if (c.fear && !tiny) pg.add([`And ${c.fear} didn't seem quite so big any more.`], true);
    if (facts.pet && !tiny) pg.add([`${Short(facts.pet)} curled up at the end of the bed.`]);
    if (older) pg.add(feel("sleepy"));
    push(pg, { place: bedroom, time: "night", action: fam ? `hugs ${fam}` : `sleeps, tucked in bed`, with: crewWith(), mood: "sleepy" });
  }
  // ---------- closing page: the moral, in the child's own words
  {
    const pg = new Page(pen, max + 3);
    if (!tiny)
      pg.add([
        `As ${h.he} drifted off to sleep, ${n} thought about everything that had happened.`,
        `Just before ${h.he} fell asleep, ${n} smiled a sleepy smile.`,
        `In the quiet dark, ${n} thought about the day.`,
      ]);
    const mine = mineFromMoral(moral);
    const own = ms.key === "general" && mine ? [mine] : L(ms.mine(c));
    pg.add(
      own.map((w) => speech(n, w, "whispered")),
      true,
    );
    pg.add(landings(moral, c), true);
    if (older) pg.add(feel("sleepy"));
    push(pg, { place: bedroom, time: "night", action: `whispers a secret to the night`, with: crewWith(), mood: "sleepy" });
  }
  // ---------- last page: The End
  {
    const pg = new Page(pen, 4);
    pg.add(["The End."], true);
    pg.add([`Sweet dreams, ${n}, ${rng.pick(ms.epithet)}.`, `Goodnight, ${n}. Goodnight, ${vocative(g)}.`, `Night-night, ${n}. Sleep tight.`], true);
    pg.add(ms.ask(c), true);
    push(pg, { place: bedroom, time: "night", action: `sleeps and dreams`, with: crewWith(), mood: "sleepy" });
  }
}
