import { findTerm, SETTINGS, type Setting } from "../scene-vocabulary";
import type { Ctx, Lines } from "./ctx";
import type { NeedKind } from "./fit";
import { namedCompanion, The, type Entity } from "./entities";
import { customWorld } from "./land";
import type { Rng } from "./rng";
import { cap } from "./text";

/**
 * The five built-in themes each have their own world (places, companion, how the adventure
 * starts, the gentle problems that can happen there, the sound of moving about); any other theme
 * word gets a world built around it ("the Land of Dinosaurs").
 */
export interface Place {
  /** "the whispering forest" */
  name: string;
  /** "in the whispering forest": contains a setting word of the scene vocabulary */
  at: string;
  /** how you arrive: "onto the candy-striped bridge" (defaults by setting) */
  to?: string;
  setting: Setting;
  /** past-tense sentences about what it was like there */
  sights: string[];
  /** things to point at there, as noun phrases: "a kite stuck in a tree" */
  details?: string[];
}

export interface ProblemSpec {
  id: string;
  /** the kind of help it needs, which decides what can plausibly be tried */
  kind: NeedKind;
  /** the one in trouble, as an element phrase */
  who: string;
  /** head nouns that match a special element or the parent's premise */
  heads: string[];
  need: string;
  done: string;
  discover(c: Ctx): Lines;
  why(c: Ctx): Lines;
  /** what the one in trouble says (middle and older readers) */
  plea(c: Ctx): string[];
  /** how it still is after a failed try */
  still(c: Ctx): string[];
  solved(c: Ctx): Lines;
  joy(c: Ctx): string[];
}

export type WorldKey = "adventure" | "space" | "animals" | "fantasy" | "ocean" | "custom";

export interface World {
  key: WorldKey;
  /** the theme as the text names it: "adventure", "space adventure", "Dinosaurs" */
  themeWord: string;
  /** what the child might think and talk about: "space", "dinosaurs", "the seaside" */
  topic: string;
  /** the name used in the title when nothing better exists: "Whispering Forest" */
  titlePlace: string;
  /** how the title joins it to the name: "and the Whispering Forest", "in Buttercup Meadow" */
  titleWith: string;
  /** what a child in this world loves, when the parent did not say */
  loves: string;
  home: Place;
  journey: Place[];
  problemPlace: Place;
  guide: Entity;
  /** raw element phrase for the thing that starts the adventure, and the kinds of thing that can */
  portal: string;
  portalFns: string[];
  portalLines(c: Ctx, portal: Entity, opener: string): Lines;
  /** how they travel, past tense: "tramped", "zoomed" */
  travel: string[];
  /** the toddler refrain's first half: "Tramp, tramp, tramp" */
  refrain: string;
  problems: ProblemSpec[];
  /** fallback special elements when the parent gave too few */
  tools: string[];
  /** celebrations, past tense */
  party: string[];
  /** the way home */
  homeward(c: Ctx): string[];
  /** the way home when the adventure did not start with the world's own way in (the parent's premise, their own thing) */
  homeOnFoot?(c: Ctx): string[];
  /** the space theme flies at night */
  nightJourney: boolean;
}

const p = (name: string, at: string, setting: Setting, sights: string[], to?: string): Place => ({ name, at, setting, sights, ...(to ? { to } : {}) });

const n = (c: Ctx) => c.h.name;

// ---------------------------------------------------------------- adventure

