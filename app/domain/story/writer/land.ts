import { findTerm, SETTINGS, type Setting } from "../scene-vocabulary";
import type { Ctx } from "./ctx";
import { it, namedCompanion } from "./entities";
import type { Rng } from "./rng";
import { cap, singular, titleCase } from "./text";
import { WAYS_IN } from "./ways-in";
import type { Place, ProblemSpec, World } from "./worlds";

/**
 * The world for any theme the parent types ("dinosaurs", "trains", "the seaside"): a land named
 * after it, places that suit its setting, a companion who lives there, a way in that fits, and
 * gentle troubles that carry the land's own name.
 */
interface Lexeme {
  setting: Setting;
  creature?: boolean;
  /** a name that keeps its capital: Christmas */
  proper?: boolean;
}

// prettier-ignore
const LEXICON: Record<string, Lexeme> = {
  dinosaur: { setting: "forest", creature: true }, dino: { setting: "forest", creature: true }, pirate: { setting: "beach", creature: true },
  mermaid: { setting: "underwater", creature: true }, unicorn: { setting: "sky", creature: true }, dragon: { setting: "castle", creature: true },
  fairy: { setting: "garden", creature: true }, robot: { setting: "town", creature: true }, superhero: { setting: "town", creature: true },
  train: { setting: "town" }, car: { setting: "town" }, truck: { setting: "town" }, farm: { setting: "garden" }, jungle: { setting: "forest" },
  rainforest: { setting: "forest" }, safari: { setting: "forest" }, snow: { setting: "mountain" }, winter: { setting: "mountain" },
  christmas: { setting: "mountain", proper: true }, music: { setting: "town" }, school: { setting: "town" }, friendship: { setting: "garden" },
  family: { setting: "garden" }, bedtime: { setting: "sky" }, dream: { setting: "sky" }, sleep: { setting: "sky" }, football: { setting: "garden" },
  soccer: { setting: "garden" }, cricket: { setting: "garden" }, sport: { setting: "garden" }, ballet: { setting: "town" }, dance: { setting: "town" },
  circus: { setting: "town" }, camping: { setting: "forest" }, bug: { setting: "garden", creature: true }, insect: { setting: "garden", creature: true },
  bird: { setting: "sky", creature: true }, cat: { setting: "town", creature: true }, dog: { setting: "garden", creature: true },
  horse: { setting: "garden", creature: true }, pony: { setting: "garden", creature: true }, monster: { setting: "forest", creature: true },
  magic: { setting: "castle" }, fairytale: { setting: "castle" }, weather: { setting: "sky" }, rainbow: { setting: "sky" }, seasons: { setting: "garden" },
  spring: { setting: "garden" }, summer: { setting: "beach" }, autumn: { setting: "forest" }, halloween: { setting: "town", proper: true },
  easter: { setting: "garden", proper: true }, diwali: { setting: "town", proper: true }, eid: { setting: "town", proper: true },
  hanukkah: { setting: "town", proper: true }, birthday: { setting: "garden" }, baking: { setting: "town" }, cooking: { setting: "town" },
  gardening: { setting: "garden" }, art: { setting: "town" }, knight: { setting: "castle", creature: true }, princess: { setting: "castle", creature: true },
  alien: { setting: "space", creature: true }, ninja: { setting: "town", creature: true }, wizard: { setting: "castle", creature: true },
  mystery: { setting: "town" }, detective: { setting: "town", creature: true }, treasure: { setting: "beach" }, island: { setting: "beach" },
  volcano: { setting: "mountain" }, mountain: { setting: "mountain" }, arctic: { setting: "mountain" }, penguin: { setting: "mountain", creature: true },
  bear: { setting: "forest", creature: true }, bunny: { setting: "garden", creature: true }, zoo: { setting: "garden" }, library: { setting: "town" },
};

const place = (name: string, at: string, setting: Setting, sights: string[], details: string[], to?: string): Place => ({
  name,
  at,
  setting,
  sights,
  details,
  ...(to ? { to } : {}),
});

