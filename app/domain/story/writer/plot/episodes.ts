import type { X } from "./beats";

/**
 * The small things that happen around the parent's moments, for a page the plot leaves room on:
 * what the child and their companion do, say and notice, and how the child feels. Built from parts
 * (a deed and a detail, a saying and how it is said), so a short plot still fills its pages and two
 * books seldom share a sentence. Every line is in the story's past tense and names its people; a
 * line about the sky or the grass is only said where there is one.
 */
export type Where = "out" | "in" | "away";

/** outdoors, indoors, or somewhere without a sky or grass of its own (space, under the sea) */
export function whereOf(place: string | undefined): Where | undefined {
  if (!place) return undefined;
  if (/\b(moon|space|planet|rocket|sea|ocean|underwater|reef)\b/i.test(place)) return "away";
  if (
    /\b(park|garden|beach|zoo|farm|forest|woods?|field|meadow|pond|lake|river|playground|pitch|seaside|camp|campsite|fair|festival|mountain|hill|street)\b/i.test(
      place,
    )
  )
    return "out";
  if (/\b(home|house|school|classroom|kitchen|shop|library|museum|hospital|dentist|cinema|hall|flat|nursery|bedroom|class)\b/i.test(place)) return "in";
  return undefined;
}

const SMALL_DEEDS = [
  "clapped",
  "jumped up and down",
  "did a little dance",
  "giggled",
  "looked all around",
  "sang a song",
  "skipped along",
  "waved",
  "played peekaboo",
  "counted to ten",
  "made a funny face",
  "spun round and round",
  "hopped like bunnies",
  "stamped their feet",
];
const BIG_DEEDS = [
  "played a game of I-spy",
  "counted everything that was red",
  "made up a silly song",
  "took turns telling jokes",
  "played a clapping game",
  "walked in step, left, right, left",
  "made up a secret handshake",
  "tried to see who could stay quiet longest",
  "played a guessing game about animals",
  "swapped stories about the funniest thing they had ever seen",
];
const DETAILS = ["", " and laughed", " for a while", ", just for fun"];

const SMALL_SAYINGS = ["This is fun!", "Look!", "Wow!", "I love this!", "Yay!", "Again!"];
const BIG_SAYINGS = [
  "I'm so glad we did this,",
  "Look at that,",
  "This is my favourite bit so far,",
  "Remember this moment,",
  "I wonder what happens next,",
  "You're doing brilliantly,",
  "Isn't this the best day?",
  "Shall we keep going?",
];
const SAID = ["said", "laughed", "whispered", "called", "cried"];

const SMALL_FEELINGS = [
  "felt happy",
  "felt warm inside",
  "smiled a big smile",
  "felt very brave",
  "felt proud",
  "was so happy",
  "felt fizzy",
  "laughed out loud",
  "felt big and strong",
];
const SMALL_WHEN = ["", "Then ", "Now "];
const BIG_FEELINGS = [
  "felt a fizz of excitement",
  "took a deep, happy breath",
  "grinned from ear to ear",
  "felt lighter than a balloon",
  "could not stop smiling",
  "felt a warm glow all the way down to the toes",
  "wanted the day to last forever",
  "felt as if anything could happen",
];
const WHEN = ["", "Just then, ", "For a moment, ", "All of a sudden, ", "Right then, "];

const OUT_SMALL = ["The sun was warm.", "A bird sang.", "The wind blew.", "Clouds drifted by.", "A butterfly flew past."];
const OUT_BIG = [
  "A little breeze rustled the leaves overhead.",
  "Fluffy clouds drifted slowly across the sky.",
  "Somewhere nearby, a blackbird was singing its heart out.",
  "The sun came out from behind a cloud and made everything sparkle.",
  "A butterfly zigzagged past, in no hurry at all.",
];
const IN_SMALL = ["It was cosy inside.", "A clock went tick-tock.", "Someone laughed."];
const IN_BIG = [
  "Somewhere a clock was ticking, steady and calm.",
  "Sunlight came through the window in a long golden stripe.",
  "There was a smell of toast and something sweet.",
  "Voices and laughter drifted in from the next room.",
];

