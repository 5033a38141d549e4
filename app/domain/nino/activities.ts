import type { ActivityType } from "./rules";
import { activityById, LEARNING_ACTIVITIES } from "./rules";
import { capitalize, findPhrase, hasPhrase, listText, normalize, pick, randomIndex, sample } from "./text";

/**
 * The three learning activities as games that really proceed turn by turn in text (or voice):
 * - memory-game: Nino lists things, the child says ready, Nino takes one away and asks which is
 *   missing; three rounds of 3, 4 and 5 things;
 * - find-hidden: an animal hides behind clues given one at a time; three animals, three clues each;
 * - draw-picture: Nino gives one drawing step at a time; the child says 'ready' after each.
 * The state is plain JSON (it lives in the conversation's Durable Object storage).
 */

export const MEMORY_THINGS = [
  "apple",
  "teddy",
  "boat",
  "star",
  "sock",
  "drum",
  "kite",
  "shell",
  "spoon",
  "crown",
  "balloon",
  "carrot",
  "key",
  "hat",
  "bell",
] as const;
export const MEMORY_ROUND_SIZES = [3, 4, 5] as const;

export const HIDDEN_ANIMALS: readonly { answer: string; accept: readonly string[]; clues: readonly [string, string, string] }[] = [
  {
    answer: "owl",
    accept: ["owl", "owls"],
    clues: ["I'm hiding high up in a tree, and I'm awake at night.", "I have big round eyes that can look almost all the way behind me.", "I say 'hoo-hoo'!"],
  },
  {
    answer: "frog",
    accept: ["frog", "frogs", "toad"],
    clues: ["I'm hiding by the pond, sitting very still on a lily pad.", "I'm green and I can jump really far.", "I say 'ribbit'!"],
  },
  {
    answer: "rabbit",
    accept: ["rabbit", "bunny", "rabbits", "bunnies", "hare"],
    clues: ["I'm hiding in a burrow under the grass.", "I have long ears and a fluffy little tail.", "I love munching carrots and I hop everywhere!"],
  },
  {
    answer: "elephant",
    accept: ["elephant", "elephants"],
    clues: [
      "I'm hiding behind a big tree, but I'm very big too!",
      "I have large floppy ears and I never forget.",
      "I have a long trunk that I use like a hand.",
    ],
  },
  {
    answer: "penguin",
    accept: ["penguin", "penguins"],
    clues: ["I'm hiding on the ice where it's very cold.", "I'm a bird, but I can't fly. I swim instead!", "I look like I'm wearing a black and white suit."],
  },
  {
    answer: "snail",
    accept: ["snail", "snails"],
    clues: ["I'm hiding under a leaf in the garden.", "I move very, very slowly and leave a shiny trail.", "I carry my house on my back!"],
  },
];

export const DRAWINGS: readonly { subject: string; steps: readonly string[] }[] = [
  {
    subject: "a cat",
    steps: [
      "Draw a big circle for the face.",
      "Add two pointy triangle ears on top.",
      "Draw two round eyes and a little nose.",
      "Add whiskers: three on each side.",
      "Draw a long curly tail peeking out.",
    ],
  },
  {
    subject: "a house",
    steps: [
      "Draw a big square for the house.",
      "Put a triangle on top for the roof.",
      "Draw a door in the middle.",
      "Add two windows, one on each side.",
      "Draw a chimney with a curl of smoke.",
    ],
  },
  {
    subject: "a fish",
    steps: [
      "Draw an oval lying on its side for the body.",
      "Add a triangle at one end for the tail.",
      "Draw a round eye near the front.",
      "Add some wavy lines for scales.",
      "Draw three little bubbles floating up.",
    ],
  },
  {
    subject: "a rocket",
    steps: [
      "Draw a tall rectangle for the rocket.",
      "Put a pointy triangle on top.",
      "Draw a round window in the middle.",
      "Add two fins at the bottom.",
      "Draw flames coming out at the bottom!",
    ],
  },
];

export type ActivityState =
  | { type: "memory-game"; round: number; correct: number; items: string[]; missing: string; phase: "show" | "ask" }
  | { type: "find-hidden"; round: number; correct: number; animals: number[]; clue: number }
  | { type: "draw-picture"; drawing: number; step: number };

export interface ActivityTurn {
  /** null once the game is over */
  activity: ActivityState | null;
  text: string;
  /** set when the game ends: 0-100 */
  score?: number;
  suggestions?: string[];
}

const PRAISE = ["Yes! Well done!", "That's right! Brilliant!", "You got it! Super memory!", "Correct! You're so clever!", "Yes, that's it! Amazing!"];
const NOT_QUITE = ["Good try!", "Ooh, nearly!", "Nice guess!", "Not quite, but great thinking!"];

/** Which activity the child chose (by name, a word for it, or its number in the list), or null. */
export function chooseActivity(text: string): ActivityType | null {
  const norm = normalize(text);
  if (findPhrase(norm, ["memory", "remember", "missing", "3", "three", "third", "last one"])) return "memory-game";
  if (findPhrase(norm, ["draw", "drawing", "picture", "paint", "colour", "color", "2", "two", "second"])) return "draw-picture";
  if (findPhrase(norm, ["find", "hidden", "hide", "hiding", "guess", "riddle", "animal", "spy", "1", "one", "first"])) return "find-hidden";
  return null;
}