/** For each setting, places a land can have; a land takes three of them. `details` are things to point at there. */
const SETTING_PLACES: Record<Setting, Place[]> = {
  forest: [
    place(
      "the tall green woods",
      "in the tall green woods",
      "forest",
      ["Ferns curled like green question marks.", "Leaves made a soft, crunchy carpet.", "Birds called to each other from the treetops."],
      ["a woodpecker tapping on a tree", "a row of spotty toadstools", "a squirrel with a very full mouth"],
    ),
    place(
      "a sunny valley",
      "in a sunny valley",
      "forest",
      ["A stream wiggled along the bottom of the valley.", "Wildflowers grew in every colour.", "The sun felt like a warm blanket."],
      ["a stream full of shiny pebbles", "a frog on a lily pad", "a tree with a swing on it"],
    ),
    place(
      "the biggest tree",
      "under the biggest tree in the forest",
      "forest",
      ["Its roots were as wide as a sofa.", "A hundred birds lived in its branches.", "Its leaves rustled like applause."],
      ["a door in the roots", "a ladder up into the branches", "an owl asleep on a branch"],
      "to the biggest tree",
    ),
    place(
      "the mossy clearing",
      "in a mossy clearing in the woods",
      "forest",
      ["The moss was as soft as a cushion.", "Sunlight fell in a golden circle.", "Bluebells rang without a sound."],
      ["a ring of tiny mushrooms", "a hedgehog curled up in a ball", "a log shaped like a crocodile"],
      "to the mossy clearing",
    ),
    place(
      "the winding river",
      "beside the winding river in the woods",
      "forest",
      ["The river chattered over the stones.", "Dragonflies skimmed the water.", "Willow trees dipped their fingers in the river."],
      ["stepping stones across the water", "a heron standing on one leg", "a little wooden boat tied to a tree"],
      "to the winding river",
    ),
  ],
  garden: [
    place(
      "a meadow full of flowers",
      "in a meadow full of flowers",
      "garden",
      [
        "Daisies nodded in the breeze.",
        "Bees hummed from flower to flower.",
        "The grass tickled everyone's ankles.",
        "A butterfly landed on a buttercup and stayed there.",
        "The flowers smelled of honey and warm afternoons.",
        "A lark sang somewhere high above.",
      ],
      ["a bee asleep in a foxglove", "a field of poppies", "a scarecrow wearing a top hat"],
    ),
    place(
      "the picnic field",
      "on the picnic field in the park",
      "garden",
      [
        "Kites danced in the sky.",
        "The grass smelled freshly cut.",
        "Ducks waddled by, hoping for crumbs.",
        "Somebody had left a red blanket under a tree.",
        "The smell of sandwiches drifted across the grass.",
        "A dog was chasing its own tail by the gate.",
      ],
      ["a bandstand with a stripy roof", "a kite stuck in a tree", "a duck with seven ducklings"],
    ),
    place(
      "a garden of giant flowers",
      "in a garden of giant flowers",
      "garden",
      [
        "The sunflowers were taller than houses.",
        "Ladybirds as big as buttons trundled past.",
        "The petals were as soft as velvet.",
        "A bee as big as a teapot buzzed past.",
        "Each leaf was as wide as a table.",
        "Dew drops hung like glass balloons.",
      ],
      ["a snail with a stripy shell", "a dewdrop as big as a football", "a caterpillar munching a leaf"],
    ),
    place(
      "the orchard",
      "in the orchard by the meadow",
      "garden",
      [
        "Apples hung like red lanterns.",
        "The trees stood in neat, leafy rows.",
        "Blossom drifted down like pink snow.",
        "The grass under the trees was dotted with windfalls.",
        "A wasp was very busy with a plum.",
        "The trees creaked softly in the breeze.",
      ],
      ["a ladder leaning on a tree", "a basket of shiny apples", "a blackbird pecking at a pear"],
      "to the orchard",
    ),
    place(
      "the hilltop garden",
      "in a garden on top of a hill",
      "garden",
      [
        "The hills rolled away for miles and miles.",
        "Windmills turned slowly in the breeze.",
        "The grass rolled away like green waves.",
        "A kite was stuck on the weather vane.",
        "The paths were lined with lavender.",
        "The wind smelled of grass and rain.",
      ],
      ["a windmill with red sails", "a bench with a view", "sheep like little clouds far below"],
      "to the hilltop garden",
    ),
  ],
  mountain: [
    place(
      "the foot of a friendly mountain",
      "at the foot of a friendly mountain",
      "mountain",
      ["The mountain wore a little hat of cloud.", "Goats leapt from rock to rock.", "The air smelled fresh and cold."],
      ["a goat with a bell round its neck", "a path that zigzagged up", "a pile of stones shaped like a snowman"],
      "to the foot of a friendly mountain",
    ),
    place(
      "a sparkling waterfall",
      "beside a sparkling waterfall",
      "mountain",
      ["The water tumbled down in silver ribbons.", "A rainbow hung in the spray.", "The rocks were cool and mossy."],
      ["a rainbow in the spray", "a pool as clear as glass", "a fish leaping up the falls"],
      "to a sparkling waterfall",
    ),
    place(
      "the top of the hill",
      "at the top of the hill",
      "mountain",
      ["You could see the whole world from up there.", "The wind played with everyone's hair.", "Clouds drifted by close enough to touch."],
      ["a flag flapping on a pole", "a cloud shaped like a rabbit", "the tiny roofs far below"],
    ),
    place(
      "the snowy pass",
      "on the snowy mountain pass",
      "mountain",
      ["Snow creaked underfoot.", "Icicles hung like glass carrots.", "Everyone's breath made little clouds."],
      ["a snowman with a carrot nose", "footprints of a snow hare", "an icicle as long as a broom"],
      "to the snowy pass",
    ),
    place(
      "the echoing cave",
      "in a big cave in the mountain",
      "mountain",
      ["Every word bounced back three times.", "Crystals glittered in the walls.", "Water went drip, drop, drip."],
      ["crystals glowing in the walls", "a drawing of a bear on the rock", "a bat hanging upside down"],
      "to the echoing cave",
    ),
  ],
  beach: [
    place(
      "the golden beach",
      "on the golden beach",
      "beach",
      ["The sand was warm and soft.", "Waves curled over with a whoosh.", "Shells lay scattered like sweets."],
      ["a sandcastle with a moat", "a crab waving a claw", "a striped beach hut"],
    ),
    place(
      "a little island",
      "on a little island",
      "beach",
      ["Palm trees waved their leafy hands.", "Crabs scuttled sideways to say hello.", "The water was as clear as glass."],
      ["a coconut on the sand", "a parrot on a palm tree", "a rowing boat pulled up on the shore"],
    ),
    place(
      "the seaside rock pools",
      "by the seaside rock pools",
      "beach",
      ["Tiny fish darted in the pools.", "Starfish clung to the rocks.", "Seaweed floated like green ribbons."],
      ["a starfish the colour of jam", "a shrimp hiding under a stone", "a pool with a hermit crab in it"],
    ),
    place(
      "the lighthouse point",
      "by the lighthouse at the end of the beach",
      "beach",
      ["The lighthouse was striped like a stick of rock.", "Seagulls wheeled and called.", "Spray flew up from the rocks."],
      ["a lighthouse with a red door", "a gull stealing a chip", "a lobster pot on the rocks"],
      "to the lighthouse point",
    ),
    place(
      "the harbour",
      "in the little harbour by the beach",
      "beach",
      ["Boats bobbed and clinked.", "Fishing nets were spread out to dry.", "The water slapped gently at the wall."],
      ["a boat called Sally", "a pile of orange nets", "a cat waiting by the fish stall"],
      "to the harbour",
    ),
  ],
  underwater: [
    place(
      "the coral reef",
      "on the coral reef",
      "underwater",
      ["Fish in every colour swam by.", "Sea fans swayed to and fro.", "Bubbles wobbled up to the surface."],
      ["a clownfish peeping out of its home", "coral shaped like a brain", "a shy octopus changing colour"],
    ),
    place(
      "the deep blue sea",
      "deep in the blue sea",
      "underwater",
      ["Sunlight made wiggly patterns on the sand.", "A turtle glided past slowly.", "Everything was quiet and blue."],
      ["a turtle gliding by", "a jellyfish like a floating umbrella", "a shoal of silver fish"],
    ),
    place(
      "a sunken garden",
      "in a sunken garden on the sea floor",
      "underwater",
      ["Sea flowers opened and closed.", "Seahorses held tails and twirled.", "Pearls glowed like tiny moons."],
      ["seahorses holding tails", "an oyster with a pearl inside", "a starfish asleep on a rock"],
    ),
    place(
      "the kelp forest",
      "in the tall kelp beds under the sea",
      "underwater",
      ["The kelp swayed like a tall green curtain.", "Sea otters bobbed at the top.", "Little fish played hide-and-seek."],
      ["a sea otter holding a shell", "a fish hiding in the kelp", "a ribbon of kelp as long as a bus"],
      "to the kelp forest",
    ),
    place(
      "the sunken ship",
      "beside an old sunken ship on the sea floor",
      "underwater",
      ["The old ship was covered in barnacles.", "Fish swam in and out of the portholes.", "A ship's bell hung quietly."],
      ["a crab in a captain's hat", "a treasure chest full of sand", "fish swimming through a porthole"],
      "to the sunken ship",
    ),
  ],
  space: [
    place(
      "the silver moon",
      "on the silver moon",
      "space",
      ["Every step was a giant, floaty bounce.", "Earth hung in the sky like a blue marble.", "Moon dust sparkled like sugar."],
      ["a crater as round as a pie dish", "a flag someone left long ago", "footprints that bounced"],
    ),
    place(
      "a purple planet",
      "on a purple planet",
      "space",
      ["The ground was soft and spongy.", "Three little moons circled overhead.", "Crystal flowers chimed in the breeze."],
      ["crystal flowers that chimed", "three little moons", "a hill of purple sand"],
    ),
    place(
      "the Milky Way",
      "among the stars of the Milky Way",
      "space",
      ["Stars twinkled in every direction.", "A comet zipped past with a sparkly tail.", "The galaxy swirled like a lollipop."],
      ["a comet with a sparkly tail", "a star shaped like a teapot", "a swirl of silver dust"],
    ),
    place(
      "the rings of a giant planet",
      "among the rings of a giant planet in space",
      "space",
      ["The rings were made of glittering ice.", "The planet was as golden as honey.", "Little moons zipped about like bees."],
      ["an ice pebble as big as a car", "a moon with a smiley face", "a stripe of golden cloud"],
      "to the rings of a giant planet",
    ),
    place(
      "the space station",
      "at a twinkly space station",
      "space",
      ["Everything floated, even the biscuits.", "Lights blinked green and blue.", "The windows looked out on a million stars."],
      ["a floating biscuit", "a window full of stars", "a robot watering a plant"],
      "to the space station",
    ),
  ],
  castle: [
    place(
      "the castle gates",
      "at the castle gates",
      "castle",
      ["Flags fluttered on every tower.", "The drawbridge creaked down like a yawn.", "Trumpets played a welcome tune."],
      ["a drawbridge over a moat", "a guard with a very tall hat", "a flag with a lion on it"],
    ),
    place(
      "the tallest tower",
      "at the top of the tallest tower in the castle",
      "castle",
      ["You could see the whole kingdom from the window.", "The stairs went round and round and round.", "A sleepy owl lived in the rafters."],
      ["a window with a view of the kingdom", "a spinning wheel in the corner", "an owl in the rafters"],
    ),
    place(
      "the throne room",
      "in the throne room of the palace",
      "castle",
      ["The throne was cushioned with velvet.", "Portraits of smiling kings lined the walls.", "Sunlight poured through coloured glass."],
      ["a throne with velvet cushions", "a crown on a cushion", "a window of coloured glass"],
    ),
    place(
      "the castle kitchen",
      "in the castle's big kitchen",
      "castle",
      ["Pots bubbled on a huge fire.", "It smelled of warm bread and honey.", "A cook was singing to the soup."],
      ["a pie as big as a wheel", "a cat asleep by the fire", "a row of shiny copper pots"],
      "to the castle kitchen",
    ),
    place(
      "the royal garden",
      "in the castle's royal garden",
      "castle",
      ["Hedges were cut into the shapes of animals.", "A fountain sang in the middle.", "Peacocks strutted along the paths."],
      ["a hedge shaped like an elephant", "a peacock showing off", "a maze of tall hedges"],
      "to the royal garden",
    ),
  ],
  sky: [
    place(
      "the fluffy clouds",
      "up among the fluffy clouds in the sky",
      "sky",
      ["The clouds were as bouncy as pillows.", "Birds flew by and waved their wings.", "The sun felt close and cosy."],
      ["a cloud shaped like a sheep", "a flock of geese in a V", "a rainbow far away"],
    ),
    place(
      "the rainbow bridge",
      "on the rainbow bridge across the sky",
      "sky",
      ["Each stripe felt different underfoot.", "The colours glowed softly.", "Far below, the world looked like a toy town."],
      ["the tiny fields far below", "a bird resting on the red stripe", "a pot of something shiny at the end"],
    ),
    place(
      "a floating island",
      "high in the sky on a floating island",
      "sky",
      ["Waterfalls poured off the edges into the clouds.", "Hot-air balloons drifted past.", "The breeze smelled of candyfloss."],
      ["a hot-air balloon drifting by", "a waterfall falling into the clouds", "a tree growing upside down"],
    ),
    place(
      "the windy heights",
      "up on the windy heights of the sky",
      "sky",
      ["The wind sang in everyone's ears.", "Kites of every colour tugged on their strings.", "Swallows swooped and looped."],
      ["a kite with a long tail", "a swallow doing loop-the-loops", "a weather vane shaped like a fish"],
      "to the windy heights",
    ),
    place(
      "the cloud village",
      "high in the sky in a village of clouds",
      "sky",
      ["The houses were soft and white.", "Rain was stored in big grey barrels.", "Everyone bounced instead of walking."],
      ["a barrel full of rain", "a chimney puffing little clouds", "a cloud dog chasing its tail"],
      "to the cloud village",
    ),
  ],
  town: [
    place(
      "the town square",
      "in the town square",
      "town",
      [
        "A fountain sparkled in the middle.",
        "People waved from the cafés.",
        "Pigeons strutted about importantly.",
        "The church clock chimed the hour.",
        "A man was playing the accordion.",
        "Children were splashing their hands in the fountain.",
      ],
      ["a fountain with a stone fish", "a clock tower with a blue face", "a man selling balloons"],
    ),
    place(
      "the busy market",
      "at the busy market in town",
      "town",
      [
        "Stalls were piled with fruit and flowers.",
        "Someone was selling balloons of every colour.",
        "Everything smelled of fresh bread.",
        "A man was juggling oranges.",
        "The cheese stall smelled very strong indeed.",
        "Bunting flapped over every stall.",
      ],
      ["a stall piled with oranges", "a lady selling flowers", "a dog carrying a loaf of bread"],
    ),
    place(
      "the old library",
      "in the old library in town",
      "town",
      [
        "Books were piled up to the ceiling.",
        "A ladder on wheels waited by the shelves.",
        "Dust sparkled in the sunlight.",
        "It was so quiet you could hear the pages turn.",
        "A reading lamp made a warm yellow circle.",
        "The books smelled of dust and adventures.",
      ],
      ["a ladder on wheels", "a book as big as a door", "a cat asleep on the shelves"],
    ),
    place(
      "the railway station",
      "at the little railway station in town",
      "town",
      [
        "A big clock ticked above the platform.",
        "Trains puffed in and out.",
        "The guard's whistle went peep-peep.",
        "Steam puffed up in white clouds.",
        "A porter wheeled a trolley of parcels.",
        "Pigeons pecked at crumbs on the platform.",
      ],
      ["a red engine puffing steam", "a big clock over the platform", "a trolley full of suitcases"],
      "to the railway station",
    ),
    place(
      "the park with the bandstand",
      "in the town park with the bandstand",
      "town",
      [
        "A band was tuning up.",
        "Children zoomed down the slide.",
        "The pond had a little island in it.",
        "Leaves danced along the path.",
        "A squirrel raced up a lamp post.",
        "The roundabout was still spinning.",
      ],
      ["a slide as tall as a house", "a band in red jackets", "a boy feeding the ducks"],
      "to the park with the bandstand",
    ),
  ],
  bedroom: [
    place(
      "the attic",
      "in the attic",
      "bedroom",
      ["Old trunks were stacked in the corners.", "A round window looked out at the sky.", "The floorboards creaked."],
      ["an old rocking horse", "a trunk full of hats", "a round window"],
    ),
    place(
      "the kitchen",
      "in the kitchen at home",
      "bedroom",
      ["The kettle was whistling.", "Something delicious was in the oven.", "The table was covered in crumbs."],
      ["a cake cooling by the window", "a stripy teapot", "a cat on the windowsill"],
    ),
    place(
      "the cosy den",
      "in the cosy den at home",
      "bedroom",
      ["Cushions were piled high.", "A blanket fort leaned against the sofa.", "Fairy lights twinkled along the shelf."],
      ["a blanket fort", "fairy lights on the shelf", "a tower of cushions"],
    ),
  ],
};

