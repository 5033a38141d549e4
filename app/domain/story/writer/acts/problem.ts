import { feelings } from "../lines/feelings";
import { sightsOf, their, done, add, beat } from "../lines/kit";
import { vocative, type Telling } from "../telling";
import { cap } from "../text";

/** Pages 6–7: the problem, why it matters, and deciding to help. */
export function theProblem(t: Telling): void {
  const { h, n, g, band, tiny, rich, older, world, cast, c, introduced, newPage, time, crewWith } = t;
  const spec = cast.problem;
  const pp = world.problemPlace;

  // ---------- 6: the problem
  {
    const pg = newPage();
    if (!tiny)
      add(
        t,
        pg,
        [
          `At last they reached ${pp.name}.`,
          `Soon they came to ${pp.name}.`,
          world.nightJourney ? `Before long, they had reached ${pp.name}.` : `By the afternoon, they had reached ${pp.name}.`,
          `The path led ${n} and ${g.the} to ${pp.name}.`,
          `"Here we are: ${pp.name}," said ${g.the} at last.`,
        ],
        true,
      );
    introduced.add(cast.who);
    if (cast.help?.trouble && spec.id === "premise" && !tiny) add(t, pg, [cast.help.trouble], true);
    beat(t, pg, spec.discover(c));
    if (
      cast.who.source === "special" &&
      !pg.lines
        .join(" ")
        .toLowerCase()
        .includes(cast.who.a.toLowerCase().replace(/^(a|an|the|some) /, ""))
    ) {
      add(t, pg, [`It was ${cast.who.a}.`, `${n} had found ${cast.who.a}.`], true);
    }
    if (rich) add(t, pg, sightsOf(t, pp, pg));
    if (older) add(t, pg, feelings(t, "worry"));
    done(t, pg, {
      place: pp,
      time: time(6),
      action: cast.who.kind === "place" ? `discovers the trouble` : `discovers ${cast.who.label}`,
      with: crewWith([g]),
      mood: "surprised",
    });
  }

  // ---------- 7: why, and deciding to help
  {
    const pg = newPage();
    const who = cast.who;
    beat(t, pg, spec.why(c));
    if (rich) add(t, pg, spec.plea(c));
    add(
      t,
      pg,
      tiny
        ? [
            `"I will help, ${g.short}!" said ${n}.`,
            `${n} wanted to help ${who.short}.`,
            ...(who.speaks ? [`"Don't worry, ${vocative(who)}!" said ${n}.`] : []),
            `${n} and ${g.short} would help!`,
            `"Let's help," said ${g.short}.`,
          ]
        : band === "young"
          ? [
              who.kind === "place" ? `"We'll help," ${n} told ${g.the}, looking around ${who.the}.` : `"Don't worry, we'll help you," ${n} told ${who.the}.`,
              `${n} knew just what to do: help ${who.the}!`,
              `"Let's find a way together," said ${n} to ${g.the}.`,
              `"We'll help ${who.the} ${c.need}," said ${n}.`,
              `${n} looked at ${g.the}, and ${g.the} looked at ${n}, and they both nodded.`,
              `"Leave it to us!" said ${n}, and ${g.the} nodded hard.`,
            ]
          : [
              who.kind === "place"
                ? `${n} looked all around ${who.the} and promised to find a way.`
                : `${n} knelt down beside ${who.the} and promised to find a way.`,
              `"Then we'll help ${who.the}," said ${n}, in the firm voice ${h.he} used for very important things.`,
              `${n} didn't even need to think about it: ${h.he} would help ${who.the} ${c.need}, and so would ${g.the}.`,
              `"We're going to help ${who.the}," ${n} told ${g.the}, and ${g.the} agreed at once.`,
              `"Somebody has to help ${who.the}," said ${n}, "so it might as well be us."`,
            ],
      true,
    );
    if (rich)
      add(t, pg, [
        `"Count me in," said ${g.the}.`,
        `${cap(g.the)} puffed out ${their(g)} chest and said, "Let's do it."`,
        `"I'm in," said ${g.the}, before ${n} had even asked.`,
        `${cap(g.the)} nodded so hard that ${n} laughed.`,
      ]);
    done(t, pg, {
      place: pp,
      time: time(7),
      action: cast.who.kind === "place" ? `looks around, thinking` : `talks with ${cast.who.label}`,
      with: crewWith([g]),
      mood: "brave",
    });
  }
}
