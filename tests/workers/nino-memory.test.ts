import { describe, expect, it } from "vitest";
import { getNinoMemory, saveNinoMemory } from "~/services/db/nino-memory.server";
import type { Owner } from "~/services/db/owner.server";
import { deviceKind, rememberPatch, sessionPatch, skillLevelFor, toMemoryView, writeMemory } from "~/services/nino/memory.server";
import { db, uid } from "./db-helpers";
import { connect, hello, newSessionId, newVisitor, say } from "./nino-helpers";

const NOW = Date.UTC(2026, 2, 3, 17, 30);

describe("Nino's memory seen by the machine", () => {
  it("maps the stored parts to the machine's view", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    const empty = toMemoryView(await getNinoMemory(db, owner));
    expect(empty).toEqual({
      favoriteThemes: [],
      preferredArtStyles: [],
      storiesCreated: 0,
      activitiesCompleted: 0,
      lastInteraction: null,
      siblings: [],
      parents: [],
      pets: [],
    });
    const saved = await saveNinoMemory(db, owner, {
      preferences: { favoriteThemes: ["Space"], preferredArtStyles: ["watercolor"] },
      history: { storiesCreated: 3, activitiesCompleted: 1, lastInteraction: "2026-03-01T08:00:00.000Z" },
      friendship: { personalDetails: { name: "Mia", age: 6, pets: ["Biscuit"] }, familyContext: { siblings: ["Leo"], parents: ["Mum"] } },
    });
    expect(toMemoryView(saved)).toEqual({
      name: "Mia",
      age: 6,
      favoriteThemes: ["Space"],
      preferredArtStyles: ["watercolor"],
      storiesCreated: 3,
      activitiesCompleted: 1,
      lastInteraction: "2026-03-01T08:00:00.000Z",
      siblings: ["Leo"],
      parents: ["Mum"],
      pets: ["Biscuit"],
    });
  });

  it("merges a remember effect: lists without repeats, counts, first story date and skill level", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    const memory = await saveNinoMemory(db, owner, { preferences: { favoriteThemes: ["Space"] }, history: { storiesCreated: 4 } });
    const patch = rememberPatch(memory, { favoriteThemes: ["space", "Ocean"], siblings: ["Leo"], pets: ["Biscuit"], name: "Mia", age: 6, storyCompleted: true }, NOW);
    expect(patch.preferences?.favoriteThemes).toEqual(["Space", "Ocean"]);
    expect(patch.history).toMatchObject({ storiesCreated: 5, firstStoryDate: new Date(NOW).toISOString() });
    expect(patch.learning?.skillLevel).toBe("intermediate");
    expect(patch.friendship?.familyContext).toEqual({ siblings: ["Leo"], parents: [], pets: ["Biscuit"] });
    expect(patch.friendship?.personalDetails).toMatchObject({ name: "Mia", age: 6, family: ["Leo"], pets: ["Biscuit"] });
    expect([0, 4, 5, 9, 10, 30].map(skillLevelFor)).toEqual(["beginner", "beginner", "intermediate", "intermediate", "advanced", "advanced"]);
  });

  it("records sessions and time spent", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    const memory = await getNinoMemory(db, owner);
    const first = sessionPatch(memory, { now: NOW, newSession: true, spentMs: 0 });
    expect(first.preferences?.sessionTimes).toEqual([new Date(NOW).toISOString()]);
    expect(first.history).toMatchObject({ lastInteraction: new Date(NOW).toISOString(), totalTimeSpent: 0 });
    const after = await writeMemory(db, owner, { now: NOW, session: { newSession: true, spentMs: 0 } });
    const later = await writeMemory(db, owner, { now: NOW + 60_000, session: { newSession: false, spentMs: 90_000 } });
    expect(later.preferences.sessionTimes).toEqual(after.preferences.sessionTimes);
    expect(later.history).toMatchObject({ totalTimeSpent: 90_000, averageSessionTime: 90_000, lastInteraction: new Date(NOW + 60_000).toISOString() });
    const again = await writeMemory(db, owner, { now: NOW + 3_600_000, session: { newSession: true, spentMs: 30_000, device: "phone" } });
    expect(again.preferences.sessionTimes).toHaveLength(2);
    expect(again.behavior.deviceUsage).toEqual({ phone: 1 });
    expect(again.history).toMatchObject({ totalTimeSpent: 120_000, averageSessionTime: 60_000 });
  });
});

describe("device kinds", () => {
  it("tells phones, tablets and desktops apart", () => {
    expect(deviceKind("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe("phone");
    expect(deviceKind("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36")).toBe("phone");
    expect(deviceKind("Mozilla/5.0 (Linux; Android 13; SM-X200) Safari/537.36")).toBe("tablet");
    expect(deviceKind("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("tablet");
    expect(deviceKind("Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0")).toBe("desktop");
    expect(deviceKind(null)).toBe("desktop");
  });
});

describe("memory through a conversation", () => {
  it("is written when the child says hello, and read back for the child's next conversation", async () => {
    const { cookie, visitorId } = newVisitor();
    const owner: Owner = { kind: "visitor", visitorId };
    await saveNinoMemory(db, owner, { friendship: { personalDetails: { name: "Ava" } } });
    const client = await connect(cookie, newSessionId());
    const history = await hello(client);
    // no name in hello: the remembered one is used
    expect(history.childName).toBe("Ava");
    await client.next("nino_message");
    await say(client, "a sleepy owl");
    await client.close();
    const memory = await getNinoMemory(db, owner);
    expect(memory.history.lastInteraction).not.toBeNull();
    expect(memory.preferences.sessionTimes).toHaveLength(1);
    expect(memory.behavior.deviceUsage).toEqual({ desktop: 1 });
  });

  it("belongs to the visitor: another visitor's conversation does not see it", async () => {
    const a = newVisitor();
    await saveNinoMemory(db, { kind: "visitor", visitorId: a.visitorId }, { friendship: { personalDetails: { name: "Noor" } } });
    const b = newVisitor();
    const client = await connect(b.cookie, newSessionId());
    const history = await hello(client);
    expect(history.childName).toBe("Friend");
    await client.close();
  });
});
