import type { MemoryView, NinoEffect, RememberPatch } from "./machine";
import { engagementLevel, nextCompletionRate, scoreInsights, skillLevel, timeOfDay, localHour, type ActivityType, type TimeOfDay } from "./rules";
import { NINO_LIMITS } from "./types";

/**
 * Memory rules (Nino's memory per child): how the machine's `remember` effects change a
 * child's memory, the view the machine reads, and the pure mapping to and from the five stored parts
 * (preferences, history, learning, behavior, friendship) that
 * app/services/db/nino-memory.server.ts keeps in D1. The types below mirror the repository's parsed
 * parts, so its `NinoMemoryParts` can be passed in as is.
 */

export interface MemoryParts {
  preferences: {
    favoriteThemes: string[];
    preferredArtStyles: string[];
    interactionPatterns: string[];
    sessionTimes: string[];
    communicationStyle: "gentle" | "excited" | "wise" | "playful" | "curious";
  };
  history: {
    storiesCreated: number;
    activitiesCompleted: number;
    lastInteraction: string | null;
    totalTimeSpent: number;
    averageSessionTime: number;
    firstStoryDate: string | null;
  };
  learning: {
    skillLevel: "beginner" | "intermediate" | "advanced";
    interests: string[];
    learningGoals: string[];
    strengths: string[];
    areasForGrowth: string[];
  };
  behavior: {
    deviceUsage: Record<string, number>;
    preferredInteractionTimes: ("morning" | "afternoon" | "evening")[];
    engagementLevel: "low" | "medium" | "high";
    completionRate: number;
  };
  friendship: {
    personalDetails: {
      name?: string;
      age?: number;
      family: string[];
      pets: string[];
      favoriteThings: string[];
      fears: string[];
      dreams: string[];
    };
    emotionalHistory: { mood: string; triggers: string[]; comfortActivities: string[]; at: string }[];
    milestones: { title: string; description?: string; at: string }[];
    familyContext: { siblings: string[]; parents: string[]; pets: string[] };
  };
}

/** Longest list the repository accepts (50) and its caps for mood entries (10) and milestones (20). */
export const MEMORY_LIST_CAP = 50;
const MOOD_CAP = NINO_LIMITS.emotionalHistoryCap;
const MILESTONE_CAP = NINO_LIMITS.specialMomentsCap;
const SESSION_TIMES_CAP = 50;

export function emptyParts(): MemoryParts {
  return {
    preferences: { favoriteThemes: [], preferredArtStyles: [], interactionPatterns: [], sessionTimes: [], communicationStyle: "gentle" },
    history: { storiesCreated: 0, activitiesCompleted: 0, lastInteraction: null, totalTimeSpent: 0, averageSessionTime: 0, firstStoryDate: null },
    learning: { skillLevel: "beginner", interests: [], learningGoals: [], strengths: [], areasForGrowth: [] },
    behavior: { deviceUsage: {}, preferredInteractionTimes: [], engagementLevel: "low", completionRate: 0 },
    friendship: {
      personalDetails: { family: [], pets: [], favoriteThings: [], fears: [], dreams: [] },
      emotionalHistory: [],
      milestones: [],
      familyContext: { siblings: [], parents: [], pets: [] },
    },
  };
}

/** Adds items to a list without duplicates (case-insensitive), most recent last, capped. */
export function mergeList(list: readonly string[], items: readonly string[] | undefined, cap = MEMORY_LIST_CAP): string[] {
  const out = [...list];
  for (const raw of items ?? []) {
    const item = raw.trim().slice(0, 200);
    if (!item) continue;
    const at = out.findIndex((x) => x.toLowerCase() === item.toLowerCase());
    if (at >= 0) out.splice(at, 1);
    out.push(item);
  }
  return out.slice(-cap);
}

