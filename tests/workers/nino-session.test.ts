import { abortAllDurableObjects, createExecutionContext, env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MODERATED_REPLIES } from "~/services/nino/replies.server";
import { withHelpline } from "~/domain/nino/helplines";
import worker from "../../workers/app";
import { scriptedKey } from "../fake-servers/keys";
import { NINO_LIMITS, NINO_TEXTS } from "~/domain/nino/types";
import type { ServerFrame } from "~/domain/nino/protocol";
import { BASE, chatCalls, connect, hello, newSessionId, newVisitor, say, stubOf, useFakeOpenAI } from "./nino-helpers";

const types = (frames: ServerFrame[]) => frames.map((f) => f.type);

describe("GET /api/nino/{sessionId}", () => {
  it("refuses a malformed session id with 400 and a request without the upgrade with 426", async () => {
    const { cookie } = newVisitor();
    for (const bad of ["short", "has-dashes-in-it-000000", "x".repeat(65)]) {
      const res = await SELF.fetch(`${BASE}/api/nino/${bad}`, { headers: { Upgrade: "websocket", Cookie: cookie } });
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.stringMatching(/16 to 64 letters and digits/) });
    }
    const plain = await SELF.fetch(`${BASE}/api/nino/${newSessionId()}`, { headers: { Cookie: cookie } });
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ error: expect.stringMatching(/WebSocket/) });
  });

  it("opens from this site's pages and refuses another site's", async () => {
    const { cookie } = newVisitor();
    const from = (origin: string) => SELF.fetch(`${BASE}/api/nino/${newSessionId()}`, { headers: { Upgrade: "websocket", Cookie: cookie, Origin: origin } });
    const ours = await from(BASE);
    expect(ours.status).toBe(101);
    ours.webSocket!.accept();
    ours.webSocket!.close(1000, "done");
    const evil = await from("https://evil.example");
    expect(evil.status).toBe(403);
    expect(await evil.json()).toEqual({ error: "Nino's conversations open only from this site" });
    expect((await from("not a url")).status).toBe(403);
  });
});

