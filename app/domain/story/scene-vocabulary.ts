/**
 * The words a scene description uses, shared by the offline writer (which writes scenes with them)
 * and the offline illustrator (which draws what they name). A scene written by another provider is
 * read with the same lists; anything not named falls back to the theme's defaults.
 */
export const SETTINGS = {
  bedroom: ["bedroom", "bed", "pillow", "at home", "house", "kitchen", "attic"],
  garden: ["garden", "backyard", "flowers", "meadow", "field", "picnic", "park"],
  forest: ["forest", "woods", "trees", "tree", "jungle", "valley"],
  mountain: ["mountain", "hill", "cliff", "cave", "waterfall"],
  beach: ["beach", "shore", "sand", "seaside", "island"],
  underwater: ["underwater", "reef", "coral", "ocean floor", "sunken", "sea"],
  space: ["space", "rocket", "moon", "planet", "stars", "galaxy", "orbit", "saturn", "constellation"],
  castle: ["castle", "kingdom", "tower", "palace", "throne"],
  sky: ["sky", "clouds", "flying", "balloon", "rainbow"],
  town: ["town", "village", "street", "school", "market", "library"],
} as const;
export type Setting = keyof typeof SETTINGS;

export const TIMES_OF_DAY = {
  morning: ["morning", "sunrise", "dawn", "breakfast"],
  day: ["afternoon", "midday", "noon", "sunny"],
  evening: ["evening", "sunset", "dusk", "twilight"],
  night: ["night", "moonlight", "bedtime", "dark", "starry"],
} as const;
export type TimeOfDay = keyof typeof TIMES_OF_DAY;

export const ACTIONS = {
  walking: ["walks", "walking", "explores", "exploring", "follows", "sets off", "journey"],
  running: ["runs", "running", "races", "hurries", "chases"],
  looking: ["looks", "looking", "peeks", "discovers", "finds", "notices", "spots", "wonders"],
  thinking: ["thinks", "thinking", "remembers", "plans", "worried", "puzzled"],
  helping: ["helps", "helping", "shares", "gives", "fixes", "builds", "carries"],
  talking: ["talks", "asks", "says", "listens", "whispers", "meets"],
  flying: ["flies", "flying", "floats", "floating", "soars", "zooms"],
  swimming: ["swims", "swimming", "dives", "diving", "splashes"],
  celebrating: ["celebrates", "celebrating", "cheers", "dances", "laughs", "hugs", "party"],
  sleeping: ["sleeps", "sleeping", "yawns", "dreams", "tucked in"],
  trying: ["tries", "trying", "reaches", "climbs", "pulls", "pushes"],
} as const;
export type Action = keyof typeof ACTIONS;

export const MOODS = ["happy", "curious", "worried", "brave", "proud", "sleepy", "surprised"] as const;
export type Mood = (typeof MOODS)[number];

/** One pattern per table, made once: the first word found anywhere in a text, and its key. */
const COMPILED = new WeakMap<object, { re: RegExp; keyOf: Map<string, string> }>();

/** Finds the first key whose words occur in the text (whole words, case-insensitive). */
export function findTerm<K extends string>(text: string, table: Record<K, readonly string[]>): K | undefined {
  let compiled = COMPILED.get(table);
  if (!compiled) {
    const keyOf = new Map<string, string>();
    for (const key of Object.keys(table) as K[]) for (const word of table[key]) if (!keyOf.has(word)) keyOf.set(word, key);
    const words = [...keyOf.keys()].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    compiled = { re: new RegExp(`(?<![a-z])(?:${words.join("|")})(?![a-z])`), keyOf };
    COMPILED.set(table, compiled);
  }
  const m = compiled.re.exec(text.toLowerCase());
  return m ? (compiled.keyOf.get(m[0]) as K) : undefined;
}

export const THEME_SETTING: Record<string, Setting> = {
  adventure: "forest",
  space: "space",
  animals: "garden",
  fantasy: "castle",
  ocean: "underwater",
};
