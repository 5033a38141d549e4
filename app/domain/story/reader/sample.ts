/**
 * A sample book for looking at the reader and testing it without the book engine: a complete
 * BookView built from pure code (a short story written for this purpose, and small SVG pictures as
 * data URLs), and the snapshots a book passes through while it is made.
 * Used by the /test/reader page (never in production) and the unit tests.
 */
import { PAGE_COUNT, pageTitle, pageType } from "../book";
import type { BookView, PageView } from "../book-view";

export const SAMPLE_BOOK_ID = "sample0reader0book";

const TITLE = "Mia and the Lantern of Hollow Wood";
const DEDICATION = "For Mia, who is brave even when her knees wobble. With love from Grandma Rose.";

/** [scene, text] for pages 3–24. */
const STORY: [string, string][] = [
  [
    "Mia in her cosy bedroom at dawn, holding a small brass lantern",
    "Mia lived at the edge of Hollow Wood, in a yellow house with a round window. On her shelf sat an old brass lantern that had belonged to her grandma.",
  ],
  [
    "Mia at the breakfast table, looking out at the dark wood",
    "Every morning Mia ate her porridge and looked at the wood. The trees were tall and whispery, and the path into them was very dark.",
  ],
  [
    "The lantern glowing softly on Mia's shelf at night",
    "One night the lantern began to glow all by itself. “Hello?” whispered Mia. The light flickered, as if it were trying to answer.",
  ],
  [
    "Mia in her raincoat at the garden gate, lantern in hand",
    "The next morning Mia put on her red raincoat and her wellies. She held the lantern tight and stepped through the garden gate.",
  ],
  [
    "A hedgehog in a tiny waistcoat on the forest path",
    "On the path sat a hedgehog in a tiny green waistcoat. “Good morning! I am Mr. Hedgehog,” he said with a bow. “That is a very special lantern.”",
  ],
  [
    "Mr. Hedgehog pointing deeper into the wood",
    "“The fireflies of Hollow Wood have lost their light,” said Mr. Hedgehog. “Without them, the owls cannot find their way home at night.”",
  ],
  [
    "Mia and Mr. Hedgehog crossing a mossy log over a stream",
    "Mia’s knees wobbled a little. But she thought of the owls, lost in the dark. “I will help,” she said, and they crossed the mossy log together.",
  ],
  [
    "A wide meadow full of sleepy, grey fireflies",
    "They came to a meadow where the fireflies sat on the grass like grey pebbles. Not one of them was glowing.",
  ],
  [
    "Mia kneeling beside a small, sad firefly",
    "The smallest firefly looked up at Mia. “We were playing hide-and-seek with the moon,” it sighed, “and we hid so well that our light got lost too.”",
  ],
  [
    "Mia thinking, chin in her hand, the lantern beside her",
    "Mia tapped her chin. Grandma always said that a light grows bigger when you share it. Could that be true for a lantern?",
  ],
  [
    "Mia holding up the lantern as the fireflies gather",
    "She opened the little door of the lantern and held it up high. The warm glow spread across the meadow like honey on toast.",
  ],
  ["One firefly beginning to shine", "The smallest firefly crept close and warmed its wings. Then, with a tiny pop, it began to shine!"],
  ["Dozens of fireflies lighting up around Mia", "One by one, the other fireflies lit up too. Soon the meadow was sparkling like a sky full of stars."],
  [
    "The lantern's flame growing small",
    "But as the fireflies grew brighter, the lantern grew dimmer. Mia watched the flame shrink. Was she going to be left in the dark?",
  ],
  ["Mr. Hedgehog patting Mia's hand kindly", "“Don’t worry,” said Mr. Hedgehog. “Kindness always finds its way back.” Mia took a deep breath and waited."],
  [
    "Fireflies swirling back into the lantern",
    "The fireflies swirled around her in a glittering ring. Then each one gave a little of its light back to the lantern, until it glowed brighter than ever.",
  ],
  [
    "An owl landing on a branch above Mia at dusk",
    "Up in the trees, a great grey owl blinked. “Hoo! I can see the path again!” she hooted. “Thank you, brave girl.”",
  ],
  [
    "Mia and Mr. Hedgehog walking home under a glowing firefly trail",
    "The fireflies made a shining trail all the way back through the wood. Mia and Mr. Hedgehog followed it, singing a walking song.",
  ],
  [
    "Mia waving goodbye to Mr. Hedgehog at the garden gate",
    "At the gate Mr. Hedgehog bowed again. “Come back soon, Mia. The wood is friendlier with you in it.”",
  ],
  [
    "Mia telling Grandma Rose about her adventure by the fire",
    "That evening Mia told Grandma everything. Grandma smiled. “I knew that lantern would find the right person one day.”",
  ],
  [
    "Mia asleep, the lantern glowing softly on her shelf",
    "Now, when the wood grows dark, Mia is not afraid. She knows that a little light, shared kindly, can fill a whole meadow.",
  ],
  ["Fireflies twinkling over Hollow Wood under the moon", "And every night, just before she sleeps, the fireflies blink goodnight at her window."],
];

