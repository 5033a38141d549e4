import type { Setting } from "../../scene-vocabulary";
import type { Entity } from "../entities";
import type { Hero } from "../hero";
import { feelings } from "../lines/feelings";
import { petComfort, seatAt, sightsOf, SPOTS, their, done, add, beat } from "../lines/kit";
import type { Telling } from "../telling";
import { cap } from "../text";
import { tryText } from "../tries";
import { placeOf } from "../worlds";

/** Pages 8–12: a first try that fails, a fear met with comfort (or a rest), and a second try that fails. */
export function theTries(t: Telling): void {
  const { h, n, g, tiny, rich, older, world, facts, cast, c, introduced, laterEvents, newPage, L, time, crewWith, gSays, introLeftover } = t;
  const pp = world.problemPlace;
  const spec = cast.problem;
  const G = cap(g.the);

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
        add(t, pg, half(L(tried.intro)), true);
      }
      if (!tiny && e.kind !== "creature" && e.kind !== "person") add(t, pg, half(ideas(t, e)));
      beat(t, pg, tried.attempt);
      if (rich) add(t, pg, half(feelings(t, "hope", { e })));
      done(t, pg, { place: tryPlace, time: time(story), action: tried.action, with: crewWith([g]), mood: "curious" });
    }
    {
      const pg = newPage();
      beat(t, pg, tried.fail);
      add(t, pg, tiny ? half(notYet(t)) : spec.still(c), !tiny);
      if (!tiny) add(t, pg, half([...encouragement(t), ...petComfort(t)]));
      if (older && round === 1) add(t, pg, feelings(t, "worry"));
      done(t, pg, {
        place: tryPlace,
        time: time(story + 1),
        action: `thinks hard, puzzled`,
        with: crewWith([g, e.kind === "place" ? undefined : e].filter((x): x is Entity => Boolean(x) && x!.kind !== "place")),
        mood: "worried",
      });
    }
  };
  tryPages(cast.tries[0], 8, 0);

  // ---------- 10: a fear met with comfort, or a rest on the way
  {
    const pg = newPage();
    const fear = c.fear;
    if (fear) {
      const special = fearMoment(fear, n, h, pp.setting);
      if (special && !tiny) add(t, pg, [special], true);
      add(
        t,
        pg,
        tiny
          ? [`${n} felt a bit scared.`, `Oh, ${n} felt wobbly.`, `${n} thought of ${fear}, eek!`]
          : [`${n} thought about ${fear}, and ${h.his} tummy went wobbly.`, `All of a sudden, ${n} thought about ${fear}, and ${h.he} felt a little scared.`],
        true,
      );
      add(
        t,
        pg,
        tiny
          ? [`${G} gave ${n} a big hug.`, `${G} held ${n} tight.`, `${G} said, "I'm here."`]
          : [
              `${G} came close and said, "It's okay to feel scared."`,
              g.speaks ? `"I'm right here," said ${g.the}.` : `${G} stayed close, warm and steady.`,
              `${G} stayed right beside ${n}, and together it didn't feel so scary.`,
              `${G} held ${h.names} hand until the wobbly feeling passed.`,
            ],
        true,
      );
      if (facts.pet && !tiny) add(t, pg, petComfort(t));
      if (rich)
        add(t, pg, [
          `${n} took a slow breath, in and out, and held on to ${g.the} until the wobbly feeling got smaller.`,
          `Being scared was all right, ${n} thought, as long as ${g.the} was there.`,
          `${n} thought about ${t.love}, and the scary feeling shrank a little.`,
        ]);
    } else {
      const seat = seatAt(t, pp);
      const shade = SPOTS[pp.setting].shade;
      if (tiny) add(t, pg, [`${n} and ${g.short} had a rest.`, `Snack time for ${n} and ${g.short}!`, `${n} sat down ${seat}.`]);
      else
        add(
          t,
          pg,
          [
            `${n} and ${g.the} stopped for a rest and shared a snack.`,
            `${n} and ${g.the} sat down ${seat} to rest and think.`,
            ...(shade ? [`${n} and ${g.the} rested ${shade} for a while.`] : []),
            `${n} sat down ${seat}, and ${g.the} sat down too.`,
            `${n} and ${g.the} stopped ${seat} to catch their breath.`,
          ],
          true,
        );
      if (!tiny) add(t, pg, sightsOf(t, pp, pg));
      if (rich)
        add(t, pg, [
          gSays(`When I'm stuck, I like to look at things from a new angle`),
          `"We'll work it out," ${n} told ${g.the}, and ${h.he} meant it.`,
          gSays(`Let's rest our legs and let our brains do the walking`),
          `"Everything is easier after a snack," said ${g.the}.`,
          `${n} and ${g.the} listened to ${SPOTS[pp.setting].hear} and thought.`,
        ]);
    }
    const ev = laterEvents.shift();
    if (ev && !tiny) add(t, pg, [`Then ${n} ${t.told(ev.pred)}.`], true);
    const left = introLeftover(pg);
    if (older) add(t, pg, sightsOf(t, pp, pg));
    if (!pg.names(n)) add(t, pg, [`${n} looked at ${g.the}.`, `${n} smiled at ${g.the}.`]);
    done(t, pg, {
      place: pp,
      time: time(10),
      action: fear ? `hugs ${g.label}` : `shares a snack with ${g.label}`,
      with: crewWith(left && left.kind !== "place" ? [left] : []),
      mood: fear ? "brave" : "happy",
    });
  }

  tryPages(cast.tries[1], 11, 1);
}