describe("a conversation over the WebSocket", () => {
  it("answers hello with the history and, for a new conversation, the greeting", async () => {
    const { cookie } = newVisitor();
    const client = await connect(cookie, newSessionId());
    const history = await hello(client, { childName: "Mia", age: 6 });
    expect(history).toMatchObject({ childName: "Mia", messages: [], flow: "simple_story", step: "greeting" });
    const greeting = await client.next("nino_message");
    expect(greeting.content.length).toBeGreaterThan(0);
    await client.close();
  });

  it("answers a typed turn with thinking, the stored message, typing, Nino's reply and idle, in that order", async () => {
    const { cookie } = newVisitor();
    const client = await connect(cookie, newSessionId());
    await hello(client);
    await client.next("nino_message");
    const frames = await say(client, "  Luna the fox  ");
    expect(types(frames)).toEqual(["status", "user_message", "typing", "nino_message", "status"]);
    const [thinking, stored, typing, reply, idle] = frames;
    expect(thinking).toEqual({ type: "status", status: "thinking" });
    expect(stored).toMatchObject({ type: "user_message", message: { type: "user", content: "Luna the fox" } });
    expect(typing).toEqual({ type: "typing", on: true });
    expect(reply).toMatchObject({ type: "nino_message", flow: expect.any(String), step: expect.any(String) });
    expect(idle).toEqual({ type: "status", status: "idle" });
    await client.close();
  });

  it("walks the simple flow one step per reply and hands over the story when it completes", async () => {
    const { cookie, visitorId } = newVisitor();
    const client = await connect(cookie, newSessionId());
    await hello(client, { childName: "Sam" });
    await client.next("nino_message");
    const answers = [
      "Pip the penguin",
      "6",
      "an icy island",
      "friendship",
      "Pip looks for a lost star",
      "kindness",
      "watercolor",
      "yes, make it!",
      "yes",
      "yes",
      "yes",
      "yes",
    ];
    const steps: string[] = [];
    let complete: Extract<ServerFrame, { type: "story_complete" }> | undefined;
    for (const answer of answers) {
      const frames = await say(client, answer);
      const reply = frames.find((f) => f.type === "nino_message");
      if (reply?.type === "nino_message") steps.push(reply.step);
      complete ??= frames.find((f): f is Extract<ServerFrame, { type: "story_complete" }> => f.type === "story_complete");
      if (complete || steps.at(-1) === "complete") break;
    }
    expect(new Set(steps).size).toBe(steps.length);
    expect(steps.at(-1)).toBe("complete");
    expect(complete, "a story_complete frame").toBeDefined();
    expect(complete!.storyData.characterName.length).toBeGreaterThan(0);
    await client.close();

    // the story counts in the child's memory in D1
    const row = await env.DB.prepare("select history from nino_memory where visitor_id = ?").bind(visitorId).first<{ history: string }>();
    expect(row).not.toBeNull();
    expect(JSON.parse(row!.history)).toMatchObject({ storiesCreated: 1, lastInteraction: expect.any(String) });
  });

  it("keeps the history when the child reconnects with the same session id", async () => {
    const { cookie } = newVisitor();
    const sessionId = newSessionId();
    const first = await connect(cookie, sessionId);
    await hello(first);
    await first.next("nino_message");
    await say(first, "Bella the bunny");
    await first.close();

    const again = await connect(cookie, sessionId);
    const history = await hello(again, { childName: "Bella" });
    expect(history.childName).toBe("Bella");
    expect(history.messages.length).toBeGreaterThanOrEqual(3);
    expect(history.messages.map((m) => m.content)).toContain("Bella the bunny");
    expect(history.step).not.toBe("greeting");
    // no second greeting for a conversation that goes on
    await new Promise((r) => setTimeout(r, 100));
    expect(types(again.frames)).toEqual(["history"]);
    await again.close();
  });

  it("greets again when the child comes back to the conversation after a while", async () => {
    const { cookie, visitorId } = newVisitor();
    const sessionId = newSessionId();
    const first = await connect(cookie, sessionId);
    await hello(first);
    await first.next("nino_message");
    await say(first, "Hazel the hedgehog");
    await first.close();
    await runInDurableObject(stubOf(visitorId, sessionId), async (_i, state) => {
      const meta = await state.storage.get<{ visit: Record<string, number> }>("meta");
      const back = Date.now() - 2 * 60 * 60 * 1000;
      await state.storage.put("meta", { ...meta, visit: { ...meta!.visit, startedAt: back - 60_000, lastActivity: back } });
    });
    await abortAllDurableObjects();
    const back = await connect(cookie, sessionId);
    const history = await hello(back);
    expect(history.messages.map((m) => m.content)).toContain("Hazel the hedgehog");
    const greeting = await back.next("nino_message");
    expect(greeting.content.length).toBeGreaterThan(0);
    await back.close();
    // the earlier visit went into the memory
    const row = await env.DB.prepare("select preferences from nino_memory where visitor_id = ?").bind(visitorId).first<{ preferences: string }>();
    expect(JSON.parse(row!.preferences).sessionTimes).toHaveLength(1);
  });

  it("wakes with its state after the object is evicted", async () => {
    const { cookie, visitorId } = newVisitor();
    const sessionId = newSessionId();
    const client = await connect(cookie, sessionId);
    await hello(client);
    await client.next("nino_message");
    await say(client, "Toby the turtle");
    await client.close();

    const stored = await runInDurableObject(stubOf(visitorId, sessionId), async (_instance, state) => {
      return state.storage.get<{ history: { content: string }[]; sessionId: string }>("conversation");
    });
    expect(stored?.sessionId).toBe(sessionId);
    expect(stored?.history.map((m) => m.content)).toContain("Toby the turtle");

    await abortAllDurableObjects();

    const woken = await connect(cookie, sessionId);
    const history = await hello(woken);
    expect(history.messages.map((m) => m.content)).toContain("Toby the turtle");
    const frames = await say(woken, "7");
    expect(types(frames)).toContain("nino_message");
    await woken.close();
  });

  it("keeps two conversations apart, and the same session id of another visitor is another conversation", async () => {
    const a = newVisitor();
    const b = newVisitor();
    const sessionId = newSessionId();
    const one = await connect(a.cookie, sessionId);
    await hello(one);
    await one.next("nino_message");
    await say(one, "A secret dragon called Ember");

    const other = await connect(a.cookie, newSessionId());
    const otherHistory = await hello(other);
    expect(otherHistory.messages).toEqual([]);

    const stranger = await connect(b.cookie, sessionId);
    const strangerHistory = await hello(stranger);
    expect(strangerHistory.messages).toEqual([]);
    expect(strangerHistory.sessionId).toBe(sessionId);
    for (const c of [one, other, stranger]) await c.close();
  });

  it("answers a bad frame with an error and keeps the connection", async () => {
    const { cookie } = newVisitor();
    const client = await connect(cookie, newSessionId());
    await hello(client);
    await client.next("nino_message");
    const bad: (string | ArrayBuffer)[] = [
      "not json at all",
      JSON.stringify({ type: "dance" }),
      JSON.stringify({ type: "user_message", text: "   " }),
      JSON.stringify({ type: "user_message", text: "a".repeat(NINO_LIMITS.maxMessageChars + 1) }),
      "x".repeat(NINO_LIMITS.maxFrameBytes + 10),
      new TextEncoder().encode(JSON.stringify({ type: "ping" })).buffer as ArrayBuffer,
    ];
    for (const frame of bad) {
      const from = client.frames.length;
      client.sendRaw(frame);
      const error = await client.next("error", from);
      expect(error.message.length).toBeGreaterThan(0);
    }
    expect(types(client.frames).filter((t) => t === "nino_message")).toHaveLength(1);
    // still answers
    const frames = await say(client, "Hello again");
    expect(types(frames)).toContain("nino_message");
    const from = client.frames.length;
    client.send({ type: "ping" });
    await client.next("pong", from);
    await client.close();
  });

  it("sends every frame of a turn to every tab on the conversation", async () => {
    const { cookie } = newVisitor();
    const sessionId = newSessionId();
    const tab1 = await connect(cookie, sessionId);
    await hello(tab1);
    await tab1.next("nino_message");
    const tab2 = await connect(cookie, sessionId);
    await hello(tab2);
    const from2 = tab2.frames.length;
    const frames = await say(tab1, "Milo the mouse");
    await tab2.next("nino_message", from2);
    await tab2.waitFor(() => tab2.frames.slice(from2).some((f) => f.type === "status" && f.status === "idle"), "idle");
    expect(types(tab2.frames.slice(from2))).toEqual(types(frames));
    await tab1.close();
    await tab2.close();
  });

  it("starts over from the greeting", async () => {
    const { cookie } = newVisitor();
    const client = await connect(cookie, newSessionId());
    await hello(client);
    await client.next("nino_message");
    await say(client, "Rosie the robot");
    const from = client.frames.length;
    client.send({ type: "start_over" });
    const reply = await client.next("nino_message", from);
    expect(reply.step).toBe("greeting");
    await client.close();
  });
});

