import { describe, expect, it } from "vitest";
import { applyToParts, applyToView, emptyParts, memoryViewFromParts, mergeList, recordSession, rememberPatch, type MemoryParts } from "~/domain/nino/memory";
import { emptyMemory, greet, respond } from "~/domain/nino/machine";
import { ninoBehaviorSchema, ninoFriendshipSchema, ninoHistorySchema, ninoLearningSchema, ninoPreferencesSchema } from "~/services/db/nino-memory.server";
import { deps, last, T0, talk } from "./nino-helpers";

/** Parts as the repository parses them must be what the domain mapping reads, and the other way round. */
function validParts(parts: MemoryParts): void {
  ninoPreferencesSchema.parse(parts.preferences);
  ninoHistorySchema.parse(parts.history);
  ninoLearningSchema.parse(parts.learning);
  ninoBehaviorSchema.parse(parts.behavior);
  ninoFriendshipSchema.parse(parts.friendship);
}

describe("memory parts ↔ view", () => {
  it("the empty parts are the repository's empty parts and read as an empty memory", () => {
    const repoEmpty = {
      preferences: ninoPreferencesSchema.parse({}),
      history: ninoHistorySchema.parse({}),
      learning: ninoLearningSchema.parse({}),
      behavior: ninoBehaviorSchema.parse({}),
      friendship: ninoFriendshipSchema.parse({}),
    };
    expect(emptyParts()).toEqual(repoEmpty);
    expect(memoryViewFromParts(repoEmpty)).toEqual(emptyMemory());
  });

  it("a finished story: counts, first story date, favourites, skill, completion and engagement, milestone", () => {
    const at = T0;
    let parts = emptyParts();
    parts = applyToParts(parts, { storyCompleted: true, favoriteThemes: ["Space"], preferredArtStyles: ["watercolor"], milestone: "First Story" }, at);
    validParts(parts);
    expect(parts.history).toMatchObject({ storiesCreated: 1, firstStoryDate: new Date(at).toISOString() });
    expect(parts.preferences.favoriteThemes).toEqual(["Space"]);
    expect(parts.learning.interests).toEqual(["Space"]);
    expect(parts.friendship.milestones).toEqual([{ title: "First Story", at: new Date(at).toISOString() }]);
    expect(parts.behavior.completionRate).toBeCloseTo(0.25);
    // four more stories: intermediate, first story date kept
    for (let i = 0; i < 4; i++) parts = applyToParts(parts, { storyCompleted: true, favoriteThemes: ["Space"] }, at + i + 1);
    expect(parts.learning.skillLevel).toBe("intermediate");
    expect(parts.history.firstStoryDate).toBe(new Date(at).toISOString());
    expect(parts.preferences.favoriteThemes).toEqual(["Space"]);
    for (let i = 0; i < 5; i++) parts = applyToParts(parts, { storyCompleted: true }, at);
    expect(parts.learning.skillLevel).toBe("advanced");
    expect(parts.behavior.engagementLevel).toBe("high");
    parts = applyToParts(parts, { storyAbandoned: true }, at);
    expect(parts.behavior.completionRate).toBeLessThan(0.95);
    validParts(parts);
  });

  it("activity scores move the skill between strengths and growth areas", () => {
    let parts = applyToParts(emptyParts(), { activityCompleted: true, activityScore: { activity: "memory-game", score: 33 } }, T0);
    expect(parts.learning).toMatchObject({ strengths: [], areasForGrowth: ["Remembering"] });
    expect(parts.history.activitiesCompleted).toBe(1);
    parts = applyToParts(parts, { activityCompleted: true, activityScore: { activity: "memory-game", score: 100 } }, T0);
    expect(parts.learning).toMatchObject({ strengths: ["Remembering"], areasForGrowth: [] });
    parts = applyToParts(parts, { activityCompleted: true, activityScore: { activity: "memory-game", score: 67 } }, T0);
    expect(parts.learning).toMatchObject({ strengths: [], areasForGrowth: [] });
  });

  it("the child's details, family and pets, and feelings shared", () => {
    const parts = applyToParts(
      emptyParts(),
      { name: "Noor", age: 6, siblings: ["Mia"], parents: ["Mum"], pets: ["Biscuit the dog"], mood: { mood: "sad", comfortActivities: ["calm story"] } },
      T0,
    );
    validParts(parts);
    expect(parts.friendship.personalDetails).toMatchObject({ name: "Noor", age: 6, family: ["Mia", "Mum"], pets: ["Biscuit the dog"] });
    expect(parts.friendship.familyContext).toEqual({ siblings: ["Mia"], parents: ["Mum"], pets: ["Biscuit the dog"] });
    expect(parts.friendship.emotionalHistory).toEqual([{ mood: "sad", triggers: [], comfortActivities: ["calm story"], at: new Date(T0).toISOString() }]);
    const view = memoryViewFromParts(parts);
    expect(view).toMatchObject({ name: "Noor", age: 6, siblings: ["Mia"], parents: ["Mum"], pets: ["Biscuit the dog"] });
  });

  it("caps: lists at 50, feelings at 10, milestones at 20", () => {
    let parts = emptyParts();
    for (let i = 0; i < 70; i++)
      parts = applyToParts(parts, { pets: [`Pet${i} the cat`], mood: { mood: "sad", comfortActivities: [] }, milestone: `M${i}` }, T0 + i);
    expect(parts.friendship.familyContext.pets).toHaveLength(50);
    expect(parts.friendship.familyContext.pets.at(-1)).toBe("Pet69 the cat");
    expect(parts.friendship.emotionalHistory).toHaveLength(10);
    expect(parts.friendship.milestones).toHaveLength(20);
    validParts(parts);
  });

  it("the view follows the same patch as the parts", () => {
    const patch = { storyCompleted: true, favoriteThemes: ["Ocean"], pets: ["Tiddles the cat"], lastInteraction: new Date(T0).toISOString() };
    const fromParts = memoryViewFromParts(applyToParts(emptyParts(), patch, T0));
    expect(applyToView(emptyMemory(), patch)).toEqual(fromParts);
  });

  it("folds a transition's remember effects into one patch", () => {
    expect(rememberPatch([])).toBeNull();
    expect(
      rememberPatch([
        { type: "remember", patch: { pets: ["A"], storyCompleted: true } },
        { type: "voice_end", message: "x" },
        { type: "remember", patch: { pets: ["B"], name: "Sam" } },
      ]),
    ).toEqual({ pets: ["A", "B"], storyCompleted: true, name: "Sam" });
  });

  it("mergeList: no duplicates (any case), most recent last", () => {
    expect(mergeList(["Space", "Ocean"], ["space", "Animals"])).toEqual(["Ocean", "space", "Animals"]);
  });

  it("records sessions: times, preferred times of day, durations, device", () => {
    let parts = emptyParts();
    const morning = Date.parse("2026-03-02T08:00:00Z");
    parts = recordSession(parts, { startedAt: morning, endedAt: morning + 60_000, device: "phone" });
    parts = recordSession(parts, { startedAt: morning + 86_400_000, endedAt: morning + 86_400_000 + 180_000, device: "phone" });
    parts = recordSession(parts, { startedAt: Date.parse("2026-03-04T19:00:00Z"), endedAt: Date.parse("2026-03-04T19:02:00Z"), device: "tablet" });
    validParts(parts);
    expect(parts.preferences.sessionTimes).toHaveLength(3);
    expect(parts.behavior.preferredInteractionTimes).toEqual(["morning", "evening"]);
    expect(parts.history.totalTimeSpent).toBe(360_000);
    expect(parts.history.averageSessionTime).toBe(120_000);
    expect(parts.behavior.deviceUsage).toEqual({ phone: 2, tablet: 1 });
    expect(parts.history.lastInteraction).toBe("2026-03-04T19:02:00.000Z");
  });
});

