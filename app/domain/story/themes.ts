/** Theme templates: the shape shared by the database rows, the KV cache and the home page. */
export interface ThemeTemplate {
  themeId: string;
  title: string;
  description: string;
  theme: string;
  emoji: string;
  color: string;
  ageRange: string;
  popular: boolean;
  moralLesson: string;
  /** comma-and-space separated, as stored */
  specialElements: string;
  artStyle: string;
  status: "Active" | "Inactive";
}

/** The five built-in themes, used when the backend is missing or empty. */
export const BUILT_IN_THEMES: readonly ThemeTemplate[] = [
  {
    themeId: "magical-adventure",
    title: "Magical Adventure",
    description:
      "[ChildName] finds a glowing map in the attic and follows it through a whispering forest, over a candy-striped bridge and into a hidden valley where the trees hum lullabies.",
    theme: "Adventure",
    emoji: "🧭",
    color: "#F59E0B",
    ageRange: "4-8",
    popular: true,
    moralLesson: "Being brave doesn't mean never feeling scared; it means trying anyway, one small step at a time.",
    specialElements: "a glowing map, a talking compass, a friendly fox, a secret waterfall",
    artStyle: "watercolor",
    status: "Active",
  },
  {
    themeId: "space-explorer",
    title: "Space Explorer",
    description:
      "[ChildName] builds a cardboard rocket that really flies, visits a moon made of bouncy cheese and helps a lonely little star find its way back to its constellation.",
    theme: "Space",
    emoji: "🚀",
    color: "#6366F1",
    ageRange: "5-10",
    popular: true,
    moralLesson: "Curiosity opens doors: asking questions is how every explorer finds something new.",
    specialElements: "a cardboard rocket, a robot co-pilot, a lost little star, rings of Saturn",
    artStyle: "cartoon",
    status: "Active",
  },
  {
    themeId: "animal-friends",
    title: "Animal Friends",
    description:
      "When the animals of Buttercup Meadow stop talking to each other, [ChildName] helps a shy hedgehog, a bossy goose and a sleepy badger plan the best picnic the meadow has ever seen.",
    theme: "Animals",
    emoji: "🦔",
    color: "#10B981",
    ageRange: "3-7",
    popular: true,
    moralLesson: "Kindness grows when we share it: a small kind act can bring everyone together.",
    specialElements: "a shy hedgehog, a bossy goose, a sleepy badger, a picnic basket",
    artStyle: "storybook",
    status: "Active",
  },
  {
    themeId: "princess-knights",
    title: "Princess & Knights",
    description:
      "In the kingdom of Willowmere, [ChildName] joins a princess and a very nervous knight to solve the riddle of the dragon who only wants someone to play with.",
    theme: "Fantasy",
    emoji: "🏰",
    color: "#EC4899",
    ageRange: "4-9",
    popular: false,
    moralLesson: "Things are not always what they seem: listening first helps us understand others.",
    specialElements: "a castle with a hundred towers, a nervous knight, a lonely dragon, a riddle scroll",
    artStyle: "fairy tale",
    status: "Active",
  },
  {
    themeId: "ocean-discovery",
    title: "Ocean Discovery",
    description:
      "[ChildName] dives into a sparkling reef with a chatty sea turtle, discovers a sunken ship full of seashell music and helps the coral town clean up after a storm.",
    theme: "Ocean",
    emoji: "🐢",
    color: "#0EA5E9",
    ageRange: "4-8",
    popular: false,
    moralLesson: "We take care of the places we love, and together even big jobs become small.",
    specialElements: "a chatty sea turtle, a sunken ship, a coral town, a singing whale",
    artStyle: "watercolor",
    status: "Active",
  },
];

const PLACEHOLDER = /\[(ChildName|childName|Name|CHILD_NAME)\]/g;

/** Fills `[ChildName]`-style placeholders; an empty name falls back to a warm default. */
export function fillPlaceholders(text: string, childName: string): string {
  const name = childName.trim() || "your child";
  return text.replace(PLACEHOLDER, name);
}

/** Splits the stored comma-and-space list into items. */
export function splitSpecialElements(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The theme URL parameter for a template (its theme name, lower-cased). */
export function themeSlug(t: Pick<ThemeTemplate, "theme">): string {
  return t.theme.toLowerCase();
}
