import { FORM_LIMITS } from "../story/form-limits";

/**
 * A parent's saved child: the words, limits and choices of the children pages and of the story form
 * that starts from one, and the rules that turn a child into a book's hero (the age on the day, the
 * companions and likes the writer is given). No schema library here: the browser reads these.
 */

export const CHILD_LIMITS = {
  /** saved children per parent */
  perParent: 10,
  name: 40,
  likes: 200,
  companions: 8,
  companionName: 40,
  /** the oldest a saved child can be, in whole years (the story form's own top age) */
  oldest: FORM_LIMITS.ageMax,
} as const;

/** What a parent with the most children there can be is told. */
export const CHILDREN_FULL = `You have saved ${CHILD_LIMITS.perParent} children, the most there can be. Delete one to save another.`;

/** Who a companion is to the child. A pet also names its animal. */
export const RELATIONS = [
  "sister",
  "brother",
  "baby sister",
  "baby brother",
  "mum",
  "dad",
  "grandma",
  "grandpa",
  "aunt",
  "uncle",
  "cousin",
  "friend",
  "pet",
] as const;
export type Relation = (typeof RELATIONS)[number];

export const PET_ANIMALS = ["dog", "cat", "rabbit", "guinea pig", "hamster", "fish", "bird", "tortoise", "horse", "pony"] as const;
export type PetAnimal = (typeof PET_ANIMALS)[number];

/** A family member, friend or pet who may appear in the child's books; `id` names it within the child. */
export interface Companion {
  id: string;
  name: string;
  relation: Relation;
  animal?: PetAnimal;
}

/**
 * What the illustrator draws of the child: today the hair, skin and eye colours read from the
 * photo in the browser (hex). Kept as one JSON value so more of the look can join it.
 */
export interface ChildLook {
  hair?: string;
  skin?: string;
  eyes?: string;
}

/** A saved child among the story form's choices. */
export interface ChildChoice {
  id: string;
  name: string;
  /** "7 years old" */
  age: string;
}

/** The saved child a story form starts from: what it fills in, and the companions to tick. */
export interface ChosenChild {
  id: string;
  name: string;
  /** the age on the day, within the story form's ages */
  age: number;
  gender: "girl" | "boy" | "child";
  /** whether a photo is saved (the book gets a copy; the browser never holds it) */
  photo: boolean;
  likes: string;
  companions: { id: string; name: string; label: string }[];
  /** the companions ticked at first */
  ticked: string[];
}

/** "Baby sister", "Pet dog": how a companion's relation reads on a page. */
export function relationLabel(relation: Relation, animal?: PetAnimal): string {
  const words = relation === "pet" ? `pet ${animal ?? "animal"}` : relation;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The companion as the story brief carries it: a pet's relation names its animal ("pet dog"). */
export function briefCompanion(c: Pick<Companion, "name" | "relation" | "animal">): { name: string; relation: string } {
  return { name: c.name, relation: c.relation === "pet" ? `pet ${c.animal ?? "animal"}` : c.relation };
}

/** The likes as a list: "dinosaurs, football" is two. */
export function likesList(likes: string): string[] {
  return likes
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 8);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date `iso` (YYYY-MM-DD) names, as [year, month 1–12, day], or null when it names none. */
function dateParts(iso: string): [number, number, number] | null {
  const m = DATE.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? [y, mo, d] : null;
}

export const isCalendarDate = (iso: string): boolean => dateParts(iso) !== null;

/** Today's date (UTC) as YYYY-MM-DD, for a moment in milliseconds. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Whole years from the birthday to `today` (both YYYY-MM-DD): a child born 2019-06-01 is 7 on
 * 2026-12-02. A 29 February birthday comes round on 1 March in other years. NaN for a date that
 * is not one.
 */
export function ageOn(birthday: string, today: string): number {
  const b = dateParts(birthday);
  const t = dateParts(today);
  if (!b || !t) return Number.NaN;
  const before = t[1] < b[1] || (t[1] === b[1] && t[2] < b[2]);
  return t[0] - b[0] - (before ? 1 : 0);
}

/** The age a book is made for: the age on the day, within the story form's 1 to 12. */
export function bookAge(birthday: string, today: string): number {
  const age = ageOn(birthday, today);
  return Math.min(FORM_LIMITS.ageMax, Math.max(FORM_LIMITS.ageMin, Number.isNaN(age) ? FORM_LIMITS.ageMin : age));
}

/** The earliest birthday a saved child can have on `today`: the day after the one 13 years before. */
export function earliestBirthday(today: string): string {
  const t = dateParts(today);
  if (!t) return today;
  const thirteenYearsBefore = new Date(Date.UTC(t[0] - (CHILD_LIMITS.oldest + 1), t[1] - 1, t[2]));
  return dayOf(thirteenYearsBefore.getTime() + 24 * 60 * 60 * 1000);
}

/** "7 years old", "1 year old", "Under 1". */
export function ageText(age: number): string {
  if (!Number.isFinite(age) || age < 1) return "Under 1";
  return age === 1 ? "1 year old" : `${age} years old`;
}
