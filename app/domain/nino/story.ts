import { ART_STYLE_OPTIONS, findArtStyle } from "../story/art-styles-ui";
import { resolveArtStyle } from "../story/illustrator/styles";
import { FORM_LIMITS } from "../story/form";
import { extractFamily } from "./detect";
import { STORY_IDEAS } from "./rules";
import { capitalize, cleanAnswer, findPhrase, hasPhrase, normalize, NUMBER_WORDS, stripEnd } from "./text";
import { NINO_LIMITS, type SimpleStep, type StoryData } from "./types";

/**
 * The simple flow's answers: how each step reads what the child said. Pure; each parser is tested
 * row by row in tests/unit/nino-story.test.ts.
 */

const MAX_CHARACTER_AGE = 120;

/**
 * The character's age as a whole number: the first number written in digits or words
 * ("6", "six and a half", "twenty one", "a hundred"); 7 when there is none or it is out of 0-120.
 */
export function parseAge(text: string): number {
  const norm = normalize(text);
  const digits = /(?<![\d.])(\d{1,4})(?:[.,]\d+)?/.exec(norm);
  let value: number | null = digits ? Number(digits[1]) : null;
  if (value === null) {
    const words = norm.trim().split(" ");
    for (let i = 0; i < words.length; i++) {
      const w = words[i].replace(/-/g, " ");
      const parts = w.split(" ");
      if (parts.every((p) => p in NUMBER_WORDS)) {
        let v = parts.reduce((sum, p) => sum + NUMBER_WORDS[p], 0);
        if (words[i] === "hundred") v = 100;
        else if (
          NUMBER_WORDS[words[i]] >= 20 &&
          NUMBER_WORDS[words[i]] < 100 &&
          words[i + 1] &&
          NUMBER_WORDS[words[i + 1]] > 0 &&
          NUMBER_WORDS[words[i + 1]] < 10
        ) {
          v += NUMBER_WORDS[words[i + 1]];
        }
        value = v;
        break;
      }
    }
  }
  if (value === null || value < 0 || value > MAX_CHARACTER_AGE) return NINO_LIMITS.defaultCharacterAge;
  return value;
}

const NAME_PREFIXES = [
  /^(?:(?:his|her|their|its|the|my) (?:name is|name's|name will be|name should be)|(?:it's|it is|its) called|(?:call|name) (?:him|her|them|it)|(?:let's|lets) call (?:him|her|them|it)|it's|it is|its|they're called|they are called|i want|i'd like|maybe|how about|what about|um+|uh+|er+)\s+/i,
];

/** The hero's name: "her name is Luna" → "Luna", "a dragon called pip" → "Pip", "me!" → the child. */
export function parseCharacterName(text: string, childName: string): string {
  const clean = stripEnd(cleanAnswer(text, 200).replace(/\?+$/, ""));
  const norm = normalize(clean);
  if (
    findPhrase(norm, ["me", "myself", "me me", "it's me", "it is me", "i am", "i'm the hero"]) &&
    norm.trim().split(" ").length <= 4 &&
    childName !== NINO_LIMITS.defaultChildName
  ) {
    return childName;
  }
  // "my dog Biscuit", "my sister Mia": the pet's or sibling's name
  const family = extractFamily(clean);
  const named = [...family.pets, ...family.siblings].find((x) => !x.startsWith("a "));
  if (named) return named.replace(/ the [\p{L} ]+$/u, "");
  const called = /\b(?:called|named)\s+([\p{L}][\p{L}'-]*(?:\s+[\p{Lu}][\p{L}'-]*)?)/u.exec(clean);
  let name = called ? called[1] : clean;
  for (const re of NAME_PREFIXES) name = name.replace(re, "");
  name = name.replace(/^(?:a|an|the)\s+/i, "").trim();
  const words = name.split(/\s+/).filter(Boolean).slice(0, 4);
  const out = words.map((w) => (w.length > 1 && w === w.toLowerCase() ? capitalize(w) : w)).join(" ");
  return cleanAnswer(out, 40) || "Pip";
}

/** Theme keywords: the story ideas' ids, labels and words for them, then the built-in themes. */
export const THEME_KEYWORDS: readonly (readonly [string, readonly string[]])[] = [
  ["Space", ["space", "rocket", "rockets", "planet", "planets", "moon", "stars", "star", "astronaut", "alien", "aliens", "galaxy", "space journey"]],
  ["Ocean", ["underwater", "under the sea", "ocean", "sea", "mermaid", "mermaids", "fish", "beach", "pirate", "pirates", "submarine", "coral"]],
  ["Animals", ["animals", "animal", "animal friends", "dog", "cat", "zoo", "farm", "jungle", "forest animals", "dinosaur", "dinosaurs", "puppy", "kitten"]],
  [
    "Fantasy",
    [
      "magic",
      "magical",
      "wizard",
      "witch",
      "fairy",
      "fairies",
      "dragon",
      "dragons",
      "unicorn",
      "princess",
      "knight",
      "knights",
      "castle",
      "fantasy",
      "wishes",
      "magic and wishes",
    ],
  ],
  ["Friendship", ["friendship", "friends", "friend", "best friends", "kindness", "sharing"]],
  ["Adventure", ["adventure", "a big adventure", "treasure", "explore", "explorer", "exploring", "quest", "journey", "map"]],
];

