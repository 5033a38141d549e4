import { fieldErrors } from "~/domain/validation";
import { readNotifyEmail } from "~/domain/story/notify-email";
import { FORM_LIMITS, GENDERS, STORY_LENGTHS, storyFormSchema, uploadIdSchema, type StoryForm, type StoryFormInput } from "~/domain/story/form";
import { FORM_FIELDS, OTHER_THEME, themeOf, type ErrorKey, type FormErrors, type FormField, type FormMode, type FormValues } from "./values";

/**
 * The story form's one validator, for the browser (instant feedback) and the page's action (the
 * authority), built on the shared storyFormSchema. The browser loads this module when the form is
 * first touched or submitted (useStoryForm's loadValidator), never with the page.
 */

/** The form's values as the book engine's input (the story's form data, plus the custom fields). */
export function toStoryInput(values: FormValues, mode: FormMode): StoryFormInput {
  const optionalId = (v: string) => (v.trim() ? v.trim() : undefined);
  const input: StoryFormInput = {
    childName: values.childName,
    age: values.age.trim() === "" ? Number.NaN : Number(values.age),
    gender: (GENDERS as readonly string[]).includes(values.gender) ? (values.gender as StoryFormInput["gender"]) : "child",
    authorName: values.authorName,
    theme: themeOf(values, mode),
    storyDescription: mode === "theme" ? values.storyDescription : "",
    moralLesson: mode === "theme" ? values.moralLesson : "",
    specialElements: mode === "theme" ? values.specialElements : "",
    childImage: optionalId(values.childImage),
    childImageCropped: optionalId(values.childImageCropped),
    artStyle: values.artStyle,
    length: (STORY_LENGTHS as readonly string[]).includes(values.length) ? (values.length as StoryFormInput["length"]) : "medium",
  };
  // Colours the browser read from the photo (only with a photo, and only well-formed ones).
  if (input.childImage) {
    for (const key of ["photoHair", "photoSkin", "photoEyes"] as const) {
      if (/^#[0-9a-fA-F]{6}$/.test(values[key])) input[key] = values[key];
    }
  }
  if (mode === "custom") input.plotOutline = values.plotOutline;
  return input;
}

const PLOT_REQUIRED = `Please tell us what happens in the story: a few sentences, at least ${FORM_LIMITS.plotOutlineMin} characters.`;

/** The messages this form shows where the shared schema's words would not fit the control. */
const MESSAGES = {
  ageMissing: "Please choose your child's age.",
  themeMissing: "Please choose a theme, or pick 'Something else' and tell us yours.",
  otherMissing: "Please tell us the theme in a word or two, for example 'dinosaurs'.",
  artStyleMissing: "Please choose an art style for the pictures.",
} as const;

/**
 * Where an error of the schema belongs on this form. The schema speaks of `theme`; the form shows it
 * beside the theme cards, or beside the typed theme when 'Something else' (or the custom page) is used.
 */
export function errorKeyFor(schemaKey: string, values: FormValues, mode: FormMode): ErrorKey {
  if (schemaKey === "theme") return mode === "custom" || values.themeChoice === OTHER_THEME ? "themeOther" : "themeChoice";
  if (schemaKey === "childImage") return "photo";
  if (schemaKey === "childImageCropped") return "photo";
  return (FORM_FIELDS as readonly string[]).includes(schemaKey) ? (schemaKey as FormField) : "form";
}

export type Validation = { ok: true; data: StoryForm; input: StoryFormInput } | { ok: false; errors: FormErrors };

/** Checks the form with the shared schema and this page's own rules; the first message per field. */
export function validateForm(values: FormValues, mode: FormMode): Validation {
  const input = toStoryInput(values, mode);
  const parsed = storyFormSchema.safeParse(input);
  const errors: FormErrors = parsed.success ? {} : fieldErrors(parsed.error, (field) => errorKeyFor(field, values, mode));
  // Clearer words for an empty control than the schema's generic ones.
  if (values.age.trim() === "") errors.age = MESSAGES.ageMissing;
  if (mode === "theme" && values.themeChoice === "") errors.themeChoice = MESSAGES.themeMissing;
  if (mode === "theme" && values.themeChoice === OTHER_THEME && values.themeOther.trim() === "") errors.themeOther = MESSAGES.otherMissing;
  if (values.artStyle.trim() === "") errors.artStyle = MESSAGES.artStyleMissing;
  // The custom page exists for the parent's own plot: it cannot be left empty there.
  if (mode === "custom" && !errors.plotOutline && values.plotOutline.trim().length < FORM_LIMITS.plotOutlineMin) errors.plotOutline = PLOT_REQUIRED;
  const notify = readNotifyEmail(values.notifyEmail);
  if (!notify.ok) errors.notifyEmail = notify.message;
  // An upload id we did not make is dropped quietly by the server; here it only needs to look right.
  for (const key of ["childImage", "childImageCropped"] as const) {
    if (values[key] && !uploadIdSchema.safeParse(values[key]).success) errors.photo ??= "That photo was not recognised. Please add it again.";
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, data: parsed.data, input };
}

/**
 * The errors after the parent changed one control: that control is checked again so its message goes
 * away (or changes) as they type; the other messages stay until the next submit.
 */
export function recheckField(errors: FormErrors, changed: FormField, values: FormValues, mode: FormMode): FormErrors {
  const related: ErrorKey[] = changed === "themeChoice" ? ["themeChoice", "themeOther"] : [changed];
  if (!related.some((k) => errors[k])) return errors;
  const result = validateForm(values, mode);
  const next = { ...errors };
  for (const key of related) {
    const now = result.ok ? undefined : result.errors[key];
    if (now) next[key] = now;
    else delete next[key];
  }
  return next;
}
