import { findTerm, SETTINGS, type Setting } from "../scene-vocabulary";
import { SPORTS } from "../words";
import type { Hero } from "./hero";
import { cap, cleanText, indefinite, isPluralNoun, isUncountable, singular } from "./text";

/**
 * Everything in the story that is not the child: the special elements the parent listed, the pet
 * and friend from the description, the theme's companion, the one who needs help. Each knows how
 * to be mentioned the first time ("a friendly fox"), afterwards ("the friendly fox", "the fox"),
 * and in a scene for the illustrator ("Biscuit the dog").
 */
export type EntityKind = "creature" | "person" | "toy" | "thing" | "place";

/** What a thing is good for, which decides how it is tried and how it finally helps. */
export type ThingFn =
  "light" | "way" | "far" | "ride" | "up" | "read" | "magic" | "open" | "carry" | "art" | "sound" | "cosy" | "food" | "tool" | "wear" | "treasure";

export interface Entity {
  kind: EntityKind;
  /** singular, lower case: "fox" */
  head: string;
  /** first mention: "a friendly fox", "her teddy Bun", "Biscuit" */
  a: string;
  /** later mentions: "the friendly fox", "Bun" */
  the: string;
  /** brief later mention: "the fox" */
  short: string;
  /** for scenes: "Biscuit the dog" */
  label: string;
  named: boolean;
  plural: boolean;
  /** can talk in dialogue */
  speaks: boolean;
  fn?: ThingFn;
  setting?: Setting;
  source: "special" | "world" | "pet" | "friend" | "family" | "problem";
}

export const was = (e: Entity) => (e.plural ? "were" : "was");
export const it = (e: Entity) => (e.plural ? "they" : "it");
export const its = (e: Entity) => (e.plural ? "their" : "its");
/** present-tense agreement for an entity subject */
export const The = (e: Entity) => cap(e.the);
export const Short = (e: Entity) => cap(e.short);

const CREATURES = new Set(
  (
    "fox dog puppy pup cat kitten kitty bunny rabbit hare hedgehog goose duck duckling badger turtle tortoise whale dolphin shark fish goldfish " +
    "octopus crab seal otter penguin seahorse jellyfish starfish dragon unicorn pegasus griffin phoenix owl owlet bird parrot robin bluebird " +
    "sparrow eagle chick chicken hen rooster bear panda koala lion tiger cub leopard cheetah elephant giraffe zebra hippo rhino monkey gorilla " +
    "sloth kangaroo frog toad snail ladybird ladybug butterfly caterpillar bee bumblebee ant beetle firefly dragonfly spider mouse hamster " +
    "squirrel chipmunk deer fawn horse pony foal donkey cow calf pig piglet sheep lamb goat llama alpaca camel wolf raccoon beaver moose " +
    "reindeer dinosaur dino triceratops t-rex trex stegosaurus brontosaurus diplodocus pterodactyl lizard gecko chameleon snake worm bat mole " +
    "alien monster robot star comet snowman yeti puffin flamingo peacock swan hummingbird pelican seagull gull crow magpie woodpecker stork " +
    "koi narwhal walrus manatee stingray lobster shrimp clownfish pufferfish unicorns creature critter beast gnu meerkat lemur hippopotamus " +
    "orca guinea budgie canary ferret gerbil tadpole newt salamander iguana crocodile alligator kitten otter hound collie poodle spaniel " +
    "dalmatian labrador terrier pug bulldog corgi dachshund husky retriever sheepdog pussycat moth cricket grasshopper squid"
  ).split(" "),
);

const PEOPLE = new Set(
  (
    "knight princess prince king queen wizard witch fairy mermaid merman pirate captain astronaut explorer giant elf pixie gnome troll genie " +
    "superhero hero heroine friend grandma granny nana nanna grandpa grandad granddad grandmother grandfather gran gramps mum mom mummy mommy " +
    "mother dad daddy father papa mama sister brother baby cousin aunt auntie uncle teacher neighbour neighbor girl boy chef baker farmer " +
    "doctor nurse firefighter scientist inventor clown magician ballerina dancer singer co-pilot copilot pilot sailor ranger zookeeper " +
    "librarian postman postwoman builder painter musician storyteller guard jester sorcerer sorceress dwarf goblin ogre nanny twin twins " +
    "bestie buddy pal classmate teammate coach vet detective spy ninja cowboy cowgirl lady lord duke duchess emperor empress sultan maharaja"
  ).split(" "),
);

const TOYS = new Set("teddy doll toy puppet plush plushie stuffie soft-toy dolly action-figure figure rag-doll".split(" "));

