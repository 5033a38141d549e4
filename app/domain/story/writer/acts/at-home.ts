import type { Entity } from "../entities";
import { numberWord } from "../hero";
import { isActionStart, isStoryOfHow } from "../premise";
import type { Telling } from "../telling";

/** Pages 1–2: the child, their home, what they love and who is in their life. */
export function atHome(t: Telling): void {
  const { h, n, band, tiny, rich, facts, homeAt, love, homePlace, newPage, push, time, crewWith } = t;

  // ---------- 1: the child and their world
  {
    const pg = newPage();
    const full = h.fullName;
    const age = numberWord(h.age);
    if (tiny) {
      pg.add([`Once there was a ${h.kid} called ${full}.`, `There once was a ${h.kid} named ${full}.`, `Once upon a time, there was ${full}.`], true);
      pg.add([`${n} lived ${homeAt}.`, `${n} was ${age}.`]);
    } else if (band === "young") {
      pg.add(
        [`Once upon a time, there was a ${age}-year-old ${h.kid} called ${full}.`, `There once was a ${h.kid} named ${full}, who was ${age} years old.`],
        true,
      );
      pg.add([`${n} lived ${homeAt}.`, `${h.He} lived ${homeAt}.`]);
      pg.add([`${n} had a big smile and lots of questions.`, `${n} had quick feet and a big, bubbly laugh.`]);
    } else {
      pg.add(
        [
          `Once upon a time, ${homeAt}, there lived a ${age}-year-old ${h.kid} called ${full}.`,
          `${full} was ${age} years old and lived ${homeAt}.`,
          `There was once a ${h.kid} called ${full}, ${age} years old, who lived ${homeAt}.`,
        ],
        true,
      );
      pg.add([
        `${h.He} had a head full of questions and a pocket full of interesting things.`,
        `${h.He} had quick feet, a big laugh and an even bigger imagination.`,
        `${n} noticed things other people missed: a snail's silver trail, a cloud shaped like a teapot, a feather on the doorstep.`,
      ]);
    }
    const ev0 = facts.events[0];
    if (ev0 && !isActionStart(ev0.verb) && isStoryOfHow(ev0.verb) && !tiny) pg.add([`This is the story of how ${n} ${ev0.pred}.`], true);
    if (facts.about && !tiny) pg.add([`This is a story about ${facts.about}.`], true);
    push(pg, { place: homePlace, time: time(1), action: `looks out of the window`, with: crewWith(), mood: "happy" });
  }

  // ---------- 2: what they love, who is in their life
  {
    const pg = newPage();
    const loveLine = tiny
      ? [`${n} loved ${love}.`]
      : band === "young"
        ? [`${n} loved ${love} more than anything.`, `More than anything, ${n} loved ${love}.`]
        : [
            `More than almost anything in the world, ${n} loved ${love}.`,
            `If you asked ${n} what ${h.he} loved most, the answer was always the same: ${love}.`,
          ];
    pg.add(loveLine, true);
    if (facts.pet)
      pg.add(
        tiny
          ? [`${n} had ${facts.pet.a}.`]
          : [`${n} had ${facts.pet.a}, who went everywhere with ${h.him}.`, `${n} also had ${facts.pet.a}, the best pet in the whole world.`],
        true,
      );
    if (facts.friend)
      pg.add(
        tiny
          ? [`${h.His} best friend was ${facts.friend.a}.`]
          : [`${h.His} best friend in the whole world was ${facts.friend.a}.`, `${h.His} best friend was ${facts.friend.a}, and they did everything together.`],
        !tiny,
      );
    if (facts.sibling) pg.add([`And there was ${facts.sibling.a}, who was never far away.`, `${n} lived with ${facts.sibling.a}, too.`], !tiny);
    if (facts.loves[1] && !tiny) pg.add([`${h.He} loved ${facts.loves[1]}, too.`, `${n} was also very fond of ${facts.loves[1]}.`]);
    if (facts.wishes[0] && !tiny) {
      const wish = facts.wishes[0];
      pg.add(wish.startsWith("to ") ? [`One day, ${n} wanted ${wish}.`, `More than anything, ${n} hoped ${wish}.`] : [`${n} often dreamed ${wish}.`], true);
    }
    if (facts.topics[0] && !tiny) pg.add([`Lately, ${n} had been thinking a lot about ${facts.topics[0]}.`], true);
    for (const ev of facts.events.filter((e) => !isActionStart(e.verb) && !isStoryOfHow(e.verb)).slice(0, 2)) if (!tiny) pg.add([`${n} ${ev.pred}.`], true);
    for (const line of facts.worldLines) if (!tiny) pg.add([line], rich);
    if (!facts.pet && !facts.friend && !facts.sibling)
      pg.add(
        tiny
          ? [`${n} liked to play.`, `${n} liked to laugh.`]
          : [`Every day, ${n} hoped something exciting would happen.`, `${n} always said that the best days were the ones with a surprise in them.`],
      );
    const playWith = [facts.pet, facts.friend, facts.sibling].filter((e): e is Entity => Boolean(e));
    push(pg, {
      place: homePlace,
      time: time(2),
      action: playWith.length ? `laughs and plays` : `looks at a picture book`,
      with: playWith,
      mood: "happy",
    });
  }
}
