import { z } from "zod";
import { cleanText, GENDERS, NAME_PATTERN } from "../story/form";
import { ageOn, CHILD_LIMITS, isCalendarDate, PET_ANIMALS, RELATIONS } from "./child";

/**
 * The saved child's rules as schemas: the children pages' action checks a submitted child with
 * `childFormSchema`, and the service reads its JSON columns back with `lookSchema` and
 * `companionsSchema` (a value that does not parse is dropped, never shown half-read).
 */

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** What the illustrator draws: more of the look may join these colours; unknown keys are dropped. */
export const lookSchema = z.object({ hair: hex.optional(), skin: hex.optional(), eyes: hex.optional() });

const personName = (missing: string, max: number) =>
  z
    .string({ error: missing })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(1, missing)
        .max(max, `Please keep the name to ${max} characters or fewer.`)
        .regex(NAME_PATTERN, "A name can hold letters, spaces, apostrophes and hyphens."),
    );

const COMPANION_ID = /^[A-Za-z0-9]{8}$/;

const companionShape = z.object({
  name: personName("Please give this person or pet a name.", CHILD_LIMITS.companionName),
  relation: z.enum(RELATIONS, { error: "Please choose who they are." }),
  animal: z.enum(PET_ANIMALS, { error: "Please choose which animal." }).optional(),
});

/** A pet names its animal, and only a pet keeps one. */
const petRule = { message: "Please choose which animal.", path: ["animal"] };
const hasAnimal = (c: { relation: string; animal?: string }) => c.relation !== "pet" || c.animal !== undefined;
const onlyPetsAnimal = <C extends { relation: string; animal?: string }>({ animal, ...c }: C) => (c.relation === "pet" ? { ...c, animal } : c);

/** A companion as the editor posts it: a new one has no id yet. */
const postedCompanion = companionShape
  .extend({ id: z.union([z.string().regex(COMPANION_ID), z.literal("")]).optional() })
  .refine(hasAnimal, petRule)
  .transform(onlyPetsAnimal);

const storedCompanion = companionShape
  .extend({ id: z.string().regex(COMPANION_ID) })
  .refine(hasAnimal, petRule)
  .transform(onlyPetsAnimal);

const tooMany = `Up to ${CHILD_LIMITS.companions} family members, friends and pets.`;

/** The companions as stored with the child (each with its id). */
export const companionsSchema = z.array(storedCompanion).max(CHILD_LIMITS.companions, tooMany);

/** A child as the editor posts it, checked on `today` (YYYY-MM-DD): the birthday is 0 to 12 years ago. */
export function childFormSchema(today: string) {
  return z.object({
    name: personName("Please tell us the child's first name.", CHILD_LIMITS.name),
    birthday: z
      .string({ error: "Please give the child's birthday." })
      .trim()
      .min(1, "Please give the child's birthday.")
      .refine(isCalendarDate, "Please give the birthday as a date, for example 2019-06-01.")
      .refine((b) => b <= today, "A birthday can't be in the future.")
      .refine((b) => ageOn(b, today) <= CHILD_LIMITS.oldest, `A saved child is ${CHILD_LIMITS.oldest} or younger: born within the last 13 years.`),
    gender: z.enum(GENDERS, { error: "Please choose girl, boy or just 'child'." }),
    likes: z
      .string()
      .transform(cleanText)
      .pipe(z.string().max(CHILD_LIMITS.likes, `Please keep the likes to ${CHILD_LIMITS.likes} characters or fewer.`)),
    companions: z.array(postedCompanion).max(CHILD_LIMITS.companions, tooMany),
  });
}

export type ChildForm = z.output<ReturnType<typeof childFormSchema>>;
