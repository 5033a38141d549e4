/**
 * The shape of a book shared by the writer, the illustrator, the Workflow and the reader.
 * Page layout: 24 pages; titles by page number: 1 Front Cover; 2 Title Page;
 * 3 to 22 Story Page 1 to 20; 23 Closing Page; 24 Story Page 22.
 */
export const PAGE_COUNT = 24;

export type PageType = "Front Cover" | "Title Page" | "Story Page";

export function pageTitle(pageNumber: number): string {
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > PAGE_COUNT) throw new RangeError(`No page ${pageNumber}`);
  if (pageNumber === 1) return "Front Cover";
  if (pageNumber === 2) return "Title Page";
  if (pageNumber <= 22) return `Story Page ${pageNumber - 2}`;
  if (pageNumber === 23) return "Closing Page";
  return "Story Page 22";
}

export function pageType(pageNumber: number): PageType {
  if (pageNumber === 1) return "Front Cover";
  if (pageNumber === 2) return "Title Page";
  return "Story Page";
}

/** What the parent asked for: the inputs of the writer and the illustrator. */
export interface StoryBrief {
  childName: string;
  /** whole years, 1–12 */
  age: number;
  gender: "girl" | "boy" | "child";
  authorName: string;
  /** e.g. Adventure, Space, Animals, Fantasy, Ocean, or a free theme */
  theme: string;
  storyDescription: string;
  /** the parent's own plot (the custom story page), told as the book's plot */
  plot?: string;
  moralLesson: string;
  /** already split from the comma-and-space list */
  specialElements: string[];
  artStyle: string;
  /** Colours read from the child's photo, when there is one (hex, e.g. "#6b4423"). */
  photoPalette?: { hair?: string; skin?: string; eyes?: string };
  /** A saved child's id: the hero's look is drawn from it rather than from the book, so the child is the same in every book. */
  childId?: string;
  /** A saved child's family, friends and pets who may appear ("sister", "pet dog", ...). */
  companions?: { name: string; relation: string }[];
  /** A saved child's likes, e.g. ["dinosaurs", "football"]. */
  likes?: string[];
}

/** One recognisable main character, reused in every page prompt and every drawing. */
export interface CharacterSheet {
  name: string;
  age: number;
  gender: StoryBrief["gender"];
  skinTone: string;
  hairColor: string;
  hairStyle: "short" | "curly" | "long" | "ponytail" | "bun" | "buzz";
  eyeColor: string;
  outfitColor: string;
  outfitAccent: string;
  outfit: "t-shirt and shorts" | "dress" | "overalls" | "hoodie and trousers";
  accessory: "none" | "glasses" | "cap" | "scarf" | "star hairclip" | "backpack";
  /** one sentence used verbatim in every image prompt */
  description: string;
}

/** One written page of the story (pages 3 to 24). */
export interface WrittenPage {
  /** a short visual description of what the illustration shows */
  scene: string;
  /** the text printed on the page */
  content: string;
}

export interface WrittenStory {
  title: string;
  /** printed on the title page (page 2) */
  dedication: string;
  /** the cover's one-line scene (page 1) */
  coverScene: string;
  characterSheet: CharacterSheet;
  /** exactly 22 pages: story pages 1–20 (book pages 3–22), the closing page (23) and the last page (24) */
  pages: WrittenPage[];
}