const ADVENTURE: World = {
  key: "adventure",
  topic: "adventures",
  themeWord: "adventure",
  titlePlace: "Whispering Forest",
  titleWith: "and the Whispering Forest",
  loves: "exploring, climbing and finding secret places",
  home: p("the attic", "in the dusty attic", "bedroom", [
    "Dust danced in a stripe of sunlight.",
    "Old boxes and trunks were piled up to the roof.",
    "The floorboards creaked a friendly creak.",
  ]),
  journey: [
    p("the whispering forest", "in the whispering forest", "forest", [
      "The leaves whispered secrets to each other.",
      "Sunbeams slid between the branches like golden ribbons.",
      "Mushrooms with spotty hats lined the path.",
      "Somewhere, a woodpecker was knocking politely on a tree.",
    ]),
    p(
      "the candy-striped bridge",
      "on the candy-striped bridge above the valley",
      "forest",
      [
        "The bridge was striped pink and white, like a stick of rock.",
        "Far below, a silver stream giggled over the pebbles.",
        "Every plank went boing, very gently, underfoot.",
      ],
      "onto the candy-striped bridge",
    ),
  ],
  problemPlace: p("the hidden valley", "in the hidden valley", "forest", [
    "The valley was full of tall, swaying trees.",
    "Flowers as big as umbrellas nodded in the breeze.",
    "Butterflies drifted past like floating petals.",
    "The grass was so soft it felt like walking on a cloud.",
  ]),
  guide: namedCompanion("Pip", "chatty red squirrel", "squirrel"),
  portal: "a glowing map",
  portalFns: ["way", "open", "far", "read", "magic", "light"],
  portalLines: (c, portal, opener) => {
    const isMap = portal.fn === "way" || portal.fn === "read";
    return {
      tiny: [`${opener}, ${n(c)} found ${portal.a}.`, `Look, ${n(c)} found ${portal.a}!`],
      young: [
        `${opener}, ${n(c)} found ${portal.a} in the attic.${isMap ? ` It showed a winding path into the forest.` : ` It seemed to be waiting just for ${c.h.him}.`}`,
        `${opener}, in a dusty old trunk, ${n(c)} found ${portal.a}.`,
      ],
      rich: [
        `${opener}, while rummaging in the attic, ${n(c)} found ${portal.a} tucked inside an old leather trunk.${isMap ? ` A dotted line wriggled across it, past a forest and over a bridge, to a place marked with a tiny golden star.` : ` It felt warm, as if it had been waiting a long time for exactly the right person.`}`,
        `${opener}, a sunbeam pointed like a finger at the back of the attic, and there, half hidden under a blanket, ${n(c)} found ${portal.a}.`,
      ],
    };
  },
  travel: ["tramped", "hurried", "skipped"],
  refrain: "Tramp, tramp, tramp",
  problems: [
    {
      id: "owl",
      kind: "home",
      who: "a baby owl",
      heads: ["owl", "owlet", "bird"],
      need: "get back to its nest",
      done: "got back to its nest",
      discover: (c) => ({
        tiny: [`${n(c)} found ${c.who.a}!`, `Hoo, hoo, went ${c.who.a}.`],
        young: [
          `Then ${n(c)} heard a tiny "hoo" from under a fern. It was ${c.who.a}, all fluffy and alone.`,
          `Under a curly fern sat ${c.who.a}, blinking its big round eyes.`,
        ],
        rich: [
          `Beneath a curly fern, something small and fluffy gave a wobbly "hoo-hoo". It was ${c.who.a}, blinking its big round eyes and looking very lost.`,
          `${n(c)} nearly stepped on a little ball of grey feathers. It was ${c.who.a}, and it opened two enormous golden eyes and said, very politely, "Hoo?"`,
        ],
      }),
      why: () => ({
        tiny: [`The owl was lost.`, `Where was its nest?`],
        young: [`The baby owl had flown too far on its very first flight, and now it couldn't find its nest.`],
        rich: [
          `It was the baby owl's very first flight, and it had flapped and flapped until the trees all looked the same. Now it had no idea which one held its nest.`,
        ],
      }),
      plea: () => [
        `"My nest is somewhere high up," said the baby owl in a tiny voice, "but all the trees look the same."`,
        `"Mama will be worried," sniffled the baby owl. "Can you help me find my nest?"`,
      ],
      still: () => [
        `The baby owl was still far from its nest.`,
        `The little owl's nest was still nowhere to be seen.`,
        `The baby owl gave a sad little "hoo".`,
      ],
      solved: (c) => ({
        tiny: [`Home, little owl!`, `Up, up, into the nest!`],
        young: [
          `Up, up went the baby owl, right into its cosy nest, where its mama was waiting.`,
          `There was the nest! The baby owl fluttered up and snuggled in.`,
        ],
        rich: [
          `And there it was: a round, twiggy nest high in the tallest tree, with a worried mama owl peering over the edge. The baby owl flapped up, wobbly but determined, and tumbled in. ${n(c)} cheered so loudly that a few leaves fell off.`,
        ],
      }),
      joy: () => [`"Hoo-hoo-hooray!" hooted the owls.`, `Mama Owl gave everyone a soft, feathery hug.`],
    },
    {
      id: "trees",
      kind: "sound",
      who: "the humming trees",
      heads: ["tree", "trees", "forest", "valley", "lullaby"],
      need: "remember their lullaby",
      done: "remembered their lullaby",
      discover: (c) => ({
        tiny: [`Shh, the trees were quiet.`, `No song, not one note.`],
        young: [
          `But the hidden valley was strangely quiet. The humming trees stood still and silent.`,
          `${n(c)} listened. The humming trees were not humming at all.`,
        ],
        rich: [
          `Something was wrong in the hidden valley. The tall trees that were supposed to hum lullabies were silent, their branches drooping like tired arms.`,
          `${n(c)} had expected music, but the valley was silent. Not a single tree was humming, and all the little animals were yawning and grumpy.`,
        ],
      }),
      why: () => ({
        tiny: [`The trees forgot their song.`],
        young: [`A gusty wind had blown their lullaby away, and now the trees couldn't remember a single note.`],
        rich: [
          `A blustery wind had whooshed through the valley the night before and scattered the trees' lullaby, note by note. Now not one of them could remember how it went.`,
        ],
      }),
      plea: () => [
        `"Without our song," creaked the oldest tree, "nobody in the valley can fall asleep."`,
        `"We've forgotten our lullaby," sighed the trees. "Can you help us remember?"`,
      ],
      still: () => [`The trees were still silent.`, `Not one note came from the humming trees.`, `The valley stayed very, very quiet.`],
      solved: () => ({
        tiny: [`Hmm, hmm, hmm, the trees sang!`, `Listen, a lullaby!`],
        young: [`Softly at first, and then louder, the trees began to hum their lullaby again.`],
        rich: [
          `Softly at first, one tree hummed a note, and then another joined in, and another, until the whole valley was swaying to the sweetest lullaby anyone had ever heard.`,
        ],
      }),
      joy: () => [`The whole valley swayed to the lullaby.`, `Even the sleepiest rabbits danced a little dance.`],
    },
    {
      id: "lamb",
      kind: "home",
      who: "a little lost lamb",
      heads: ["lamb", "sheep"],
      need: "find its way back to the flock",
      done: "found its way back to the flock",
      discover: (c) => ({
        tiny: [`Baa, said ${c.who.a}.`],
        young: [`"Baa," said a very small voice. ${cap(c.who.a)} was standing all alone by the path.`],
        rich: [
          `A small, woolly someone was standing by the path, saying "baa" in a voice that wobbled. It was ${c.who.a}, and ${n(c)} could tell at once that it was lost.`,
        ],
      }),
      why: () => ({
        tiny: [`The lamb was lost.`],
        young: [`The little lamb had wandered off after a butterfly, and now it couldn't find the flock.`],
        rich: [`It had followed a butterfly, then another, then a very interesting dandelion, and when it looked up, the rest of the flock had gone.`],
      }),
      plea: () => [`"I only looked away for a moment," bleated the lamb. "Now I can't find anyone."`],
      still: () => [`The little lamb was still lost.`, `There was still no sign of the flock.`, `"Baa," said the lamb sadly.`],
      solved: () => ({
        tiny: [`Baa, baa, home again!`],
        young: [`Over the hill came the flock, baa-ing happily, and the little lamb ran to them.`],
        rich: [
          `From over the hill came a chorus of happy baas, and there was the whole flock. The little lamb bounded to them, springing into the air with every step.`,
        ],
      }),
      joy: () => [`The sheep baa-ed a thank-you song.`, `The little lamb did a joyful jump.`],
    },
  ],
  tools: ["a brass telescope", "a ball of red string", "a tiny silver whistle"],
  party: [`They had a picnic of blackberries and honey sandwiches.`, `Everyone danced in a big, happy circle.`],
  homeward: (c) => [`${n(c)} followed the path home as the sky turned pink.`, `Back over the bridge and through the forest they went, all the way home.`],
  nightJourney: false,
};

