import type { MemoryView, NinoEffect } from "~/domain/nino/machine";
import type { Db } from "~/services/db/client.server";
import { getNinoMemory, saveNinoMemory, type NinoMemory, type NinoMemoryPatch } from "~/services/db/nino-memory.server";
import type { Owner } from "~/services/db/owner.server";

/**
 * Nino's memory of a child (D1, one row per visitor or profile) seen through the machine's
 * MemoryView, and the machine's `remember` effects and the session's facts written back.
 */

export type RememberPatch = Extract<NinoEffect, { type: "remember" }>["patch"];

/** The part of the memory the conversation machine reads. */
export function toMemoryView(memory: NinoMemory): MemoryView {
  const details = memory.friendship.personalDetails;
  const family = memory.friendship.familyContext;
  return {
    ...(details.name ? { name: details.name } : {}),
    ...(details.age !== undefined ? { age: details.age } : {}),
    favoriteThemes: memory.preferences.favoriteThemes,
    preferredArtStyles: memory.preferences.preferredArtStyles,
    storiesCreated: memory.history.storiesCreated,
    activitiesCompleted: memory.history.activitiesCompleted,
    lastInteraction: memory.history.lastInteraction,
    siblings: family.siblings,
    parents: family.parents,
    pets: family.pets.length > 0 ? family.pets : details.pets,
  };
}

const LIST_MAX = 50;
/** `current` plus the new entries not already there (case-insensitive), the newest kept. */
function union(current: string[], added: string[] | undefined): string[] {
  const out = [...current];
  for (const raw of added ?? []) {
    const item = raw.trim().slice(0, 200);
    if (item && !out.some((x) => x.toLowerCase() === item.toLowerCase())) out.push(item);
  }
  return out.slice(-LIST_MAX);
}

/** Skill level by stories made (spec point 4): intermediate at 5, advanced at 10. */
export function skillLevelFor(storiesCreated: number): "beginner" | "intermediate" | "advanced" {
  if (storiesCreated >= 10) return "advanced";
  if (storiesCreated >= 5) return "intermediate";
  return "beginner";
}

const isoAt = (now: number) => new Date(now).toISOString();

/** The D1 patch for one `remember` effect, merged into what is stored. */
export function rememberPatch(memory: NinoMemory, patch: RememberPatch, now: number): NinoMemoryPatch {
  const history = { ...memory.history };
  if (patch.storyCompleted) {
    history.storiesCreated += 1;
    history.firstStoryDate ??= isoAt(now);
  }
  if (patch.activityCompleted) history.activitiesCompleted += 1;
  if (patch.storiesCreated !== undefined) history.storiesCreated = Math.max(history.storiesCreated, patch.storiesCreated);
  if (patch.activitiesCompleted !== undefined) history.activitiesCompleted = Math.max(history.activitiesCompleted, patch.activitiesCompleted);
  if (patch.lastInteraction) history.lastInteraction = patch.lastInteraction;

  const friendship = memory.friendship;
  const details = { ...friendship.personalDetails };
  if (patch.name?.trim()) details.name = patch.name.trim().slice(0, 200);
  if (patch.age !== undefined && Number.isInteger(patch.age) && patch.age >= 0 && patch.age <= 17) details.age = patch.age;
  details.pets = union(details.pets, patch.pets);
  details.family = union(details.family, [...(patch.siblings ?? []), ...(patch.parents ?? [])]);
  const familyContext = {
    siblings: union(friendship.familyContext.siblings, patch.siblings),
    parents: union(friendship.familyContext.parents, patch.parents),
    pets: union(friendship.familyContext.pets, patch.pets),
  };
  return {
    preferences: {
      ...memory.preferences,
      favoriteThemes: union(memory.preferences.favoriteThemes, patch.favoriteThemes),
      preferredArtStyles: union(memory.preferences.preferredArtStyles, patch.preferredArtStyles),
    },
    history,
    learning: { ...memory.learning, skillLevel: skillLevelFor(history.storiesCreated) },
    friendship: { ...friendship, personalDetails: details, familyContext },
  };
}

/** The kind of device a User-Agent belongs to (behavior.deviceUsage). */
export function deviceKind(userAgent: string | null | undefined): "phone" | "tablet" | "desktop" {
  const ua = userAgent ?? "";
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(ua)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(ua)) return "phone";
  return "desktop";
}

/** A visit that starts this long after the last activity counts as a new session. */
export const SESSION_GAP_MS = 30 * 60 * 1000;

/**
 * The session facts (spec point 3, history and preferences): when a session starts its time is
 * added to sessionTimes and lastInteraction moves to now; time spent talking is added to
 * totalTimeSpent and averageSessionTime follows (over the sessions still listed, at most 50); a new
 * session counts once for its kind of device.
 */
export function sessionPatch(memory: NinoMemory, facts: { now: number; newSession: boolean; spentMs: number; device?: string }): NinoMemoryPatch {
  const sessionTimes = facts.newSession ? [...memory.preferences.sessionTimes, isoAt(facts.now)] : memory.preferences.sessionTimes;
  const totalTimeSpent = memory.history.totalTimeSpent + Math.max(0, facts.spentMs);
  const sessions = Math.max(1, sessionTimes.length);
  const deviceUsage = { ...memory.behavior.deviceUsage };
  if (facts.newSession && facts.device) deviceUsage[facts.device] = (deviceUsage[facts.device] ?? 0) + 1;
  return {
    preferences: { ...memory.preferences, sessionTimes },
    behavior: { ...memory.behavior, deviceUsage },
    history: {
      ...memory.history,
      lastInteraction: isoAt(facts.now),
      totalTimeSpent,
      averageSessionTime: Math.round(totalTimeSpent / sessions),
    },
  };
}

/** Reads the owner's memory. */
export function readMemory(db: Db, owner: Owner): Promise<NinoMemory> {
  return getNinoMemory(db, owner);
}

/** Applies `remember` effects and session facts in one read and one write; returns the new memory. */
export async function writeMemory(
  db: Db,
  owner: Owner,
  changes: { remember?: RememberPatch[]; session?: { newSession: boolean; spentMs: number; device?: string }; now: number },
): Promise<NinoMemory> {
  let memory = await getNinoMemory(db, owner);
  let patch: NinoMemoryPatch = {};
  for (const r of changes.remember ?? []) {
    patch = { ...patch, ...rememberPatch(memory, r, changes.now) };
    memory = { ...memory, ...(patch as Partial<NinoMemory>) } as NinoMemory;
  }
  if (changes.session) {
    patch = { ...patch, ...sessionPatch(memory, { now: changes.now, ...changes.session }) };
  }
  if (Object.keys(patch).length === 0) return memory;
  return saveNinoMemory(db, owner, patch);
}
