import { z } from "zod";
import { FORM_LIMITS, GENDERS, STORY_LENGTHS } from "./form-limits";

/**
 * The story form's data and its rules (the limits are this project's own choice). One schema for
 * the creation page's action, POST /api/books and the Workflow.
 */
export { FORM_LIMITS, GENDERS, STORY_LENGTHS };

/**
 * An uploaded photo is referenced by its upload id (POST /api/uploads answers it), never inline:
 * images stay in R2 and the form stays small. Letters, digits and dashes.
 */
export const uploadIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,80}$/, "That photo upload was not recognised. Please add the photo again.");

/** Trims, folds runs of whitespace and strips angle brackets, so free text can never carry markup. */
export function cleanText(value: string): string {
  return value.replace(/[<>]/g, "").replace(/\s+/g, " ").trim();
}

const freeText = (max: number, label: string) =>
  z
    .string()
    .transform(cleanText)
    .pipe(z.string().max(max, `Please keep ${label} to ${max} characters or fewer.`));

/** A colour as #rrggbb; an empty field counts as none. */
const hexColor = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "A colour is written #rrggbb.")
    .optional(),
);

/** A name: letters (any script), spaces, apostrophes, hyphens and dots. */
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .\u2019-]*$/u;

export const storyFormSchema = z.object({
  childName: z
    .string({ error: "Please tell us your child's first name." })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(1, "Please tell us your child's first name.")
        .max(FORM_LIMITS.childName, `Please keep the name to ${FORM_LIMITS.childName} characters or fewer.`)
        .regex(NAME_PATTERN, "A name can hold letters, spaces, apostrophes and hyphens."),
    ),
  age: z.coerce
    .number({ error: "Please choose your child's age." })
    .int("Please choose a whole number of years.")
    .min(FORM_LIMITS.ageMin, `Stories are made for ages ${FORM_LIMITS.ageMin} to ${FORM_LIMITS.ageMax}.`)
    .max(FORM_LIMITS.ageMax, `Stories are made for ages ${FORM_LIMITS.ageMin} to ${FORM_LIMITS.ageMax}.`),
  gender: z.enum(GENDERS, { error: "Please choose girl, boy or just 'child'." }).default("child"),
  authorName: freeText(FORM_LIMITS.authorName, "the author's name").default(""),
  theme: z
    .string({ error: "Please choose a theme." })
    .transform(cleanText)
    .pipe(z.string().min(1, "Please choose a theme.").max(FORM_LIMITS.theme, `Please keep the theme to ${FORM_LIMITS.theme} characters or fewer.`)),
  storyDescription: freeText(FORM_LIMITS.storyDescription, "the description").default(""),
  moralLesson: freeText(FORM_LIMITS.moralLesson, "the lesson").default(""),
  specialElements: freeText(FORM_LIMITS.specialElements, "the special elements").default(""),
  childImage: uploadIdSchema.optional(),
  childImageCropped: uploadIdSchema.optional(),
  artStyle: z.string({ error: "Please choose an art style." }).transform(cleanText).pipe(z.string().min(1, "Please choose an art style.").max(40)),
  /** the custom path (/customstory): the parent's own plot outline */
  plotOutline: z
    .string()
    .transform(cleanText)
    .pipe(
      z
        .string()
        .max(FORM_LIMITS.plotOutline, `Please keep the plot outline to ${FORM_LIMITS.plotOutline} characters or fewer.`)
        .refine(
          (s) => s.length === 0 || s.length >= FORM_LIMITS.plotOutlineMin,
          `Please write at least ${FORM_LIMITS.plotOutlineMin} characters of plot, or leave it empty.`,
        ),
    )
    .optional(),
  length: z.enum(STORY_LENGTHS).default("medium"),
  /** colours the browser read from the (cropped) photo, so the pictures' child looks like the child */
  photoHair: hexColor.optional(),
  photoSkin: hexColor.optional(),
  photoEyes: hexColor.optional(),
});

export type StoryFormInput = z.input<typeof storyFormSchema>;
export type StoryForm = z.output<typeof storyFormSchema>;

/** The comma-and-space list as items. */
export function specialElementList(form: Pick<StoryForm, "specialElements">): string[] {
  return form.specialElements
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 8);
}
