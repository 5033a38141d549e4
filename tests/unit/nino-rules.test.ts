import { describe, expect, it } from "vitest";
import {
  achievements,
  applyMood,
  engagementLevel,
  LEARNING_ACTIVITIES,
  localHour,
  MOOD_EFFECTS,
  newAchievements,
  nextCompletionRate,
  recommendations,
  returnKind,
  scoreInsights,
  skillLevel,
  STORY_IDEAS,
  storyIdeas,
  timeOfDay,
} from "~/domain/nino/rules";
import { EMOTIONS, type Emotion } from "~/domain/nino/types";
import { seeded } from "./nino-helpers";

describe("mood effects", () => {
  // [emotion, comfort shift, engagement shift]; an emotion shifts only the values listed for it here, a 0 means it leaves that value alone
  const TABLE: [Emotion, number, number][] = [
    ["happy", 0.1, 0.1],
    ["excited", 0.05, 0.15],
    ["sad", -0.1, -0.05],
    ["scared", -0.15, 0],
    ["angry", -0.1, 0],
    ["curious", 0.05, 0.1],
    ["playful", 0, 0.1],
    ["tired", 0, -0.1],
    ["neutral", 0, 0],
    ["gentle", 0, 0],
    ["wise", 0, 0],
    ["thoughtful", 0, 0],
  ];
  it("covers every emotion", () => {
    expect(TABLE.map((r) => r[0]).sort()).toEqual([...EMOTIONS].sort());
  });
  it.each(TABLE)("%s shifts comfort by %d and engagement by %d from 0.5", (emotion, comfort, engagement) => {
    expect(MOOD_EFFECTS[emotion]).toEqual({ comfort, engagement });
    const after = applyMood({ comfortLevel: 0.5, engagementLevel: 0.5 }, emotion);
    expect(after.comfortLevel).toBeCloseTo(0.5 + comfort, 10);
    expect(after.engagementLevel).toBeCloseTo(0.5 + engagement, 10);
  });
  it.each(TABLE)("%s clamps to 0-1 at both ends", (emotion) => {
    let high = { comfortLevel: 1, engagementLevel: 1 };
    let low = { comfortLevel: 0, engagementLevel: 0 };
    for (let i = 0; i < 30; i++) {
      high = applyMood(high, emotion);
      low = applyMood(low, emotion);
    }
    for (const v of [high.comfortLevel, high.engagementLevel, low.comfortLevel, low.engagementLevel]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    if (MOOD_EFFECTS[emotion].comfort > 0) expect(low.comfortLevel).toBe(1);
    if (MOOD_EFFECTS[emotion].comfort < 0) expect(high.comfortLevel).toBe(0);
  });
  it("neutral changes nothing", () => {
    expect(applyMood({ comfortLevel: 0.37, engagementLevel: 0.91 }, "neutral")).toEqual({ comfortLevel: 0.37, engagementLevel: 0.91 });
  });
});

describe("skill and engagement", () => {
  it.each([
    [0, "beginner"],
    [4, "beginner"],
    [5, "intermediate"],
    [9, "intermediate"],
    [10, "advanced"],
    [50, "advanced"],
  ] as const)("%i stories → %s", (n, level) => expect(skillLevel(n)).toBe(level));
  it.each([
    [0, "low"],
    [0.5, "low"],
    [0.51, "medium"],
    [0.8, "medium"],
    [0.81, "high"],
    [1, "high"],
  ] as const)("completion rate %d → %s", (rate, level) => expect(engagementLevel(rate)).toBe(level));
  it("the completion rate rises with finished stories and falls with dropped ones, within 0-1", () => {
    let r = 0;
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) seen.push((r = nextCompletionRate(r, true)));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(engagementLevel(r)).toBe("high");
    expect(nextCompletionRate(r, false)).toBeLessThan(r);
    expect(nextCompletionRate(1, true)).toBe(1);
    expect(nextCompletionRate(0, false)).toBe(0);
  });
});

describe("achievements", () => {
  const ids = (stories: number, activities: number, rate: number) =>
    achievements({ storiesCreated: stories, activitiesCompleted: activities, completionRate: rate }).map((a) => a.title);
  it.each([
    [0, 0, 0, []],
    [1, 0, 0, ["First Story"]],
    [4, 0, 0, ["First Story"]],
    [5, 0, 0, ["First Story", "Story Creator"]],
    [10, 0, 0, ["First Story", "Story Creator", "Master Storyteller"]],
    [0, 4, 0, []],
    [0, 5, 0, ["Learning Explorer"]],
    [9, 5, 0, ["First Story", "Story Creator", "Learning Explorer"]],
    [10, 5, 0, ["First Story", "Story Creator", "Master Storyteller", "Learning Explorer", "Advanced Learner"]],
    [2, 0, 0.9, ["First Story"]],
    [3, 0, 0.8, ["First Story"]],
    [3, 0, 0.81, ["First Story", "Engaged Creator"]],
  ] as const)("%i stories, %i activities, rate %d → %j", (s, a, r, expected) => expect(ids(s, a, r)).toEqual(expected));
  it("reports only the newly earned ones", () => {
    expect(
      newAchievements({ storiesCreated: 4, activitiesCompleted: 0, completionRate: 0 }, { storiesCreated: 5, activitiesCompleted: 0, completionRate: 0 }).map(
        (a) => a.title,
      ),
    ).toEqual(["Story Creator"]);
    expect(
      newAchievements({ storiesCreated: 5, activitiesCompleted: 0, completionRate: 0 }, { storiesCreated: 6, activitiesCompleted: 0, completionRate: 0 }),
    ).toEqual([]);
  });
});

