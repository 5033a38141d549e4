import { writeStory } from "~/domain/story/writer";
import { illustratePage } from "./illustrator/index.server";
import type { Illustrator } from "./image";
import type { StoryWriter } from "./text";

/** The built-in writer: composes the story from the brief with no network (app/domain/story/writer). */
export const offlineWriter: StoryWriter = {
  name: "offline",
  async write({ brief, seed }) {
    return writeStory(brief, seed);
  },
};

/** The built-in illustrator: an SVG scene per page rendered to PNG in the Worker. */
export const offlineIllustrator: Illustrator = {
  name: "offline",
  async draw(request) {
    return illustratePage({
      sheet: request.sheet,
      pageNumber: request.pageNumber,
      pageType: request.pageType,
      scene: request.scene,
      theme: request.theme,
      artStyle: request.artStyle,
      bookTitle: request.bookTitle,
    });
  },
};
