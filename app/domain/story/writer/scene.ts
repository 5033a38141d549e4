import { ACTIONS, findTerm, SETTINGS, TIMES_OF_DAY, type Mood, type TimeOfDay } from "../scene-vocabulary";
import type { Entity } from "./entities";
import type { Rng } from "./rng";
import { cap, joinList, normSentence } from "./text";
import type { Place } from "./worlds";

/**
 * One sentence for the illustrator, in the scene vocabulary: time of day first, then the place
 * (which names a setting), then the child and what they do (a scene-vocabulary verb), then who and
 * what is with them, then the child's mood. Words are checked with the illustrator's own reader
 * (`findTerm`), so what it draws is what the text says.
 */
export interface SceneSpec {
  place: Place;
  time: TimeOfDay;
  /** present tense, starting with a scene-vocabulary verb: "follows the glowing map" */
  action: string;
  with: Entity[];
  mood: Mood;
}

const TIME_PHRASES: Record<TimeOfDay, string[]> = {
  morning: ["In the early morning", "One bright morning", "At sunrise", "In the morning sunshine"],
  day: ["On a sunny afternoon", "At midday", "In the afternoon light"],
  evening: ["At sunset", "In the golden evening light", "At dusk"],
  night: ["On a starry night", "At bedtime", "In the soft moonlight"],
};

const NUDGES = [
  "seen from a little way off",
  "in a close-up",
  "seen from above",
  "from low down, looking up",
  "in a wide view",
  "with the scene framed by leaves",
];

export function timePhrase(time: TimeOfDay, rng: Rng): string {
  return rng.pick(TIME_PHRASES[time]);
}

export class SceneWriter {
  private used = new Set<string>();
  constructor(
    private rng: Rng,
    private name: string,
  ) {}

  write(spec: SceneSpec): string {
    const companions = spec.with.filter((e, i, all) => all.findIndex((o) => o.label === e.label) === i && !spec.action.includes(e.label));
    const variants: string[] = [];
    for (let drop = 0; drop <= companions.length; drop++) {
      const keep = companions.slice(0, companions.length - drop);
      const withPart = keep.length ? `, with ${joinList(keep.map((e) => e.label))}` : "";
      const placePart = spec.place.at ? `${spec.place.at}, ` : "";
      variants.push(`${timePhrase(spec.time, this.rng)}, ${placePart}${this.name} ${spec.action}${withPart}, feeling ${spec.mood}.`);
    }
    const ok = variants.filter((v) => this.matches(v, spec));
    const pool = ok.length ? ok : variants;
    const candidates = [...pool, ...NUDGES.map((nudge) => pool[0].replace(/\.$/, `, ${nudge}.`))];
    const scene = candidates.find((c) => !this.used.has(normSentence(c))) ?? pool[0].replace(/\.$/, `, view ${this.used.size + 1}.`);
    this.used.add(normSentence(scene));
    return cap(scene);
  }

  private matches(scene: string, spec: SceneSpec): boolean {
    return findTerm(scene, SETTINGS) === spec.place.setting && findTerm(scene, TIMES_OF_DAY) === spec.time && findTerm(scene, ACTIONS) !== undefined;
  }
}