/** Companions for a land whose theme is not itself a creature: one who lives in that kind of place. */
const GUIDES: Record<Setting, [string, string][]> = {
  forest: [
    ["wise old owl", "owl"],
    ["friendly fox cub", "fox"],
    ["chatty red squirrel", "squirrel"],
  ],
  garden: [
    ["bright blue bird", "bird"],
    ["chatty robin", "robin"],
    ["friendly rabbit", "rabbit"],
    ["cheerful ladybird", "ladybird"],
  ],
  mountain: [
    ["friendly mountain goat", "goat"],
    ["little snowy owl", "owl"],
    ["fluffy white hare", "hare"],
  ],
  beach: [
    ["chatty seagull", "seagull"],
    ["friendly crab", "crab"],
    ["little puffin", "puffin"],
  ],
  underwater: [
    ["chatty little fish", "fish"],
    ["friendly seahorse", "seahorse"],
    ["smiley dolphin", "dolphin"],
  ],
  space: [
    ["little silver robot", "robot"],
    ["friendly green alien", "alien"],
    ["star-spotted space dog", "dog"],
  ],
  castle: [
    ["small, brave knight", "knight"],
    ["friendly baby dragon", "dragon"],
    ["royal cat in boots", "cat"],
  ],
  sky: [
    ["friendly swallow", "swallow"],
    ["little cloud sheep", "sheep"],
    ["bright blue bird", "bird"],
  ],
  town: [
    ["clever pigeon", "pigeon"],
    ["cheerful little dog", "dog"],
    ["friendly cat", "cat"],
  ],
  bedroom: [
    ["bright blue bird", "bird"],
    ["cheerful little dog", "dog"],
  ],
};