// ---------------------------------------------------------------- space

const SPACE: World = {
  key: "space",
  topic: "space",
  themeWord: "space adventure",
  titlePlace: "Starry Sky",
  titleWith: "and the Starry Sky",
  loves: "stars, planets and rockets",
  home: p("the back garden", "in the back garden", "garden", [
    "A pile of cardboard boxes waited by the shed.",
    "The washing line swayed in the breeze.",
    "A blackbird watched from the fence with great interest.",
  ]),
  journey: [
    p("the moon", "on the bouncy moon", "space", [
      "The moon was soft and bouncy, like a giant trampoline.",
      "Craters dotted the ground like the holes in a sponge.",
      "Earth floated in the sky like a blue and white marble.",
    ]),
    p("the rings of Saturn", "among the rings of Saturn", "space", [
      "The rings were made of a billion sparkly ice pebbles.",
      "Saturn was as big and golden as a birthday balloon.",
      "Tiny moons zipped past like playful puppies.",
    ]),
  ],
  problemPlace: p("the star fields", "among the twinkling stars of the galaxy", "space", [
    "Stars twinkled in every colour, like sprinkles on a midnight cake.",
    "A shooting star zipped past and waved.",
    "Far away, a galaxy swirled like milk stirred into cocoa.",
  ]),
  guide: namedCompanion("Bleep", "little silver robot", "robot"),
  portal: "a cardboard rocket",
  portalFns: ["ride", "up", "magic"],
  portalLines: (c, portal, opener) => {
    const ride = portal.fn === "ride";
    return {
      tiny: ride ? [`${opener}, ${n(c)} made ${portal.a}.`, `${n(c)} built ${portal.a}!`] : [`${opener}, ${n(c)} found ${portal.a}.`],
      young: ride
        ? [
            `${opener}, ${n(c)} built ${portal.a} out of boxes, sticky tape and a colander for a helmet.`,
            `${opener}, ${n(c)} made ${portal.a}. "Ready for blast-off!" ${c.h.he} said.`,
          ]
        : [`${opener}, ${n(c)} found ${portal.a} in the garden. It hummed with a faraway, starry sort of hum.`],
      rich: ride
        ? [
            `${opener}, ${n(c)} built ${portal.a} from three big boxes, a whole roll of sticky tape and a colander for a helmet. It had round windows, a cockpit and a big red button that said GO.`,
            `${opener}, ${n(c)} spent hours building ${portal.a}: a nose cone from a flowerpot, fins from a pizza box and a control panel of bottle tops.`,
          ]
        : [`${opener}, ${n(c)} found ${portal.a} lying in the garden, humming softly, as if it had fallen straight out of the sky.`],
    };
  },
  travel: ["zoomed", "floated", "whooshed"],
  refrain: "Zoom, zoom, zoom",
  problems: [
    {
      id: "star",
      kind: "home",
      who: "a little lost star",
      heads: ["star", "constellation"],
      need: "find its way back to its constellation",
      done: "found its way back to its constellation",
      discover: (c) => ({
        tiny: [`Look, ${n(c)}, ${c.who.a}, all alone!`],
        young: [
          `Then ${n(c)} saw ${c.who.a}, all alone, twinkling very faintly.`,
          `${cap(c.who.a)} was floating by itself, and its twinkle was wobbly and sad.`,
        ],
        rich: [
          `Drifting all alone, far from the others, was ${c.who.a} whose twinkle flickered on and off like a tired torch.`,
          `${n(c)} spotted a small, lonely light bobbing among the empty dark. It was ${c.who.a}, and it looked very lost.`,
        ],
      }),
      why: () => ({
        tiny: [`It was lost.`, `It missed its home.`],
        young: [`It had slipped out of its constellation to chase a comet, and now it couldn't find the way back.`],
        rich: [
          `It had wandered out of its constellation to chase a comet's sparkly tail, and now there were so many stars that it couldn't tell which ones were its family.`,
        ],
      }),
      plea: () => [
        `"My constellation makes the shape of a kite," whispered the little star, "and there's a gap where I should be."`,
        `"I miss my star family," said the little star, its twinkle fading.`,
      ],
      still: () => [`The little star was still lost.`, `The gap in the constellation was still empty.`, `The little star's twinkle grew a little dimmer.`],
      solved: () => ({
        tiny: [`Twinkle, twinkle, home!`, `The star was home!`],
        young: [`With a happy little ping, the star popped back into its place, and the whole constellation twinkled.`],
        rich: [
          `There, shaped like a kite, was a constellation with one small gap. The little star flew into its place with a happy "ping!", and the whole kite lit up, twinkling brighter than it had in years.`,
        ],
      }),
      joy: () => [`The constellation twinkled "thank you" in star language.`, `The little star shone so brightly that everyone had to shade their eyes.`],
    },
    {
      id: "comet",
      kind: "sparkle",
      who: "a tiny comet",
      heads: ["comet"],
      need: "get its sparkle back",
      done: "got its sparkle back",
      discover: (c) => ({
        tiny: [`${n(c)} met ${c.who.a} with no sparkle.`],
        young: [`Then ${n(c)} met ${c.who.a} whose tail was grey and dull.`],
        rich: [`${cap(c.who.a)} came drifting slowly past. Comets are supposed to fizz and sparkle, but this one's tail was as grey and limp as an old sock.`],
      }),
      why: () => ({
        tiny: [`It lost its sparkle.`],
        young: [`It had zoomed so fast for so long that all its sparkle had worn out.`],
        rich: [`It had been racing round the galaxy for a hundred years without a rest, and somewhere along the way its sparkle had simply run out.`],
      }),
      plea: () => [`"I used to be the sparkliest comet in the sky," it sighed. "Now nobody even notices me."`],
      still: () => [`The comet's tail was still grey.`, `Not one sparkle came back.`, `The tiny comet drooped even more.`],
      solved: () => ({
        tiny: [`Sparkle, sparkle, whoosh!`],
        young: [`Fizz! Crackle! The comet's tail burst into sparkles of every colour.`],
        rich: [
          `First a single spark, then a crackle, and then the comet's tail burst into a shower of sparkles in every colour of the rainbow, fizzing like a firework that never ends.`,
        ],
      }),
      joy: () => [`The comet drew a sparkly loop-the-loop across the sky.`, `Everyone took turns riding on the comet's glittering tail.`],
    },
    {
      id: "planet",
      kind: "friend",
      who: "a lonely little planet",
      heads: ["planet"],
      need: "find a friend",
      done: "found a friend",
      discover: (c) => ({
        tiny: [`${n(c)} saw ${c.who.a}, all alone.`],
        young: [`Far from the others spun ${c.who.a}, all on its own.`, `${n(c)} spotted ${c.who.a}, spinning slowly and sadly by itself.`],
        rich: [`At the very edge of the star map, ${c.who.a} was turning slowly all by itself, with nobody to wave to.`],
      }),
      why: () => ({
        tiny: [`It had no friends.`],
        young: [`It lived so far away that nobody ever came to visit.`],
        rich: [`It was so far from everyone else that no rocket had ever visited, and no other planet ever came close enough to say hello.`],
      }),
      plea: () => [`"Nobody ever comes this far," said the little planet. "I'd love just one friend."`],
      still: () => [`The little planet was still lonely.`, `The little planet sighed a dusty sigh.`, `Still nobody came close enough to wave.`],
      solved: () => ({
        tiny: [`Hello, friend, hello!`],
        young: [`A round blue moon floated over and said, "Hello! Will you be my friend?"`],
        rich: [
          `A shy blue moon, which had been lonely too, came drifting over. "Hello," it said. "I've always wanted someone to orbit." The little planet glowed pink with happiness.`,
        ],
      }),
      joy: () => [`The planet and its new friend spun in a happy dance.`, `They waved goodbye with bright, twinkly waves.`],
    },
  ],
  tools: ["a space torch", "a jar of stardust", "a star map"],
  party: [`They had a party with moon-cheese sandwiches and fizzy star juice.`, `Everyone floated upside down and danced in the stars.`],
  homeward: (c) => [
    `${n(c)} steered the rocket home, past the moon and down through the clouds.`,
    `Down, down, down they zoomed, until the back garden was right beneath them.`,
  ],
  nightJourney: true,
};

