import type { Setting } from "../scene-vocabulary";
import type { Ctx, Lines } from "./ctx";
import type { Entity } from "./entities";
import { cap } from "./text";

/**
 * The ways into a world built around the parent's own theme: not always a door and a key, but
 * whatever suits the land (a kite on a windy hill, a ticket for a little train, a bottle on the
 * shore), each with its own way back home.
 */
export interface WayIn {
  /** the thing that starts the adventure, as an element phrase */
  portal: string;
  /** the settings it suits; a theme matching `topics` takes it wherever it is */
  settings: readonly Setting[];
  topics?: RegExp;
  lines(c: Ctx, portal: Entity, opener: string, land: string): Lines;
  /** the way home, for readers past the toddler years */
  home(c: Ctx, land: string): string[];
}

const n = (c: Ctx) => c.h.name;

export const WAYS_IN: readonly WayIn[] = [
  {
    portal: "a tiny silver key",
    settings: ["garden", "forest", "castle", "bedroom"],
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} found ${portal.a}.`, `Look, ${n(c)}, ${portal.a}!`],
      young: [
        `${opener}, ${n(c)} found ${portal.a} under a flowerpot. Behind the ivy was a little door that had never been there before.`,
        `${opener}, ${n(c)} found ${portal.a}. It fitted a little green door in the garden wall, and the door opened onto ${land}.`,
      ],
      rich: [
        `${opener}, ${n(c)} found ${portal.a} under a flowerpot. Behind the ivy was a small round door, and above it, in mossy letters: ${land.replace(/^the /, "")}.`,
        `${opener}, ${n(c)} found ${portal.a} glinting in the grass. It fitted a keyhole in the garden wall that nobody had ever noticed, and beyond it lay ${land}.`,
      ],
    }),
    home: (c, land) => [
      `${n(c)} waved goodbye to ${land} and stepped back through the little door into ${c.h.his} own garden.`,
      `Back through the little round door went ${n(c)}, and ${land} was a secret once more.`,
    ],
  },
  {
    portal: "a red kite",
    settings: ["garden", "sky", "mountain", "beach"],
    topics: /\b(wind|kite|sky|bird|flying|weather)/,
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} flew ${portal.a}.`, `Up went the kite, and up went ${n(c)}!`],
      young: [
        `${opener}, ${n(c)} flew ${portal.a}. A big gust came, and up ${c.h.he} went, over the hedge and away!`,
        `${opener}, the wind tugged ${portal.a} so hard that ${n(c)} floated all the way to ${land}.`,
      ],
      rich: [
        `${opener}, ${n(c)} took ${portal.a} up the hill. The wind gave one enormous tug, and ${c.h.names} feet left the ground.`,
        `${opener}, ${n(c)} was flying ${portal.a} when the string began to pull, gently but firmly, towards ${land}.`,
      ],
    }),
    home: (c, land) => [
      `The wind turned round, and the kite carried ${n(c)} gently home from ${land}.`,
      `${n(c)} held tight to the kite string, and the breeze floated ${c.h.him} from ${land} down into ${c.h.his} own garden.`,
    ],
  },
  {
    portal: "a golden ticket",
    settings: ["town", "mountain", "garden"],
    topics: /\b(trains?|railway|engines?|journeys?|holidays?|trips?|travel|moving)\b/,
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} got ${portal.a}.`, `Toot, toot, a train for ${n(c)}!`],
      young: [
        `${opener}, a little steam train stopped at the end of the street. The driver gave ${n(c)} ${portal.a}.`,
        `${opener}, ${n(c)} found ${portal.a} on the doormat. It said: "One ride to ${land}."`,
      ],
      rich: [
        `${opener}, a little blue steam train puffed up the street where no train had ever been. The driver held out ${portal.a}.`,
        `${opener}, ${portal.a} slid under the front door, and in curly letters it said: "${cap(land)}, Platform Three, leaving now."`,
      ],
    }),
    home: (c, land) => [
      `The little train puffed all the way home from ${land}, and ${n(c)} waved from the window.`,
      `${n(c)} hopped on the last train home, and ${land} grew small behind ${c.h.him}.`,
    ],
  },
  {
    portal: "a message in a bottle",
    settings: ["beach", "underwater"],
    topics: /\b(sea|seaside|beach|pirates?|islands?|boats?|sailing)\b/,
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} found ${portal.a}.`, `Splash, a bottle for ${n(c)}!`],
      young: [
        `${opener}, a wave rolled ${portal.a} right to ${c.h.names} toes. It said: "Please come to ${land}!"`,
        `${opener}, ${n(c)} found ${portal.a} on the sand, and inside was a map of ${land}.`,
      ],
      rich: [
        `${opener}, a wave left ${portal.a} at ${c.h.names} feet. The note inside was wobbly and wet: "Help! Please come to ${land}."`,
        `${opener}, ${n(c)} pulled the cork from ${portal.a}, and out came a map of ${land}, with a little boat drawn on it.`,
      ],
    }),
    home: (c, land) => [
      `A friendly wave carried ${n(c)} back to the beach, far from ${land}.`,
      `${n(c)} sailed home from ${land} in a little boat, with the stars to steer by.`,
    ],
  },
  {
    portal: "a snow globe",
    settings: ["mountain", "bedroom", "town"],
    topics: /\b(snow|winter|christmas|ice|frozen|polar|arctic|penguins?)\b/,
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} shook ${portal.a}.`, `Shake, shake, snow everywhere!`],
      young: [
        `${opener}, ${n(c)} shook ${portal.a}. The snow swirled out and all around, and there was ${land}!`,
        `${opener}, ${n(c)} found ${portal.a} on the shelf. Inside it was a tiny ${land.replace(/^the /, "")}.`,
      ],
      rich: [
        `${opener}, ${n(c)} shook ${portal.a}, and the snow did not settle. It swirled out of the glass and all around ${c.h.him}.`,
        `${opener}, ${n(c)} peered into ${portal.a} and saw a tiny ${land.replace(/^the /, "")}, with a tiny someone waving for help.`,
      ],
    }),
    home: (c, land) => [
      `${n(c)} shook the snow globe once more, and ${land} swirled away into a soft white blur.`,
      `The snow swirled, ${land} went white, and there was ${n(c)}, back on ${c.h.his} own bedroom floor.`,
    ],
  },
  {
    portal: "a big picture book",
    settings: ["bedroom", "castle", "forest", "town", "garden"],
    topics: /\b(books?|library|stories|reading|fairy ?tales?|bedtime)\b/,
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} opened ${portal.a}.`, `Open the book, ${n(c)}!`],
      young: [
        `${opener}, ${n(c)} opened ${portal.a}, and the pictures of ${land} began to move.`,
        `${opener}, ${n(c)} found ${portal.a} about ${land}, and its first page was a door.`,
      ],
      rich: [
        `${opener}, ${n(c)} opened ${portal.a}, and a breeze blew out of the first page. It smelled of ${land}.`,
        `${opener}, ${n(c)} turned a page of ${portal.a} and found a picture of ${land} with a gap in it, just the right size for ${c.h.him}.`,
      ],
    }),
    home: (c, land) => [
      `${n(c)} turned to the last page, and ${land} folded gently away into the book.`,
      `With a soft flutter of pages, ${n(c)} was back in ${c.h.his} own room, and the book closed on ${land}.`,
    ],
  },
  {
    portal: "a trail of glowing pebbles",
    settings: ["forest", "garden", "mountain"],
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} found ${portal.a}.`, `Glow, glow, went the pebbles!`],
      young: [
        `${opener}, ${n(c)} found ${portal.a} leading out of the garden gate and into ${land}.`,
        `${opener}, there was ${portal.a} on the path. ${n(c)} followed them, one by one.`,
      ],
      rich: [
        `${opener}, ${n(c)} noticed ${portal.a}, each one humming softly, leading off towards ${land}.`,
        `${opener}, a line of little lights appeared across the lawn. It was ${portal.a}, and it did not stop at the fence.`,
      ],
    }),
    home: (c, land) => [
      `The glowing pebbles lit the way home from ${land}, one by one, and went out behind ${n(c)}.`,
      `${n(c)} followed the pebbles back, all the way from ${land} to ${c.h.his} own gate.`,
    ],
  },
  {
    portal: "a big cardboard box",
    settings: ["town", "bedroom", "garden", "space"],
    topics: /\b(robots?|moving|house|boxes|inventions?|space|rockets?)\b/,
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} got into ${portal.a}.`, `In the box went ${n(c)}, whoosh!`],
      young: [
        `${opener}, ${n(c)} climbed into ${portal.a} and counted to ten. When ${c.h.he} looked out, there was ${land}!`,
        `${opener}, ${n(c)} drew buttons on ${portal.a}, pressed one, and the box began to hum.`,
      ],
      rich: [
        `${opener}, ${n(c)} climbed into ${portal.a}, closed the flaps and counted to ten. The box gave a little jolt.`,
        `${opener}, ${n(c)} turned ${portal.a} into a travelling machine, with a dial that said ${land.replace(/^the /, "")}.`,
      ],
    }),
    home: (c, land) => [
      `${n(c)} climbed back into the cardboard box, counted to ten, and ${land} was gone.`,
      `The box hummed, jolted and bumped down gently, far from ${land} and right back where ${n(c)} had started.`,
    ],
  },
  {
    portal: "a humming seashell",
    settings: ["beach", "underwater"],
    topics: /\b(mermaids?|shells?|sea|ocean|fish|whales?)\b/,
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} found ${portal.a}.`, `Hum, hum, went the shell.`],
      young: [
        `${opener}, ${n(c)} held ${portal.a} to ${c.h.his} ear. It hummed a song about ${land}.`,
        `${opener}, ${n(c)} blew into ${portal.a}, and a bubble popped around ${c.h.him} and floated away.`,
      ],
      rich: [
        `${opener}, ${n(c)} picked up ${portal.a}, and instead of the sea, it hummed a tune that seemed to call ${c.h.his} name.`,
        `${opener}, ${n(c)} blew into ${portal.a}. A shining bubble grew around ${c.h.him} and drifted out over the waves.`,
      ],
    }),
    home: (c, land) => [
      `${n(c)} blew the seashell one last time, and a bubble carried ${c.h.him} home from ${land}.`,
      `The shell hummed the way home, and ${n(c)} followed the tune from ${land} back to the beach.`,
    ],
  },
  {
    portal: "a spotty umbrella",
    settings: ["sky", "town", "garden"],
    topics: /\b(rain|weather|clouds?|sky|umbrellas?)\b/,
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} opened ${portal.a}.`, `Up, up went ${n(c)} and the umbrella!`],
      young: [
        `${opener}, ${n(c)} opened ${portal.a}, and the wind lifted ${c.h.him} over the rooftops.`,
        `${opener}, a gust caught ${portal.a} and carried ${n(c)} high above the street, towards ${land}.`,
      ],
      rich: [
        `${opener}, ${n(c)} opened ${portal.a}, and a gust scooped ${c.h.him} up over the chimney pots.`,
        `${opener}, ${n(c)} put up ${portal.a}, though it wasn't raining, and the wind took that as an invitation.`,
      ],
    }),
    home: (c, land) => [
      `${n(c)} opened the umbrella, and the wind floated ${c.h.him} home from ${land} like a dandelion seed.`,
      `Down drifted ${n(c)} from ${land} under the spotty umbrella, right onto ${c.h.his} own front step.`,
    ],
  },
  {
    portal: "a letter with a wax seal",
    settings: ["castle", "town", "forest", "garden", "mountain"],
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} got ${portal.a}.`, `A letter for ${n(c)}!`],
      young: [
        `${opener}, a pigeon tapped on the window with ${portal.a}. It said: "Come to ${land}!"`,
        `${opener}, ${n(c)} found ${portal.a} on the doormat. It was from ${land}.`,
      ],
      rich: [
        `${opener}, a very out-of-breath pigeon delivered ${portal.a}. Inside it said: "${cap(land)} needs you."`,
        `${opener}, ${n(c)} found ${portal.a} tucked into ${c.h.his} shoe. The writing on it shimmered: "To ${n(c)}, from ${land}."`,
      ],
    }),
    home: (c, land) => [
      `${n(c)} said goodbye to ${land}, and a gentle breeze carried ${c.h.him} all the way home.`,
      `The pigeon came back to show ${n(c)} the way home from ${land}.`,
    ],
  },
  {
    portal: "a cardboard rocket",
    settings: ["space"],
    topics: /\b(space|rockets?|planets?|moon|stars?|aliens?|astronauts?)\b/,
    lines: (c, portal, opener, land) => ({
      tiny: [`${opener}, ${n(c)} made ${portal.a}.`, `Three, two, one, blast off!`],
      young: [
        `${opener}, ${n(c)} built ${portal.a}. ${c.h.He} pressed GO, and it really flew!`,
        `${opener}, ${n(c)} painted ${portal.a}, climbed in and zoomed off to ${land}.`,
      ],
      rich: [
        `${opener}, ${n(c)} built ${portal.a} from three boxes and a colander, and pointed it at ${land}.`,
        `${opener}, ${n(c)} gave ${portal.a} one last coat of silver paint, and it began, very quietly, to rumble.`,
      ],
    }),
    home: (c, land) => [
      `${n(c)} steered the rocket home from ${land}, down through the clouds to the back garden.`,
      `Down, down zoomed the rocket, until ${land} was just a twinkle in the sky.`,
    ],
  },
];
