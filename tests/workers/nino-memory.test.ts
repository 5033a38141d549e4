import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getNinoMemory, saveNinoMemory } from "~/services/db/nino-memory.server";
import type { Owner } from "~/services/db/owner.server";
import { deviceKind, readMemoryView, recordVisitInD1, rememberInD1, SESSION_GAP_MS } from "~/services/nino/memory.server";
import { conversationName, conversationsOf, CONVERSATION_RETENTION_MS } from "~/services/nino/conversations.server";
import type { NinoSession } from "../../workers/nino-session";
import { db, uid } from "./db-helpers";
import { connect, hello, newSessionId, newVisitor, say } from "./nino-helpers";

const NOW = Date.UTC(2026, 2, 3, 17, 30);

function stubOf(visitorId: string, sessionId: string): DurableObjectStub<NinoSession> {
  const ns = env.NINO_SESSION;
  return ns.get(ns.idFromName(conversationName({ kind: "visitor", visitorId }, sessionId)));
}

describe("Nino's memory in D1", () => {
  it("is read as the machine's view", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    expect(await readMemoryView(db, owner)).toMatchObject({ favoriteThemes: [], storiesCreated: 0, lastInteraction: null, siblings: [] });
    await saveNinoMemory(db, owner, {
      preferences: { favoriteThemes: ["Space"] },
      history: { storiesCreated: 3, lastInteraction: "2026-03-01T08:00:00.000Z" },
      friendship: { personalDetails: { name: "Mia", age: 6 }, familyContext: { siblings: ["Leo"] } },
    });
    expect(await readMemoryView(db, owner)).toMatchObject({
      name: "Mia",
      age: 6,
      favoriteThemes: ["Space"],
      storiesCreated: 3,
      lastInteraction: "2026-03-01T08:00:00.000Z",
      siblings: ["Leo"],
    });
  });

  it("takes a remember patch: counts, favourites, family, the first story's date", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    await saveNinoMemory(db, owner, { preferences: { favoriteThemes: ["Space"] } });
    await rememberInD1(db, owner, { favoriteThemes: ["Ocean"], siblings: ["Leo"], storyCompleted: true }, NOW);
    const memory = await getNinoMemory(db, owner);
    expect(memory.preferences.favoriteThemes).toEqual(["Space", "Ocean"]);
    expect(memory.history).toMatchObject({ storiesCreated: 1, firstStoryDate: new Date(NOW).toISOString() });
    expect(memory.friendship.familyContext.siblings).toEqual(["Leo"]);
  });

  it("records a finished visit: when, how long, on what device", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    await recordVisitInD1(db, owner, { startedAt: NOW, lastActivity: NOW + 90_000, device: "phone" }, 60);
    const memory = await getNinoMemory(db, owner);
    expect(memory.preferences.sessionTimes).toEqual([new Date(NOW).toISOString()]);
    expect(memory.history).toMatchObject({ totalTimeSpent: 90_000, averageSessionTime: 90_000, lastInteraction: new Date(NOW + 90_000).toISOString() });
    expect(memory.behavior.deviceUsage).toEqual({ phone: 1 });
    // 17:30 UTC is 18:30 at UTC+1: evening
    expect(memory.behavior.preferredInteractionTimes).toEqual(["evening"]);
  });

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
  it("names the child from memory, and records the visit once it is over", async () => {
    const { cookie, visitorId } = newVisitor();
    const owner: Owner = { kind: "visitor", visitorId };
    await saveNinoMemory(db, owner, { friendship: { personalDetails: { name: "Ava" } } });
    const sessionId = newSessionId();
    const client = await connect(cookie, sessionId);
    const history = await hello(client, { utcOffsetMinutes: 330 });
    // no name in hello: the remembered one is used
    expect(history.childName).toBe("Ava");
    await client.next("nino_message");
    await say(client, "a sleepy owl");
    await client.close();

    const stub = stubOf(visitorId, sessionId);
    // while the visit may go on, the alarm only moves on
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await getNinoMemory(db, owner)).preferences.sessionTimes).toEqual([]);

    await runInDurableObject(stub, async (_i, state) => {
      const meta = await state.storage.get<{ visit: { startedAt: number; lastActivity: number } }>("meta");
      const back = Date.now() - SESSION_GAP_MS - 60_000;
      await state.storage.put("meta", { ...meta, visit: { ...meta!.visit, startedAt: back - 120_000, lastActivity: back } });
    });
    await runInDurableObject(stub, async (instance) => {
      // the instance reads its storage again
      (instance as unknown as { loaded: boolean }).loaded = false;
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const memory = await getNinoMemory(db, owner);
    expect(memory.preferences.sessionTimes).toHaveLength(1);
    expect(memory.history.totalTimeSpent).toBe(120_000);
    expect(memory.history.lastInteraction).not.toBeNull();
    expect(memory.behavior.deviceUsage).toEqual({ desktop: 1 });
    // recorded once: what is left is the conversation's own 30-day alarm, which is not due yet
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await getNinoMemory(db, owner)).preferences.sessionTimes).toHaveLength(1);
    expect((await stub.stats()).historyLength).toBeGreaterThan(0);
  });

  it("deletes a conversation 30 days after its last message (the privacy policy), keeping the memory", async () => {
    const { cookie, visitorId } = newVisitor();
    const owner: Owner = { kind: "visitor", visitorId };
    const sessionId = newSessionId();
    const client = await connect(cookie, sessionId);
    await hello(client, { childName: "Ava" });
    await client.next("nino_message");
    await say(client, "a sleepy owl");
    await client.close();
    expect(await conversationsOf(db, owner)).toEqual([sessionId]);
    const stub = stubOf(visitorId, sessionId);
    const backdate = async (msAgo: number) => {
      await runInDurableObject(stub, async (instance, state) => {
        const meta = await state.storage.get<Record<string, unknown>>("meta");
        await state.storage.put("meta", { ...meta, visit: null, lastActivity: Date.now() - msAgo });
        (instance as unknown as { loaded: boolean }).loaded = false;
      });
    };
    // 29 days on: kept, the alarm moves to day 30
    await backdate(CONVERSATION_RETENTION_MS - 24 * 3600_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await stub.stats()).historyLength).toBeGreaterThan(0);
    // 30 days and a minute: gone, and off the owner's list
    await backdate(CONVERSATION_RETENTION_MS + 60_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.stats()).toMatchObject({ sessionId: null, historyLength: 0, messageCount: 0 });
    expect(await conversationsOf(db, owner)).toEqual([]);
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    // coming back after that is a new conversation
    const again = await connect(cookie, sessionId);
    expect((await hello(again)).messages).toEqual([]);
    await again.close();
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
