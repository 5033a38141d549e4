import type { CharacterSheet } from "~/domain/story/book";
import { encodeBase64 } from "./openai/bytes";
import { writeStory } from "~/domain/story/writer";
import { drawPage, type DrawPageInput } from "~/domain/story/illustrator";
import { illustratePage, PAGE_WIDTH } from "./illustrator/index.server";
import type { IllustrationRequest } from "./image";
import type { Illustrator } from "./image";
import type { StoryWriter } from "./text";

/** The built-in writer: composes the story from the brief with no network (app/domain/story/writer). */
export const offlineWriter: StoryWriter = {
  name: "offline",
  async write({ brief, seed }) {
    return writeStory(brief, seed);
  },
};

const pageInput = (request: IllustrationRequest): DrawPageInput => ({
  sheet: request.sheet,
  pageNumber: request.pageNumber,
  pageType: request.pageType,
  scene: request.scene,
  text: request.text,
  theme: request.theme,
  artStyle: request.artStyle,
  bookTitle: request.bookTitle,
});

/** The built-in illustrator: an SVG scene per page rendered to PNG in the Worker. */
export const offlineIllustrator: Illustrator = {
  name: "offline",
  async draw(request) {
    return illustratePage(pageInput(request));
  },
  // the page is drawn at PAGE_WIDTH, its viewBox's size
  drawSvg: (request) => ({ svg: drawPage(pageInput(request)), width: PAGE_WIDTH, height: PAGE_WIDTH }),
};

/** The child a picture from the image endpoints shows when no key is set (the prompt decides the rest). */
const ENDPOINT_SHEET: CharacterSheet = {
  name: "Friend",
  age: 6,
  gender: "child",
  skinTone: "#c68c63",
  hairColor: "#4a2f1d",
  hairStyle: "curly",
  eyeColor: "#4b3621",
  outfitColor: "#4aa3df",
  outfitAccent: "#ffd166",
  outfit: "t-shirt and shorts",
  accessory: "none",
  description: "",
};

/**
 * The offline illustrator for POST /api/image-generation, -proxy and /api/generate-image: the prompt
 * is the scene (what it names is drawn, where it says it happens is the backdrop), 1024×1024, as a
 * PNG data URL in the endpoints' `output` list.
 */
export async function offlineImageDataUrl(input: { prompt: string; pageNumber?: number | null }): Promise<string> {
  const png = await illustratePage({
    sheet: ENDPOINT_SHEET,
    pageNumber: Math.min(22, Math.max(3, input.pageNumber ?? 3)),
    pageType: "Story Page",
    scene: input.prompt,
    theme: "Adventure",
    artStyle: "storybook",
  });
  return `data:image/png;base64,${encodeBase64(png)}`;
}