// prettier-ignore
const GUIDE_NAMES = ["Pebble", "Pip", "Bibi", "Momo", "Tuffin", "Sprout", "Nib", "Juniper", "Dot", "Ziggy", "Pickle", "Tansy", "Bo", "Fizz", "Puddle", "Hazel", "Crumb", "Lolly", "Figgy", "Wren", "Pom", "Tilly", "Scoot", "Nutmeg"];

/** a little one who lives in each kind of place, lost when the land has no creature of its own */
const LITTLE_ONES: Record<Setting, string[]> = {
  forest: ["a fox cub", "a baby owl", "a little deer"],
  garden: ["a baby rabbit", "a little lost duckling", "a tiny hedgehog"],
  mountain: ["a baby goat", "a little lost lamb", "a snow hare"],
  beach: ["a baby seal", "a little crab", "a puffin chick"],
  underwater: ["a baby seahorse", "a little turtle", "a tiny octopus"],
  space: ["a little lost star", "a baby comet", "a tiny alien"],
  castle: ["a baby dragon", "a little lost kitten", "a tiny pony"],
  sky: ["a little lost cloud", "a baby swallow", "a tiny kite"],
  town: ["a little lost puppy", "a baby pigeon", "a small kitten"],
  bedroom: ["a little lost puppy", "a small kitten"],
};