/** The menu line: "Find the Hidden Animal (5 minutes), ..." */
export function activityMenu(): string {
  return listText(
    LEARNING_ACTIVITIES.map((a) => `${a.title} (${a.estimatedTime} minutes)`),
    "or",
  );
}

export const activitySuggestions = (): string[] => LEARNING_ACTIVITIES.map((a) => a.title);

function memoryRound(round: number, random: () => number): { items: string[]; missing: string } {
  const items = sample(MEMORY_THINGS, MEMORY_ROUND_SIZES[round], random);
  return { items, missing: items[randomIndex(random, items.length)] };
}

const showList = (round: number, items: string[]) =>
  `Round ${round + 1}! Remember these ${items.length} things: ${listText(items)}. Say 'ready' when you've got them!`;

/** Starts an activity: its instructions and the first turn of the game. */
export function startActivity(type: ActivityType, random: () => number): ActivityTurn {
  const info = activityById(type);
  if (type === "memory-game") {
    const { items, missing } = memoryRound(0, random);
    return {
      activity: { type, round: 0, correct: 0, items, missing, phase: "show" },
      text: `${info.instructions} ${showList(0, items)}`,
      suggestions: ["Ready!"],
    };
  }
  if (type === "find-hidden") {
    const animals = sample(
      HIDDEN_ANIMALS.map((_, i) => i),
      3,
      random,
    );
    return {
      activity: { type, round: 0, correct: 0, animals, clue: 0 },
      text: `${info.instructions} Animal number 1. Clue one: ${HIDDEN_ANIMALS[animals[0]].clues[0]} Who am I?`,
    };
  }
  const drawing = randomIndex(random, DRAWINGS.length);
  return {
    activity: { type, drawing, step: 0 },
    text: `${info.instructions} Step 1: ${DRAWINGS[drawing].steps[0]}`,
    suggestions: ["Ready!"],
  };
}

function said(text: string, words: readonly string[]): boolean {
  const norm = normalize(text);
  return words.some((w) => hasPhrase(norm, w) || hasPhrase(norm, `${w}s`));
}

/** One turn of a game in progress. */
export function playActivity(activity: ActivityState, text: string, random: () => number, avoid: string | null): ActivityTurn {
  if (activity.type === "memory-game") {
    if (activity.phase === "show") {
      const left = activity.items.filter((i) => i !== activity.missing);
      return {
        activity: { ...activity, phase: "ask" },
        text: `I hid one thing! Now there's only: ${listText(left)}. Which one is missing?`,
      };
    }
    const right = said(text, [activity.missing]);
    const correct = activity.correct + (right ? 1 : 0);
    const feedback = right ? pick(PRAISE, random, avoid) : `${pick(NOT_QUITE, random, avoid)} It was the ${activity.missing}.`;
    const round = activity.round + 1;
    if (round >= MEMORY_ROUND_SIZES.length) {
      return {
        activity: null,
        score: Math.round((correct / MEMORY_ROUND_SIZES.length) * 100),
        text: `${feedback} You found ${correct} out of ${MEMORY_ROUND_SIZES.length}!`,
      };
    }
    const next = memoryRound(round, random);
    return {
      activity: { type: "memory-game", round, correct, items: next.items, missing: next.missing, phase: "show" },
      text: `${feedback} ${showList(round, next.items)}`,
      suggestions: ["Ready!"],
    };
  }
  if (activity.type === "find-hidden") {
    const animal = HIDDEN_ANIMALS[activity.animals[activity.round]];
    const right = said(text, animal.accept);
    const lastClue = activity.clue >= animal.clues.length - 1;
    if (!right && !lastClue) {
      const clue = activity.clue + 1;
      return {
        activity: { ...activity, clue },
        text: `${pick(NOT_QUITE, random, avoid)} Clue ${clue === 1 ? "two" : "three"}: ${animal.clues[clue]} Who am I?`,
      };
    }
    const correct = activity.correct + (right ? 1 : 0);
    const feedback = right ? `${pick(PRAISE, random, avoid)} It was ${article(animal.answer)}!` : `I was ${article(animal.answer)}! Great guessing though.`;
    const round = activity.round + 1;
    if (round >= activity.animals.length) {
      return {
        activity: null,
        score: Math.round((correct / activity.animals.length) * 100),
        text: `${feedback} You found ${correct} out of ${activity.animals.length} hiding animals!`,
      };
    }
    return {
      activity: { ...activity, round, correct, clue: 0 },
      text: `${feedback} Animal number ${round + 1}. Clue one: ${HIDDEN_ANIMALS[activity.animals[round]].clues[0]} Who am I?`,
    };
  }
  const drawing = DRAWINGS[activity.drawing];
  const step = activity.step + 1;
  if (step >= drawing.steps.length) {
    return {
      activity: null,
      score: 100,
      text: `${pick(["Ta-da!", "Wow!", "Look at that!"], random, avoid)} You drew ${drawing.subject}! ${capitalize(pick(["it looks wonderful.", "what a great picture.", "you followed every step."], random, avoid))} You could colour it in now.`,
    };
  }
  return {
    activity: { ...activity, step },
    text: `${pick(["Lovely!", "Great drawing!", "Nice!", "Perfect!"], random, avoid)} Step ${step + 1}: ${drawing.steps[step]}`,
    suggestions: ["Ready!"],
  };
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