const PLACES = new Set(
  (
    "waterfall castle tower ship shipwreck town village valley cave island forest woods wood garden beach mountain hill lake river pond stream " +
    "bridge treehouse house palace kingdom reef planet moon meadow park school library farm zoo shop bakery playground lighthouse city land " +
    "world sea ocean jungle desert volcano igloo tent camp maze greenhouse museum station harbour harbor market fair circus carnival funfair " +
    "pool spring glade grove den nest burrow hut cottage mill barn stable temple pyramid tunnel road rainbow cloud clouds sky galaxy " +
    "constellation orchard vineyard field attic kitchen bedroom cellar basement classroom hospital airport castle-tower fortress lagoon bay " +
    "cove canyon gorge swamp marsh glacier arctic north-pole south-pole space-station spaceship-station wonderland neverland realm empire " +
    "country mansion tree-house bandstand theatre theater stadium aquarium observatory"
  ).split(" "),
);

/** a ship or boat with one of these words is a place to visit, not a thing to ride */
const PLACE_SHIP = /\b(sunken|wrecked|old pirate|shipwreck|ghost|abandoned)\b/;

const FN_WORDS: [ThingFn, RegExp][] = [
  ["light", /\b(torch|flashlight|lantern|lamp|candle|night ?light|light|glow ?stick|lighthouse lamp|firefly jar|glow)\b/],
  ["way", /\b(map|compass|signpost|sign|arrow|trail|satnav|directions|clue|clues)\b/],
  ["far", /\b(telescope|binoculars|spyglass|magnifying glass|periscope|magnifier)\b/],
  [
    "ride",
    /\b(rocket|spaceship|space ship|boat|ship|submarine|raft|car|train|bike|bicycle|tricycle|scooter|skateboard|sled|sledge|sleigh|carriage|bus|tractor|plane|aeroplane|airplane|helicopter|carpet|broom|broomstick|roller skates|skates|canoe|kayak|yacht|wagon|cart|hot air balloon)\b/,
  ],
  ["up", /\b(balloon|balloons|kite|wings|feather|ladder|trampoline|jetpack|jet pack|beanstalk|umbrella|parachute|pogo stick|cloud)\b/],
  ["read", /\b(book|scroll|riddle|letter|note|diary|poem|recipe|storybook|message|postcard|invitation|journal|newspaper|comic)\b/],
  [
    "magic",
    /\b(wand|spell|potion|crystal|gem|jewel|stone|pebble|ring|amulet|charm|stardust|star dust|glitter|fairy dust|bean|beans|acorn|wish|wishing|seed|seeds|orb|snow globe|mirror|hourglass)\b/,
  ],
  ["open", /\b(key|keys|door|lock|gate|padlock|password)\b/],
  ["carry", /\b(basket|bag|backpack|rucksack|bucket|box|jar|bottle|net|chest|suitcase|lunchbox|lunch box|pouch|purse|wheelbarrow|trolley|pocket)\b/],
  ["art", /\b(crayons?|pencils?|paints?|paintbrush|brush|chalk|pens|markers|sketchbook|notebook|camera|paper|glue|scissors|clay|play ?dough|stickers)\b/],
  [
    "sound",
    /\b(drum|whistle|bell|bells|flute|guitar|harp|music|song|songs|music box|trumpet|recorder|piano|xylophone|horn|seashell|shell|radio|microphone|tambourine|violin|ukulele|lullaby|maracas|harmonica|triangle)\b/,
  ],
  ["cosy", /\b(blanket|pillow|scarf|jumper|sweater|cushion|quilt|hug|hugs|sleeping bag|duvet|mittens|gloves|pyjamas|pajamas|nightlight)\b/],
  [
    "food",
    /\b(cake|cookies?|biscuits?|sandwich(es)?|apples?|honey|picnic|cupcakes?|pie|sweets|candy|ice cream|carrots?|berries|snacks?|lollipops?|jam|bread|cheese|soup|pizza|muffins?|pancakes?|bananas?|strawberr(y|ies)|chocolate|popcorn|lemonade|juice|tea|milk|porridge|cereal|donuts?|doughnuts?)\b/,
  ],
  ["tool", /\b(hammer|spade|shovel|tools|toolbox|tool box|tape|string|screwdriver|spanner|wrench|rope|broom|mop|sponge|saw|glue gun|duct tape|magnet)\b/],
  [
    "wear",
    /\b(crown|sword|shield|helmet|boots|shoes|glasses|goggles|cape|armou?r|cloak|tiara|slippers|hat|cap|costume|mask|necklace|bracelet|sunglasses|trainers|sneakers|wellies|raincoat|coat)\b/,
  ],
];

