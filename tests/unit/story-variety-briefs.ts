import type { StoryBrief } from "~/domain/story/book";
import { BUILT_IN_THEMES, fillPlaceholders, splitSpecialElements } from "~/domain/story/themes";

/**
 * A hundred briefs as different as a hundred families would write them: names, ages 1–12, the
 * three genders, the five built-in themes with their own descriptions, morals and elements, and
 * thirty-one free themes with descriptions, morals and elements of every kind. Each list steps with
 * its own stride, and its length shares no factor with the twelve ages, so no two briefs share the
 * same mix.
 */
// prettier-ignore
const NAMES = [
  "Mia", "Leo", "Aarav", "Zoe", "Sam", "Ava", "Noah", "Isla", "Omar", "Yuki", "Freya", "Kofi", "Priya", "Mateo", "Ella", "Arjun", "Lily", "Finn",
  "Amara", "Oscar", "Chloe", "Ravi", "Nora", "Eli", "Sofia", "Jack", "Maya", "Theo", "Hana", "Felix", "Ines",
];

// prettier-ignore
const AUTHORS = ["Mum", "Dad", "Grandma", "Grandpa", "Auntie Jo", "Nana", "Mummy and Daddy", "Uncle Ben", "", "Granny Pat", "Papa", "The Okafor family", "Mama"];

// prettier-ignore
const FREE_THEMES = [
  "dinosaurs", "cricket", "a new baby sister", "moving house", "the seaside", "trains", "baking", "pirates", "football", "a trip to the zoo",
  "first day at school", "camping", "snow", "robots", "fairies", "the farm", "mermaids", "superheroes", "the jungle", "Christmas", "music", "ballet",
  "gardening", "knights", "volcanoes", "bedtime", "a birthday party", "the rainforest", "unicorns", "the library", "monsters",
];

const DESCRIPTIONS = [
  "",
  "[ChildName] loves dinosaurs and has a dog called Pepper.",
  "[ChildName] is scared of the dark. Her best friend is Leo.",
  "Goes to the beach with Grandma and finds a shell.",
  "[ChildName] loves football and is a bit scared of big dogs.",
  "[ChildName] has a baby brother called Tom and loves building dens.",
  "[ChildName] is starting school on Monday and is a bit nervous about making friends.",
  "We are moving to a new house and [ChildName] misses the old garden.",
  "[ChildName] loves baking cakes with Grandpa and has a cat called Marmalade.",
  "[ChildName] helps a grumpy troll find his lost hat.",
  "[ChildName] adores trains and wants to be a train driver.",
  "[ChildName] loves to sing and dance. Her best friend is Noor.",
  "[ChildName] is afraid of thunderstorms and loves rainbows.",
  "A story about sharing toys with cousins.",
  "[ChildName] has a hamster called Nibbles and loves drawing.",
  "[ChildName] finds a message in a bottle on the beach.",
  "[ChildName] loves the moon and the stars and dreams of flying.",
  "[ChildName] is crazy about cricket and practises every day with Dad.",
  "[ChildName] has a new baby sister called Rosie and feels a bit left out.",
  "[ChildName] loves bugs, snails and worms.",
  "First day at nursery",
  "[ChildName] is scared of the water but loves the seaside.",
  "[ChildName] loves knights and castles and has a puppy called Biscuit.",
  "[ChildName] builds a treehouse with Grandad and watches the birds.",
  "[ChildName] loves swimming and has a goldfish called Bubbles.",
  "[ChildName] wants to be an astronaut and loves rockets.",
  "[ChildName] loves planting seeds and watching them grow.",
  "[ChildName] is very shy but loves animals, especially horses.",
  "[ChildName] loves reading books at bedtime with Mum.",
  "[ChildName] visits the zoo and meets a baby elephant.",
  "[ChildName] gets a new bike for a birthday and is learning to ride it.",
];

