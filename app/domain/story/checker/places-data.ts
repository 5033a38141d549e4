/**
 * The places a page can happen in, how a text names them, and what none of them can have. One row
 * a place; a new place or a new impossibility is a new line here, not new code.
 */

export interface PlaceRule {
  /** how a finding names the place */
  label: string;
  /** the text says the page is here, from this sentence on */
  at: RegExp;
  /** the text says they are going there: from the next sentence on */
  to?: RegExp;
  /** the text says they have left, or are somewhere else */
  leave: RegExp;
  /** what cannot be here: plain words for the finding, and the words in the text */
  never: [string, RegExp][];
}

// made of something, or from another world: a moon flower, crystal trees, paper grass
const MADE_OF =
  "(?<!(?:moon|space|star|crystal|glass|paper|plastic|metal|toy|cheese|rock|sugar|candy|ice|silver|golden|jelly|lolly|sweet|cardboard|painted|pretend)[\\s-])";
const grows = (word: string) => new RegExp(`${MADE_OF}\\b${word}\\b(?![-\\w])`, "i");

const SHADE: [string, RegExp] = [
  "shade",
  /\b(?:in|into|under)\s+the\s+(?:cool\s+)?shade\b|\bshady\b|\bshade\s+of\s+(?:a|an|the)\s+(?:[a-z]+\s+){0,2}(?:tree|trees|palm|umbrella)\b/i,
];
const BREEZE: [string, RegExp] = ["a breeze", /(?<!(?:was|is|be)\s+a\s+)\bbreez(?:e|es|y)\b/i];
const WIND: [string, RegExp] = [
  "wind",
  /\b(?:the|a|cool|warm|gentle|soft|strong|chilly|icy|little|fresh|howling|whistling)\s+(?:[a-z]+\s+)?wind\b(?![-\w])|\bwind\s+(?:blew|whistled|howled|rustled|whooshed|tugged|ruffled|carried|picked)\b|\bwindy\b|\bgusts?\s+of\b/i,
];
const RAIN: [string, RegExp] = ["rain", /\brain(?:ed|ing|drops?|fall|s|y)?\b(?![-\w])/i];
const PUDDLES: [string, RegExp] = ["puddles", /\bpuddles?\b(?!\s+of\s+(?:light|moonlight|starlight|sunlight|shadow|gold|silver|glitter))/i];
const BIRDS_SINGING: [string, RegExp] = [
  "birds singing",
  /\bbirds?\b[^.!?]{0,30}?\b(?:sang|sing|sings|singing|chirped|chirping|chirps|chirruped|tweeted|tweeting|twittered|twittering|warbled|warbling)\b|\bbirdsong\b/i,
];
const BIRDS_FLYING: [string, RegExp] = [
  "birds flying",
  /\bbirds?\b[^.!?]{0,30}?\b(?:flew|fly|flies|flying|soared|soaring|swooped|swooping|flapped|flapping)\b/i,
];
const RAIN_ON_THEM: [string, RegExp] = [
  "rain falling on them",
  /\brain\s+(?:fell|was\s+falling|poured|pattered|dripped|splashed|trickled|drummed)\s+(?:down\s+)?(?:on|onto|over)\s+(?:her|him|them|their|his|everyone|[A-Z][a-z]+)\b(?!\s+(?:[a-z]+\s+)?(?:window|windows|roof|umbrella|tent|glass|door|windowsill)\b)|\b(?:soaked|drenched)\s+(?:by|in|from)\s+the\s+rain\b|\bgot\s+wet\s+in\s+the\s+rain\b/i,
];
const WIND_IN_HAIR: [string, RegExp] = [
  "wind in their hair",
  /\b(?:wind|breeze)\s+(?:in|through)\s+(?:her|his|their)\s+(?:hair|fur)\b|\b(?:wind|breeze)\s+(?:ruffled|tugged\s+at|blew|tousled|whipped|lifted)\s+(?:her|his|their)\s+(?:hair|fur)\b/i,
];
const SUN_BEATING: [string, RegExp] = ["the sun beating down", /\bsun\s+(?:beat|was\s+beating|beating|blazed|scorched|baked)\s+down\b|\bsunbath\w*/i];
const HOME_OR_BED = "home|bed|bedroom";

const AIRLESS: [string, RegExp][] = [
  SHADE,
  BREEZE,
  WIND,
  RAIN,
  PUDDLES,
  BIRDS_SINGING,
  ["grass", grows("grass(?:y|es)?")],
  ["flowers", grows("flowers?")],
  ["trees", grows("trees?")],
  ["fresh air", /\bfresh\s+air\b/i],
  [
    "the sky turning pink or orange",
    /\bsky\s+(?:turned|was\s+turning|went|glowed|became|blushed|grew|had\s+turned)\s+(?:[a-z]+\s+){0,2}?(?:pink|orange|rosy|peach|red|golden)\b|\b(?:pink|orange|rosy|peachy?)(?:[\s-][a-z]+)?\s+sky\b/i,
  ],
];
const LEAVE_SPACE = new RegExp(`\\b(?:${HOME_OR_BED}|earth|garden|back\\s+(?:down|to|on|in|at)|landed\\s+(?:back|safely)|park|school|beach|kitchen)\\b`, "i");