/** The view the machine reads, from the stored parts. */
export function memoryViewFromParts(parts: MemoryParts): MemoryView {
  const f = parts.friendship;
  const view: MemoryView = {
    favoriteThemes: [...parts.preferences.favoriteThemes],
    preferredArtStyles: [...parts.preferences.preferredArtStyles],
    storiesCreated: parts.history.storiesCreated,
    activitiesCompleted: parts.history.activitiesCompleted,
    lastInteraction: parts.history.lastInteraction,
    siblings: [...f.familyContext.siblings],
    parents: [...f.familyContext.parents],
    pets: mergeList(f.familyContext.pets, f.personalDetails.pets),
    completionRate: parts.behavior.completionRate,
  };
  if (f.personalDetails.name) view.name = f.personalDetails.name;
  if (f.personalDetails.age !== undefined) view.age = f.personalDetails.age;
  return view;
}

/** The view after a remember patch (the conversation keeps its view current without reading D1 again). */
export function applyToView(view: MemoryView, patch: RememberPatch): MemoryView {
  const rate = view.completionRate ?? 0;
  const completionRate =
    patch.storyCompleted || patch.activityCompleted ? nextCompletionRate(rate, true) : patch.storyAbandoned ? nextCompletionRate(rate, false) : rate;
  return {
    ...view,
    ...(patch.name ? { name: patch.name } : {}),
    ...(patch.age !== undefined ? { age: patch.age } : {}),
    favoriteThemes: mergeList(view.favoriteThemes, patch.favoriteThemes),
    preferredArtStyles: mergeList(view.preferredArtStyles, patch.preferredArtStyles),
    storiesCreated: view.storiesCreated + (patch.storyCompleted ? 1 : 0),
    activitiesCompleted: view.activitiesCompleted + (patch.activityCompleted ? 1 : 0),
    lastInteraction: patch.lastInteraction ?? view.lastInteraction,
    siblings: mergeList(view.siblings, patch.siblings),
    parents: mergeList(view.parents, patch.parents),
    pets: mergeList(view.pets, patch.pets),
    completionRate,
  };
}

/** Every remember effect of a transition folded into one patch (flags OR-ed, lists joined). */
export function rememberPatch(effects: readonly NinoEffect[]): RememberPatch | null {
  const patches = effects.flatMap((e) => (e.type === "remember" ? [e.patch] : []));
  if (patches.length === 0) return null;
  return patches.reduce<RememberPatch>((acc, p) => {
    const out: RememberPatch = { ...acc, ...p };
    for (const k of ["favoriteThemes", "preferredArtStyles", "siblings", "parents", "pets"] as const) {
      if (acc[k] || p[k]) out[k] = mergeList(acc[k] ?? [], p[k]);
    }
    for (const k of ["storyCompleted", "activityCompleted", "storyAbandoned"] as const) {
      if (acc[k] || p[k]) out[k] = true;
    }
    return out;
  }, {});
}

/**
 * The stored parts after a remember patch at `now`: counts, the first story's date, favourites, the
 * child's details and family, skill level (from stories), completion rate and engagement, strengths
 * and growth areas (from the activity's score), feelings shared and milestones. Parts the patch does
 * not touch come back unchanged.
 */