describe("time of day and greetings", () => {
  it.each([
    [0, "morning"],
    [11, "morning"],
    [12, "afternoon"],
    [16, "afternoon"],
    [17, "evening"],
    [23, "evening"],
  ] as const)("hour %i → %s", (h, tod) => expect(timeOfDay(h)).toBe(tod));
  it("reads the local hour with a UTC offset", () => {
    const t = Date.parse("2026-03-02T11:30:00Z");
    expect(localHour(t)).toBe(11);
    expect(localHour(t, 60)).toBe(12);
    expect(localHour(t, -300)).toBe(6);
  });
  const H = 3_600_000;
  const now = Date.parse("2026-03-02T10:00:00Z");
  it.each([
    [null, "first"],
    ["not a date", "first"],
    [new Date(now - 24 * H - 1).toISOString(), "welcome_back"],
    [new Date(now - 24 * H).toISOString(), "hi_again"],
    [new Date(now - H - 1).toISOString(), "hi_again"],
    [new Date(now - H).toISOString(), "recent"],
    [new Date(now - 60_000).toISOString(), "recent"],
  ] as const)("last interaction %s → %s", (lastAt, kind) => expect(returnKind(lastAt, now)).toBe(kind));
});

describe("story ideas", () => {
  it("has the six ideas with id, icon, label, description and theme", () => {
    expect(STORY_IDEAS.map((i) => i.id)).toEqual(["adventure", "friendship", "magic", "animals", "space", "underwater"]);
    for (const i of STORY_IDEAS) for (const k of ["icon", "label", "description", "theme"] as const) expect(i[k].length).toBeGreaterThan(0);
  });
  it("shows four distinct ideas, varying with the random source", () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const ideas = storyIdeas(seeded(seed));
      expect(ideas).toHaveLength(4);
      expect(new Set(ideas.map((i) => i.id)).size).toBe(4);
      seen.add(ideas.map((i) => i.id).join(","));
    }
    expect(seen.size).toBeGreaterThan(10);
  });
  it("puts a favourite theme's idea first", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const ideas = storyIdeas(seeded(seed), ["Space"]);
      expect(ideas[0].id).toBe("space");
      expect(new Set(ideas.map((i) => i.id)).size).toBe(4);
    }
  });
});

describe("learning activities", () => {
  it.each([
    ["find-hidden", 5],
    ["draw-picture", 10],
    ["memory-game", 8],
  ] as const)("%s takes %i minutes and is fully described", (id, minutes) => {
    const a = LEARNING_ACTIVITIES.find((x) => x.id === id);
    expect(a?.estimatedTime).toBe(minutes);
    expect(a?.type).toBe(id);
    for (const k of ["title", "description", "instructions", "difficulty", "skill"] as const) expect(a?.[k].length).toBeGreaterThan(0);
    expect(a?.rewards.length).toBeGreaterThan(0);
  });
  it.each([
    [[{ activity: "memory-game", score: 81 }], ["Remembering"], []],
    [[{ activity: "memory-game", score: 80 }], [], []],
    [[{ activity: "memory-game", score: 60 }], [], []],
    [[{ activity: "memory-game", score: 59 }], [], ["Remembering"]],
    [
      [
        { activity: "find-hidden", score: 100 },
        { activity: "draw-picture", score: 33 },
      ],
      ["Noticing clues"],
      ["Following steps"],
    ],
    [
      [
        { activity: "memory-game", score: 20 },
        { activity: "memory-game", score: 90 },
      ],
      ["Remembering"],
      [],
    ],
  ] as const)("scores %j → strengths %j, growth %j", (scores, strengths, growth) => {
    expect(scoreInsights(scores)).toEqual({ strengths, areasForGrowth: growth });
  });
});

describe("recommendations", () => {
  it("three unused themes and three art styles", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = recommendations({ favoriteThemes: ["Space", "ocean"], preferredArtStyles: [] }, seeded(seed));
      expect(r.themes).toHaveLength(3);
      expect(new Set(r.themes).size).toBe(3);
      for (const t of r.themes) expect(["Space", "Ocean"]).not.toContain(t);
      expect(r.artStyles).toHaveLength(3);
      expect(new Set(r.artStyles).size).toBe(3);
    }
  });
  it("preferred art styles first (by id or label), then new ones", () => {
    const r = recommendations({ favoriteThemes: [], preferredArtStyles: ["Watercolour", "crayon"] }, seeded(3));
    expect(r.artStyles.slice(0, 2)).toEqual(["watercolor", "crayon"]);
    expect(r.artStyles).toHaveLength(3);
  });
  it("tops up with used themes once fewer than three are new", () => {
    const r = recommendations({ favoriteThemes: ["Space", "Ocean", "Animals", "Fantasy", "Adventure"], preferredArtStyles: [] }, seeded(2));
    expect(r.themes[0]).toBe("Friendship");
    expect(r.themes).toHaveLength(3);
  });
});