describe("memory shapes the conversation", () => {
  it("a story completed in conversation, applied to memory, is greeted next time and recommended away from", () => {
    const turns = talk(["yes", "Pip", "5", "a cave", "space", "Pip flies", "kindness", "cartoon", "yes"]);
    const patch = rememberPatch(last(turns).effects);
    if (!patch) throw new Error("no memory patch");
    const view = memoryViewFromParts(applyToParts(emptyParts(), { ...patch, lastInteraction: new Date(T0).toISOString() }, T0));
    expect(view.storiesCreated).toBe(1);
    const later = T0 + 2 * 86_400_000;
    const g = greet(last(turns).state, deps({ now: later }, view));
    expect(g.reply.content).toMatch(/^Welcome back, Mia!/);
    expect(g.state.storyStep).toBe("greeting");
    // the theme question recommends a theme not used yet
    let t = respond(g.state, { text: "yes" }, deps({ now: later }, view));
    for (const text of ["Bo", "6", "a forest"]) t = respond(t.state, { text }, deps({ now: later }, view));
    expect(t.state.storyStep).toBe("theme");
    expect(t.reply.content).toMatch(/You haven't tried an? (adventure|friendship|fantasy|animals|ocean) story yet!/);
    expect(t.reply.suggestions?.[0]).toMatch(/Space journey/);
  });

  it("a remembered pet is echoed when choosing the hero and in comfort", () => {
    const d = deps({}, { ...emptyMemory(), pets: ["Biscuit the dog"] });
    const turns = talk(["yes"], d);
    expect(last(turns).reply.content).toContain("Maybe Biscuit the dog could be in it too!");
    const sad = talk(["I'm sad", "school was hard"], d);
    expect(last(sad).reply.content).toContain("A cuddle with Biscuit the dog might help too.");
  });
});
