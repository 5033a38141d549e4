/**
 * The creation form as the browser holds it: every control's text, exactly as typed, so a failed
 * submit can show it again. Its checks (shared by the browser and the page's action) are in
 * validate.ts, which the browser loads only when the form is first used: the schema library is not
 * part of the page's first JavaScript.
 *
 * Two pages use it: /createstory ("theme": a theme card or a free theme, then description, lesson and
 * special elements) and /customstory ("custom": the parent's own plot outline and a length).
 */
export type FormMode = "theme" | "custom";

/** The theme radio's value for "Something else": the theme is then the typed `themeOther`. */
export const OTHER_THEME = "other";

/** The theme a custom story gets when the parent leaves its theme empty. */
export const CUSTOM_DEFAULT_THEME = "My own story";

export const FORM_FIELDS = [
  "childName",
  "age",
  "gender",
  "authorName",
  "themeChoice",
  "themeOther",
  "storyDescription",
  "moralLesson",
  "specialElements",
  "plotOutline",
  "length",
  "childImage",
  "childImageCropped",
  "photoName",
  "photoHair",
  "photoSkin",
  "photoEyes",
  "artStyle",
  // "E-mail me when it's ready" (a visitor without an account only): not part of the story itself
  "notifyEmail",
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormValues = Record<FormField, string>;

/** Where an error is shown: a form control, or "photo" (the file input), or "form" (the whole form). */
export type ErrorKey = FormField | "photo" | "form";
export type FormErrors = Partial<Record<ErrorKey, string>>;

export const EMPTY_VALUES: FormValues = {
  childName: "",
  age: "",
  gender: "child",
  authorName: "",
  themeChoice: "",
  themeOther: "",
  storyDescription: "",
  moralLesson: "",
  specialElements: "",
  plotOutline: "",
  length: "medium",
  childImage: "",
  childImageCropped: "",
  photoName: "",
  photoHair: "",
  photoSkin: "",
  photoEyes: "",
  artStyle: "",
  notifyEmail: "",
};

/** Reads the text controls of a submitted form; anything missing or a file is an empty string. */
export function readFormValues(form: FormData | URLSearchParams): FormValues {
  const out = { ...EMPTY_VALUES };
  for (const key of FORM_FIELDS) {
    const v = form.get(key);
    if (typeof v === "string") out[key] = v.slice(0, 10_000);
  }
  return out;
}

/** The theme the form stands for: the chosen card's theme, the typed one, or the custom default. */
export function themeOf(values: FormValues, mode: FormMode): string {
  if (mode === "custom") return values.themeOther.trim() || CUSTOM_DEFAULT_THEME;
  return values.themeChoice === OTHER_THEME ? values.themeOther : values.themeChoice;
}

/** The order errors are met in, top to bottom, for moving focus to the first one. */
const ERROR_ORDER: readonly ErrorKey[] = [
  "childName",
  "age",
  "gender",
  "authorName",
  "themeChoice",
  "themeOther",
  "storyDescription",
  "moralLesson",
  "specialElements",
  "plotOutline",
  "length",
  "photo",
  "childImage",
  "childImageCropped",
  "artStyle",
  "notifyEmail",
  "form",
];

export function firstErrorKey(errors: FormErrors): ErrorKey | undefined {
  return ERROR_ORDER.find((k) => errors[k]);
}
