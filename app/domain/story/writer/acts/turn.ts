import { feelings } from "../lines/feelings";
import { done, petComfort, seatAt, their, they, add, beat } from "../lines/kit";
import type { Telling } from "../telling";
import { cap, endWithStop } from "../text";

/** Pages 13–16: the last try fails for want of the lesson, a low moment met with comfort, and the turn: the lesson found and acted on. */
export function theTurn(t: Telling): void {
  const { h, n, g, tiny, rich, older, world, facts, moral, cast, c, family, love, newPage, time, crewWith } = t;
  const pp = world.problemPlace;
  const spec = cast.problem;
  const ms = moral.spec;
  const who = cast.who;
  const G = cap(g.the);

  // ---------- 13: the last try fails for want of the lesson
  {
    const pg = newPage();
    if (!tiny)
      add(t, pg, [
        `${n} tried one more thing in ${pp.name}.`,
        `There was one more idea to try for ${who.the}, and ${g.the} was ready.`,
        `${n} had one last idea for ${who.the}, and ${g.the} waited to see.`,
        `${n} looked around ${pp.name} for one more idea.`,
        `${G} waited while ${n} tried one more thing.`,
      ]);
    beat(t, pg, ms.flaw(c));
    add(t, pg, tiny ? [`${cap(g.short)} watched.`, `${cap(who.short)} waited and waited.`, `${cap(g.short)} said, "Oh dear."`] : spec.still(c));
    done(t, pg, { place: pp, time: time(13), action: `tries again, alone`, with: crewWith([g]), mood: "worried" });
  }
  // ---------- 14: low, and comforted
  {
    const pg = newPage();
    const seat = seatAt(t, pp);
    add(
      t,
      pg,
      tiny
        ? [
            `${n} felt sad for ${who.short}.`,
            `Oh, poor ${n} and ${g.short}!`,
            `${n} sat down ${seat}.`,
            `${n} felt sad, and so did ${g.short}.`,
            `${n} sat down with ${g.short}.`,
          ]
        : [
            `${n} sat down ${seat} and sighed a big sigh.`,
            `${n} flopped down ${seat}, feeling like giving up.`,
            `"Nothing is working," sighed ${n}, sitting down ${seat}.`,
            `${n} sat down ${seat} and hugged ${h.his} knees.`,
            `${h.names} shoulders drooped, and ${h.he} sat down ${seat}.`,
            `With a heavy heart, ${n} sat down ${seat} to think.`,
          ],
      true,
    );
    if (rich) add(t, pg, feelings(t, "low"));
    add(
      t,
      pg,
      tiny
        ? [`${G} gave a cuddle.`, `Cuddle time, ${g.short}!`, `${G} sat close to ${n}.`]
        : [
            `${G} sat down beside ${h.him}. "Tell me about the things you love," ${g.speaks ? `said ${g.the}` : "it seemed to say"}.`,
            `${G} snuggled up close, and ${n} felt a tiny bit better.`,
            `${G} leaned against ${n}, warm and still, and the sad feeling got smaller.`,
            `${G} came and sat so close that their shoulders touched.`,
            `${G} sat down too, close enough to lean on.`,
            `"Tell me about your favourite things," said ${g.the} gently.`,
            `${G} didn't say anything, but stayed right there beside ${n}.`,
          ],
      true,
    );
    if (!tiny)
      add(t, pg, [
        `So ${n} talked about ${love}, and soon ${h.he} ${h.was} smiling again.`,
        `Thinking about ${love} made ${n} feel warm inside.`,
        `${n} told ${g.the} all about ${love}, and felt a little better.`,
      ]);
    if (facts.pet) add(t, pg, petComfort(t));
    done(t, pg, { place: pp, time: time(14), action: `talks quietly with ${g.label}`, with: crewWith([g]), mood: "worried" });
  }
  // ---------- 15–16: the turn
  {
    const pg = newPage();
    if (moral.spec.key === "general" && !tiny && moral.text) {
      const someone = family ?? `someone who loved ${h.him}`;
      add(
        t,
        pg,
        [
          `Then ${n} remembered what ${someone} always said: "${endWithStop(moral.text)}"`,
          `${n} thought of something ${someone} had told ${h.him} once: "${endWithStop(moral.text)}"`,
        ],
        true,
      );
      add(t, pg, [
        `Suddenly everything about ${pp.name} made sense to ${n}.`,
        `And now ${n} knew what to do for ${who.the}.`,
        `And now ${n} knew how to help ${who.the}.`,
        `Suddenly, everything about ${who.the} made sense.`,
        `${n} turned to ${g.the}: now ${h.he} knew what to do.`,
      ]);
    } else beat(t, pg, ms.insight(c));
    add(
      t,
      pg,
      tiny
        ? [
            `${cap(g.short)} smiled at ${n}.`,
            `${cap(g.short)} nodded and nodded.`,
            `"Clever ${n}!" said ${g.short}.`,
            `"Yes!" said ${g.short}.`,
            `${n} knew what to do for ${who.short}!`,
            `${cap(g.short)} hugged ${n}.`,
            `Now ${n} knew how to help ${who.short}!`,
          ]
        : [
            `${G} smiled, because ${n} had worked it out.`,
            `${G} nodded, as if ${they(g)} had hoped ${n} would think of it.`,
            `${n} jumped up, and ${g.the} jumped up too.`,
            `"Now we're getting somewhere," said ${g.the}.`,
          ],
    );
    if (older)
      add(t, pg, [
        `It felt like a light switching on inside ${h.him}, and ${g.the} could see it.`,
        `It was such a simple idea, and yet it changed everything for ${who.the}.`,
        `${n} looked at ${who.the} with new eyes.`,
        `Suddenly, ${pp.name} looked quite different.`,
        `${G} saw the idea arrive on ${h.names} face.`,
      ]);
    done(t, pg, { place: pp, time: time(15), action: `thinks of a new idea`, with: crewWith([g]), mood: "curious" });
  }
  {
    const pg = newPage();
    beat(t, pg, ms.act(c));
    if (tiny)
      add(t, pg, [
        `"Go, ${n}, go!" said ${g.short}.`,
        `${cap(g.short)} helped too.`,
        `${n} did it with ${g.short}.`,
        `${n} tried and tried for ${who.short}.`,
        `"Well done!" said ${g.short}.`,
        `${cap(g.short)} cheered.`,
        `${cap(who.short)} watched.`,
      ]);
    else
      add(t, pg, [
        `"It's working!" cried ${g.the}.`,
        `"Keep going, ${n}!" called ${g.the}.`,
        `${G} held ${their(g)} breath and watched.`,
        ...(who.kind === "creature" || who.kind === "person" ? [`${cap(who.the)} and ${g.the} watched, hardly daring to hope.`] : []),
      ]);
    done(t, pg, { place: pp, time: time(16), action: `tries once more with everyone`, with: crewWith([g, ...c.crew.filter((e) => e !== g)]), mood: "brave" });
  }
}
