import { MEMORY_LIST_CAP, mergeList, type MemoryParts } from "./memory";
import { engagementLevel, skillLevel } from "./rules";
import { NINO_LIMITS } from "./types";

const MOOD_CAP = NINO_LIMITS.emotionalHistoryCap;
const MILESTONE_CAP = NINO_LIMITS.specialMomentsCap;
/** the repository keeps this many session times, like the list cap */
const SESSION_TIMES_CAP = MEMORY_LIST_CAP;

const byTime = <T extends { at: string }>(a: T, b: T) => a.at.localeCompare(b.at);
const earliest = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));
const latest = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** Entries of both lists, oldest first, without exact repeats, the newest `cap` kept. */
function mergeTimed<T extends { at: string }>(a: readonly T[], b: readonly T[], cap: number): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of [...a, ...b].sort(byTime)) {
    const key = JSON.stringify(item);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out.slice(-cap);
}

/**
 * Nino's memory of a family when a sign-in brings a browser's memory to an account that already has
 * one: the account's memory is kept and the browser's is folded into it. Who the child is (name,
 * age) and how Nino speaks stay as the account knows them, and the browser's fill in only what the
 * account does not know; lists are joined without repeats, the browser's items counted as the most
 * recent (they are from the browser in use now); counts and time add up; dated entries (feelings,
 * milestones, session times) are joined in time order within their caps; levels are worked out again
 * from the joined numbers. Folding the same memory in twice gives the same result as once, except for
 * the counts, which is why a claim folds a browser's memory once and deletes it in the same batch.
 */
export function foldMemory(kept: MemoryParts, folded: MemoryParts): MemoryParts {
  const k = kept;
  const f = folded;
  const storiesCreated = k.history.storiesCreated + f.history.storiesCreated;
  const activitiesCompleted = k.history.activitiesCompleted + f.history.activitiesCompleted;
  const sessionTimes = [...new Set([...k.preferences.sessionTimes, ...f.preferences.sessionTimes])].sort().slice(-SESSION_TIMES_CAP);
  const totalTimeSpent = k.history.totalTimeSpent + f.history.totalTimeSpent;
  // the completion rate of each, weighted by how much each has finished
  const weightK = k.history.storiesCreated + k.history.activitiesCompleted;
  const weightF = f.history.storiesCreated + f.history.activitiesCompleted;
  const completionRate =
    weightK + weightF === 0 ? k.behavior.completionRate : (k.behavior.completionRate * weightK + f.behavior.completionRate * weightF) / (weightK + weightF);
  const deviceUsage = { ...k.behavior.deviceUsage };
  for (const [device, n] of Object.entries(f.behavior.deviceUsage)) deviceUsage[device] = (deviceUsage[device] ?? 0) + n;
  const kd = k.friendship.personalDetails;
  const fd = f.friendship.personalDetails;
  const name = kd.name ?? fd.name;
  const age = kd.age ?? fd.age;

  return {
    preferences: {
      favoriteThemes: mergeList(k.preferences.favoriteThemes, f.preferences.favoriteThemes),
      preferredArtStyles: mergeList(k.preferences.preferredArtStyles, f.preferences.preferredArtStyles),
      interactionPatterns: mergeList(k.preferences.interactionPatterns, f.preferences.interactionPatterns),
      sessionTimes,
      communicationStyle: k.preferences.communicationStyle,
    },
    history: {
      storiesCreated,
      activitiesCompleted,
      lastInteraction: latest(k.history.lastInteraction, f.history.lastInteraction),
      totalTimeSpent,
      averageSessionTime: sessionTimes.length > 0 ? Math.round(totalTimeSpent / sessionTimes.length) : 0,
      firstStoryDate: earliest(k.history.firstStoryDate, f.history.firstStoryDate),
    },
    learning: {
      skillLevel: skillLevel(storiesCreated),
      interests: mergeList(k.learning.interests, f.learning.interests),
      learningGoals: mergeList(k.learning.learningGoals, f.learning.learningGoals),
      strengths: mergeList(k.learning.strengths, f.learning.strengths),
      areasForGrowth: mergeList(k.learning.areasForGrowth, f.learning.areasForGrowth),
    },
    behavior: {
      deviceUsage,
      preferredInteractionTimes: [...new Set([...k.behavior.preferredInteractionTimes, ...f.behavior.preferredInteractionTimes])].slice(0, 3),
      engagementLevel: engagementLevel(completionRate),
      completionRate,
    },
    friendship: {
      personalDetails: {
        ...(name ? { name } : {}),
        ...(age !== undefined ? { age } : {}),
        family: mergeList(kd.family, fd.family),
        pets: mergeList(kd.pets, fd.pets),
        favoriteThings: mergeList(kd.favoriteThings, fd.favoriteThings),
        fears: mergeList(kd.fears, fd.fears),
        dreams: mergeList(kd.dreams, fd.dreams),
      },
      emotionalHistory: mergeTimed(k.friendship.emotionalHistory, f.friendship.emotionalHistory, MOOD_CAP),
      milestones: mergeTimed(k.friendship.milestones, f.friendship.milestones, MILESTONE_CAP),
      familyContext: {
        siblings: mergeList(k.friendship.familyContext.siblings, f.friendship.familyContext.siblings),
        parents: mergeList(k.friendship.familyContext.parents, f.friendship.familyContext.parents),
        pets: mergeList(k.friendship.familyContext.pets, f.friendship.familyContext.pets),
      },
    },
  };
}
