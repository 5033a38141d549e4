/**
 * The story form's limits and choices (this project's own), without the schema: the form's controls
 * read them in the browser, where the validation library loads only when the form is checked.
 */
export const FORM_LIMITS = {
  childName: 40,
  authorName: 60,
  theme: 40,
  storyDescription: 1000,
  moralLesson: 300,
  specialElements: 300,
  plotOutline: 3000,
  plotOutlineMin: 40,
  ageMin: 1,
  ageMax: 12,
} as const;

export const GENDERS = ["girl", "boy", "child"] as const;

/** How much text a page carries; the custom path lets the parent choose. */
export const STORY_LENGTHS = ["short", "medium", "long"] as const;

/** "E-mail me when it's ready": the longest address SMTP carries. */
export const NOTIFY_EMAIL_MAX = 254;