const DETERMINER = /^(a|an|the|some|one|two|three|four|five|lots of|a pair of|a pile of|a bag of|my|her|his|their|our|your)\s+/i;
const POSSESSIVE = /^(my|her|his|their|our|your)$/i;
const TITLE_WORDS = new Set(
  "grandpa grandma granny nana nanna grandad granddad gran gramps uncle aunt auntie captain princess prince king queen sir lady mr mrs miss ms dr doctor professor mister madam dame lord cousin baby".split(
    " ",
  ),
);
const BREAK_WORDS = new Set("with of that who which from in on at for called named whose made full under over inside near by".split(" "));

/** What a head noun names, when the writer knows: a person, a creature, a toy or a place. */
export function kindOfHead(head: string, text: string): EntityKind | undefined {
  const h = head.toLowerCase();
  const s = singular(h);
  if (/\bteddy\b|\bteddies\b|\bsoft toy\b|\bstuffed\b|\bplush/.test(text)) return "toy";
  if ((h === "ship" || h === "boat") && PLACE_SHIP.test(text)) return "place";
  if (/\brings of\b|\b(saturn|jupiter|mars|venus|mercury|neptune|uranus|pluto|milky way)\b/.test(text)) return "place";
  // a sport is a game to play, never the animal of the same name ("cricket"); "a cricket" alone is the insect
  if (SPORTS.has(h) && !new RegExp(`\\b(a|the|little|tiny) ${h}$`).test(text.trim())) return "thing";
  if (TOYS.has(h) || TOYS.has(s)) return "toy";
  if (PEOPLE.has(h) || PEOPLE.has(s)) return "person";
  if (CREATURES.has(h) || CREATURES.has(s)) return "creature";
  if (PLACES.has(h) || PLACES.has(s)) return "place";
  return undefined;
}

/** What a thing is for: by its head noun first; a container "of" something is what it holds. */
export function thingFn(text: string, head = ""): ThingFn {
  const lower = text.toLowerCase();
  const byHead = FN_WORDS.find(([, re]) => re.test(head.toLowerCase()))?.[0];
  if (byHead && byHead !== "carry") return byHead;
  const contents = / of (.+)$/.exec(lower)?.[1];
  if (contents) {
    const inner = FN_WORDS.find(([, re]) => re.test(contents))?.[0];
    if (inner) return inner;
  }
  if (byHead) return byHead;
  for (const [fn, re] of FN_WORDS) if (re.test(lower)) return fn;
  return "treasure";
}

function isCapitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

/**
 * Reads one special element ("a friendly fox", "her teddy Bun", "Grandpa Joe", "rings of Saturn")
 * into an entity; undefined when nothing readable is left after cleaning.
 */