describe("safety and replies", () => {
  it("answers a child at risk with the calm fixed reply and keeps the words out of the history", async () => {
    const { cookie } = newVisitor();
    const sessionId = newSessionId();
    const client = await connect(cookie, sessionId);
    await hello(client);
    await client.next("nino_message");
    const frames = await say(client, "I want to die");
    expect(types(frames)).toEqual(["status", "user_message", "typing", "nino_message", "status"]);
    const reply = frames.find((f) => f.type === "nino_message");
    // the safe reply, with the helpline of the default market (India) outside production
    expect(reply).toMatchObject({ content: withHelpline(MODERATED_REPLIES.atRisk, "IN"), emotion: "gentle" });
    await client.close();
    const again = await connect(cookie, sessionId);
    const history = await hello(again);
    expect(history.messages.map((m) => m.content)).not.toContain("I want to die");
    await again.close();
  });

  it("sends the scripted reply when the chat provider fails", async () => {
    const { cookie, visitorId } = newVisitor();
    const sessionId = newSessionId();
    const client = await connect(cookie, sessionId);
    await hello(client);
    await client.next("nino_message");
    await say(client, "Kiki the kitten");
    const apiKey = scriptedKey("500");
    await useFakeOpenAI(visitorId, sessionId, apiKey);
    const frames = await say(client, "7");
    expect(types(frames)).toEqual(["status", "user_message", "typing", "nino_message", "status"]);
    // the chat provider was asked once (and failed): the machine's own words went out and were kept
    expect(await chatCalls(apiKey)).toHaveLength(1);
    const reply = frames.find((f): f is Extract<ServerFrame, { type: "nino_message" }> => f.type === "nino_message")!;
    expect(reply.content.length).toBeGreaterThan(0);
    await client.close();
    const again = await connect(cookie, sessionId);
    const history = await hello(again);
    expect(history.messages.at(-1)).toMatchObject({ type: "nino", id: reply.id, content: reply.content });
    await again.close();
  });

  it("ends voice mode when the child says goodbye by voice", async () => {
    const { cookie } = newVisitor();
    const client = await connect(cookie, newSessionId());
    await hello(client);
    await client.next("nino_message");
    const typed = await say(client, "goodbye");
    expect(types(typed)).not.toContain("voice_end");
    const spoken = await say(client, "goodbye Nino", "voice");
    const end = spoken.find((f) => f.type === "voice_end");
    expect(end).toEqual({ type: "voice_end", message: NINO_TEXTS.voiceEnded });
    await client.close();
  });
});