const LOW_SMALL = ["Oh dear.", "It was hard.", "Nobody spoke.", "It was a sad moment."];
const LOW_BIG = [
  "For a moment, nobody said anything at all.",
  "The happy noise of the day seemed very far away.",
  "Even the clock seemed to tick more slowly.",
  "It was very quiet, the kind of quiet that feels heavy.",
  "Everything seemed to go slow and grey.",
  "Some days do not go the way anyone planned, and this was one of them.",
];
const LOW_FELT_BIG = [
  "bit {his} lip",
  "felt a lump in {his} throat",
  "stared hard at {his} shoes",
  "wished the day could start again",
  "took a long, wobbly breath",
];
const LOW_FELT_SMALL = ["felt sad", "wanted a hug", "felt wobbly", "sniffed"];
const NIGHT_SOUNDS = [
  "an owl called once",
  "a car hummed past far away",
  "the curtains stirred in the breeze",
  "the night-light glowed softly",
  "rain pattered on the window",
  "the clock downstairs ticked slowly",
  "the stars came out one by one",
  "the moon peeped in at the window",
  "someone downstairs hummed a tune",
  "the house grew quiet and still",
];
const CALM_BIG = NIGHT_SOUNDS.flatMap((a, i) => NIGHT_SOUNDS.filter((_, j) => j !== i).map((b) => `${a[0].toUpperCase()}${a.slice(1)}, and ${b}.`));
const CALM_SMALL = ["The moon came out.", "It was dark and quiet.", "Night-night, moon."];

export type EpisodeMood = "bright" | "low" | "calm" | "home";

// the sounds of a house in the morning, said two at a time: many pairings, so books seldom share one
const HOME_SOUNDS = [
  "the kettle whistled",
  "the radio hummed in the kitchen",
  "the washing machine rumbled",
  "a door creaked upstairs",
  "the letterbox rattled",
  "somebody was singing in the shower",
  "the toaster pinged",
  "a blackbird sang outside the window",
  "the stairs creaked",
  "a spoon clinked in a cup",
];
const HOME_BIG = HOME_SOUNDS.flatMap((a, i) => HOME_SOUNDS.filter((_, j) => j !== i).map((b) => `${a[0].toUpperCase()}${a.slice(1)}, and ${b}.`));
const HOME_SMALL = [
  "Toast for breakfast!",
  "Yum, yum, toast.",
  "The kettle went whoo!",
  "The cat wanted breakfast too.",
  "Porridge, with a spoon of honey.",
  "Splish, splash, wash your face!",
  "Brush, brush, brush those teeth.",
  "Socks on. One, two!",
  "The sun peeped in the window.",
  "A bird sang on the roof.",
  "Pancakes today, hooray!",
  "Milk in a big blue cup.",
];

/** "at the zoo", "on the moon", "under the sea" */
function atPlace(place: string | undefined): string | undefined {
  if (!place) return undefined;
  if (/^(at|in|on|under|by|near|inside)\b/.test(place)) return place;
  if (/\b(moon|planet)\b/i.test(place)) return `on ${place}`;
  if (/\b(sea|ocean|water)\b/i.test(place)) return `under ${place}`;
  return `at ${place}`;
}

