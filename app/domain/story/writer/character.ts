import type { CharacterSheet, StoryBrief } from "../book";
import { parseElements } from "./entities";
import { makeHero } from "./hero";
import { createRng, type Rng } from "./rng";
import { indefinite, joinList } from "./text";

/**
 * One recognisable main character for every picture. Colour fields hold hex values the offline
 * illustrator can paint with; `description` names them in words for image prompts. Colours come
 * from the child's photo when the brief carries a palette, otherwise from seeded picks among
 * realistic skin tones, with hair and eye colours weighted by skin tone.
 */
interface Named {
  name: string;
  hex: string;
}

export const SKIN_TONES: Named[] = [
  { name: "fair", hex: "#f6d9c6" },
  { name: "light peach", hex: "#f0c8a8" },
  { name: "light olive", hex: "#e2b791" },
  { name: "golden tan", hex: "#d3a078" },
  { name: "warm tan", hex: "#c08a5f" },
  { name: "olive brown", hex: "#a67550" },
  { name: "warm brown", hex: "#8d5a3b" },
  { name: "deep brown", hex: "#6b4229" },
  { name: "rich dark brown", hex: "#4b2e1f" },
];

export const HAIR_COLOURS: Named[] = [
  { name: "black", hex: "#1c1714" },
  { name: "dark-brown", hex: "#3b2619" },
  { name: "brown", hex: "#5b3a23" },
  { name: "chestnut", hex: "#7a4428" },
  { name: "auburn", hex: "#8f3b1d" },
  { name: "ginger", hex: "#b85a2a" },
  { name: "strawberry-blonde", hex: "#d49a6a" },
  { name: "golden-blonde", hex: "#d8b26b" },
  { name: "light-blonde", hex: "#ead7a2" },
];

export const EYE_COLOURS: Named[] = [
  { name: "dark brown", hex: "#3a2414" },
  { name: "brown", hex: "#5e3a1e" },
  { name: "hazel", hex: "#8a6a3a" },
  { name: "green", hex: "#5f7f4a" },
  { name: "blue", hex: "#4f7fb0" },
  { name: "grey", hex: "#7d8a94" },
];

const OUTFIT_COLOURS: Named[] = [
  { name: "sunny yellow", hex: "#f5c542" },
  { name: "sky-blue", hex: "#6fb7e8" },
  { name: "coral", hex: "#f07a63" },
  { name: "mint-green", hex: "#7fd1ae" },
  { name: "lavender", hex: "#b9a2e0" },
  { name: "tomato-red", hex: "#e0533d" },
  { name: "tangerine", hex: "#f59a3c" },
  { name: "navy", hex: "#2c3e6b" },
  { name: "teal", hex: "#2a9d8f" },
  { name: "bubblegum-pink", hex: "#f29cc0" },
  { name: "leaf-green", hex: "#5aa05a" },
];

function parseHex(value: unknown): [number, number, number] | undefined {
  if (typeof value !== "string") return undefined;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return undefined;
  const hex = m[1].length === 3 ? [...m[1]].map((ch) => ch + ch).join("") : m[1];
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
}

/** The named colour nearest to a hex value (by simple RGB distance). */
export function nearest(list: Named[], rgb: [number, number, number]): Named {
  let best = list[0];
  let bestD = Infinity;
  for (const item of list) {
    const [r, g, b] = parseHex(item.hex)!;
    const d = (r - rgb[0]) ** 2 + (g - rgb[1]) ** 2 + (b - rgb[2]) ** 2;
    if (d < bestD) {
      bestD = d;
      best = item;
    }
  }
  return best;
}

function weightedHair(rng: Rng, skinIndex: number): Named {
  // deeper skin tones: mostly black and dark-brown hair; lighter: anything
  const pool = skinIndex >= 6 ? [0, 0, 0, 1, 1, 2] : skinIndex >= 4 ? [0, 1, 1, 2, 2, 3] : [0, 1, 2, 2, 3, 4, 5, 6, 7, 8];
  return HAIR_COLOURS[rng.pick(pool)];
}

function weightedEyes(rng: Rng, skinIndex: number): Named {
  const pool = skinIndex >= 5 ? [0, 0, 1, 1, 2] : skinIndex >= 3 ? [0, 1, 1, 2, 3] : [0, 1, 2, 3, 4, 4, 5];
  return EYE_COLOURS[rng.pick(pool)];
}

const ACCESSORY_WORDS: [CharacterSheet["accessory"], RegExp][] = [
  ["glasses", /\b(glasses|spectacles)\b/i],
  ["cap", /\b(cap|baseball cap|hat)\b/i],
  ["scarf", /\bscarf\b/i],
  ["star hairclip", /\b(hairclip|hair clip|hair slide|barrette)\b/i],
  ["backpack", /\b(backpack|rucksack|school bag)\b/i],
];