// ---------------------------------------------------------------- animals

const ANIMALS: World = {
  key: "animals",
  topic: "animals",
  themeWord: "animal adventure",
  titlePlace: "Buttercup Meadow",
  titleWith: "in Buttercup Meadow",
  loves: "animals of every shape and size",
  home: p("the garden", "in the garden at home", "garden", [
    "Bees were busy in the lavender.",
    "The grass was still sparkly with dew.",
    "A robin hopped along the fence.",
  ]),
  journey: [
    p("Buttercup Meadow", "in Buttercup Meadow", "garden", [
      "Buttercups glowed yellow as far as you could see.",
      "The grass was taller than a grown-up's knees.",
      "Crickets were playing tiny violins in the grass.",
    ]),
    p(
      "the old oak tree",
      "under the old oak tree in the woods",
      "forest",
      ["The old oak tree had roots like giant fingers.", "Acorns crunched underfoot.", "A squirrel was busy counting its acorns."],
      "to the old oak tree",
    ),
  ],
  problemPlace: p("the duck pond", "by the duck pond in the meadow", "garden", [
    "The pond shone like a mirror.",
    "Dragonflies zipped over the water like tiny helicopters.",
    "Lily pads floated like green plates.",
  ]),
  guide: namedCompanion("Bramble", "friendly little hedgehog", "hedgehog"),
  portal: "a picnic basket",
  portalFns: ["carry", "food", "way", "open"],
  portalLines: (c, portal, opener) => ({
    tiny: [`${opener}, ${n(c)} took ${portal.a}.`, `${n(c)} packed ${portal.a}.`],
    young: [`${opener}, ${n(c)} packed ${portal.a} and set off through the little gate at the bottom of the garden.`],
    rich: [
      `${opener}, ${n(c)} packed ${portal.a}, pulled on ${c.h.his} wellies and slipped through the little gate at the bottom of the garden, where the meadow began.`,
      `${opener}, ${n(c)} grabbed ${portal.a} and followed a trail of tiny pawprints out through the garden gate.`,
    ],
  }),
  travel: ["hopped", "skipped", "trotted"],
  refrain: "Hop, hop, hop",
  problems: [
    {
      id: "quarrel",
      kind: "mend",
      who: "the animals of Buttercup Meadow",
      heads: ["animals", "meadow", "picnic"],
      need: "become friends again",
      done: "became friends again",
      discover: (c) => ({
        tiny: [`Grumble, the animals were cross.`, `Nobody was talking.`],
        young: [
          `But the meadow was grumpy. The animals were not talking to each other at all.`,
          `${n(c)} noticed that all the animals had their backs to each other.`,
        ],
        rich: [
          `Something was wrong in the meadow. The animals were sitting in separate corners with their backs turned, and nobody was saying a single word.`,
          `The meadow was usually full of chatter, but today it was silent and sulky. Every animal was in a huff.`,
        ],
      }),
      why: () => ({
        tiny: [`They had a big squabble.`],
        young: [`They had squabbled about who got the sunniest spot, and now nobody would say sorry.`],
        rich: [
          `It had started with a squabble over the sunniest spot by the pond. Then everyone had said something grumpy, and now nobody knew how to stop being cross.`,
        ],
      }),
      plea: () => [`"I miss playing with everyone," whispered a little mouse, "but I don't know how to fix it."`],
      still: () => [`The animals were still not talking.`, `Everyone was still in a huff.`, `The meadow stayed quiet and sulky.`],
      solved: () => ({
        tiny: [`Friends again, hooray!`],
        young: [`One by one, the animals turned around, smiled, and said, "Let's be friends again."`],
        rich: [
          `One by one, the animals turned around. Somebody giggled, somebody said sorry, and suddenly the whole meadow was chattering again as if the squabble had never happened.`,
        ],
      }),
      joy: () => [`Everyone shared the best picnic the meadow had ever seen.`, `The animals played chase until they were giggly and out of breath.`],
    },
    {
      id: "duckling",
      kind: "home",
      who: "a little duckling",
      heads: ["duck", "duckling"],
      need: "find its mum",
      done: "found its mum",
      discover: (c) => ({
        tiny: [`Peep, peep, said ${c.who.a}.`],
        young: [`"Peep! Peep!" ${cap(c.who.a)} was paddling round in circles.`, `${n(c)} heard a small, worried "peep" among the reeds. It was ${c.who.a}.`],
        rich: [`Among the reeds, ${c.who.a} was paddling round and round in anxious little circles, peeping as loudly as such a small bird possibly could.`],
      }),
      why: () => ({
        tiny: [`Where was its mum?`],
        young: [`It had stopped to chase a beetle, and its family had swum away without it.`],
        rich: [
          `It had stopped for just a moment to look at a shiny beetle, and when it turned round, its mum and all its brothers and sisters had paddled off.`,
        ],
      }),
      plea: () => [`"Have you seen my mum?" peeped the duckling. "She's big and brown and says quack."`],
      still: () => [`The duckling was still looking for its mum.`, `"Peep," said the duckling sadly.`, `There was still no sign of Mother Duck.`],
      solved: () => ({
        tiny: [`Quack, there was Mum!`],
        young: [`"Quack!" There was Mother Duck, and the duckling zoomed across the water to its mum.`],
        rich: [
          `A loud, relieved "QUACK!" rang out across the pond, and Mother Duck came paddling at top speed. The duckling shot across the water so fast it left a little wake behind it.`,
        ],
      }),
      joy: () => [`The ducklings gave a splashy swimming show.`, `Mother Duck quacked a thank-you to everyone.`],
    },
    {
      id: "acorns",
      kind: "find",
      who: "a hungry little squirrel",
      heads: ["squirrel", "acorn"],
      need: "find its hidden acorns",
      done: "found its hidden acorns",
      discover: (c) => ({
        tiny: [`${cap(c.who.a)} was sad, sniff!`],
        young: [`${cap(c.who.a)} was digging here, there and everywhere, looking very worried.`],
        rich: [`${n(c)} noticed ${c.who.a} digging hole after hole after hole, getting muddier and more worried every time.`],
      }),
      why: () => ({
        tiny: [`It lost its acorns.`],
        young: [`It had hidden its acorns for winter, but it couldn't remember where.`],
        rich: [`It had buried its acorns for the winter so cleverly that now it couldn't remember where a single one of them was.`],
      }),
      plea: () => [`"I hid them so well," sighed the squirrel, "that even I can't find them."`],
      still: () => [`The acorns were still hidden.`, `The squirrel's tummy rumbled.`, `Still not one acorn turned up.`],
      solved: () => ({
        tiny: [`Acorns, lots of acorns!`],
        young: [`There they were: a whole hoard of acorns, tucked under a mossy stone!`],
        rich: [
          `Under a mossy stone, right where nobody had thought to look, was a shiny, brown, enormous pile of acorns. The squirrel was so happy it did three somersaults.`,
        ],
      }),
      joy: () => [`The squirrel shared its acorns with everyone.`, `They played hide-and-seek, but only with things that were easy to find.`],
    },
  ],
  tools: ["a bag of sunflower seeds", "a magnifying glass", "a little wooden whistle"],
  party: [`They had a picnic with strawberries, carrot sticks and daisy-shaped biscuits.`, `Everyone played leapfrog until they fell over giggling.`],
  homeward: (c) => [
    `${n(c)} skipped home through the meadow as the buttercups closed for the night.`,
    `Back through the garden gate went ${n(c)}, with grass on ${c.h.his} knees and a smile on ${c.h.his} face.`,
  ],
  nightJourney: false,
};