/** Candidate lines for a page with room, for this moment's people, place and thing, in the page's mood. */
export function episodeLines(x: X, small: boolean, mood: EpisodeMood = "bright", where: Where | undefined = whereOf(x.P)): string[] {
  const { H, C, O } = x;
  const out: string[] = [];
  const heroAndC = C && x.heroIn ? `${H} and ${C}` : undefined;
  const at = atPlace(x.P);
  const his = (t: string) => t.replaceAll("{his}", x.his);
  if (mood === "home") {
    out.push(...(small ? HOME_SMALL : HOME_BIG));
    if (C)
      out.push(
        ...(small
          ? [`${C} made breakfast.`, `${H} gave ${C} a big hug.`, `${C} said good morning.`]
          : [
              `${C} was already up, making breakfast.`,
              `${H} and ${C} shared the last of the cereal.`,
              `${C} read out the funny bits from the paper, and ${H} laughed.`,
            ]),
      );
    return out;
  }
  if (mood === "calm") {
    out.push(...(small ? CALM_SMALL : CALM_BIG));
    if (!small && O) out.push(`${H} thought about ${O} one last time, and smiled.`);
    if (!small && C) out.push(`${H} could hear ${C} saying goodnight downstairs.`);
    return out;
  }
  if (mood === "low") {
    if (small) {
      out.push(...LOW_SMALL);
      for (const f of LOW_FELT_SMALL) out.push(`${H} ${f}.`);
      if (C) out.push(`${C} gave ${H} a hug.`, `${C} held ${x.names} hand.`);
      return out;
    }
    out.push(...LOW_BIG);
    for (const f of LOW_FELT_BIG)
      for (const tail of ["", at && ` right there ${at}`, C && `, and ${C} noticed`]) if (tail !== undefined) out.push(`${H} ${his(f)}${tail}.`);
    if (C) out.push(`${C} put an arm round ${H} and waited.`, `${C} sat down next to ${H} without a word.`, `"Oh, ${H}," said ${C} softly.`);
    return out;
  }
  if (small) {
    for (const w of SMALL_WHEN) {
      for (const d of SMALL_DEEDS)
        if (heroAndC || d !== "stamped their feet")
          out.push(
            `${w}${heroAndC ?? H} ${d.replace("their", heroAndC ? "their" : x.his).replace("like bunnies", heroAndC ? "like bunnies" : "like a bunny")}.`,
          );
      for (const f of SMALL_FEELINGS) out.push(`${w}${H} ${f}.`);
    }
    if (C) for (const s of SMALL_SAYINGS) out.push(`"${s}" said ${C}.`);
    if (O) out.push(`${H} looked at ${O}.`, `${H} loved ${O}.`, `${H} pointed at ${O}.`);
    if (where === "out") out.push(...OUT_SMALL);
    if (where === "in") out.push(...IN_SMALL);
    return out;
  }
  const deedTails = [at && ` ${at}`, " to pass the time"].filter((t): t is string => typeof t === "string");
  for (const d of BIG_DEEDS)
    for (const t of [...DETAILS, ...deedTails, ...(heroAndC ? [" until they were both giggling"] : [])])
      if (heroAndC || !/\b(turns|swapped|handshake|who could)\b/.test(d)) out.push(`${heroAndC ?? H} ${d}${t}.`);
  const becauses = ["", O && `, thinking about ${O}`, at && ` ${at}`, C && `, with ${C} close by`].filter((t): t is string => typeof t === "string");
  for (const f of BIG_FEELINGS) for (const w of WHEN) for (const b of becauses) out.push(`${w}${H} ${f.replace("the toes", `${x.his} toes`)}${b}.`);
  const hows = ["", ", eyes shining", ", pointing", " with a wink", ` to ${H}`];
  if (C) for (const s of BIG_SAYINGS) for (const v of SAID) for (const how of hows) out.push(`"${s}" ${v} ${C}${how}.`);
  if (O)
    out.push(
      `${H} kept glancing at ${O}, just to be sure.`,
      `${H} thought ${O} had never looked better.`,
      `Every few minutes, ${H} looked over at ${O} and smiled.`,
    );
  if (where === "out") out.push(...OUT_BIG);
  if (where === "in") out.push(...IN_BIG);
  return out;
}

const LOWER_FIRST = /^(The|A|An|It|On|At|In|Everyone|Nobody|Outside|All|Soon|That|Time)\b/;
/** Each line as it is and after each opener ("Later, the sky…"), so a slot every book has seldom reads the same twice. */
export function vary(lines: readonly string[], openers: readonly string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    out.push(l);
    // a quotation or a question keeps its own start, and a line with its own time keeps it
    if (/^["“]/.test(l) || l.endsWith("?") || /\b(morning|night|evening|since|before|today|still|already)\b/i.test(l)) continue;
    const rest = LOWER_FIRST.test(l) ? l[0].toLowerCase() + l.slice(1) : l;
    for (const o of openers) out.push(`${o} ${rest}`);
  }
  return out;
}

/** which of the families above a line is from, so a page takes one of each at most */
export function kindOf(line: string): string {
  if (/\bthe sky turned\b/.test(line)) return "sky";
  if ([...HOME_SOUNDS, ...NIGHT_SOUNDS].some((sound) => line.toLowerCase().includes(sound))) return "sound";
  if (/["“]/.test(line)) return "saying";
  if (/\b(felt|smiled|grinned|breath|wanted the day|could not stop smiling|laughed out loud|was so happy)\b/.test(line)) return "feeling";
  if (
    /\b(played|counted|made up|took turns|walked in step|tried to see|swapped|clapped|jumped|danced|dance|giggled|sang|skipped|waved|spun|hopped|stamped|looked all around)\b/.test(
      line,
    )
  )
    return "deed";
  return line;
}

/** "Later, …" once on a page: a lead-in said again is left off */
export function onceEach(lines: string[]): string[] {
  const seen = new Set<string>();
  return lines.map((l) => {
    const m =
      /^(Later|At last|By then|In the end|That evening|All the way home|That morning|Early on|Before long|First of all|After a while|Meanwhile|Soon after|As it turned out|Early that day|That night|At bedtime|Later that night), (.)/.exec(
        l,
      );
    if (!m) return l;
    if (!seen.has(m[1])) {
      seen.add(m[1]);
      return l;
    }
    return l.slice(m[1].length + 2, m[1].length + 3).toUpperCase() + l.slice(m[1].length + 3);
  });
}