const SKIES: [string, string][] = [
  ["#ffe7c2", "#bfe3ff"],
  ["#a8dcff", "#eef9ff"],
  ["#ffc49a", "#b9a6f2"],
  ["#2f2a5a", "#5b3fa6"],
];

function svgPicture(pageNumber: number): string {
  const phase = pageNumber <= 2 ? 3 : Math.min(3, Math.floor(((pageNumber - 3) / 22) * 4));
  const [top, bottom] = SKIES[phase];
  const night = phase === 3;
  const x = 300 + ((pageNumber * 137) % 420);
  const stars = night
    ? Array.from(
        { length: 14 },
        (_, i) => `<circle cx="${(i * 211 + pageNumber * 53) % 1000}" cy="${60 + ((i * 97) % 360)}" r="${4 + (i % 3) * 2}" fill="#fff0c7" opacity="0.9"/>`,
      ).join("")
    : "";
  const orb = night
    ? `<circle cx="820" cy="170" r="70" fill="#fff0c7"/><circle cx="850" cy="150" r="62" fill="${top}"/>`
    : `<circle cx="200" cy="190" r="80" fill="#ffc94d"/>`;
  const flies =
    pageNumber >= 14
      ? Array.from(
          { length: 9 },
          (_, i) => `<circle cx="${(i * 173 + pageNumber * 31) % 980}" cy="${420 + ((i * 71) % 300)}" r="9" fill="#ffe066" opacity="0.95"/>`,
        ).join("")
      : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024" width="1024" height="1024">` +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
    `<rect width="1024" height="1024" fill="url(#s)"/>${stars}${orb}` +
    `<path d="M0 640 Q260 520 520 610 T1024 580 V1024 H0Z" fill="${night ? "#3d5a6c" : "#7cc6a0"}"/>` +
    `<g fill="${night ? "#24424f" : "#3f8f6b"}"><circle cx="110" cy="560" r="90"/><circle cx="210" cy="520" r="70"/><circle cx="930" cy="540" r="95"/><circle cx="840" cy="580" r="60"/></g>` +
    `<path d="M0 760 Q300 690 600 760 T1024 740 V1024 H0Z" fill="${night ? "#2c4a3a" : "#8fd9b6"}"/>` +
    `<g transform="translate(${x} 640)"><ellipse cx="0" cy="250" rx="70" ry="14" fill="#000" opacity="0.15"/>` +
    `<path d="M-60 230 L0 60 L60 230Z" fill="#e4572e"/><circle cx="0" cy="30" r="48" fill="#f3c6a5"/>` +
    `<path d="M-50 20 Q0 -50 50 20 Q40 -20 0 -18 Q-40 -20 -50 20Z" fill="#6b4423"/>` +
    `<circle cx="-16" cy="32" r="6" fill="#2b2542"/><circle cx="16" cy="32" r="6" fill="#2b2542"/>` +
    `<path d="M-14 52 Q0 62 14 52" stroke="#2b2542" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<rect x="62" y="120" width="34" height="46" rx="8" fill="#c98f2c"/><circle cx="79" cy="143" r="12" fill="#ffe066"/></g>` +
    `${flies}</svg>`
  );
}

export function samplePictureUrl(pageNumber: number): string {
  return `data:image/svg+xml,${encodeURIComponent(svgPicture(pageNumber))}`;
}

function samplePage(pageNumber: number, drawn: boolean): PageView {
  const written = pageNumber >= 3 ? STORY[pageNumber - 3] : null;
  const scene =
    pageNumber === 1
      ? "Mia holding a glowing lantern at the edge of Hollow Wood"
      : pageNumber === 2
        ? "Mia and Mr. Hedgehog inside a round frame of leaves"
        : written![0];
  const content = pageNumber === 1 ? TITLE : pageNumber === 2 ? DEDICATION : written![1];
  return {
    pageNumber,
    pageType: pageType(pageNumber),
    title: pageTitle(pageNumber),
    scene,
    content,
    url: drawn ? samplePictureUrl(pageNumber) : null,
    isBlank: false,
    isGenerated: drawn,
    generationProgress: drawn ? 100 : 0,
  };
}