/** the moment an idea comes, with the thing it is about */
function ideas(t: Telling, e: Entity): string[] {
  const { n, h, g } = t;
  const who = t.cast.who;
  if (t.band === "young")
    return [
      `${n} had an idea about ${e.the}.`,
      `Then ${n} thought of ${e.the}.`,
      `"I know: ${e.the}!" said ${n}.`,
      `${n} looked at ${e.the} and had an idea.`,
      `"What about ${e.the}?" said ${g.the}.`,
      `${n} tapped ${h.his} chin and thought about ${e.the}.`,
    ];
  return [
    `${n} had an idea, and it was all about ${e.the}.`,
    `Then ${n} thought of something that might help ${who.the}: ${e.the}.`,
    `${n} looked at ${e.the}, and an idea began to fizz.`,
    `"What about ${e.the}?" said ${g.the}, and ${n} grinned.`,
    `${n} tapped ${h.his} chin and thought hard about ${who.the} and ${e.the}.`,
    `"Let's try ${e.the} for ${who.the}," said ${n} slowly.`,
  ];
}

/** a toddler's "not yet", with someone in it */
function notYet(t: Telling): string[] {
  const { n, g } = t;
  const who = t.cast.who;
  return [
    `Not yet, ${g.short}!`,
    `${cap(g.short)} said, "Try again, ${n}!"`,
    `${cap(who.short)} still needed help.`,
    `Oh dear, try again, ${g.short}!`,
    `Poor ${who.short.replace(/^the /, "little ")}!`,
    `${cap(who.short)} still looked sad.`,
  ];
}

/** the companion's words when a try fails, each a sentence of its own */
function encouragement(t: Telling): string[] {
  const { n, h, g } = t;
  const G = cap(g.the);
  return [
    `"Every good adventure has a tricky bit," said ${g.the}.`,
    `"We'll think of something, ${n}," said ${g.the}.`,
    `"That was a good try," said ${g.the}.`,
    `"Not yet doesn't mean never," said ${g.the}.`,
    `"We're getting closer, I can feel it," said ${g.the}.`,
    `"Never mind," said ${g.the}, patting ${h.names} arm.`,
    `${G} gave ${n} a friendly nudge.`,
    `"Let's try something else," said ${g.the}.`,
    `"Even the best ideas need a second go," said ${g.the}.`,
    `${G} shook ${their(g)} head kindly and said, "Don't give up yet."`,
  ];
}

/** Something on the way that brings the child's fear to mind, as it could happen here: a cloud over the sun, a whale overhead. */
function fearMoment(fear: string, name: string, h: Hero, setting: Setting): string | undefined {
  const f = fear.toLowerCase();
  const up = setting === "space" || setting === "sky";
  const under = setting === "underwater";
  if (/\b(dark|night)\b/.test(f))
    return under
      ? `A huge whale swam slowly overhead, and for a moment everything went dim and shadowy.`
      : setting === "space"
        ? `A big planet drifted in front of the sun, and for a moment everything went dim and shadowy.`
        : `A big cloud slid over the sun, and for a moment everything went dim and shadowy.`;
  if (/\b(thunder|storm|lightning)/.test(f)) return setting === "space" ? undefined : `Far away, there was a low rumble, like a grumbly tummy.`;
  if (/\b(water|swim|bath|sea|waves)/.test(f))
    return up ? undefined : under ? `All around was water, deep and blue.` : `The path crossed a wide, splashy stream.`;
  if (/\b(dog|dogs)\b/.test(f)) return up || under ? undefined : `A big, shaggy dog bounded past, wagging its tail.`;
  if (/\b(height|high|heights|falling)\b/.test(f))
    return up ? `Far, far below, the ground looked very small.` : `The path climbed up high, and the ground looked a long way down.`;
  if (/\b(noise|noises|loud|bang)/.test(f)) return `Suddenly, somewhere nearby, something went BANG!`;
  if (/\b(alone|lost)\b/.test(f)) return `For a moment, ${name} couldn't see anyone else, and ${h.he} felt very alone.`;
  return undefined;
}