const n = (c: Ctx) => c.h.name;

/** the toddler's travelling song, by the sound of the place */
const REFRAINS: Record<Setting, string[]> = {
  forest: ["Crunch, crunch, crunch", "Tramp, tramp, tramp"],
  garden: ["Skip, skip, skip", "Hop, skip and jump"],
  mountain: ["Stomp, stomp, stomp", "Up and down, up and down"],
  beach: ["Splish, splosh, splash", "Pitter, patter, pat"],
  underwater: ["Splish, splash, swish", "Swish, swish, swish"],
  space: ["Whoosh, whoosh, whoosh", "Zoom, zoom, zoom"],
  castle: ["Clip, clop, clip-clop", "March, march, march"],
  sky: ["Whoosh, whoosh, whoosh", "Float, float, float"],
  town: ["Tap, tap, tap", "Beep, beep, beep"],
  bedroom: ["Tiptoe, tiptoe, tiptoe"],
};

/** "a cricket adventure", "a seaside adventure"; a longer theme ("a new baby sister") is just an adventure */
function themeWordOf(theme: string): string {
  const bare = theme.replace(/^(the|a|an)\s+/i, "").toLowerCase();
  return /^[\p{L}-]+$/u.test(bare) ? `${bare} adventure` : "adventure";
}

/** The theme as the text names it: "dinosaurs", "Christmas", "the seaside". */
function topicOf(theme: string, lex: Lexeme | undefined): string {
  return lex?.proper ? titleCase(theme) : theme.toLowerCase();
}

