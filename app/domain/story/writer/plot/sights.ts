/**
 * What a place the parent names is like, in the story's past tense: lines for the pages an event
 * spends there. Matched by the place's last word ("Nani's house" is a house); a place the table
 * does not know has no sights rather than wrong ones.
 */
const SIGHTS: Record<string, { small: string[]; big: string[] }> = {
  park: {
    small: ["Ducks went quack.", "The swings went whoosh.", "Leaves danced in the wind."],
    big: [
      "Dogs chased balls across the grass, and somebody's kite bobbed high above the trees.",
      "The swings creaked, and a squirrel watched everything from the top of the fence.",
    ],
  },
  pond: {
    small: ["Ducks swam by.", "Splish, splash!", "A frog went plop."],
    big: ["Ducks paddled in a line across the pond, and a moorhen ducked under the reeds.", "Dragonflies zipped over the water, shining blue and green."],
  },
  beach: {
    small: ["Waves went swoosh.", "The sand was warm.", "Seagulls called."],
    big: ["The waves rolled in, fizzed on the sand and slid back out again.", "Seagulls wheeled overhead, and the air tasted of salt."],
  },
  fair: {
    small: ["There were flags.", "Music played.", "Everyone smiled."],
    big: [
      "There were stalls with cakes and games, and bunting flapping between the trees.",
      "A brass band was playing, and the smell of popcorn drifted everywhere.",
    ],
  },
  school: {
    small: ["The bell rang.", "Hello, teacher!", "Shoes squeaked on the floor."],
    big: [
      "The hall smelled of floor polish and paint, and the walls were covered in pictures.",
      "Children hurried past with bags that were nearly as big as they were.",
    ],
  },
  house: {
    small: ["The door was red.", "It smelled of cake.", "It was cosy inside."],
    big: [
      "The house smelled of cooking, and there were photos of the whole family on every wall.",
      "There was a comfy old armchair by the window, just right for curling up in.",
    ],
  },
  garden: {
    small: ["Bees buzzed.", "Flowers nodded.", "A robin hopped."],
    big: ["Bees bumbled from flower to flower, and a robin watched from the fence.", "The garden smelled of cut grass and warm earth."],
  },
  kitchen: {
    small: ["Pots went clang.", "Yum, a good smell!"],
    big: ["Pans bubbled on the cooker, and the window was steamy and warm.", "Flour dusted the table like snow."],
  },
  zoo: {
    small: ["The lion roared.", "The monkeys swung.", "Splash went the seal."],
    big: ["The monkeys swung from rope to rope, showing off to anyone who would watch.", "Somewhere a lion roared, and everyone jumped and then laughed."],
  },
  farm: {
    small: ["Moo! Baa! Oink!", "Hens went cluck.", "The tractor went brrm."],
    big: [
      "Hens pecked around the yard, and a sheep stared at them with a mouthful of grass.",
      "The barn smelled of hay, and swallows swooped in and out of the doors.",
    ],
  },
  pool: {
    small: ["Splash!", "The water was blue.", "Kick, kick, kick!"],
    big: ["The pool glittered, and the echoes of shouts and splashes bounced off the walls.", "The water was cold at first, then just right."],
  },
  playground: {
    small: ["Up the ladder!", "Down the slide!", "Round and round!"],
    big: ["Children climbed, slid, spun and shouted, all at the same time.", "The roundabout spun until everyone on it was giggling."],
  },
  forest: {
    small: ["Tall trees!", "Crunch went the leaves.", "An owl hooted."],
    big: ["Sunlight came down through the leaves in long golden stripes.", "Twigs snapped underfoot, and somewhere a woodpecker drummed."],
  },
  moon: {
    small: ["Bounce, bounce!", "Grey dust everywhere.", "Earth looked tiny."],
    big: [
      "Every step was a slow, floaty bounce, and the dust puffed up in little clouds.",
      "High above, the Earth hung in the black sky like a blue and white marble.",
    ],
  },
  sea: {
    small: ["Fish swam by.", "Bubbles went up.", "Blue, blue water."],
    big: ["Shoals of silver fish turned all at once, flashing in the light.", "Seaweed swayed slowly, like dancers in a dream."],
  },
  shop: {
    small: ["So many things!", "Ding went the door."],
    big: ["The shelves were piled high, and the bell above the door rang every time someone came in."],
  },
  library: {
    small: ["Shh!", "Books, books, books!"],
    big: ["There were books on every wall, from the floor to the ceiling, and a reading corner full of cushions."],
  },
  field: {
    small: ["The grass was long.", "Run, run, run!"],
    big: ["The grass was long and green, and the white lines on it were freshly painted."],
  },
};
const ALIASES: Record<string, string> = {
  lake: "pond",
  river: "pond",
  seaside: "beach",
  shore: "beach",
  festival: "fair",
  funfair: "fair",
  carnival: "fair",
  home: "house",
  cottage: "house",
  flat: "house",
  classroom: "school",
  nursery: "school",
  woods: "forest",
  wood: "forest",
  ocean: "sea",
  reef: "sea",
  supermarket: "shop",
  market: "shop",
  pitch: "field",
  meadow: "field",
  swimming: "pool",
};

export function sightsOf(place: string | undefined, small: boolean): string[] {
  if (!place) return [];
  const head =
    place
      .toLowerCase()
      .replace(/[^a-z ]/g, "")
      .trim()
      .split(" ")
      .pop() ?? "";
  const entry = SIGHTS[ALIASES[head] ?? head];
  return entry ? (small ? entry.small : entry.big) : [];
}
