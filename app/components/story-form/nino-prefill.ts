import { z } from "zod";
import type { StoryData } from "~/domain/nino/types";
import { artStyleIdFor } from "~/domain/story/art-styles-ui";
import { FORM_LIMITS } from "~/domain/story/form";
import type { ThemeTemplate } from "~/domain/story/themes";
import { initialValues } from "./prefill";
import type { FormValues } from "./values";

/**
 * The hand-off from Nino to the creation form: the story data a conversation collected
 * travels in the /createstory link with a from-Nino flag, so the page arrives prefilled on the server
 * (and works before JavaScript loads, and survives a reload).
 */
export const FROM_NINO_PARAM = "from";
export const FROM_NINO_VALUE = "nino";

/** The query names of the story data (short, readable in the address bar). */
const KEYS = {
  characterName: "name",
  characterAge: "age",
  setting: "setting",
  theme: "theme",
  plot: "plot",
  moral: "moral",
  artStyle: "style",
} as const satisfies Record<keyof StoryData, string>;

const text = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, " ").trim().slice(0, max))
    .optional()
    .catch(undefined);

const handoffSchema = z.object({
  characterName: text(FORM_LIMITS.childName),
  characterAge: z.coerce.number().int().min(0).max(120).optional().catch(undefined),
  setting: text(300),
  theme: text(FORM_LIMITS.theme),
  plot: text(700),
  moral: text(FORM_LIMITS.moralLesson),
  artStyle: text(60),
});
export type NinoHandoff = z.output<typeof handoffSchema>;

/** The /createstory link carrying what Nino collected (empty parts are left out). */
export function ninoHandoffUrl(data: Partial<StoryData>): string {
  const params = new URLSearchParams({ [FROM_NINO_PARAM]: FROM_NINO_VALUE });
  for (const [field, key] of Object.entries(KEYS) as [keyof StoryData, string][]) {
    const v = data[field];
    if (v === undefined || v === null) continue;
    const s = String(v).trim();
    if (s) params.set(key, s);
  }
  return `/createstory?${params.toString()}`;
}

/** What a link from Nino carries, or null when the link is not from Nino. Never throws. */
export function readNinoHandoff(params: URLSearchParams): NinoHandoff | null {
  if (params.get(FROM_NINO_PARAM) !== FROM_NINO_VALUE) return null;
  const raw: Record<string, string | undefined> = {};
  for (const [field, key] of Object.entries(KEYS)) raw[field] = params.get(key) ?? undefined;
  return handoffSchema.parse(raw);
}

/** Where and what: the setting and the plot together make the story's description. */
export function describeStory(setting: string | undefined, plot: string | undefined): string {
  const where = (setting ?? "").replace(/[.!?\s]+$/, "");
  const what = (plot ?? "").trim();
  if (where && what) return `The story takes place in ${where.replace(/^(in|at|on)\s+/i, "")}. ${capitalise(what)}`.slice(0, FORM_LIMITS.storyDescription);
  if (where) return `The story takes place in ${where.replace(/^(in|at|on)\s+/i, "")}.`;
  return capitalise(what).slice(0, FORM_LIMITS.storyDescription);
}

/**
 * The form's first values for a hand-off: the name and age, the matching theme (a known theme selects
 * its card and brings its special elements; another word becomes "Something else"), the setting and
 * plot as the description, the moral as the lesson, and the matching art style.
 */
export function ninoValues(base: FormValues, themes: readonly ThemeTemplate[], data: NinoHandoff): FormValues {
  const values = initialValues({ ...base, childName: data.characterName ?? base.childName }, themes, data.theme);
  const age = data.characterAge;
  const description = describeStory(data.setting, data.plot);
  return {
    ...values,
    childName: data.characterName ?? values.childName,
    age: age !== undefined && age >= FORM_LIMITS.ageMin && age <= FORM_LIMITS.ageMax ? String(age) : values.age,
    storyDescription: description || values.storyDescription,
    moralLesson: data.moral || values.moralLesson,
    artStyle: data.artStyle ? artStyleIdFor(data.artStyle) : values.artStyle,
  };
}

function capitalise(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}