const MORALS = [
  "Sharing makes everyone happy",
  "Be honest",
  "Saying sorry makes things better",
  "Be brave",
  "Be kind to others",
  "Patience pays off",
  "Teamwork",
  "Never give up!",
  "Always tell the truth, even when it is hard.",
  "Listen before you judge.",
  "Good things come to those who wait.",
  "Friends help each other.",
  "Take care of nature.",
  "Be proud of who you are.",
  "Say thank you for the little things.",
  "It's okay to make mistakes.",
  "Kindness",
  "",
  "Asking questions is how we learn.",
  "Big brothers and sisters can be gentle.",
  "Try new things, even when they feel scary.",
  "Practice makes progress.",
  "Everyone is good at something different.",
  "Home is wherever your family is.",
  "Eat your vegetables.",
  "A good friend includes everyone.",
  "Being different is what makes you special.",
  "Look after the people you love.",
  "You can do hard things.",
  "Help others when they need it.",
  "Be gentle with little ones.",
];

const ELEMENTS = [
  [],
  ["a red kite", "a toy rabbit"],
  ["red wellies"],
  ["a magic wand", "a dog called Rex"],
  ["a torch", "a box of crayons"],
  ["Grandpa Joe", "a football"],
  [],
  ["strawberries", "a blue bucket"],
  ["a wooden train", "her teddy Bun"],
  ["a compass", "a wise old tortoise", "a secret waterfall"],
  ["a golden key"],
  ["a cricket bat", "a lucky coin"],
  ["a picnic blanket", "a jar of honey", "a paper boat"],
  ["an umbrella"],
  ["a baby dragon", "a treasure map"],
  ["a pair of binoculars", "a volcano"],
  ["a tambourine", "a silver spoon"],
  [],
  ["a bag of marbles", "a toy dinosaur"],
  ["a sparkly crown", "a talking cat"],
  ["a snow globe"],
  ["a skipping rope", "Auntie May"],
  ["a magnifying glass", "a ladybird"],
  ["a rocket", "a robot friend"],
  ["some magic beans", "a watering can"],
];

const GENDERS: StoryBrief["gender"][] = ["girl", "boy", "child"];
const ART = ["watercolor", "storybook", "cartoon", "fairy tale"];

export function varietyBriefs(count = 100): StoryBrief[] {
  const briefs: StoryBrief[] = [];
  for (let i = 0; i < count; i++) {
    const childName = NAMES[(i * 7) % NAMES.length];
    const age = 1 + ((i * 5) % 12);
    const base = {
      childName,
      age,
      gender: GENDERS[(i + Math.floor(i / 12)) % 3],
      authorName: AUTHORS[(i * 5) % AUTHORS.length],
      artStyle: ART[i % ART.length],
    };
    // every seventh brief takes a built-in theme with all of its own words
    const builtIn = i % 7 === 3 ? BUILT_IN_THEMES[Math.floor(i / 7) % BUILT_IN_THEMES.length] : undefined;
    if (builtIn) {
      briefs.push({
        ...base,
        theme: builtIn.theme,
        storyDescription: fillPlaceholders(builtIn.description, childName),
        moralLesson: builtIn.moralLesson,
        specialElements: splitSpecialElements(builtIn.specialElements),
      });
      continue;
    }
    // a built-in theme word with the family's own words now and then, else a free theme
    const theme = i % 11 === 5 ? BUILT_IN_THEMES[i % BUILT_IN_THEMES.length].theme : FREE_THEMES[(i * 7) % FREE_THEMES.length];
    briefs.push({
      ...base,
      theme,
      storyDescription: fillPlaceholders(DESCRIPTIONS[(i * 11) % DESCRIPTIONS.length], childName),
      moralLesson: MORALS[(i * 13) % MORALS.length],
      specialElements: ELEMENTS[(i * 9) % ELEMENTS.length],
    });
  }
  return briefs;
}

/** Sentences of a page as a reader counts them: after . ! or ? (and a closing quote), before a capital or a quote. */
export function sentencesForVariety(text: string): string[] {
  return text.split(/(?<=[.!?]["\u201D\u2019]?)\s+(?=[A-Z\u201C"])/);
}

/** A sentence with the child's name and pronouns made alike, so two books' sentences compare. */
export function normalised(sentence: string, childName: string): string {
  const name = childName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return sentence
    .replace(new RegExp(`\\b${name}\\b`, "g"), "N")
    .replace(/\b(she|he|they|her|his|their|him|them|hers|theirs|herself|himself|themselves)\b/gi, "P")
    .replace(/\b(girl|boy|child)\b/g, "K");
}
