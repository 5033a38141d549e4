import type { ModerationVerdict } from "./types";

/**
 * What a story for a young child, or a comment on one, must not carry. Both moderators (the offline
 * rules and OpenAI's endpoint) speak in these categories, so a parent gets the same kind sentence
 * whichever ran. "insult" is insults and bullying, "threat" a threat to someone, "grooming" an
 * adult asking a child for secrets, pictures or a meeting.
 */
export const CATEGORIES = [
  "self-harm",
  "threat",
  "grooming",
  "sexual",
  "hate",
  "insult",
  "violence",
  "horror",
  "drugs",
  "illegal",
  "profanity",
  "personal-data",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** How a field is named inside a sentence ("please rephrase the description ..."). */
const FIELD_LABELS: Record<string, string> = {
  childName: "the name",
  authorName: "the author's name",
  theme: "the theme",
  storyDescription: "the description",
  moralLesson: "the lesson",
  specialElements: "the special elements",
  plotOutline: "the plot outline",
  artStyle: "the art style",
  prompt: "the picture description",
  title: "the title",
  dedication: "the dedication",
  comment: "your comment",
};

export function fieldLabel(field: string): string {
  if (FIELD_LABELS[field]) return FIELD_LABELS[field];
  if (/^page\b/i.test(field)) return "this page";
  return "this text";
}

const MESSAGES: Record<Category, (label: string) => string> = {
  threat: (l) => `Let's keep everyone safe: please rephrase ${l} without threats.`,
  grooming: (l) => `To keep children safe, please leave requests for secrets, pictures, private messages or meetings out of ${l}.`,
  insult: (l) => `Let's keep it kind: please rephrase ${l} without insults or unkind words about anyone.`,
  "self-harm": (l) =>
    `Stories here can't include self-harm, so please rephrase ${l}. If you or someone you love is struggling, please reach out to someone you trust or a local helpline.`,
  sexual: (l) => `Let's keep stories right for little ones: please rephrase ${l} without grown-up or sexual content.`,
  hate: (l) => `Stories here are kind to everyone: please rephrase ${l} without hateful words or slurs.`,
  violence: (l) => `Let's keep stories gentle: please rephrase ${l} without violence.`,
  horror: (l) => `That might be too frightening for a bedtime story: please rephrase ${l} without horror or gore.`,
  drugs: (l) => `Let's keep stories child-friendly: please rephrase ${l} without drugs, alcohol or smoking.`,
  illegal: (l) => `Let's keep stories child-friendly: please rephrase ${l} without anything illegal.`,
  profanity: (l) => `Let's keep the words gentle for little readers: please rephrase ${l} without swear words.`,
  "personal-data": (l) => `For your family's privacy, please leave phone numbers, e-mail addresses and home addresses out of ${l}.`,
};

/** A comment is not a story: its sentences say so. */
const COMMENT_MESSAGES: Partial<Record<Category, (label: string) => string>> = {
  "self-harm": (l) =>
    `Please leave self-harm out of ${l}. If you or someone you love is struggling, please reach out to someone you trust or a local helpline.`,
  sexual: (l) => `Children read these comments: please rephrase ${l} without grown-up or sexual content.`,
  hate: (l) => `Comments here are kind to everyone: please rephrase ${l} without hateful words or slurs.`,
  profanity: (l) => `Children read these comments: please rephrase ${l} without swear words.`,
};

/** The kind sentence for a refusal of this field. */
export function refusalMessage(category: Category, field: string): string {
  const message = (COMMENT_FIELDS.has(field) && COMMENT_MESSAGES[category]) || MESSAGES[category];
  return message(fieldLabel(field));
}

/** Categories in the order they are reported when a text trips several (the most serious first). */
export function byPriority(categories: Iterable<Category>): Category[] {
  const set = new Set(categories);
  return CATEGORIES.filter((c) => set.has(c));
}

/**
 * A name cannot describe violence or a drink: in name fields only slurs, sexual words and swearing
 * count ("Gin" is a given name, "Beer" a surname).
 */
const NAME_FIELDS = new Set(["childName", "authorName"]);
const NAME_CATEGORIES = new Set<Category>(["sexual", "hate", "profanity"]);
/**
 * A comment is one person talking to a family about a book: it is refused for what hurts or
 * endangers people (insults, threats, hate, sexual words, luring, swearing, contact details), not
 * for the story's own words ("I loved it when the knight fought the dragon", "you killed it!",
 * "Grandad raised a glass of wine to you").
 */
const COMMENT_FIELDS = new Set(["comment"]);
const COMMENT_CATEGORIES = new Set<Category>(["self-harm", "threat", "grooming", "sexual", "hate", "insult", "profanity", "personal-data"]);
/** Luring is what an adult says to a child; in a story ("where do you live?" asked the fox) it is dialogue. */
const STORY_EXCLUDED = new Set<Category>(["grooming"]);

export function relevantCategories(field: string, categories: Iterable<Category>): Category[] {
  const all = [...categories];
  if (NAME_FIELDS.has(field)) return all.filter((c) => NAME_CATEGORIES.has(c));
  if (COMMENT_FIELDS.has(field)) return all.filter((c) => COMMENT_CATEGORIES.has(c));
  return all.filter((c) => !STORY_EXCLUDED.has(c));
}

/** The verdict for a refused field: the message of its most serious category. */
export function refusal(field: string, categories: Iterable<Category>): ModerationVerdict {
  const ordered = byPriority(relevantCategories(field, categories));
  if (ordered.length === 0) return { ok: true };
  return { ok: false, field, message: refusalMessage(ordered[0], field), categories: ordered };
}
