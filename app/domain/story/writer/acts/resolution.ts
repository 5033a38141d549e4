import { The, type Entity } from "../entities";
import type { Telling } from "../telling";
import { cap, joinList } from "../text";
import { tryText } from "../tries";

/** Pages 17–18: the problem solved (the tries that failed now help), and the celebration everyone comes to. */
export function theResolution(t: Telling): void {
  const { n, g, tiny, rich, world, moral, cast, c, leftovers, newPage, push, mention, L, time, crewWith, feel } = t;
  const pp = world.problemPlace;
  const spec = cast.problem;
  const ms = moral.spec;

  // ---------- 17: the resolution
  {
    const pg = newPage();
    if (!tiny)
      pg.add(
        ms.approach(c).flatMap((a) => [`This time, ${n} ${a}.`, `So ${n} ${a}.`]),
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
          ]
        : tryText(e, c).win,
    );
    if (wins[0]) pg.add(wins[0], !tiny);
    if (rich && wins[1] && winners[1].kind !== winners[0].kind && winners[1].kind !== "place") pg.add(wins[1]);
    pg.add(L(spec.solved(c)), true);
    if (cast.help && !tiny && spec.id !== "premise") pg.add([`And that was how ${n} ${cast.help.pred}.`], true);
    push(pg, {
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
    pg.add(tiny ? [`Hooray for ${n}!`, `Everyone cheered for ${n}!`] : spec.joy(c), true);
    if (!tiny) pg.add([`Everyone cheered for ${n}.`, `"Three cheers for ${n}!" called everyone.`], true);
    if (!tiny) pg.add(world.party);
    // everything not yet in the story comes to the party
    const rest = leftovers.splice(0);
    const named = rest.map((e) => mention(e));
    if (rest.length === 1) {
      const e = rest[0];
      pg.add(
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
      pg.add([`Everybody was there, and so was everything: ${joinList(named)}.`], true);
    }
    if (rich) pg.add(feel("proud"));
    if (rich && cast.who.speaks)
      pg.add([`"Thank you, ${n}," said ${cast.who.the}. "You were wonderful."`, `${The(cast.who)} said thank you about a hundred times.`]);
    push(pg, { place: pp, time: time(18), action: `celebrates and dances`, with: crewWith([g, cast.who].filter((e) => e.kind !== "place")), mood: "happy" });
  }
}