// ---------------------------------------------------------------- fantasy

const FANTASY: World = {
  key: "fantasy",
  topic: "castles and dragons",
  themeWord: "fairy-tale adventure",
  titlePlace: "Willowmere",
  titleWith: "in Willowmere",
  loves: "castles, dragons and fairy tales",
  home: p("the bedroom", "in the bedroom at home", "bedroom", [
    "The curtains fluttered, although the window was shut.",
    "Toy knights stood guard on the bookshelf.",
    "A crown made of paper sat on the pillow.",
  ]),
  journey: [
    p("the kingdom of Willowmere", "in the kingdom of Willowmere", "castle", [
      "A castle with a hundred towers sparkled on a hill.",
      "Flags fluttered from every tower.",
      "The village bakers waved with floury hands.",
    ]),
    p("the enchanted forest", "in the enchanted forest", "forest", [
      "The trees had faces, and most of them were smiling.",
      "Glowing mushrooms lit the path like tiny lamps.",
      "A fairy was hanging out tiny washing on a spider's thread.",
    ]),
  ],
  problemPlace: p("Dragon Hill", "on top of Dragon Hill", "mountain", [
    "The hill was covered in soft purple heather.",
    "A big cave yawned at the top of the hill.",
    "Little puffs of warm smoke floated up into the sky.",
  ]),
  guide: namedCompanion("Sir Wobble", "very nervous knight", "knight", "person"),
  portal: "a golden invitation",
  portalFns: ["read", "open", "magic", "wear"],
  portalLines: (c, portal, opener) => ({
    tiny: [`${opener}, ${n(c)} got ${portal.a}.`, `Ooh, ${n(c)} found ${portal.a}!`],
    young: [
      `${opener}, ${portal.a} floated in through the window and landed on ${c.h.names} pillow.`,
      `${opener}, ${n(c)} found ${portal.a}. It said, in curly writing: "Please come to Willowmere!"`,
    ],
    rich: [
      `${opener}, ${portal.a} fluttered through the window and landed on ${c.h.names} pillow. In swirly silver writing it said: "The kingdom of Willowmere needs you. Please come at once."`,
      `${opener}, the wardrobe door creaked open all by itself, and there, shimmering on the floor, was ${portal.a}.`,
    ],
  }),
  travel: ["marched", "trotted", "rode"],
  refrain: "Clip, clop, clip-clop",
  problems: [
    {
      id: "dragon",
      kind: "friend",
      who: "a lonely dragon",
      heads: ["dragon"],
      need: "find someone to play with",
      done: "found someone to play with",
      discover: (c) => ({
        tiny: [`${n(c)} saw ${c.who.a}!`, `Sniff, sniff, went ${c.who.a}.`],
        young: [
          `At the top of the hill sat ${c.who.a}, big and green, crying huge, steamy tears.`,
          `${n(c)} peeked into the cave. ${cap(c.who.a)} was sitting there, all alone, looking very sad.`,
        ],
        rich: [
          `At the mouth of the cave sat ${c.who.a}, big and green and gleaming. But it wasn't fierce at all. It was hugging its knees and sniffling, and every sniffle puffed out a little cloud of steam.`,
        ],
      }),
      why: () => ({
        tiny: [`Nobody played with it.`],
        young: [`Everyone ran away from the dragon because it was so big, so it had nobody to play with.`],
        rich: [
          `Everybody in the kingdom ran away whenever they saw it, because it was so big and so green. Nobody had ever stopped to ask what it wanted, which was simply a friend to play with.`,
        ],
      }),
      plea: () => [`"Everyone thinks I'm scary," the dragon said in a rumbly little voice. "I just want someone to play with."`],
      still: () => [`The dragon was still lonely.`, `The dragon gave a long, steamy sigh.`, `Still nobody came to play with the dragon.`],
      solved: (c) => ({
        tiny: [`"Let's play!" said ${n(c)} to the dragon.`, `The dragon smiled a big smile.`],
        young: [`The dragon's face lit up. "You'll play with me?" Soon everyone was playing tag on Dragon Hill.`],
        rich: [
          `Slowly, the villagers came out from behind the trees. The princess threw a ball, the dragon caught it with its tail, and before long the whole kingdom was playing tag on Dragon Hill, the dragon laughing a rumbly, happy laugh.`,
        ],
      }),
      joy: () => [`The dragon gave everyone rides on its back.`, `The dragon toasted marshmallows with one gentle, warm puff.`],
    },
    {
      id: "bell",
      kind: "free",
      who: "the castle's silver bell",
      heads: ["bell", "castle", "tower", "towers"],
      need: "ring again",
      done: "rang again",
      discover: (c) => ({
        tiny: [`No ding, no dong.`, `The bell was quiet.`],
        young: [`But the castle was quiet. The silver bell in the tallest tower wasn't ringing.`],
        rich: [`${n(c)} noticed something odd: the silver bell at the top of the tallest tower, which always rang to start the day, hung perfectly silent.`],
      }),
      why: () => ({
        tiny: [`The bell was stuck.`],
        young: [`A family of sleepy bats had tucked themselves around it, and it couldn't swing.`],
        rich: [
          `A family of very small, very sleepy bats had wrapped themselves around the bell's clapper, and it couldn't make a single sound without waking them up.`,
        ],
      }),
      plea: () => [`"Without the bell," fretted the king, "nobody knows when the festival begins!"`],
      still: () => [`The bell was still silent.`, `Not a single ding came from the tower.`, `The whole castle was still waiting.`],
      solved: () => ({
        tiny: [`Ding, dong, ding, dong!`],
        young: [`Ding, dong! The silver bell rang out across the whole kingdom.`],
        rich: [
          `The bats fluttered to a cosy new beam, the bell swung free, and DING-DONG, DING-DONG, its silvery song rolled out across every roof in the kingdom.`,
        ],
      }),
      joy: () => [`The festival began with flags, music and dancing.`, `The king danced a rather wobbly jig.`],
    },
    {
      id: "unicorn",
      kind: "sparkle",
      who: "a little unicorn",
      heads: ["unicorn", "horse", "pony"],
      need: "get its sparkle back",
      done: "got its sparkle back",
      discover: (c) => ({
        tiny: [`${n(c)} met ${c.who.a} with no sparkle.`],
        young: [`${n(c)} met ${c.who.a} whose horn had gone dull and grey.`],
        rich: [`In a clearing stood ${c.who.a}, but its mane had gone grey and its horn, which should have shimmered, looked like an ordinary stick.`],
      }),
      why: () => ({
        tiny: [`Its sparkle was gone.`],
        young: [`It had been so sad that its sparkle had faded away.`],
        rich: [`It had been sad for so long, ever since its best friend moved away, that its sparkle had slowly faded.`],
      }),
      plea: () => [`"A unicorn without sparkle," it sighed, "is just a horse with a pointy hat."`],
      still: () => [`The unicorn's horn was still grey.`, `Not a glimmer came back.`, `The unicorn sighed and looked at its hooves.`],
      solved: () => ({
        tiny: [`Sparkle, sparkle, whee!`],
        young: [`The unicorn laughed, and with every giggle its sparkle came back.`],
        rich: [
          `The unicorn laughed for the first time in ages, and with every laugh, the sparkle crept back, until its horn was shimmering every colour of the rainbow.`,
        ],
      }),
      joy: () => [`The unicorn galloped loops round the meadow.`, `Everyone got a sprinkle of unicorn sparkle.`],
    },
  ],
  tools: ["a riddle scroll", "a golden key", "a silver bell"],
  party: [`There was a royal feast with jam tarts and lemonade.`, `Everyone danced in the great hall until the candles flickered.`],
  homeward: (c) => [
    `${n(c)} waved goodbye to Willowmere and stepped back through the wardrobe.`,
    `A gentle breeze carried ${n(c)} home, all the way back to ${c.h.his} bedroom.`,
  ],
  nightJourney: false,
};

