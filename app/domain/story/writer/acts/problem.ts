import { speech, type Telling } from "../telling";
import { cap } from "../text";

/** Pages 6–7: the problem, why it matters, and deciding to help. */
export function theProblem(t: Telling): void {
  const { h, n, g, band, tiny, rich, older, world, cast, c, introduced, newPage, push, L, time, crewWith, gSays, feel } = t;
  const spec = cast.problem;
  const pp = world.problemPlace;

  // ---------- 6: the problem
  {
    const pg = newPage();
    if (!tiny)
      pg.add(
        [
          `At last they reached ${pp.name}.`,
          `Soon they came to ${pp.name}.`,
          world.nightJourney ? `Before long, they had reached ${pp.name}.` : `By the afternoon, they had reached ${pp.name}.`,
        ],
        true,
      );
    introduced.add(cast.who);
    if (cast.help?.trouble && spec.id === "premise" && !tiny) pg.add([cast.help.trouble], true);
    pg.add(L(spec.discover(c)), true);
    if (
      cast.who.source === "special" &&
      !pg.lines
        .join(" ")
        .toLowerCase()
        .includes(cast.who.a.toLowerCase().replace(/^(a|an|the|some) /, ""))
    ) {
      pg.add([`It was ${cast.who.a}.`, `${n} had found ${cast.who.a}.`], true);
    }
    if (rich) pg.add(pp.sights);
    if (older) pg.add(feel("worry"));
    push(pg, {
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
    pg.add(L(spec.why(c)), true);
    if (rich) pg.add(spec.plea(c));
    pg.add(
      tiny
        ? [`"I will help!" said ${n}.`, `${n} wanted to help.`]
        : band === "young"
          ? [speech(n, "Don't worry. We'll help you"), `${n} knew just what to do. "We'll help!" ${h.he} said.`, speech(n, "Let's find a way together")]
          : [
              `${n} knelt down. "Don't worry," ${h.he} said. "We'll find a way. I promise."`,
              `"Then we'll help," said ${n}, in the firm voice ${h.he} used for very important things.`,
            ],
      true,
    );
    if (rich) pg.add([gSays(`I'm in`), `${cap(g.the)} nodded. "Me too."`]);
    if (older) pg.add(feel("worry"));
    push(pg, {
      place: pp,
      time: time(7),
      action: cast.who.kind === "place" ? `looks around, thinking` : `talks with ${cast.who.label}`,
      with: crewWith([g]),
      mood: "brave",
    });
  }
}