/** The theme a child's answer stands for; their own words (tidied) when it matches none. */
export function matchTheme(text: string): string {
  const norm = normalize(text);
  for (const idea of STORY_IDEAS) if (hasPhrase(norm, idea.id) || hasPhrase(norm, idea.label.toLowerCase())) return idea.theme;
  for (const [theme, words] of THEME_KEYWORDS)
    if (
      findPhrase(norm, words) ||
      findPhrase(
        norm,
        words.map((w) => `${w}s`),
      )
    )
      return theme;
  const own = capitalize(stripEnd(cleanAnswer(text.replace(/^(?:a|an|the)\s+/i, ""), FORM_LIMITS.theme)).replace(/\s+stor(?:y|ies)$/i, ""));
  return own || "Adventure";
}

/** The art style id for an answer: a style's id or label, a word for it ("anime" is cartoon), else null. */
export function matchArtStyle(text: string): string | null {
  const direct = findArtStyle(stripEnd(text.trim()));
  if (direct) return direct.id;
  const norm = normalize(text);
  for (const s of ART_STYLE_OPTIONS) {
    if (hasPhrase(norm, s.id) || hasPhrase(norm, s.label.toLowerCase())) return s.id;
  }
  const resolved = resolveArtStyle(norm.trim());
  // resolveArtStyle answers "storybook" when unsure: only trust it when a storybook word was said
  if (resolved !== "storybook" || /story\s*book|classic|vintage|illustrat|ink/.test(norm)) return resolved;
  if (findPhrase(norm, ["water colour", "watercolour", "paint", "painted"])) return "watercolor";
  return null;
}

export const artStyleLabel = (id: string): string => findArtStyle(id)?.label ?? capitalize(id);

/** What Nino chooses when the child asks him to ("you pick", "I don't know"). */
export const NINO_CHOICES = {
  characterName: ["Pip", "Luna", "Max", "Sunny", "Bramble", "Coco", "Milo", "Rosie"],
  setting: [
    "a castle in the clouds",
    "a jungle full of parrots",
    "a tiny village under a mushroom",
    "a snowy mountain",
    "a secret garden",
    "a busy city at night",
  ],
  plot: [
    "finds a glowing map and follows it to a hidden treasure",
    "helps a lost baby star find its way home",
    "meets a shy dragon who wants a friend",
    "builds a boat and sails to an island of talking birds",
  ],
  moral: ["being kind is a superpower", "it's okay to ask for help", "being brave means trying even when you feel scared", "sharing makes everyone happier"],
} as const;

/** The order the questions come in, as the flow's steps. */
export function nextStep(step: SimpleStep): SimpleStep {
  const order: readonly SimpleStep[] = ["greeting", "character_name", "character_age", "setting", "theme", "plot", "moral", "art_style", "review", "complete"];
  return order[Math.min(order.indexOf(step) + 1, order.length - 1)];
}

/** The steps of the story_creation flow (greeting, character_creation, setting_creation, plot_development) for a simple step. */
export function storyCreationPhase(step: SimpleStep): "greeting" | "character_creation" | "setting_creation" | "plot_development" {
  if (step === "greeting") return "greeting";
  if (step === "character_name" || step === "character_age") return "character_creation";
  if (step === "setting" || step === "theme") return "setting_creation";
  return "plot_development";
}

/** The collected data with the defaults filled in (what story_complete hands over). */
export function completeStoryData(data: Partial<StoryData>): StoryData {
  return {
    characterName: data.characterName ?? NINO_CHOICES.characterName[0],
    characterAge: data.characterAge ?? NINO_LIMITS.defaultCharacterAge,
    setting: data.setting ?? NINO_CHOICES.setting[0],
    theme: data.theme ?? "Adventure",
    plot: data.plot ?? NINO_CHOICES.plot[0],
    moral: data.moral ?? NINO_CHOICES.moral[0],
    artStyle: data.artStyle ?? "storybook",
  };
}

/** The review: the story read back in a few sentences. */
export function readBack(d: StoryData): string {
  const setting = stripEnd(d.setting);
  const where = /^(in|on|at|under|inside|near|by|up|over|into|across)\b/i.test(setting) ? setting : `in ${setting}`;
  return (
    `Here's our story! ${d.characterName}, who is ${d.characterAge}, lives ${where}. ` +
    `It's ${/^[aeiou]/i.test(d.theme) ? "an" : "a"} ${d.theme.toLowerCase()} story: ${stripEnd(d.plot)}. ` +
    `In the end, ${d.characterName} learns this: ${stripEnd(d.moral)}. ` +
    `The pictures will be in the ${artStyleLabel(d.artStyle).toLowerCase()} style.`
  );
}