export const PLACES: PlaceRule[] = [
  {
    label: "on the moon",
    at: /\b(?:on|across|around)\s+(?:the|a|this|that)\s+(?:[a-z-]+\s+){0,2}moon\b(?!['-]\w)|\bmoon'?s\s+surface\b|\blunar\b/i,
    to: /\b(?:to|onto|reached|visited|towards)\s+(?:the|a)\s+(?:[a-z-]+\s+){0,2}moon\b(?!['-]\w)/i,
    leave: LEAVE_SPACE,
    never: AIRLESS,
  },
  {
    label: "in space",
    at: /\b(?:in|through)\s+(?:outer\s+|deep\s+)?space\b(?![-\w]|\s+(?:suits?|helmets?|boots))|\bamong\s+the\s+(?:[a-z]+\s+){0,2}(?:stars|planets)\b|\brings\s+of\s+saturn\b|\bin\s+the\s+(?:[a-z]+\s+)?galaxy\b|\bstar\s+fields?\b/i,
    to: /\b(?:into|to)\s+(?:outer\s+)?space\b(?![-\w])/i,
    leave: LEAVE_SPACE,
    never: AIRLESS,
  },
  {
    label: "under the sea",
    at: /\bunder\s+the\s+(?:sea|ocean|waves|water)\b|\bunderwater\b|\bbeneath\s+the\s+(?:sea|ocean|waves)\b|\b(?:at|on)\s+the\s+(?:bottom\s+of\s+the\s+(?:sea|ocean)|seabed|sea\s?floor|ocean\s+floor)\b|\bdeep\s+(?:in|under|beneath)\s+the\s+(?:sea|ocean)\b|\bcoral\s+(?:town|city|castle|palace)\b/i,
    to: /\b(?:dived|dove|swam|sank|plunged|jumped|splashed)\s+(?:down\s+)?(?:into|under|beneath)\s+(?:the\s+)?(?:[a-z]+\s+)?(?:sea|ocean|waves|water)\b/i,
    leave: new RegExp(
      `\\b(?:${HOME_OR_BED}|surface|shore|beach|boat|dry\\s+land|out\\s+of\\s+the\\s+(?:water|sea|ocean)|swam\\s+up|back\\s+(?:on|to)\\s+land|island)\\b`,
      "i",
    ),
    never: [
      WIND,
      BREEZE,
      RAIN,
      ["a campfire", /\b(?:camp|bon)fires?\b|\bthe\s+fire\s+(?:crackled|blazed|roared)\b/i],
      BIRDS_FLYING,
      [
        "being dry",
        /\bbone[\s-]dry\b|\bdry\s+as\s+a\s+bone\b|\b(?:was|were|felt|stayed|kept|got|feeling)\s+(?:nice\s+and\s+|perfectly\s+|completely\s+|all\s+|totally\s+)?dry\b/i,
      ],
      ["dust", /\bdusty?\b(?![-\w])/i],
    ],
  },
  {
    label: "indoors",
    at: /\b(?:in|into|inside)\s+(?:her|his|their|the|a|my|our)\s+(?:[a-z]+\s+)?(?:bedroom|kitchen|classroom|living\s+room|sitting\s+room|bathroom|playroom|nursery|attic|lounge|hallway|(?<!(?:flower|river|sea|vegetable|garden)\s)bed)\b|\bindoors\b|\binside\s+the\s+(?:house|school)\b|\bunder\s+the\s+(?:covers|duvet|blanket)\b/i,
    leave:
      /\b(?:outside|outdoors|garden|yard|park|street|playground|went\s+out|out\s+of\s+the\s+(?:door|house|window|room)|through\s+the\s+(?:[a-z]+\s+){0,2}(?:door|window|portal|gate|wardrobe|mirror)|set\s+off|off\s+(?:she|he|they)\s+went|window)\b/i,
    never: [RAIN_ON_THEM, WIND_IN_HAIR, SUN_BEATING],
  },
  {
    label: "in a cave",
    at: /\b(?:in|inside|into)\s+(?:a|the|an)\s+(?:[a-z]+\s+){0,2}(?:cave|cavern)\b(?![-\w])|\bunderground\b/i,
    leave: new RegExp(
      `\\b(?:${HOME_OR_BED}|out\\s+of\\s+the\\s+(?:cave|cavern)|outside|left\\s+the\\s+(?:cave|cavern)|mouth\\s+of\\s+the\\s+cave|cave\\s+mouth|entrance|daylight)\\b`,
      "i",
    ),
    never: [
      SUN_BEATING,
      RAIN_ON_THEM,
      ["the sky overhead", /\bstars?\s+(?:twinkled|twinkling|shone|shining|sparkled|sparkling)\s+(?:above|overhead)\b|\bblue\s+sky\s+(?:above|overhead)\b/i],
    ],
  },
  {
    label: "inside the volcano",
    at: /\b(?:in|inside|into)\s+(?:the|a)\s+(?:[a-z]+\s+){0,2}(?:volcano|crater)\b/i,
    leave: new RegExp(`\\b(?:${HOME_OR_BED}|out\\s+of\\s+the\\s+(?:volcano|crater)|outside|climbed\\s+out)\\b`, "i"),
    never: [["snow", /\bsnow(?:flakes?|y|man|men|ing|ed)?\b/i], ["ice", /\bicicles?\b|\bfrost(?:y)?\b/i], PUDDLES],
  },
];

/** Words that put a sentence somewhere else, or deny the thing: "there was no wind on the moon". */
export const ELSEWHERE =
  /\b(?:no|not|never|without|nothing|none|nor|instead|wish|wished|wishing|miss|missed|missing|imagin\w*|dream\w*|remember\w*|pictur\w*|pretend\w*|thought\s+(?:of|about)|back\s+home|at\s+home|earth|unlike)\b|n't\b/i;
/** A simile just before the word: "soft as a breeze", "like a flower". */
export const SIMILE = /\b(?:like|as|than)\b[^.!?,;]{0,20}$/i;
