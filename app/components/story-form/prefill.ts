import { artStyleIdFor, DEFAULT_ART_STYLE } from "~/domain/story/art-styles-ui";
import { fillPlaceholders, type ThemeTemplate } from "~/domain/story/themes";
import { CUSTOM_DEFAULT_THEME, OTHER_THEME, type FormMode, type FormValues } from "./values";

/**
 * A theme template fills in the story details (the moral, special elements and art style,
 * and its plot idea as the description), with `[ChildName]`-style placeholders filled in as the name
 * is typed. A field the parent has written in themselves is theirs: the template never overwrites it.
 */
export const PREFILL_FIELDS = ["storyDescription", "moralLesson", "specialElements", "artStyle"] as const;
export type PrefillField = (typeof PREFILL_FIELDS)[number];
export type Prefill = Record<PrefillField, string>;

/** The template's text with the child's name; without a name, "your child" ("Your child" to begin a sentence). */
export function fillForForm(text: string, childName: string): string {
  const filled = fillPlaceholders(text, childName.trim());
  if (childName.trim()) return filled;
  return filled.replace(/(^|[.!?]\s+)your child/g, "$1Your child");
}

/** What a template puts in the prefillable fields for a name; a free theme puts nothing. */
export function templatePrefill(template: ThemeTemplate | null, childName: string): Prefill {
  if (!template) return { storyDescription: "", moralLesson: "", specialElements: "", artStyle: "" };
  return {
    storyDescription: fillForForm(template.description, childName),
    moralLesson: fillForForm(template.moralLesson, childName),
    specialElements: fillForForm(template.specialElements, childName),
    artStyle: artStyleIdFor(template.artStyle),
  };
}

/** The template a `?theme=` value names: its theme, title or id, in any case. Null when none does. */
export function findTemplate(themes: readonly ThemeTemplate[], value: string | null | undefined): ThemeTemplate | null {
  const v = (value ?? "").trim().toLowerCase();
  if (!v) return null;
  return themes.find((t) => t.theme.toLowerCase() === v) ?? themes.find((t) => t.title.toLowerCase() === v || t.themeId.toLowerCase() === v) ?? null;
}

/** The template behind the theme radio's value (a template's theme), or null for "Something else". */
export function templateForChoice(themes: readonly ThemeTemplate[], themeChoice: string): ThemeTemplate | null {
  if (!themeChoice || themeChoice === OTHER_THEME) return null;
  return themes.find((t) => t.theme === themeChoice) ?? null;
}

/**
 * The theme controls for a `?theme=` value: a known theme selects its card; any other word (a link
 * like ?theme=dinosaurs) selects "Something else" with that word typed in; nothing selects nothing.
 */
export function themeFromParam(themes: readonly ThemeTemplate[], param: string | null | undefined): { themeChoice: string; themeOther: string } {
  const template = findTemplate(themes, param);
  if (template) return { themeChoice: template.theme, themeOther: "" };
  const word = (param ?? "")
    .replace(/[^\p{L}\p{N}' -]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 40);
  if (!word) return { themeChoice: "", themeOther: "" };
  return { themeChoice: OTHER_THEME, themeOther: word.charAt(0).toUpperCase() + word.slice(1) };
}

/** The page's first values for a `?theme=` value: the theme chosen and its template's details filled in. */
export function initialValues(base: FormValues, themes: readonly ThemeTemplate[], param: string | null | undefined): FormValues {
  const theme = themeFromParam(themes, param);
  const template = templateForChoice(themes, theme.themeChoice);
  const prefill = templatePrefill(template, base.childName);
  return { ...base, ...theme, ...prefill, artStyle: prefill.artStyle || base.artStyle };
}

/** Has the parent written this field themselves (it no longer holds what the template would put there)? */
export function isEdited(field: PrefillField, value: string, template: ThemeTemplate | null, childName: string): boolean {
  const expected = templatePrefill(template, childName)[field];
  // Without a template the default style is preselected: nobody has chosen it yet.
  if (field === "artStyle") return value !== "" && value !== (expected || DEFAULT_ART_STYLE);
  return value.trim() !== "" && value !== expected;
}

/** The prefillable fields the parent has written themselves, judged from the current values. */
export function editedFields(values: FormValues, template: ThemeTemplate | null): Set<PrefillField> {
  return new Set(PREFILL_FIELDS.filter((f) => isEdited(f, values[f], template, values.childName)));
}

/**
 * The values after the template or the name changed: every prefillable field the parent has not
 * written themselves takes the template's text for the current name. The art style keeps its value
 * when a free theme has none to offer.
 */
export function refill(values: FormValues, edited: ReadonlySet<PrefillField>, template: ThemeTemplate | null): FormValues {
  const prefill = templatePrefill(template, values.childName);
  const next = { ...values };
  for (const field of PREFILL_FIELDS) {
    if (edited.has(field)) continue;
    if (field === "artStyle" && !prefill.artStyle) continue;
    next[field] = prefill[field];
  }
  return next;
}

/**
 * For a form that was posted without JavaScript: the page was drawn before the name was typed, so an
 * untouched prefilled field still says "your child". Such a field gets the child's name now.
 */
export function refillForName(values: FormValues, template: ThemeTemplate | null): FormValues {
  if (!template || !values.childName.trim()) return values;
  const nameless = templatePrefill(template, "");
  const named = templatePrefill(template, values.childName);
  const next = { ...values };
  for (const field of PREFILL_FIELDS) {
    if (values[field] === nameless[field]) next[field] = named[field];
  }
  return next;
}

/**
 * The first values for a saved child: its name, its age on the day and its gender, and, for another
 * adventure that keeps the last book's world, that book's theme (a theme's details filled in for the
 * name, as a `?theme=` link fills them) and art style.
 */
export function childStart(
  values: FormValues,
  themes: readonly ThemeTemplate[],
  child: { name: string; age: number; gender: string },
  world: { theme: string; artStyle: string | null } | null,
  mode: FormMode,
): FormValues {
  const named = { ...values, childName: child.name, age: String(child.age), gender: child.gender };
  if (!world) return named;
  const artStyle = world.artStyle || named.artStyle;
  if (mode === "custom") return { ...named, themeOther: world.theme === CUSTOM_DEFAULT_THEME ? "" : world.theme, artStyle };
  return { ...initialValues(named, themes, world.theme), artStyle };
}
