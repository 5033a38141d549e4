import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "./client.server";
import { parseJsonText } from "./json.server";
import { log } from "../log.server";
import { checkedOwner, ownedBy, ownerColumns, type Owner } from "./owner.server";
import { ninoMemory } from "./schema/index";

// Nino's memory, one JSON column per part. Every part parses from "{}" into its
// empty state, so a new row, an old row missing a newer field and a fresh visitor all read the same.

const shortText = z.string().trim().min(1).max(200);
const list = z.array(shortText).max(50).default([]);
const iso = z.iso.datetime({ offset: false });
const count = z.number().int().min(0).default(0);
const ms = z.number().min(0).default(0);
/** keep the newest `n` entries (e.g. 10 for the emotional history, 20 for milestones) */
const capped = <T extends z.ZodType>(item: T, n: number) =>
  z
    .array(item)
    .default([])
    .transform((a) => a.slice(-n));

export const ninoPreferencesSchema = z.object({
  favoriteThemes: list,
  preferredArtStyles: list,
  interactionPatterns: list,
  /** when sessions happen, e.g. ISO timestamps or "morning" */
  sessionTimes: capped(z.string().max(40), 50),
  communicationStyle: z.enum(["gentle", "excited", "wise", "playful", "curious"]).default("gentle"),
});

export const ninoHistorySchema = z.object({
  storiesCreated: count,
  activitiesCompleted: count,
  lastInteraction: iso.nullable().default(null),
  /** milliseconds */
  totalTimeSpent: ms,
  /** milliseconds */
  averageSessionTime: ms,
  firstStoryDate: iso.nullable().default(null),
});

export const ninoLearningSchema = z.object({
  /** beginner; intermediate at 5 stories; advanced at 10 */
  skillLevel: z.enum(["beginner", "intermediate", "advanced"]).default("beginner"),
  interests: list,
  learningGoals: list,
  strengths: list,
  areasForGrowth: list,
});

export const ninoBehaviorSchema = z.object({
  /** sessions per device kind, e.g. { phone: 3, tablet: 1 } */
  deviceUsage: z.record(z.string().max(40), z.number().int().min(0)).default({}),
  preferredInteractionTimes: z
    .array(z.enum(["morning", "afternoon", "evening"]))
    .max(3)
    .default([]),
  engagementLevel: z.enum(["low", "medium", "high"]).default("low"),
  /** 0 to 1 */
  completionRate: z.number().min(0).max(1).default(0),
});

const moodEntrySchema = z.object({
  mood: shortText,
  triggers: list,
  comfortActivities: list,
  at: iso,
});

const milestoneSchema = z.object({
  title: shortText,
  description: z.string().max(500).optional(),
  at: iso,
});

export const ninoFriendshipSchema = z.object({
  personalDetails: z
    .object({
      name: shortText.optional(),
      age: z.number().int().min(0).max(17).optional(),
      family: list,
      pets: list,
      favoriteThings: list,
      fears: list,
      dreams: list,
    })
    .prefault({}),
  emotionalHistory: capped(moodEntrySchema, 10),
  milestones: capped(milestoneSchema, 20),
  familyContext: z.object({ siblings: list, parents: list, pets: list }).prefault({}),
});

const PARTS = {
  preferences: ninoPreferencesSchema,
  history: ninoHistorySchema,
  learning: ninoLearningSchema,
  behavior: ninoBehaviorSchema,
  friendship: ninoFriendshipSchema,
} as const;
type Part = keyof typeof PARTS;
const PART_NAMES = Object.keys(PARTS) as Part[];

export type NinoMemoryParts = { [K in Part]: z.output<(typeof PARTS)[K]> };
export type NinoMemoryPatch = { [K in Part]?: z.input<(typeof PARTS)[K]> };
export interface NinoMemory extends NinoMemoryParts {
  /** null when Nino has not met this owner yet */
  updatedAt: string | null;
}

export const ninoMemoryPatchSchema = z
  .object({
    preferences: ninoPreferencesSchema.optional(),
    history: ninoHistorySchema.optional(),
    learning: ninoLearningSchema.optional(),
    behavior: ninoBehaviorSchema.optional(),
    friendship: ninoFriendshipSchema.optional(),
  })
  .strict();

function emptyParts(): NinoMemoryParts {
  return {
    preferences: ninoPreferencesSchema.parse({}),
    history: ninoHistorySchema.parse({}),
    learning: ninoLearningSchema.parse({}),
    behavior: ninoBehaviorSchema.parse({}),
    friendship: ninoFriendshipSchema.parse({}),
  };
}

/** Reads one stored part; a part that no longer parses is reset to its empty state, with a warning. */
function readPart<K extends Part>(part: K, text: string): NinoMemoryParts[K] {
  const parsed = PARTS[part].safeParse(parseJsonText(text));
  if (parsed.success) return parsed.data as NinoMemoryParts[K];
  log.warn("nino_memory part did not validate, using its empty state", { part, issues: parsed.error.issues.length });
  return PARTS[part].parse({}) as NinoMemoryParts[K];
}

/** Nino's memory of an owner; the empty memory (updatedAt null) when there is none yet. */
export async function getNinoMemory(db: Db, owner: Owner): Promise<NinoMemory> {
  const [row] = await db.select().from(ninoMemory).where(ownedBy(ninoMemory, owner)).limit(1);
  if (!row) return { ...emptyParts(), updatedAt: null };
  const parts = Object.fromEntries(PART_NAMES.map((p) => [p, readPart(p, row[p])])) as NinoMemoryParts;
  return { ...parts, updatedAt: row.updatedAt };
}

/**
 * Writes the given parts (each validated; the others stay as they are) and returns the whole memory.
 * Creates the row on first write.
 */
export async function saveNinoMemory(db: Db, owner: Owner, patch: NinoMemoryPatch): Promise<NinoMemory> {
  const o = checkedOwner(owner);
  const valid = ninoMemoryPatchSchema.parse(patch);
  const values: Partial<Record<Part, string>> = {};
  for (const p of PART_NAMES) {
    if (valid[p] !== undefined) values[p] = JSON.stringify(valid[p]);
  }
  const updatedAt = new Date().toISOString();
  const conflict =
    o.kind === "profile"
      ? { target: ninoMemory.userProfileId, targetWhere: sql`user_profile_id IS NOT NULL` }
      : { target: ninoMemory.visitorId, targetWhere: sql`user_profile_id IS NULL` };
  await db
    .insert(ninoMemory)
    .values({ ...ownerColumns(o), ...values, updatedAt })
    .onConflictDoUpdate({ ...conflict, set: { ...values, updatedAt } });
  return getNinoMemory(db, o);
}