export function buildCharacterSheet(brief: StoryBrief, seed: string): CharacterSheet {
  // A saved child looks the same in every book: the picks come from the child, not from the book.
  const rng = createRng(`look:${brief.childId ?? seed}`);
  const hero = makeHero(brief);
  const palette = brief.photoPalette ?? {};

  const skinRgb = parseHex(palette.skin);
  const skinIndex = skinRgb ? SKIN_TONES.indexOf(nearest(SKIN_TONES, skinRgb)) : rng.int(SKIN_TONES.length);
  const skin = SKIN_TONES[skinIndex];
  const hairRgb = parseHex(palette.hair);
  const hair = hairRgb ? nearest(HAIR_COLOURS, hairRgb) : weightedHair(rng, skinIndex);
  const eyeRgb = parseHex(palette.eyes);
  const eyes = eyeRgb ? nearest(EYE_COLOURS, eyeRgb) : weightedEyes(rng, skinIndex);

  const styles: CharacterSheet["hairStyle"][] =
    hero.gender === "girl"
      ? ["long", "ponytail", "curly", "bun", "short", "long", "curly"]
      : hero.gender === "boy"
        ? ["short", "curly", "buzz", "short"]
        : ["short", "curly", "long", "ponytail", "bun", "buzz"];
  const hairStyle = hero.age <= 2 ? rng.pick(["short", "curly"] as const) : rng.pick(styles);
  const outfits: CharacterSheet["outfit"][] =
    hero.gender === "boy" ? ["t-shirt and shorts", "overalls", "hoodie and trousers"] : ["t-shirt and shorts", "dress", "overalls", "hoodie and trousers"];
  const outfit = rng.pick(outfits);
  const [main, accent] = rng.shuffle(OUTFIT_COLOURS);

  const specials = parseElements(Array.isArray(brief.specialElements) ? brief.specialElements : [], hero)
    .map((e) => e.a)
    .join(" ");
  // A book's special elements may dress a one-off hero; a saved child keeps its own accessory.
  const fromElements = brief.childId ? undefined : ACCESSORY_WORDS.find(([, re]) => re.test(specials))?.[0];
  const accessories: CharacterSheet["accessory"][] = [
    "none",
    "none",
    "glasses",
    "cap",
    "scarf",
    "backpack",
    ...(hero.gender === "boy" ? [] : (["star hairclip"] as const)),
  ];
  const accessory = fromElements ?? rng.pick(accessories);

  const hairWords: Record<CharacterSheet["hairStyle"], string> = {
    short: `short ${hair.name} hair`,
    curly: `curly ${hair.name} hair`,
    long: `long ${hair.name} hair`,
    ponytail: `${hair.name} hair in a bouncy ponytail`,
    bun: `${hair.name} hair in a round bun`,
    buzz: `a ${hair.name} buzz cut`,
  };
  const outfitWords: Record<CharacterSheet["outfit"], string[]> = {
    "t-shirt and shorts": [`a ${main.name} t-shirt`, `${accent.name} shorts`],
    dress: [`a ${main.name} dress with ${accent.name} trim`],
    overalls: [`${main.name} overalls over a ${accent.name} top`],
    "hoodie and trousers": [`a ${main.name} hoodie`, `${accent.name} trousers`],
  };
  const accessoryWords: Record<CharacterSheet["accessory"], string> = {
    none: "",
    glasses: "round glasses",
    cap: `a ${accent.name} cap`,
    scarf: `a striped ${accent.name} scarf`,
    "star hairclip": "a star hairclip",
    backpack: `a little ${accent.name} backpack`,
  };
  const ageWords = `${indefinite(String(hero.age))} ${hero.age}-year-old ${hero.kid}`;
  const hairPhrase = hairStyle === "buzz" ? hairWords.buzz : `${hairWords[hairStyle]}`;
  const wearing = joinList([...outfitWords[outfit], accessoryWords[accessory]].filter(Boolean));
  const description = `${hero.fullName}, ${ageWords} with ${hairPhrase}, ${skin.name} skin and ${eyes.name} eyes, wearing ${wearing}.`;

  return {
    name: hero.fullName,
    age: hero.age,
    gender: hero.gender,
    skinTone: skinRgb ? toHex(skinRgb) : skin.hex,
    hairColor: hairRgb ? toHex(hairRgb) : hair.hex,
    hairStyle,
    eyeColor: eyeRgb ? toHex(eyeRgb) : eyes.hex,
    outfitColor: main.hex,
    outfitAccent: accent.hex,
    outfit,
    accessory,
    description,
  };
}
