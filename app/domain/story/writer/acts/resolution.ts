import { The, type Entity } from "../entities";
import { feelings } from "../lines/feelings";
import { done, add, beat } from "../lines/kit";
import type { Telling } from "../telling";
import { cap, joinList } from "../text";
import { tryText } from "../tries";

/** Pages 17–18: the problem solved (the tries that failed now help), and the celebration everyone comes to. */
export function theResolution(t: Telling): void {
  const { n, g, tiny, rich, world, moral, cast, c, leftovers, newPage, mention, time, crewWith } = t;
  const pp = world.problemPlace;
  const spec = cast.problem;
  const ms = moral.spec;

  // ---------- 17: the resolution
  {
    const pg = newPage();
    if (!tiny)
      add(
        t,
        pg,
        ms.approach(c).flatMap((a) => [`This time, ${n} ${a}.`, `So ${n} ${a}.`, `In the end, ${n} ${a}.`]),
        true,
      );
    const rank = (e: Entity) => (e.kind === "thing" ? 0 : e.kind === "toy" ? 1 : e.kind === "creature" || e.kind === "person" ? 2 : 3);
    const winners = cast.tries.slice().sort((a, b) => rank(a) - rank(b));
    const wins = winners.map((e) =>
      tiny
        ? [
            e.kind === "creature" || e.kind === "person"
              ? `${The(e)} helped ${n}, too!`
              : e.kind === "place"
                ? `${n} waved to ${e.the}.`
                : `${n} tried ${e.the} again, and it worked!`,
            ...(e.kind === "thing" || e.kind === "toy" ? [`This time ${e.the} worked!`, `Hooray, ${e.the} helped ${n}!`] : []),
          ]
        : tryText(e, c).win,
    );
    if (wins[0]) add(t, pg, wins[0], !tiny);
    if (rich && wins[1] && winners[1].kind !== winners[0].kind && winners[1].kind !== "place") add(t, pg, wins[1]);
    beat(t, pg, spec.solved(c));
    // the parent's whole premise again, when the reader's band can take it in one sentence
    if (cast.help && !tiny && spec.id !== "premise" && t.told(cast.help.pred) === cast.help.pred)
      add(t, pg, [`And that was how ${n} ${cast.help.pred}.`], true);
    done(t, pg, {
      place: pp,
      time: time(17),
      action: cast.who.kind === "place" ? `helps put everything right` : `helps ${cast.who.label}`,
      with: crewWith([g]),
      mood: "proud",
    });
  }
  // ---------- 18: the celebration
  {
    const pg = newPage();
    const who = cast.who;
    const lively = who.kind === "creature" || who.kind === "person";
    add(
      t,
      pg,
      tiny
        ? [
            `Hooray for ${n} and ${g.short}!`,
            `Everyone cheered for ${n} and ${g.short}!`,
            `${cap(g.short)} cheered for ${n}!`,
            ...(lively ? [`${cap(who.short)} cheered for ${n}!`, `Hooray for ${who.short}!`] : []),
          ]
        : spec.joy(c),
      true,
    );
    if (!tiny)
      add(
        t,
        pg,
        [
          `Everyone cheered for ${n} and ${g.the}.`,
          `"Three cheers for ${n}!" called ${g.the}.`,
          `Everyone in ${pp.name} cheered for ${n}.`,
          `"Hip, hip, hooray!" shouted everyone in ${pp.name}.`,
          `${cap(g.the)} did a happy dance.`,
          ...(lively ? [`${cap(who.the)} cheered even louder than ${g.the}.`] : []),
        ],
        true,
      );
    if (!tiny) add(t, pg, world.party);
    // everything not yet in the story comes to the party
    const rest = leftovers.splice(0);
    const named = rest.map((e) => mention(e));
    if (rest.length === 1) {
      const e = rest[0];
      add(
        t,
        pg,
        e.kind === "creature" || e.kind === "person"
          ? [`${cap(named[0])} came to celebrate, too.`]
          : e.kind === "place"
            ? [`Even ${named[0]} seemed to sparkle.`]
            : tiny
              ? [`${n} showed everyone ${named[0]}.`]
              : [`${n} showed everyone ${named[0]}, and everybody wanted a turn.`],
        true,
      );
    } else if (rest.length > 1) {
      add(t, pg, [`Everybody was there, and so was everything: ${joinList(named)}.`], true);
    }
    if (rich) add(t, pg, feelings(t, "proud"));
    if (rich && cast.who.speaks)
      add(t, pg, [
        `"Thank you, ${n}, you were wonderful," said ${cast.who.the}, and hugged ${g.the} too.`,
        `${The(cast.who)} said thank you about a hundred times, and ${g.the} counted every one.`,
        `"I'll never forget this day in ${pp.name}," said ${cast.who.the}.`,
      ]);
    done(t, pg, { place: pp, time: time(18), action: `celebrates and dances`, with: crewWith([g, cast.who].filter((e) => e.kind !== "place")), mood: "happy" });
  }
}
