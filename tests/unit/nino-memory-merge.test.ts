import { describe, expect, it } from "vitest";
import { emptyParts, type MemoryParts } from "~/domain/nino/memory";
import { foldMemory } from "~/domain/nino/memory-merge";
import { ninoBehaviorSchema, ninoFriendshipSchema, ninoHistorySchema, ninoLearningSchema, ninoPreferencesSchema } from "~/services/db/nino-memory.server";

// A sign-in folds a browser's memory of the family into the account's (app/domain/nino/memory-merge.ts).

function parts(change: (p: MemoryParts) => void): MemoryParts {
  const p = emptyParts();
  change(p);
  return p;
}

const account = parts((p) => {
  p.friendship.personalDetails = { ...p.friendship.personalDetails, name: "Mia", age: 6, pets: ["Luna"], favoriteThings: ["kites"] };
  p.friendship.familyContext.siblings = ["Sam"];
  p.friendship.emotionalHistory = [{ mood: "happy", triggers: [], comfortActivities: [], at: "2026-01-02T10:00:00.000Z" }];
  p.preferences = { ...p.preferences, favoriteThemes: ["Space"], communicationStyle: "playful", sessionTimes: ["2026-01-02T10:00:00.000Z"] };
  p.history = {
    ...p.history,
    storiesCreated: 4,
    lastInteraction: "2026-01-02T10:30:00.000Z",
    totalTimeSpent: 600_000,
    firstStoryDate: "2026-01-01T09:00:00.000Z",
  };
  p.behavior = { ...p.behavior, deviceUsage: { tablet: 2 }, preferredInteractionTimes: ["morning"], completionRate: 1 };
});

const browser = parts((p) => {
  p.friendship.personalDetails = { ...p.friendship.personalDetails, name: "Leo", pets: ["Biscuit", "luna"], dreams: ["to fly"] };
  p.friendship.emotionalHistory = [{ mood: "sad", triggers: [], comfortActivities: [], at: "2026-01-01T18:00:00.000Z" }];
  p.preferences = { ...p.preferences, favoriteThemes: ["Ocean", "space"], communicationStyle: "wise", sessionTimes: ["2026-01-01T18:00:00.000Z"] };
  p.history = {
    ...p.history,
    storiesCreated: 1,
    lastInteraction: "2026-01-03T08:00:00.000Z",
    totalTimeSpent: 200_000,
    firstStoryDate: "2025-12-30T09:00:00.000Z",
  };
  p.behavior = { ...p.behavior, deviceUsage: { phone: 1, tablet: 1 }, preferredInteractionTimes: ["evening"], completionRate: 0 };
});

describe("folding a browser's memory into the account's", () => {
  const merged = foldMemory(account, browser);

  it("keeps who the child is and how Nino speaks as the account knows them", () => {
    expect(merged.friendship.personalDetails.name).toBe("Mia");
    expect(merged.friendship.personalDetails.age).toBe(6);
    expect(merged.preferences.communicationStyle).toBe("playful");
  });

  it("fills in what the account does not know", () => {
    const named = foldMemory(emptyParts(), browser);
    expect(named.friendship.personalDetails.name).toBe("Leo");
    expect(foldMemory(emptyParts(), emptyParts())).toEqual(emptyParts());
  });

  it("joins lists without repeats, the browser's items as the most recent", () => {
    expect(merged.friendship.personalDetails.pets).toEqual(["Biscuit", "luna"]);
    expect(merged.preferences.favoriteThemes).toEqual(["Ocean", "space"]);
    expect(merged.friendship.personalDetails.dreams).toEqual(["to fly"]);
    expect(merged.friendship.familyContext.siblings).toEqual(["Sam"]);
  });

  it("adds up counts and time, and works the levels out again", () => {
    expect(merged.history.storiesCreated).toBe(5);
    expect(merged.learning.skillLevel).toBe("intermediate");
    expect(merged.history.totalTimeSpent).toBe(800_000);
    expect(merged.history.averageSessionTime).toBe(400_000);
    expect(merged.history.lastInteraction).toBe("2026-01-03T08:00:00.000Z");
    expect(merged.history.firstStoryDate).toBe("2025-12-30T09:00:00.000Z");
    expect(merged.behavior.deviceUsage).toEqual({ tablet: 3, phone: 1 });
    expect(merged.behavior.completionRate).toBeCloseTo(0.8);
    expect(merged.behavior.engagementLevel).toBe("medium");
    expect(merged.behavior.preferredInteractionTimes).toEqual(["morning", "evening"]);
  });

  it("keeps dated entries in time order within their caps", () => {
    expect(merged.friendship.emotionalHistory.map((e) => e.mood)).toEqual(["sad", "happy"]);
    expect(merged.preferences.sessionTimes).toEqual(["2026-01-01T18:00:00.000Z", "2026-01-02T10:00:00.000Z"]);
    const many = parts((p) => {
      p.friendship.emotionalHistory = Array.from({ length: 10 }, (_, i) => ({
        mood: `m${i}`,
        triggers: [],
        comfortActivities: [],
        at: `2026-02-0${i}T00:00:00.000Z`,
      }));
    });
    const capped = foldMemory(many, browser);
    // the browser's entry is the oldest of eleven: it is the one the cap of ten leaves out
    expect(capped.friendship.emotionalHistory.map((e) => e.mood)).toEqual(["m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9"]);
  });

  it("gives parts the repository accepts", () => {
    ninoPreferencesSchema.parse(merged.preferences);
    ninoHistorySchema.parse(merged.history);
    ninoLearningSchema.parse(merged.learning);
    ninoBehaviorSchema.parse(merged.behavior);
    ninoFriendshipSchema.parse(merged.friendship);
  });
});