export function customWorld(themeRaw: string, rng: Rng): World {
  const theme = themeRaw.trim() || "Wonder";
  const words = theme.split(/\s+/);
  const single = words.length === 1;
  const sing = single ? singular(theme) : theme;
  const key = sing.toLowerCase();
  const lastWord = singular(words[words.length - 1].toLowerCase());
  const lex = LEXICON[key] ?? LEXICON[key.replace(/s$/, "")] ?? (words.length <= 3 ? LEXICON[lastWord] : undefined);
  const setting: Setting = lex?.setting ?? findTerm(theme, SETTINGS) ?? "garden";
  const bare = theme.replace(/^(a|an|the)\s+/i, "");
  const land = /^the\s/i.test(theme) ? `the Land of the ${titleCase(bare)}` : `the Land of ${titleCase(bare)}`;
  const places = rng.shuffle(SETTING_PLACES[setting === "bedroom" ? "garden" : setting]);
  const journey = places.slice(0, 2).map((pl) => ({ ...pl, at: `${pl.at} in ${land}` }));
  const heart = places[2];
  const problemPlace: Place = { ...heart, at: `${heart.at}, in the middle of ${land}` };
  const topic = topicOf(theme, lex);
  const creature = lex?.creature && single ? sing.toLowerCase() : undefined;
  const guideName = rng.pick(GUIDE_NAMES);
  const [kindPhrase, head] = rng.pick(GUIDES[setting]);
  const guide = creature ? namedCompanion(guideName, `friendly little ${creature}`, creature) : namedCompanion(guideName, kindPhrase, head);
  // "cricket", "trains", "the seaside" can be loved; "a new baby sister" or "moving house" is what the story is about, not a love
  const lovable = single || (/^the\s/i.test(theme) && words.length <= 3);
  const loves = lovable
    ? topic
    : rng.pick([
        "big days and little surprises",
        "games, stories and making things",
        "splashing in puddles and bedtime stories",
        "drawing, building and finding things",
      ]);
  const festival = `the Great ${titleCase(sing.replace(/^(a|an|the)\s+/i, ""))} Festival`;
  const little = creature ? `a baby ${creature}` : rng.pick(LITTLE_ONES[setting]);
  const topicWays = WAYS_IN.filter((w) => w.topics?.test(theme.toLowerCase()));
  const way = rng.pick(topicWays.length ? topicWays : WAYS_IN.filter((w) => w.settings.includes(setting)).concat(WAYS_IN[0]));

  return {
    key: "custom",
    themeWord: lex && single ? `${sing.toLowerCase()} adventure` : themeWordOf(theme),
    topic,
    titlePlace: titleCase(`Land of ${theme}`),
    titleWith: `in the ${titleCase(`Land of ${theme}`)}`,
    loves,
    home: {
      name: "the garden",
      at: "in the garden at home",
      setting: "garden",
      sights: rng
        .shuffle([
          "The grass was sparkly with dew.",
          "A robin sang on the fence.",
          "The garden wall was covered in ivy.",
          "A snail was halfway up the garden gate.",
          "The washing line swung in the breeze.",
          "Two butterflies chased each other over the hedge.",
        ])
        .slice(0, 3),
    },
    journey,
    problemPlace,
    guide,
    portal: way.portal,
    portalFns: ["open", "magic", "way", "read"],
    portalLines: (c, portal, opener) =>
      portal.source === "special"
        ? {
            tiny: [`${opener}, ${n(c)} found ${portal.a}.`, `Look what ${n(c)} found: ${portal.a}!`],
            young: [`${opener}, ${n(c)} found ${portal.a}, and ${it(portal)} seemed to know the way to ${land}.`],
            rich: [`${opener}, ${n(c)} found ${portal.a}, and ${it(portal)} tugged gently, as if wanting to show ${c.h.him} the way to ${land}.`],
          }
        : way.lines(c, portal, opener, land),
    travel: ["skipped", "wandered", "hurried"],
    refrain: rng.pick(REFRAINS[setting]),
    problems: landProblems(land, festival, little, problemPlace),
    tools: ["a tiny silver whistle", "a magnifying glass", "a ball of golden string"],
    party: [
      `There was a party with music, games and the biggest cake in ${land}.`,
      `Everyone in ${land} danced until their feet were tired.`,
      `All of ${land} came out to sing, and somebody brought a drum.`,
    ],
    homeward: (c) => way.home(c, land),
    homeOnFoot: (c) => [
      `${n(c)} waved goodbye to ${land} and set off for home.`,
      `The way home from ${land} seemed much shorter than the way there.`,
      `${cap(c.guide.the)} showed ${n(c)} the quickest way home from ${land}.`,
    ],
    nightJourney: setting === "space",
  };
}

