import type { Entity } from "../entities";
import type { Telling } from "../telling";
import { cap } from "../text";
import type { Place } from "../worlds";

export type Feeling = "wonder" | "worry" | "hope" | "low" | "proud" | "sleepy" | "happy";

/**
 * What a reader of seven and up is told about how the child feels, said through what is around
 * them: the place, the companion, the one in need, the thing being tried. A feeling in a children's
 * book is best shown in something the child can see or hold, so every line has one.
 */
export function feelings(t: Telling, mood: Feeling, at: { place?: Place; e?: Entity } = {}): string[] {
  const { h, n, g } = t;
  const who = t.cast.who;
  const pl = at.place ?? t.world.problemPlace;
  const G = cap(g.the);
  const love = t.love;
  switch (mood) {
    case "wonder":
      return [
        `${h.names} eyes went wide: ${h.he} had never seen anywhere like ${pl.name}.`,
        `${n} felt a fizzy, tingly feeling all over, the way ${pl.name} made everyone feel.`,
        `Everything ${pl.at} was so new that ${n} didn't know where to look first.`,
        `${n} breathed in deeply, and even the air of ${pl.name} smelled of adventure.`,
        `${cap(pl.name)} was, ${n} decided, the most amazing place ${h.he} had ever been.`,
        `${n} wished ${h.he} could remember every tiny detail of ${pl.name} forever.`,
        `${n} turned round slowly, trying to see all of ${pl.name} at once.`,
        `${G} watched ${n} gazing around ${pl.name} and smiled a knowing smile.`,
      ];
    case "worry":
      return [
        `${n} felt a little knot of worry for ${who.the}.`,
        `${n} bit ${h.his} lip and looked at ${who.the}.`,
        `A small, worried feeling crept over ${n}, like a cloud drifting across ${pl.name}.`,
        `For a moment, ${n} felt very small, and the trouble ${pl.at} felt very big.`,
        `${n} glanced at ${g.the}, and ${g.the} glanced back, just as worried.`,
        `Helping ${who.the} was going to be harder than ${n} had thought.`,
        `${n} wondered, just for a moment, whether ${who.the} could really be helped.`,
        ...(who.kind === "place" ? [] : [`Even ${pl.name} seemed to go quiet, as if it was worried about ${who.the} too.`]),
      ];
    case "hope":
      return [
        ...(at.e
          ? [
              `"Please work," ${n} whispered to ${at.e.the}, crossing ${h.his} fingers.`,
              `${n} held ${h.his} breath and watched ${at.e.the}.`,
              `${n} felt a flutter of hope about ${at.e.the}.`,
              `${n} held ${at.e.the} tight and hoped with all ${h.his} heart.`,
              `${G} watched ${at.e.the} as closely as ${n} did.`,
              `${n} crossed ${h.his} fingers and ${h.his} toes for ${at.e.the}, just in case.`,
            ]
          : []),
        `"This could be it," ${n} whispered to ${g.the}.`,
        `${G} leaned in to watch, hardly daring to blink.`,
      ];
    case "low":
      return [
        `${n} rested ${h.his} chin in ${h.his} hands and looked at ${who.the}.`,
        `${h.names} shoulders drooped like a flower that needed watering, right there ${pl.at}.`,
        `It was hard when things didn't work, and ${n} felt it all the way down to ${h.his} toes, even with ${g.the} there.`,
        `${n} felt tired, a bit sad and a little bit cross with ${pl.name}, all at the same time.`,
        `${n} looked at ${who.the} and felt like crying, just a little.`,
        `${n} kicked at a pebble and watched it roll away across ${pl.name}.`,
        `For a while, ${n} didn't say anything at all, and neither did ${g.the}.`,
        `${n} even forgot about ${love} for a moment, which had never happened before.`,
      ];
    case "proud":
      return [
        `${n} felt proud all the way from ${h.his} ears to ${h.his} toes, and so did ${g.the}.`,
        `A warm, glowing feeling filled ${n} up, like hot cocoa on a cold day, right there ${pl.at}.`,
        `${n} grinned at ${g.the} so widely that ${h.his} cheeks ached.`,
        `${n} could hardly believe it: ${who.the} was all right!`,
        `${n} felt as tall as a tree and as light as a feather, right there ${pl.at}.`,
        `${G} gave ${n} the biggest smile ${n} had ever seen.`,
        `${n} looked at ${who.the} and felt warm right through.`,
        `All of ${pl.name} seemed to be smiling at ${n}.`,
      ];
    case "sleepy":
      return [
        `${n} yawned an enormous yawn, as big as ${pl.name}.`,
        `${h.names} eyelids grew heavy, and ${pl.name} began to feel like a dream.`,
        `Everything felt warm, safe and sleepy, and ${who.the} was safe too.`,
        `Outside, the world was quiet, and ${n} felt peaceful inside, thinking of ${g.the}.`,
        `Somewhere far away, ${g.the} was going to sleep too.`,
        `${n} could still hear ${pl.name} in ${h.his} head, soft and far away.`,
        `The last thing ${n} thought of was ${who.the}, safe and happy.`,
      ];
    case "happy":
      return [
        `${n} laughed with ${g.the} until ${h.his} tummy hurt.`,
        `${n} had never felt so happy, not even about ${love}.`,
        `${h.names} heart felt as light as a balloon over ${pl.name}.`,
        `${n} hummed all the way, and ${g.the} hummed too.`,
        `${n} couldn't stop smiling about ${who.the}.`,
        `Every few steps, ${n} did a little skip, just because.`,
        `${n} kept thinking of ${who.the}, and each time ${h.he} smiled a bit wider.`,
        `It had been the best day, and ${n} and ${g.the} both knew it.`,
      ];
  }
}