describe("GET /api/nino/{sessionId}/stats", () => {
  it("reports the object's sizes outside production and is 404 in production", async () => {
    const { cookie } = newVisitor();
    const sessionId = newSessionId();
    const client = await connect(cookie, sessionId);
    await hello(client);
    await client.next("nino_message");
    await say(client, "Olly the octopus");
    const res = await SELF.fetch(`${BASE}/api/nino/${sessionId}/stats`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      sessionId,
      historyLength: 3,
      messageCount: 3,
      sockets: 1,
      storedBytes: expect.any(Number),
      stateBytes: expect.any(Number),
    });
    await client.close();
    const prod = await worker.fetch(
      new Request(`${BASE}/api/nino/${sessionId}/stats`, { headers: { Cookie: cookie } }),
      { ...env, ENVIRONMENT: "production" } as Env,
      createExecutionContext(),
    );
    expect(prod.status).toBe(404);
  });
});

describe("one input at a time", () => {
  /** A chat provider that answers after `ms`, so a turn is still running when the next input comes. */

  it("answers a second message while Nino is thinking with the busy text, from the same or another tab", async () => {
    const { cookie, visitorId } = newVisitor();
    const sessionId = newSessionId();
    const tab1 = await connect(cookie, sessionId);
    await hello(tab1);
    await tab1.next("nino_message");
    const tab2 = await connect(cookie, sessionId);
    await hello(tab2);
    // the model takes 400 ms to answer
    await useFakeOpenAI(visitorId, sessionId, scriptedKey("slow400-reply"));

    const from1 = tab1.frames.length;
    const from2 = tab2.frames.length;
    tab1.send({ type: "user_message", text: "Zara the zebra" });
    await tab1.next("typing", from1);
    tab1.send({ type: "user_message", text: "and a hat" });
    tab2.send({ type: "user_message", text: "me too" });
    const busy1 = await tab1.next("error", from1);
    const busy2 = await tab2.next("error", from2);
    expect(busy1.message).toBe(NINO_TEXTS.busy);
    expect(busy2.message).toBe(NINO_TEXTS.busy);
    const reply = await tab1.next("nino_message", from1);
    expect(reply.content).toBe("Ooh, what a lovely idea! Tell me more.");
    await tab1.waitFor(() => tab1.frames.slice(from1).some((f) => f.type === "status" && f.status === "idle"), "idle");

    // only the first message was taken; the model's words are what the history keeps
    const again = await connect(cookie, sessionId);
    const history = await hello(again);
    const contents = history.messages.map((m) => m.content);
    expect(contents).toContain("Zara the zebra");
    expect(contents).not.toContain("and a hat");
    expect(contents).not.toContain("me too");
    expect(contents.at(-1)).toBe("Ooh, what a lovely idea! Tell me more.");
    for (const c of [tab1, tab2, again]) await c.close();
  });

  it("stays busy across a restart while a stored turn is still fresh, and recovers once it is stale", async () => {
    const { cookie, visitorId } = newVisitor();
    const sessionId = newSessionId();
    const client = await connect(cookie, sessionId);
    await hello(client);
    await client.next("nino_message");
    await client.close();
    // a turn was being answered when the object went away
    await runInDurableObject(stubOf(visitorId, sessionId), async (_i, state) => {
      const meta = await state.storage.get<Record<string, unknown>>("meta");
      await state.storage.put("meta", { ...meta, turnStartedAt: Date.now() });
    });
    await abortAllDurableObjects();

    const woken = await connect(cookie, sessionId);
    await hello(woken);
    const from = woken.frames.length;
    woken.send({ type: "user_message", text: "hello?" });
    expect((await woken.next("error", from)).message).toBe(NINO_TEXTS.busy);
    await woken.close();

    await runInDurableObject(stubOf(visitorId, sessionId), async (_i, state) => {
      const meta = await state.storage.get<Record<string, unknown>>("meta");
      await state.storage.put("meta", { ...meta, turnStartedAt: Date.now() - NINO_LIMITS.turnTimeoutMs - 1000 });
    });
    await abortAllDurableObjects();
    const later = await connect(cookie, sessionId);
    await hello(later);
    expect(types(await say(later, "hello?"))).toContain("nino_message");
    await later.close();
  });
});