export function parseElement(raw: string, hero: Hero, source: Entity["source"] = "special"): Entity | undefined {
  let text = cleanText(raw, 90)
    .replace(/[.!?;:,]+$/, "")
    .replace(/^(and|also|plus|with)\s+/i, "")
    .trim();
  if (!text || !/\p{L}/u.test(text)) return undefined;
  if (text.split(" ").length > 12) text = text.split(" ").slice(0, 12).join(" ");

  // Determiner: kept for the first mention; a possessive becomes the child's.
  let det = "";
  const dm = DETERMINER.exec(text);
  if (dm) {
    det = dm[1].toLowerCase();
    text = text.slice(dm[0].length);
  }
  // "my teddy" is the child's; "her teddy" stays as the parent wrote it.
  const owned = POSSESSIVE.test(det);
  if (/^(my|our|your)$/.test(det)) det = hero.his;

  // A word typed with a capital only because it starts the line is not a name.
  const words = text.split(" ");
  const lowerFirstOk = () => {
    const w0 = words[0].toLowerCase();
    return (words.length > 1 && !isCapitalised(words[1])) || kindOfHead(w0, w0) !== undefined || FN_WORDS.some(([, re]) => re.test(w0));
  };
  if (isCapitalised(words[0]) && !TITLE_WORDS.has(words[0].toLowerCase()) && lowerFirstOk() && words[0] !== words[0].toUpperCase()) {
    words[0] = words[0][0].toLowerCase() + words[0].slice(1);
  }
  text = words.join(" ");

  // A name: "a dog called Rex", "her teddy Bun", "Grandpa Joe", "Biscuit".
  let name = "";
  let descriptor = text;
  const called = /^(.*?)\s*,?\s+(?:called|named)\s+(.+)$/i.exec(text);
  if (called && isCapitalised(called[2])) {
    descriptor = called[1];
    name = called[2];
  } else {
    const ws = text.split(" ");
    let i = ws.length;
    while (i > 0 && isCapitalised(ws[i - 1])) i--;
    if (i === 0) {
      // every word capitalised: a name, possibly with a title ("Grandpa Joe")
      name = text;
      descriptor = TITLE_WORDS.has(ws[0].toLowerCase()) ? ws[0].toLowerCase() : "";
    } else if (i < ws.length && !BREAK_WORDS.has(ws[i - 1].toLowerCase())) {
      name = ws.slice(i).join(" ");
      descriptor = ws.slice(0, i).join(" ");
    }
  }

  // the child's own name on someone else ("his big sister Zoe" for Zoe) would make two of them
  if (name && (name === hero.name || name === hero.fullName)) {
    if (!descriptor) return undefined;
    name = "";
  }

  // The head noun: the last word before the first preposition or relative word.
  const descWords = descriptor.toLowerCase().split(" ").filter(Boolean);
  let cut = descWords.findIndex((w, idx) => idx > 0 && BREAK_WORDS.has(w));
  if (cut < 0) cut = descWords.length;
  const headRaw = (descWords[cut - 1] ?? descWords[descWords.length - 1] ?? name.toLowerCase().split(" ")[0] ?? "").replace(/[^\p{L}\p{N}-]/gu, "");
  const head = singular(headRaw) || headRaw;
  const lowerAll = `${descriptor} ${name}`.toLowerCase();
  let kind = kindOfHead(headRaw, lowerAll) ?? (name ? (descriptor ? kindOfHead(descWords[0] ?? "", lowerAll) : undefined) : undefined);
  if (!kind) kind = name ? "creature" : "thing";
  if (name && descriptor && TITLE_WORDS.has(descriptor)) kind = "person";

  const plural = !name && isPluralNoun(headRaw) && !isUncountable(headRaw);
  const fn = kind === "thing" || kind === "place" ? thingFn(lowerAll, headRaw) : undefined;
  const setting = kind === "place" ? findTerm(lowerAll, SETTINGS) : undefined;
  const speaks = kind === "creature" || kind === "person" || /\b(talking|singing|chatty|magic|magical|wise|speaking|whispering)\b/.test(lowerAll);

  let a: string;
  let the: string;
  let short: string;
  let label: string;
  if (name) {
    const desc = descriptor && !TITLE_WORDS.has(descriptor) ? descriptor : "";
    if (called && desc) a = `${det && !owned ? det : indefinite(desc)} ${desc} called ${name}`;
    else if (desc) a = `${det || hero.his} ${desc} ${name}`;
    else a = name;
    if (owned && desc) a = `${det} ${desc} ${name}`;
    the = name;
    short = name;
    label = desc ? `${name} the ${desc}` : name;
  } else {
    const core = descriptor;
    if (owned) a = `${det} ${core}`;
    else if (det === "the") a = `the ${core}`;
    else if (det && det !== "a" && det !== "an") a = `${det} ${core}`;
    else if (plural) a = / of \p{Lu}/u.test(core) ? `the ${core}` : `some ${core}`;
    else if (isUncountable(core)) a = `some ${core}`;
    else a = `${indefinite(core)} ${core}`;
    the = owned ? `${det} ${core}` : `the ${core}`;
    const coreWords = core.split(" ");
    const headIsLast = coreWords[coreWords.length - 1]?.toLowerCase() === headRaw;
    short = owned
      ? `${det} ${headRaw}`
      : coreWords.length >= 2 && headIsLast && coreWords.length <= 4
        ? `the ${headRaw}`
        : coreWords.length > 4 && cut < descWords.length
          ? `the ${descWords.slice(Math.max(0, cut - 2), cut).join(" ")}`
          : the;
    label = owned ? `the ${core}` : the;
  }
  return { kind, head, a, the, short, label, named: Boolean(name), plural, speaks, fn, setting, source };
}

/** Splits and parses the parent's list; duplicates (same head and wording) are dropped. */
export function parseElements(items: readonly string[], hero: Hero, max = 8): Entity[] {
  const out: Entity[] = [];
  const seen = new Set<string>();
  const parts = items.flatMap((item) => (typeof item === "string" ? item.split(/\s*[,;\n]\s*/) : []));
  for (const part of parts) {
    const e = parseElement(part, hero);
    if (!e) continue;
    const key = e.the.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
    if (out.length >= max) break;
  }
  return out;
}

/** A companion written by the writer itself ("Pip, a chatty red squirrel"). */
export function namedCompanion(name: string, kindPhrase: string, head: string, kind: EntityKind = "creature", source: Entity["source"] = "world"): Entity {
  return {
    kind,
    head,
    a: `${indefinite(kindPhrase)} ${kindPhrase} called ${name}`,
    the: name,
    short: name,
    label: `${name} the ${head}`,
    named: true,
    plural: false,
    speaks: true,
    source,
  };
}
