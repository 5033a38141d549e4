import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { getNinoMemory, saveNinoMemory } from "~/services/db/nino-memory.server";
import type { Owner } from "~/services/db/owner.server";
import { db, makeProfile, uid } from "./db-helpers";

describe("Nino memory", () => {
  it("is empty, with every part in its starting state, before Nino has met the owner", async () => {
    const memory = await getNinoMemory(db, { kind: "visitor", visitorId: uid("v") });
    expect(memory).toEqual({
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
      updatedAt: null,
    });
  });

  it("saves the parts it is given and keeps the others", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    await saveNinoMemory(db, owner, { preferences: { favoriteThemes: ["Space"], communicationStyle: "playful" } });
    const saved = await saveNinoMemory(db, owner, { history: { storiesCreated: 2, firstStoryDate: "2025-05-01T18:00:00.000Z" } });
    expect(saved.preferences.favoriteThemes).toEqual(["Space"]);
    expect(saved.preferences.communicationStyle).toBe("playful");
    expect(saved.history.storiesCreated).toBe(2);
    expect(saved.updatedAt).toMatch(/Z$/);
    expect(await getNinoMemory(db, owner)).toEqual(saved);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM nino_memory WHERE visitor_id = ?").bind(owner.visitorId).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("keeps a profile's memory apart from the visitor's", async () => {
    const visitorId = uid("v");
    const { profileId } = await makeProfile();
    await saveNinoMemory(db, { kind: "visitor", visitorId }, { learning: { interests: ["trains"] } });
    await saveNinoMemory(db, { kind: "profile", userProfileId: profileId, visitorId }, { learning: { interests: ["dinosaurs"] } });
    await saveNinoMemory(db, { kind: "profile", userProfileId: profileId }, { behavior: { completionRate: 0.9, engagementLevel: "high" } });
    expect((await getNinoMemory(db, { kind: "visitor", visitorId })).learning.interests).toEqual(["trains"]);
    const mine = await getNinoMemory(db, { kind: "profile", userProfileId: profileId });
    expect(mine.learning.interests).toEqual(["dinosaurs"]);
    expect(mine.behavior.engagementLevel).toBe("high");
  });

  it("caps the emotional history at 10 and milestones at 20, keeping the newest", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    const at = (i: number) => new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString();
    const saved = await saveNinoMemory(db, owner, {
      friendship: {
        emotionalHistory: Array.from({ length: 14 }, (_, i) => ({ mood: `mood ${i}`, at: at(i) })),
        milestones: Array.from({ length: 25 }, (_, i) => ({ title: `Milestone ${i}`, at: at(i) })),
      },
    });
    expect(saved.friendship.emotionalHistory).toHaveLength(10);
    expect(saved.friendship.emotionalHistory[0].mood).toBe("mood 4");
    expect(saved.friendship.milestones).toHaveLength(20);
    expect(saved.friendship.milestones[19].title).toBe("Milestone 24");
  });

  it("refuses to write a part that does not validate", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    await expect(saveNinoMemory(db, owner, { behavior: { completionRate: 1.5 } })).rejects.toBeInstanceOf(ZodError);
    await expect(saveNinoMemory(db, owner, { learning: { skillLevel: "wizard" as never } })).rejects.toBeInstanceOf(ZodError);
    await expect(saveNinoMemory(db, owner, { secrets: {} } as never)).rejects.toBeInstanceOf(ZodError);
    expect((await getNinoMemory(db, owner)).updatedAt).toBeNull();
  });

  it("reads a stored part that no longer validates as its empty state, and keeps the good parts", async () => {
    const visitorId = uid("v");
    await saveNinoMemory(db, { kind: "visitor", visitorId }, { learning: { interests: ["volcanoes"] } });
    await env.DB.prepare(`UPDATE nino_memory SET history = '{"storiesCreated": -3}' WHERE visitor_id = ?`).bind(visitorId).run();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const memory = await getNinoMemory(db, { kind: "visitor", visitorId });
    expect(memory.history.storiesCreated).toBe(0);
    expect(memory.learning.interests).toEqual(["volcanoes"]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"part":"history"'));
    warn.mockRestore();
  });
});