// ---------------------------------------------------------------- ocean

const OCEAN: World = {
  key: "ocean",
  topic: "the sea",
  themeWord: "ocean adventure",
  titlePlace: "Coral Reef",
  titleWith: "and the Coral Reef",
  loves: "the sea, shells and everything that swims",
  home: p("the beach", "on the sunny beach", "beach", [
    "The waves whooshed in and out.",
    "Seagulls squabbled over a crust of bread.",
    "The sand was warm and squidgy between the toes.",
  ]),
  journey: [
    p("the sparkling reef", "on the sparkling coral reef", "underwater", [
      "Fish in every colour zipped between the corals.",
      "A sea anemone waved its soft arms hello.",
      "Bubbles wobbled up like jellyfish made of glass.",
    ]),
    p("the sunken ship", "beside the sunken ship on the sea floor", "underwater", [
      "The old ship was covered in seaweed and sleepy crabs.",
      "From its portholes came a gentle seashell music.",
      "A treasure chest sat open, full of pearls and sand.",
    ]),
  ],
  problemPlace: p("the coral town", "in the coral town under the sea", "underwater", [
    "The houses were made of pink and orange coral.",
    "Sea snails were slowly delivering the morning post.",
    "A school of tiny fish swam past in neat rows.",
  ]),
  guide: namedCompanion("Shelly", "chatty sea turtle", "turtle"),
  portal: "a shimmering shell",
  portalFns: ["sound", "magic", "ride", "wear"],
  portalLines: (c, portal, opener) => ({
    tiny: [`${opener}, ${n(c)} found ${portal.a}.`, `Look, ${n(c)} found ${portal.a}!`],
    young: [
      `${opener}, ${n(c)} found ${portal.a} on the beach. When ${c.h.he} held it, a shiny bubble popped around ${c.h.his} head, so ${c.h.he} could breathe underwater!`,
      `${opener}, ${n(c)} found ${portal.a} by the rock pools. It whispered, "Come and see the sea."`,
    ],
    rich: [
      `${opener}, ${n(c)} found ${portal.a} half buried in the sand. As ${c.h.he} held it, a shimmering bubble blossomed around ${c.h.his} head, soft as a soap bubble and strong as glass, and ${c.h.he} knew at once that ${c.h.he} could breathe under the sea.`,
      `${opener}, the tide left ${portal.a} right at ${c.h.names} feet. It hummed a tune like waves, and when ${n(c)} waded in, the water felt as friendly as a bath.`,
    ],
  }),
  travel: ["swam", "paddled", "glided"],
  refrain: "Splish, splash, swish",
  problems: [
    {
      id: "town",
      kind: "tidy",
      who: "the coral town",
      heads: ["town", "coral", "reef", "storm", "village"],
      need: "clean up after the storm",
      done: "cleaned up after the storm",
      discover: (c) => ({
        tiny: [`Oh no, what a mess!`, `Everything was topsy-turvy.`],
        young: [
          `But the coral town was in a terrible muddle. Things were tangled and tumbled everywhere.`,
          `${n(c)} gasped. The coral town was all in a jumble.`,
        ],
        rich: [
          `${n(c)} gasped. Seaweed was tangled round the chimneys, shells were scattered everywhere, and the little sea-folk were looking at the mess with droopy fins.`,
        ],
      }),
      why: () => ({
        tiny: [`A storm made a mess.`],
        young: [`A big storm had whooshed through in the night and tumbled everything about.`],
        rich: [
          `A big storm had rolled across the sea in the night, and although everyone was safe and snug, their whole town had been tumbled about like toys in a toy box.`,
        ],
      }),
      plea: () => [`"It's such a big job," sighed the mayor, an old grouper with spectacles. "We don't know where to start."`],
      still: () => [`The coral town was still in a muddle.`, `There was still seaweed everywhere.`, `The town still looked topsy-turvy.`],
      solved: () => ({
        tiny: [`All clean, hooray!`, `Tidy town, sparkly town!`],
        young: [`Bit by bit, the coral town was tidy again, and it sparkled more than ever.`],
        rich: [
          `Shell by shell and strand by strand, the coral town came back together. By the time they finished, it didn't just look tidy. It looked even more beautiful than before.`,
        ],
      }),
      joy: () => [`The sea-folk held a bubble party in the town square.`, `The whole town sang a bubbly thank-you song that made the water tingle.`],
    },
    {
      id: "whale",
      kind: "sound",
      who: "a little whale",
      heads: ["whale", "song"],
      need: "find its song",
      done: "found its song",
      discover: (c) => ({
        tiny: [`${n(c)} met ${c.who.a} who could not sing.`],
        young: [`${n(c)} met ${c.who.a} who opened its mouth to sing, but no song came out.`],
        rich: [`${cap(c.who.a)} swam slowly past, opening its mouth again and again, but no sound came out at all. Its eyes were full of worry.`],
      }),
      why: () => ({
        tiny: [`Its song was lost.`],
        young: [`Every whale has its own song, and the little whale had lost its.`],
        rich: [`Every whale has a song of its very own, and the little whale's had slipped away somewhere in the big blue sea.`],
      }),
      plea: () => [`"Without my song, my family can't find me," said the little whale in a small voice.`],
      still: () => [`The little whale still couldn't sing.`, `The whale's song was still lost.`, `Not even a hum came out.`],
      solved: () => ({
        tiny: [`La-la-laaa, it sang!`],
        young: [`The little whale took a deep breath and sang a long, beautiful song.`],
        rich: [
          `The little whale took the deepest breath of its life, and out came a song so beautiful and so big that it rolled across the whole ocean, and far away, its family sang back.`,
        ],
      }),
      joy: () => [`The whale family sang a thank-you song together.`, `The fish swayed in time to the whale music.`],
    },
    {
      id: "crab",
      kind: "find",
      who: "a little hermit crab",
      heads: ["crab", "shell"],
      need: "find a new shell to live in",
      done: "found a new shell to live in",
      discover: (c) => ({
        tiny: [`${cap(c.who.a)} with no shell!`],
        young: [`${n(c)} met ${c.who.a} with no shell, shivering on the sand.`],
        rich: [`Scuttling from rock to rock was ${c.who.a} with no shell at all, looking very pink, very soft and very embarrassed.`],
      }),
      why: () => ({
        tiny: [`It needed a new home.`],
        young: [`It had grown too big for its old shell and needed a new one.`],
        rich: [
          `It had grown so much that its old shell pinched, and it had crawled out to find a bigger one, only to discover that every empty shell was either too big or too small.`,
        ],
      }),
      plea: () => [`"I need a home," said the little crab, "but nothing fits."`],
      still: () => [`The little crab still had no shell.`, `Nothing fitted the little crab yet.`, `The hermit crab shivered again.`],
      solved: () => ({
        tiny: [`A new shell, just right!`],
        young: [`The crab tried on a swirly shell. It fitted perfectly!`],
        rich: [
          `At last they found a swirly shell with stripes like a sunset. The little crab backed in, wriggled, and poked its head out with a grin. It fitted perfectly.`,
        ],
      }),
      joy: () => [`The crab showed off its new shell to everyone.`, `They had a house-warming party with seaweed snacks.`],
    },
  ],
  tools: ["a snorkel mask", "a bucket and spade", "a shiny pearl"],
  party: [`They had a bubble party with seaweed snacks and sea-foam lemonade.`, `Everyone danced the wriggly fish dance.`],
  homeward: (c) => [`${n(c)} swam back up to the beach as the sun sank into the sea.`, `A friendly wave carried ${n(c)} gently back to the shore.`],
  nightJourney: false,
};

