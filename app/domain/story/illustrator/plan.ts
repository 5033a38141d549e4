/**
 * Reads a page into a plan: where we are, when, what the child does and feels, who and what is
 * there, and how the picture is framed. Words come from the scene text (the same vocabulary the
 * offline writer uses); what the text does not say comes from the theme and the page number, so
 * every page of a book is framed differently.
 */
import type { PageType } from "../book";
import { ACTIONS, findTerm, SETTINGS, THEME_SETTING, TIMES_OF_DAY, type Action, type Mood, type Setting, type TimeOfDay } from "../scene-vocabulary";
import { findThings, THING_DEFS, type Thing } from "./things";

export type Camera = "wide" | "medium" | "close";
export type Side = "left" | "center" | "right";

export interface PagePlan {
  setting: Setting;
  time: TimeOfDay;
  action: Action;
  mood: Mood;
  /** the companions and props the page names, at most four, companions first: nothing it does not name */
  things: Thing[];
  camera: Camera;
  side: Side;
  features: Set<string>;
}

const MOOD_WORDS: Record<Mood, readonly string[]> = {
  happy: ["happy", "glad", "smiles", "smiling", "joy", "joyful", "giggles", "delighted"],
  curious: ["curious", "wonders", "wondering", "curiously", "what could"],
  worried: ["worried", "scared", "nervous", "sad", "afraid", "frightened", "unsure", "lonely"],
  brave: ["brave", "bravely", "bold", "courage", "courageous", "determined"],
  proud: ["proud", "proudly", "did it"],
  sleepy: ["sleepy", "tired", "drowsy", "yawning"],
  surprised: ["surprised", "amazed", "astonished", "gasps", "wow", "suddenly"],
};

const THEME_WORDS: [RegExp, Setting][] = [
  [/ocean|sea|mermaid|fish|pirate/, "underwater"],
  [/space|star|planet|astronaut|rocket|alien/, "space"],
  [/fantasy|princess|knight|dragon|fairy|magic|kingdom/, "castle"],
  [/animal|farm|friend|nature|bug|garden/, "garden"],
  [/adventure|explor|jungle|dinosaur|camp/, "forest"],
  [/bed|sleep|night|dream/, "bedroom"],
  [/school|city|town|super/, "town"],
  [/beach|summer|island/, "beach"],
  [/mountain|snow|winter/, "mountain"],
  [/sky|fly|bird|balloon/, "sky"],
];

export function themeSetting(theme: string): Setting {
  const key = theme.trim().toLowerCase();
  if (THEME_SETTING[key]) return THEME_SETTING[key];
  const named = findTerm(key, SETTINGS);
  if (named) return named;
  for (const [re, setting] of THEME_WORDS) if (re.test(key)) return setting;
  return "garden";
}

const STORY_ACTIONS: Action[] = ["walking", "looking", "talking", "helping", "thinking", "trying", "running", "celebrating"];
// no two neighbours alike, also where the list wraps round
const CAMERAS: Camera[] = ["medium", "wide", "close", "medium", "wide", "close", "wide", "close"];
const SIDES: Side[] = ["left", "right", "center", "right", "left", "center"];

function timeForPage(pageNumber: number): TimeOfDay {
  if (pageNumber <= 2) return "day";
  if (pageNumber <= 8) return "morning";
  if (pageNumber <= 17) return "day";
  if (pageNumber <= 21) return "evening";
  return "night";
}

function moodFor(action: Action, pageNumber: number): Mood {
  switch (action) {
    case "sleeping":
      return "sleepy";
    case "celebrating":
      return "proud";
    case "thinking":
      return "curious";
    case "looking":
      return pageNumber % 2 ? "surprised" : "curious";
    case "trying":
      return "brave";
    default:
      return "happy";
  }
}

export interface PlanInput {
  pageNumber: number;
  pageType: PageType;
  scene: string;
  /** the page's printed words, read after the scene */
  text?: string;
  theme: string;
  /** a number that differs between books, so two books do not frame page 5 the same way */
  bookSeed: number;
}

export function planPage({ pageNumber, pageType, scene, text: words, theme, bookSeed }: PlanInput): PagePlan {
  const text = `${scene ?? ""} ${pageType === "Story Page" ? (words ?? "") : ""}`.trim();
  const setting = findTerm(text, SETTINGS) ?? themeSetting(theme);
  const time = findTerm(text, TIMES_OF_DAY) ?? timeForPage(pageNumber);
  const shift = bookSeed % 8;
  let action: Action = findTerm(text, ACTIONS) ?? STORY_ACTIONS[(pageNumber + shift) % STORY_ACTIONS.length];
  if (setting === "underwater" && (action === "walking" || action === "running" || action === "flying")) action = "swimming";
  if (setting !== "underwater" && action === "swimming" && setting !== "beach") action = "flying";
  const mood = findTerm(text, MOOD_WORDS) ?? moodFor(action, pageNumber);

  let things = findThings(text).filter((t) => !(t === "castle" && setting === "castle"));
  const companions = things.filter((t) => THING_DEFS[t].companion).slice(0, 2);
  const props = things.filter((t) => !THING_DEFS[t].companion).slice(0, 2);
  things = [...companions, ...props];

  let camera: Camera = CAMERAS[(pageNumber + shift) % CAMERAS.length];
  if (action === "flying" || action === "swimming" || action === "sleeping") camera = camera === "close" ? "medium" : camera;
  const standing = things.filter((t) => THING_DEFS[t].placement === "ground").length;
  if (standing >= 2 && camera === "close") camera = "medium";
  if (standing >= 3 && camera === "medium") camera = "wide";
  if (action === "sleeping") camera = "medium";
  let side: Side = SIDES[(pageNumber + (bookSeed >>> 3)) % SIDES.length];
  // a close-up leaves no room in the middle: the child steps aside for a friend
  if (camera === "close" && side === "center" && things.some((t) => THING_DEFS[t].placement === "ground")) side = pageNumber % 2 ? "left" : "right";
  if (action === "sleeping") side = "center";
  if (pageType !== "Story Page") {
    camera = "medium";
    side = "center";
  }
  const features = new Set<string>();
  for (const word of ["waterfall", "rainbow", "bed"]) if (new RegExp(`\\b${word}`, "i").test(text)) features.add(word);
  return { setting, time, action, mood, things, camera, side, features };
}