describe("a long conversation", () => {
  it("keeps its stored bytes and history bounded however many turns it has", async () => {
    const { cookie, visitorId } = newVisitor();
    const sessionId = newSessionId();
    const client = await connect(cookie, sessionId);
    await hello(client);
    await client.next("nino_message");
    const sizes: number[] = [];
    for (let i = 1; i <= 120; i++) {
      await say(client, `Turn number ${i} of a very long chat about stars`);
      if (i === 60 || i === 120) {
        const stats = await stubOf(visitorId, sessionId).stats();
        expect(stats.historyLength).toBeLessThanOrEqual(NINO_LIMITS.historyCap);
        sizes.push(stats.stateBytes);
      }
    }
    await client.close();
    const stats = await stubOf(visitorId, sessionId).stats();
    expect(stats.messageCount).toBeGreaterThanOrEqual(241);
    // the stored state after 120 turns is about the size it was after 60 (unbounded, it would be
    // about twice as big; the texts kept differ a little in length from turn to turn)
    expect(sizes[1]).toBeLessThan(sizes[0] * 1.2);
    const keys = await runInDurableObject(stubOf(visitorId, sessionId), async (_i, state) => [...(await state.storage.list()).keys()]);
    // (turnBlocks: today's unspent scripted turns, one small value: workers/nino-turn-limits.ts)
    expect(keys.sort()).toEqual(["conversation", "meta", "turnBlocks"]);
  });
});