/** The troubles a land can have, each line carrying the land's own name, its festival or its little one. */
function landProblems(land: string, festival: string, little: string, heart: Place): ProblemSpec[] {
  const Land = cap(land);
  const theLittle = little.replace(/^(a|an)\s+/, "the ");
  const TheLittle = cap(theLittle);
  const Festival = cap(festival);
  const colours: ProblemSpec = {
    id: "colours",
    kind: "colour",
    who: land,
    heads: ["land", "colour", "colours", "color", "colors"],
    need: "get its colours back",
    done: "got its colours back",
    discover: (c) => ({
      tiny: [`Oh, ${Land} was all grey!`, `Where did the colours go, ${n(c)}?`, `${Land} was grey, grey, grey!`],
      young: [
        `But everything in ${land} had turned grey, as if the colours were rubbed out.`,
        `${n(c)} blinked. ${Land} was grey from top to bottom.`,
        `The flowers of ${land} were grey, and so was the grass.`,
      ],
      rich: [
        `Something strange had happened in ${land}: the grass was grey, the flowers were grey, and the sky was the colour of old porridge.`,
        `${n(c)} rubbed ${c.h.his} eyes, but it was true: every colour in ${land} had gone, as if someone had washed it away.`,
        `${n(c)} blinked twice: the whole of ${land} looked like an old photograph, all greys and no colours.`,
      ],
    }),
    why: () => ({
      tiny: [`The colours ran away.`, `Nobody knew where the colours went.`, `A grey fog took the colours.`],
      young: [`The colours of ${land} had drifted away in the night.`, `A grey mist had rolled over ${land} and taken every colour with it.`],
      rich: [
        `Overnight, every colour in ${land} had quietly slipped away, and nobody knew how to coax them home.`,
        `A sulky grey fog had crept across ${land} in the night, and when it left, it took the colours too.`,
        `A greedy grey cloud had floated over ${land} and soaked up every colour, like a sponge soaking up juice.`,
      ],
    }),
    plea: () => [`"${Land} has never been grey before," said an old tortoise sadly.`, `"We miss the red most of all," sighed a grey robin of ${land}.`],
    still: () => [
      `${Land} was still grey.`,
      `Not one colour came back to ${land}.`,
      `${Land} stayed as grey as a rainy Monday.`,
      `The grey flowers of ${land} drooped.`,
      `Not a speck of colour showed in ${land}.`,
    ],
    solved: () => ({
      tiny: [`Red, blue, yellow, hooray!`, `The colours came back!`, `Colours everywhere again!`],
      young: [
        `Whoosh, red and blue and green came rushing back to ${land}!`,
        `The flowers turned red and yellow, and the sky turned blue.`,
        `One by one, the colours tumbled back into ${land}.`,
      ],
      rich: [
        `Like paint spilling from a giant brush, the colours came rushing back to ${land}, brighter than anyone remembered.`,
        `First the sky of ${land} went blue, then the grass went green, and then every flower remembered its own colour.`,
        `Red came back first, then yellow, then blue, until ${land} was brighter than a paint box.`,
      ],
    }),
    joy: () => [
      `Everybody in ${land} painted rainbows on everything.`,
      `${Land} shimmered with colour from end to end.`,
      `The robins of ${land} sang their reddest song.`,
    ],
  };
  const lost: ProblemSpec = {
    id: "baby",
    kind: "home",
    who: little,
    heads: [little.split(" ").slice(-1)[0]],
    need: "find its way home",
    done: "found its way home",
    discover: (c) => ({
      tiny: [`${n(c)} saw ${little}, all alone.`, `Oh, ${little}, all alone!`],
      young: [`Then ${n(c)} met ${little}, all alone and looking very lost.`, `Under a bush in ${heart.name} sat ${little}, sniffling.`],
      rich: [
        `Sitting by itself at the side of the path was ${little}, looking this way and that, and it was clearly very lost.`,
        `A very small sniffle came from ${heart.name}: it belonged to ${little}, who had no idea where home was.`,
      ],
    }),
    why: () => ({
      tiny: [`${TheLittle} was lost.`, `${TheLittle} missed its mum.`],
      young: [`${TheLittle} had wandered off exploring, and now it couldn't find home.`, `${TheLittle} had followed a butterfly much too far.`],
      rich: [
        `${TheLittle} had gone exploring on its own, just a little way, and then a little further, until nothing in ${land} looked familiar.`,
        `${TheLittle} had chased a bouncing seed all across ${land}, and now every path looked the same.`,
        `${TheLittle} had only meant to peek over the next hill, but the hills of ${land} went on and on.`,
      ],
    }),
    plea: () => [
      `"I want to go home," said ${theLittle} in a wobbly voice, "but I don't know which way it is."`,
      `"My mum will be looking for me," whispered ${theLittle}.`,
    ],
    still: () => [
      `${TheLittle} was still lost.`,
      `For ${theLittle}, home still felt far away.`,
      `${TheLittle} gave a small, sad sniff.`,
      `There was still no home in sight for ${theLittle}.`,
      `${TheLittle} looked all around ${land} and sighed.`,
    ],
    solved: () => ({
      tiny: [`Home at last, ${theLittle.replace(/^the /, "little ")}!`, `${TheLittle} was home, hooray!`],
      young: [`There was home, with the whole family waiting at the door!`, `${TheLittle} ran into a big family hug.`],
      rich: [
        `Round the last corner was the home of ${theLittle}, with a whole family waiting with open arms.`,
        `${TheLittle} gave a squeak of joy and ran straight into a family hug, right in the middle of ${land}.`,
        `A worried voice called from the hedge, and ${theLittle} squeaked with joy and ran to its family.`,
      ],
    }),
    joy: () => [`The family of ${theLittle} baked a thank-you cake.`, `Everyone in ${land} joined a happy homecoming parade.`],
  };
  const bell: ProblemSpec = {
    id: "festival",
    kind: "find",
    who: "the festival folk",
    heads: ["festival", "bell", "party"],
    need: "find the golden festival bell",
    done: "found the golden festival bell",
    discover: (c) => ({
      tiny: [`No bell, no festival!`, `Where was the bell, ${n(c)}?`],
      young: [`Everyone was ready for ${festival}, but the golden bell was missing!`, `The bunting was up for ${festival}, but the golden bell had gone.`],
      rich: [
        `Bunting hung from every branch, ready for ${festival}, but nobody was smiling: the golden bell that starts it had vanished.`,
        `${n(c)} had never seen so many cakes, flags and drums, all waiting for ${festival}, and one empty hook where the bell should be.`,
        `The drums were ready and the cakes were baked for ${festival}, but everyone was staring at an empty hook.`,
      ],
    }),
    why: () => ({
      tiny: [`The bell was lost.`, `No bell to ring!`],
      young: [`Without the golden bell, ${festival} couldn't begin.`, `The golden bell had been there at bedtime, and gone by breakfast.`],
      rich: [
        `${Festival} can only begin when the golden bell rings, and this morning, the bell had simply disappeared.`,
        `Every year the golden bell rang in ${festival}, but this year its hook was empty.`,
        `Somebody had borrowed the bell of ${festival} to polish it, and nobody could remember who.`,
      ],
    }),
    plea: () => [`"We've looked all over ${land}," said the festival folk.`, `"It won't be ${festival} without the bell," said a little drummer.`],
    still: () => [
      `The golden bell of ${land} was still missing.`,
      `There was still no ${festival.replace(/^the /, "")}.`,
      `Everyone in ${land} was still waiting.`,
      `The bell hook in ${land} swung empty.`,
      `Still nobody could start ${festival}.`,
    ],
    solved: () => ({
      tiny: [`Ding, the bell, hooray!`, `Ding-a-ling, festival time!`, `There was the golden bell!`],
      young: [`Ding-a-ling went the golden bell of ${land}, and ${festival} could begin!`, `The golden bell rang out over ${land}, and ${festival} began.`],
      rich: [
        `Tucked where nobody had thought to look was the golden bell, shining like a little sun, and ${festival} burst into life.`,
        `Ding-a-ling-a-ling: the golden bell rang out across ${land}, and everyone cheered.`,
        `There it was, the golden bell, hiding in plain sight, and ${festival} could begin at last.`,
      ],
    }),
    joy: () => [
      `${Festival} was the best one ever.`,
      `There were games and a giant cake at ${festival}.`,
      `Everyone at ${festival} danced till the lanterns came on.`,
    ],
  };
  const bridge: ProblemSpec = {
    id: "bridge",
    kind: "fix",
    who: "the stranded rabbits",
    heads: ["bridge"],
    need: "get across the broken bridge",
    done: "got across the mended bridge",
    discover: () => ({
      tiny: [`Oh no, the bridge was broken!`, `Wibble, wobble, went the bridge.`, `The bridge had a big hole!`, `Creak, crack, no more bridge!`],
      young: [`The only bridge across ${land} had a big hole in it.`, `In the middle of ${land} was a wobbly bridge with three planks missing.`],
      rich: [
        `The bridge that joined the two halves of ${land} was sagging in the middle, with a gap where three planks should be.`,
        `On the far side of the broken bridge of ${land}, a family of rabbits waved sadly.`,
        `Halfway across ${land}, the path stopped at a bridge with a big, gappy hole in the middle.`,
      ],
    }),
    why: () => ({
      tiny: [`Nobody could get across.`, `The rabbits were stuck!`, `No way over for the rabbits!`],
      young: [
        `A storm had knocked out the planks, and now nobody could cross.`,
        `The bridge had lost three planks in a storm.`,
        `The wind had blown the planks of the bridge into the river.`,
      ],
      rich: [
        `A gusty storm had rattled the old bridge until the planks fell out, and now ${land} was cut in two.`,
        `The wind had whisked three planks off the bridge of ${land} and into the river below.`,
        `The old bridge of ${land} had creaked and groaned for years, and in last night's storm it finally gave way.`,
      ],
    }),
    plea: () => [`"Our friends are on the other side of ${land}," said a rabbit.`],
    still: () => [
      `The bridge in ${land} still had a hole.`,
      `Nobody in ${land} could cross the bridge yet.`,
      `The bridge of ${land} wobbled sadly in the wind.`,
      `The rabbits of ${land} were still stuck.`,
    ],
    solved: () => ({
      tiny: [`Bang, bang, the bridge was fixed!`, `Over the bridge, hooray!`, `The rabbits came across!`],
      young: [
        `Plank by plank, the bridge was mended, and everyone hurried across.`,
        `Bang, bang, went the hammer, and the bridge was mended.`,
        `The rabbits hopped across the mended bridge, one by one.`,
      ],
      rich: [
        `Plank by plank, the bridge of ${land} came together, and the first rabbit across did a little dance in the middle.`,
        `With the last plank in place, the rabbits of ${land} came hopping across, cheering.`,
        `Tap, tap, tap went the last nail, and the rabbits of ${land} bounced across the mended bridge.`,
      ],
    }),
    joy: () => [`Everyone in ${land} walked over the bridge and back, for fun.`, `The rabbits of ${land} had a tea party on the bridge.`],
  };
  const birds: ProblemSpec = {
    id: "songbirds",
    kind: "sound",
    who: "the songbirds",
    heads: ["songbird", "birds", "song"],
    need: "sing again",
    done: "sang again",
    discover: (c) => ({
      tiny: [`Shh, the birds were quiet.`, `No tweet, no song.`, `The birds of ${land} were quiet.`],
      young: [`The trees of ${land} were full of birds, but none were singing.`, `Not one bird in ${land} was singing, not even a tweet.`],
      rich: [
        `The birds of ${land} sat in rows on the branches, beaks shut tight, and the silence felt strange and heavy.`,
        `${n(c)} listened hard, but the birds of ${land} just sat there, looking at their feet.`,
      ],
    }),
    why: () => ({
      tiny: [`The birds forgot their song.`, `Their song was lost!`, `Where did the song go?`],
      young: [
        `The birds had sung so much at the spring fair that their song got lost.`,
        `A cold wind had blown the song of ${land} away.`,
        `The birds were too tired to remember their song.`,
      ],
      rich: [
        `After singing all night at the spring fair of ${land}, the birds had woken up and found their song was gone.`,
        `A cold north wind had whistled through ${land} and blown the song clean out of the birds' heads.`,
        `The birds of ${land} had forgotten their song, the way a dream slips away in the morning.`,
      ],
    }),
    plea: () => [`"Tweet?" tried the smallest bird of ${land}, and then looked down at its toes.`],
    still: () => [
      `The birds of ${land} were still silent.`,
      `Not one bird in ${land} sang a note.`,
      `The branches of ${land} stayed quiet.`,
      `The smallest bird in ${land} opened its beak, then shut it.`,
    ],
    solved: () => ({
      tiny: [`Tweet, tweet, the birds sang!`, `Listen, a song!`, `The birds sang again!`],
      young: [`One bird sang, then another, and soon all of ${land} was singing.`, `The smallest bird sang first, and then all the others joined in.`],
      rich: [
        `One small bird sang one small note, and then the whole of ${land} was full of birdsong, as if it had never stopped.`,
        `The smallest bird remembered first, and then the whole of ${land} joined in.`,
        `At last a tiny bird chirped, then sang, and all of ${land} joined in the song.`,
      ],
    }),
    joy: () => [`The birds of ${land} sang a special thank-you song.`, `All of ${land} whistled along with the birds.`],
  };
  return [colours, lost, bell, bridge, birds];
}
