import type { Telling } from "../telling";
import { cap, endWithStop } from "../text";

/** Pages 13–16: the last try fails for want of the lesson, a low moment met with comfort, and the turn: the lesson found and acted on. */
export function theTurn(t: Telling): void {
  const { h, n, g, tiny, rich, older, world, facts, moral, cast, c, family, love, petComfort, newPage, push, L, time, crewWith, feel } = t;
  const pp = world.problemPlace;
  const spec = cast.problem;
  const ms = moral.spec;

  // ---------- 13: the last try fails for want of the lesson
  {
    const pg = newPage();
    if (!tiny) pg.add([`${n} tried one more thing.`, `There was one more idea to try.`]);
    pg.add(L(ms.flaw(c)), true);
    if (!tiny) pg.add(spec.still(c));
    push(pg, { place: pp, time: time(13), action: `tries again, alone`, with: crewWith([g]), mood: "worried" });
  }
  // ---------- 14: low, and comforted
  {
    const pg = newPage();
    pg.add(
      tiny
        ? [`${n} felt sad.`, `Poor ${n} felt so sad.`]
        : [`${n} sat down on a rock. ${h.He} felt like giving up.`, `${n} sat down with a sigh. Nothing was working.`],
      true,
    );
    if (rich) pg.add(feel("low"));
    pg.add(
      tiny
        ? [`${cap(g.the)} gave a cuddle.`, `Cuddle time!`]
        : [
            `${cap(g.the)} sat down beside ${h.him}. "Tell me about the things you love," ${g.speaks ? `said ${g.the}` : "it seemed to say"}.`,
            `${cap(g.the)} snuggled up close, and ${n} felt a tiny bit better.`,
          ],
      true,
    );
    if (!tiny) pg.add([`So ${n} talked about ${love}, and soon ${h.he} ${h.was} smiling again.`, `Thinking about ${love} made ${n} feel warm inside.`]);
    if (facts.pet) pg.add(petComfort);
    push(pg, { place: pp, time: time(14), action: `talks quietly with ${g.label}`, with: crewWith([g]), mood: "worried" });
  }
  // ---------- 15–16: the turn
  {
    const pg = newPage();
    if (moral.spec.key === "general" && !tiny && moral.text) {
      const who = family ?? `someone who loved ${h.him}`;
      pg.add(
        [
          `Then ${n} remembered what ${who} always said: "${endWithStop(moral.text)}"`,
          `${n} thought of something ${who} had told ${h.him} once: "${endWithStop(moral.text)}"`,
        ],
        true,
      );
      pg.add([`Suddenly it all made sense.`, `And now ${n} knew what to do.`]);
    } else pg.add(L(ms.insight(c)), true);
    if (older) pg.add([`It felt like a light switching on inside ${h.him}.`, `It was such a simple idea, and yet it changed everything.`]);
    push(pg, { place: pp, time: time(15), action: `thinks of a new idea`, with: crewWith([g]), mood: "curious" });
  }
  {
    const pg = newPage();
    pg.add(L(ms.act(c)), true);
    if (!tiny) pg.add([`"Look, ${n}! It's working!" cried ${g.the}.`, `"Keep going, ${n}!" called everyone.`, `Everyone held their breath and watched ${n}.`]);
    push(pg, { place: pp, time: time(16), action: `tries once more with everyone`, with: crewWith([g, ...c.crew.filter((e) => e !== g)]), mood: "brave" });
  }
}
