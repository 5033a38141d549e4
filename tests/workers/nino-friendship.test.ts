import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getNinoMemory, saveNinoMemory } from "~/services/db/nino-memory.server";
import { conversationsOf, conversationStub } from "~/services/nino/conversations.server";
import { randomId } from "~/domain/ids";
import { db } from "./db-helpers";
import { connect, hello, newSessionId, say } from "./nino-helpers";

// /nino-friendship: the page reads the visitor's Nino memory from D1 and "Forget everything" clears it.

function asVisitor(visitorId: string) {
  return (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", `sn_vid=${visitorId}`);
    return SELF.fetch(`https://example.com${path}`, { ...init, headers });
  };
}

describe("/nino-friendship", () => {
  it("says Nino has not met a new visitor", async () => {
    const res = await asVisitor(randomId(32))("/nino-friendship");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Nino hasn&#x27;t met your family yet");
  });

  it("shows what Nino remembers about this visitor only, and forgets it on request", async () => {
    const visitorId = randomId(32);
    const other = randomId(32);
    await saveNinoMemory(
      db,
      { kind: "visitor", visitorId },
      {
        friendship: { personalDetails: { name: "Mia", age: 6, pets: ["Biscuit the dog"], favoriteThings: ["dinosaurs"] } },
        preferences: { favoriteThemes: ["Space"] },
        history: { storiesCreated: 2 },
      },
    );
    await saveNinoMemory(db, { kind: "visitor", visitorId: other }, { friendship: { personalDetails: { name: "Leo" } } });

    const page = await (await asVisitor(visitorId)("/nino-friendship")).text();
    expect(page).toContain("What Nino remembers about Mia");
    for (const text of ["Biscuit the dog", "dinosaurs", "Space"]) expect(page).toContain(text);
    expect(page).not.toContain("Leo");

    const form = new URLSearchParams({ intent: "forget" });
    const res = await asVisitor(visitorId)("/nino-friendship?index", {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Nino has forgotten everything");
    expect((await getNinoMemory(db, { kind: "visitor", visitorId })).updatedAt).toBeNull();
    // Another family's memory is untouched.
    expect((await getNinoMemory(db, { kind: "visitor", visitorId: other })).friendship.personalDetails.name).toBe("Leo");
  });

  it("Forget everything also wipes every conversation word for word, closes open tabs, and leaves other families alone", async () => {
    const visitorId = randomId(32);
    const other = randomId(32);
    const owner = { kind: "visitor", visitorId } as const;
    const sessions = [newSessionId(), newSessionId()];
    const tabs = [];
    for (const sessionId of sessions) {
      const tab = await connect(`sn_vid=${visitorId}`, sessionId);
      await hello(tab, { childName: "Mia", age: 6 });
      await tab.next("nino_message");
      await say(tab, "Luna the brave fox");
      tabs.push(tab);
    }
    const theirSession = newSessionId();
    const theirs = await connect(`sn_vid=${other}`, theirSession);
    await hello(theirs, { childName: "Leo" });
    await theirs.next("nino_message");
    await say(theirs, "Rex the dinosaur");
    expect((await conversationsOf(db, owner)).sort()).toEqual([...sessions].sort());
    // no memory row yet (nothing to remember), but there is talk to forget: the button shows
    const before = await (await asVisitor(visitorId)("/nino-friendship")).text();
    expect(before).toContain("Yes, forget everything");

    const closed = tabs.map((tab) => new Promise<number>((resolve) => tab.ws.addEventListener("close", (e) => resolve(e.code))));
    const res = await asVisitor(visitorId)("/nino-friendship?index", {
      method: "POST",
      body: new URLSearchParams({ intent: "forget" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(await Promise.all(closed)).toEqual([4001, 4001]);
    expect(await conversationsOf(db, owner)).toEqual([]);
    for (const sessionId of sessions) {
      const stats = await conversationStub(env.NINO_SESSION, owner, sessionId).stats();
      expect(stats).toMatchObject({ sessionId: null, historyLength: 0, messageCount: 0 });
    }
    // The same tab coming back starts a first meeting: no old words.
    const again = await connect(`sn_vid=${visitorId}`, sessions[0]);
    const history = await hello(again);
    expect(history.messages).toEqual([]);
    expect(JSON.stringify(again.frames)).not.toContain("Luna");
    await again.close();
    // Another family's conversation is untouched.
    const theirStats = await conversationStub(env.NINO_SESSION, { kind: "visitor", visitorId: other }, theirSession).stats();
    expect(theirStats.historyLength).toBeGreaterThanOrEqual(3);
    await theirs.close();
  });

  it("answers 400 to a request it does not understand", async () => {
    const res = await asVisitor(randomId(32))("/nino-friendship", {
      method: "POST",
      body: new URLSearchParams({ intent: "party" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(400);
  });

  it("/nino-demo explains Nino and promises recordings are never stored", async () => {
    const res = await SELF.fetch("https://example.com/nino-demo");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("A gentle friend for story time");
    expect(html).toContain("Recordings are never stored.");
  });
});
