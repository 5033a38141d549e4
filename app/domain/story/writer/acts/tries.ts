import type { Entity } from "../entities";
import type { Hero } from "../hero";
import type { Telling } from "../telling";
import { cap } from "../text";
import { tryText } from "../tries";
import { placeOf } from "../worlds";

/** Pages 8–12: a first try that fails, a fear met with comfort (or a rest), and a second try that fails. */
export function theTries(t: Telling): void {
  const {
    h,
    n,
    g,
    tiny,
    rich,
    older,
    world,
    facts,
    cast,
    c,
    introduced,
    laterEvents,
    encourage,
    petComfort,
    newPage,
    push,
    L,
    time,
    crewWith,
    gSays,
    feel,
    introLeftover,
  } = t;
  const pp = world.problemPlace;
  const spec = cast.problem;

  // ---------- 8–9 and 11–12: a try, and how it fails
  const tryPages = (e: Entity, story: number, round: number) => {
    const tried = tryText(e, c);
    const tryPlace = e.kind === "place" ? placeOf(e, pp.setting) : pp;
    // the two tries take different halves of each pool, so they never share a template
    const half = <T>(list: T[]) => (list.length > 1 ? list.filter((_, i) => i % 2 === round % 2) : list);
    {
      const pg = newPage();
      if (!introduced.has(e)) {
        introduced.add(e);
        pg.add(half(L(tried.intro)), true);
      }
      if (!tiny && e.kind !== "creature" && e.kind !== "person")
        pg.add([`${n} had an idea.`, `Then ${n} thought of something.`, `"I know!" said ${n}.`, `${n} tapped ${h.his} chin and thought.`]);
      pg.add(L(tried.attempt), true);
      if (rich) pg.add(half(feel("hope")));
      push(pg, { place: tryPlace, time: time(story), action: tried.action, with: crewWith([g]), mood: "curious" });
    }
    {
      const pg = newPage();
      pg.add(L(tried.fail), true);
      pg.add(tiny ? [`Did it work, ${n}? Not yet.`, `Not quite, ${n}!`, `Oh dear, not yet, ${n}!`, `Try again, ${n}!`] : spec.still(c), !tiny);
      if (!tiny) pg.add(half([...encourage, ...petComfort]));
      if (older) pg.add(feel("worry"));
      push(pg, {
        place: tryPlace,
        time: time(story + 1),
        action: `thinks hard, puzzled`,
        with: crewWith([g, e.kind === "place" ? undefined : e].filter((x): x is Entity => Boolean(x) && x!.kind !== "place")),
        mood: "worried",
      });
    }
  };
  tryPages(cast.tries[0], 8, 0);

  // ---------- 10: a fear met with comfort, or a wonder on the way
  {
    const pg = newPage();
    const fear = c.fear;
    if (fear) {
      const special = fearMoment(fear, n, h);
      if (special && !tiny) pg.add([special], true);
      pg.add(
        tiny
          ? [`${n} felt a bit scared.`, `Oh! ${n} felt wobbly.`]
          : [`${n} thought about ${fear}, and ${h.his} tummy went wobbly.`, `All of a sudden, ${n} thought about ${fear}, and ${h.he} felt a little scared.`],
        true,
      );
      pg.add(
        tiny
          ? [`${cap(g.the)} gave a big hug.`, `A hug from ${g.the}. Better!`]
          : [
              `${cap(g.the)} came close. "It's okay to feel scared," ${g.speaks ? `said ${g.the}` : "it seemed to say"}. "I'm right here."`,
              `${cap(g.the)} stayed right beside ${n}, and together it didn't feel so scary.`,
            ],
        true,
      );
      if (facts.pet && !tiny) pg.add(petComfort);
      if (rich)
        pg.add([
          `${n} took a slow breath, in and out, and the wobbly feeling got smaller.`,
          `Being scared was all right, ${n} thought, as long as you weren't alone.`,
        ]);
    } else {
      if (tiny) pg.add([`${n} and ${g.the} had a rest.`, `Snack time for ${n}, crunch, crunch!`]);
      else
        pg.add(
          [
            `${n} and ${g.the} stopped for a rest and shared a snack.`,
            `${n} and ${g.the} sat down to rest and think.`,
            `${n} rested in the shade for a while.`,
          ],
          true,
        );
      if (!tiny) pg.add(pp.sights);
      if (rich) pg.add([gSays(`When I'm stuck, I like to look at things from a new angle`), `"We'll work it out," said ${n}, and ${h.he} meant it.`]);
    }
    const ev = laterEvents.shift();
    if (ev && !tiny) pg.add([`Then ${n} ${ev.pred}.`], true);
    const left = introLeftover(pg);
    if (older) pg.add(pp.sights);
    push(pg, {
      place: pp,
      time: time(10),
      action: fear ? `hugs ${g.label}` : `shares a snack with ${g.label}`,
      with: crewWith(left && left.kind !== "place" ? [left] : []),
      mood: fear ? "brave" : "happy",
    });
  }

  tryPages(cast.tries[1], 11, 1);
}

/** Something on the way that brings the child's fear to mind: a cloud over the sun for a fear of the dark. */
function fearMoment(fear: string, name: string, h: Hero): string | undefined {
  const f = fear.toLowerCase();
  if (/\b(dark|night)\b/.test(f)) return `A big cloud slid over the sun, and for a moment everything went dim and shadowy.`;
  if (/\b(thunder|storm|lightning)/.test(f)) return `Far away, there was a low rumble, like a grumbly tummy.`;
  if (/\b(water|swim|bath|sea|waves)/.test(f)) return `The path crossed a wide, splashy stream.`;
  if (/\b(dog|dogs)\b/.test(f)) return `A big, shaggy dog bounded past, wagging its tail.`;
  if (/\b(height|high|heights|falling)\b/.test(f)) return `The path climbed up high, and the ground looked a long way down.`;
  if (/\b(noise|noises|loud|bang)/.test(f)) return `Suddenly, somewhere nearby, something went BANG!`;
  if (/\b(alone|lost)\b/.test(f)) return `For a moment, ${name} couldn't see anyone else, and ${h.he} felt very alone.`;
  return undefined;
}