const BUILT_IN: Record<string, World> = { adventure: ADVENTURE, space: SPACE, animals: ANIMALS, animal: ANIMALS, fantasy: FANTASY, ocean: OCEAN, sea: OCEAN };

export function worldFor(theme: string, rng: Rng): World {
  const key = theme.trim().toLowerCase();
  return BUILT_IN[key] ?? customWorld(theme, rng);
}

export function placeOf(e: Entity, fallback: Setting): Place {
  const setting = e.setting ?? fallback;
  const hasWord = findTerm(e.the, SETTINGS) !== undefined;
  const at = `at ${e.the}${hasWord ? "" : ` ${settingTail(setting)}`}`;
  return { name: e.the, at, setting, sights: [`${The(e)} ${e.plural ? "were" : "was"} even more wonderful up close.`] };
}

function settingTail(s: Setting): string {
  switch (s) {
    case "forest":
      return "in the woods";
    case "garden":
      return "in the meadow";
    case "mountain":
      return "on the hill";
    case "beach":
      return "by the seaside";
    case "underwater":
      return "under the sea";
    case "space":
      return "in space";
    case "castle":
      return "in the kingdom";
    case "sky":
      return "up in the sky";
    case "town":
      return "in the town";
    case "bedroom":
      return "at home";
  }
}