const START = Date.parse("2025-06-01T18:00:00.000Z");

/** The finished sample book. */
export function sampleBook(): BookView {
  const pages = Array.from({ length: PAGE_COUNT }, (_, i) => samplePage(i + 1, true));
  return {
    bookId: SAMPLE_BOOK_ID,
    title: TITLE,
    status: "complete",
    error: null,
    pages,
    story: {
      content: STORY.map(([, text]) => text).join("\n\n"),
      prompt: "A gentle adventure for Mia, 6, about sharing and courage.",
      response: null,
      shouldGenerateImages: true,
      formData: {
        childName: "Mia",
        age: 6,
        gender: "girl",
        authorName: "Grandma Rose",
        theme: "Adventure",
        storyDescription: "Mia finds a magic lantern and helps the fireflies of Hollow Wood.",
        moralLesson: "Kindness shared grows bigger.",
        specialElements: "a brass lantern, a hedgehog in a waistcoat",
        artStyle: "storybook",
        length: "medium",
      },
    },
    gptInteractions: [],
    stats: { totalImagesGenerated: PAGE_COUNT },
    step1complete: true,
    step2complete: true,
    step3complete: true,
    images_generated: true,
    is_generated: true,
    isAmountDeducted: true,
    createdAt: new Date(START).toISOString(),
    lastUpdated: new Date(START + 60_000).toISOString(),
  };
}

export type SampleStage = "new" | "written" | "illustrating" | "failed" | "complete";

/** The sample book at a stage of its making. */
export function sampleAt(stage: SampleStage, drawnPages = 9): BookView {
  const book = sampleBook();
  if (stage === "complete") return book;
  const at = (n: number) => new Date(START + n * 1000).toISOString();
  if (stage === "new") {
    return {
      ...book,
      title: null,
      status: "draft",
      pages: [],
      stats: { totalImagesGenerated: 0 },
      step1complete: false,
      step2complete: false,
      step3complete: false,
      images_generated: false,
      is_generated: false,
      isAmountDeducted: false,
      story: { ...book.story, content: null },
      lastUpdated: at(0),
    };
  }
  const drawn = stage === "written" ? 0 : Math.max(0, Math.min(PAGE_COUNT - 1, drawnPages));
  return {
    ...book,
    status: stage === "failed" ? "failed" : "illustrating",
    error: stage === "failed" ? "The pictures took too long to arrive, so we stopped to try again later." : null,
    pages: book.pages.map((p) => samplePage(p.pageNumber, p.pageNumber <= drawn)),
    stats: { totalImagesGenerated: drawn },
    step3complete: false,
    images_generated: false,
    is_generated: false,
    isAmountDeducted: false,
    lastUpdated: at(10 + drawn),
  };
}

/**
 * The snapshots the live stream would send from `from` until the book is complete: the record, the
 * story, each picture, then the finish. A failed book starts again where it stopped.
 */
export function sampleFramesFrom(from: BookView): BookView[] {
  const done = sampleBook();
  const frames: BookView[] = [];
  let cur: BookView = { ...from, status: from.status === "failed" ? "illustrating" : from.status, error: null };
  let clock = Math.max(Date.parse(from.lastUpdated) || START, START);
  const push = (next: BookView) => {
    clock += 1000;
    cur = { ...next, lastUpdated: new Date(clock).toISOString() };
    frames.push(cur);
  };
  if (!cur.step1complete) push({ ...cur, step1complete: true, status: "writing" });
  if (!cur.step2complete || cur.pages.length === 0) {
    push({
      ...cur,
      title: done.title,
      story: done.story,
      step2complete: true,
      status: "illustrating",
      pages: done.pages.map((p) => samplePage(p.pageNumber, false)),
    });
  }
  for (const page of cur.pages) {
    if (page.isGenerated) continue;
    const pages = cur.pages.map((p) => (p.pageNumber === page.pageNumber ? samplePage(p.pageNumber, true) : p));
    push({ ...cur, pages, stats: { totalImagesGenerated: pages.filter((p) => p.isGenerated).length } });
  }
  push({ ...cur, status: "complete", step3complete: true, images_generated: true, is_generated: true, isAmountDeducted: true });
  return frames;
}