export function applyToParts(parts: MemoryParts, patch: RememberPatch, now: number): MemoryParts {
  const at = new Date(now).toISOString();
  const storiesCreated = parts.history.storiesCreated + (patch.storyCompleted ? 1 : 0);
  const activitiesCompleted = parts.history.activitiesCompleted + (patch.activityCompleted ? 1 : 0);
  const completionRate =
    patch.storyCompleted || patch.activityCompleted
      ? nextCompletionRate(parts.behavior.completionRate, true)
      : patch.storyAbandoned
        ? nextCompletionRate(parts.behavior.completionRate, false)
        : parts.behavior.completionRate;

  let strengths = parts.learning.strengths;
  let areasForGrowth = parts.learning.areasForGrowth;
  if (patch.activityScore) {
    const insight = scoreInsights([patch.activityScore]);
    const skill = insight.strengths[0] ?? insight.areasForGrowth[0] ?? activitySkill(patch.activityScore.activity);
    strengths = strengths.filter((x) => x !== skill);
    areasForGrowth = areasForGrowth.filter((x) => x !== skill);
    strengths = mergeList(strengths, insight.strengths);
    areasForGrowth = mergeList(areasForGrowth, insight.areasForGrowth);
  }

  const f = parts.friendship;
  const emotionalHistory = patch.mood
    ? [...f.emotionalHistory, { mood: patch.mood.mood, triggers: [], comfortActivities: patch.mood.comfortActivities.slice(0, MEMORY_LIST_CAP), at }].slice(
        -MOOD_CAP,
      )
    : f.emotionalHistory;
  const milestones = patch.milestone ? [...f.milestones, { title: patch.milestone, at }].slice(-MILESTONE_CAP) : f.milestones;

  return {
    preferences: {
      ...parts.preferences,
      favoriteThemes: mergeList(parts.preferences.favoriteThemes, patch.favoriteThemes),
      preferredArtStyles: mergeList(parts.preferences.preferredArtStyles, patch.preferredArtStyles),
    },
    history: {
      ...parts.history,
      storiesCreated,
      activitiesCompleted,
      lastInteraction: patch.lastInteraction ?? parts.history.lastInteraction,
      firstStoryDate: parts.history.firstStoryDate ?? (patch.storyCompleted ? at : null),
    },
    learning: {
      ...parts.learning,
      skillLevel: skillLevel(storiesCreated),
      interests: mergeList(parts.learning.interests, patch.favoriteThemes),
      strengths,
      areasForGrowth,
    },
    behavior: { ...parts.behavior, completionRate, engagementLevel: engagementLevel(completionRate) },
    friendship: {
      personalDetails: {
        ...f.personalDetails,
        ...(patch.name ? { name: patch.name } : {}),
        ...(patch.age !== undefined && patch.age >= 0 && patch.age <= 17 ? { age: patch.age } : {}),
        family: mergeList(f.personalDetails.family, [...(patch.siblings ?? []), ...(patch.parents ?? [])]),
        pets: mergeList(f.personalDetails.pets, patch.pets),
      },
      emotionalHistory,
      milestones,
      familyContext: {
        siblings: mergeList(f.familyContext.siblings, patch.siblings),
        parents: mergeList(f.familyContext.parents, patch.parents),
        pets: mergeList(f.familyContext.pets, patch.pets),
      },
    },
  };
}

function activitySkill(activity: ActivityType): string {
  return scoreInsights([{ activity, score: 100 }]).strengths[0];
}

/**
 * A finished session in the parts: when it happened (session times, the three most frequent times of
 * day), how long (total and average), and the device kind. `sessions` counts earlier sessions: the
 * average is over all of them.
 */
export function recordSession(parts: MemoryParts, session: { startedAt: number; endedAt: number; device?: string; utcOffsetMinutes?: number }): MemoryParts {
  const ms = Math.max(0, session.endedAt - session.startedAt);
  const sessionTimes = [...parts.preferences.sessionTimes, new Date(session.startedAt).toISOString()].slice(-SESSION_TIMES_CAP);
  const counts = new Map<TimeOfDay, number>();
  for (const t of sessionTimes) {
    const tod = timeOfDay(localHour(Date.parse(t), session.utcOffsetMinutes ?? 0));
    counts.set(tod, (counts.get(tod) ?? 0) + 1);
  }
  const preferredInteractionTimes = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
  const totalTimeSpent = parts.history.totalTimeSpent + ms;
  const device = (session.device ?? "").trim().slice(0, 40);
  return {
    ...parts,
    preferences: { ...parts.preferences, sessionTimes },
    history: {
      ...parts.history,
      totalTimeSpent,
      averageSessionTime: Math.round(totalTimeSpent / sessionTimes.length),
      lastInteraction: new Date(session.endedAt).toISOString(),
    },
    behavior: {
      ...parts.behavior,
      preferredInteractionTimes,
      deviceUsage: device ? { ...parts.behavior.deviceUsage, [device]: (parts.behavior.deviceUsage[device] ?? 0) + 1 } : parts.behavior.deviceUsage,
    },
  };
}
