import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConversation, ninoSystemPrompt } from "~/domain/nino/machine";
import { chooseChat, ChatProviderError, createOpenAIChat, DEFAULT_CHAT_MODEL, replyText, type ChatProvider } from "~/services/ai/chat.server";
import { parseEnv } from "~/services/env.server";
import { createOfflineModerator } from "~/services/moderation/offline";
import { MODERATED_REPLIES, moderateChild, sayReply, withDeadline } from "~/services/nino/replies.server";
import type { Moderator } from "~/services/moderation/types";
import { startFakeServer, type FakeServer } from "../fake-servers/base";
import { scriptedKey } from "../fake-servers/keys";

// A local server that speaks OpenAI's chat-completions API. Besides the shared steps of base.ts
// (statuses, slow<ms>, garbage, empty), "long" answers 1000 characters, "unsafe" a violent line and
// "null" a null content.
let server: FakeServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startFakeServer(({ url, step, body, send }) => {
    if (url.pathname !== "/v1/chat/completions") return send(404, { error: { message: `Unknown path ${url.pathname}` } });
    if (step === "empty") return send(200, { id: "chatcmpl-nino", object: "chat.completion", choices: [] });
    const b = body as { model: string; messages: { role: string; content: string }[] };
    const lastUser = [...b.messages].reverse().find((m) => m.role === "user")?.content ?? "";
    let content: string | null = `Ooh, ${lastUser}! That sounds wonderful. What happens next?`;
    if (step === "long") content = "la ".repeat(340);
    if (step === "unsafe") content = "Then the knight will murder the dragon with a gun.";
    if (step === "null") content = null;
    return send(200, {
      id: "chatcmpl-nino",
      object: "chat.completion",
      created: 1,
      model: b.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
    });
  });
  baseUrl = `${server.url}/v1`;
});
afterAll(() => server.close());

async function failure(promise: Promise<unknown>): Promise<ChatProviderError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChatProviderError);
  expect((error as ChatProviderError).fallback).toBe(true);
  return error as ChatProviderError;
}

const messages = [
  { role: "system" as const, content: "You are Nino." },
  { role: "user" as const, content: "a purple dragon" },
];

describe("the OpenAI chat provider", () => {
  it("sends one non-streaming gpt-3.5-turbo completion request and returns the provider's answer", async () => {
    const apiKey = scriptedKey("ok");
    const chat = createOpenAIChat({ apiKey, baseUrl });
    const answer = await chat.complete({ messages, temperature: 0.7, max_tokens: 200 });
    expect(replyText(answer)).toBe("Ooh, a purple dragon! That sounds wonderful. What happens next?");
    expect(answer).toMatchObject({ id: "chatcmpl-nino", usage: { total_tokens: 70 } });
    const [call] = server.calls(apiKey);
    expect(call.path).toBe("/v1/chat/completions");
    expect(call.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(call.body).toEqual({ model: "gpt-3.5-turbo", messages, temperature: 0.7, max_tokens: 200, n: 1, stream: false });
  });

  it("fills in temperature 0.7 and max_tokens 200, and takes the model from the env", async () => {
    const apiKey = scriptedKey("ok");
    const chat = chooseChat(parseEnv({ OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: baseUrl, OPENAI_CHAT_MODEL: "gpt-4o-mini" } as unknown as Env).secrets);
    expect(chat?.model).toBe("gpt-4o-mini");
    await chat!.complete({ messages } as Parameters<ChatProvider["complete"]>[0]);
    expect(server.calls(apiKey)[0].body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.7, max_tokens: 200 });
    expect(DEFAULT_CHAT_MODEL).toBe("gpt-3.5-turbo");
  });

  it("is absent without a key (scripted replies)", () => {
    expect(chooseChat(parseEnv({} as Env).secrets)).toBeNull();
  });

  it("fails with fallback: true on an error status, a body that is not JSON, no choices, or a timeout", async () => {
    const e500 = await failure(createOpenAIChat({ apiKey: scriptedKey("500"), baseUrl }).complete({ messages, temperature: 0.7, max_tokens: 200 }));
    expect(e500.status).toBe(500);
    expect(e500.message).toMatch(/chat request failed with 500/);
    const e401 = await failure(createOpenAIChat({ apiKey: scriptedKey("401"), baseUrl }).complete({ messages, temperature: 0.7, max_tokens: 200 }));
    expect(e401.status).toBe(401);
    const garbage = await failure(createOpenAIChat({ apiKey: scriptedKey("garbage"), baseUrl }).complete({ messages, temperature: 0.7, max_tokens: 200 }));
    expect(garbage.message).toMatch(/not JSON/);
    const empty = await failure(createOpenAIChat({ apiKey: scriptedKey("empty"), baseUrl }).complete({ messages, temperature: 0.7, max_tokens: 200 }));
    expect(empty.message).toMatch(/no choices/);
    const slow = await failure(
      createOpenAIChat({ apiKey: scriptedKey("slow400"), baseUrl, timeoutMs: 100 }).complete({ messages, temperature: 0.7, max_tokens: 200 }),
    );
    expect(slow.status).toBe(504);
    expect(slow.message).toMatch(/timed out/);
    const nothing = await createOpenAIChat({ apiKey: scriptedKey("null"), baseUrl }).complete({ messages, temperature: 0.7, max_tokens: 200 });
    expect(() => replyText(nothing)).toThrow(ChatProviderError);
  });

  it("cannot reach a closed port without failing softly", async () => {
    await failure(
      createOpenAIChat({ apiKey: "k", baseUrl: "http://127.0.0.1:9/v1", timeoutMs: 2000 }).complete({ messages, temperature: 0.7, max_tokens: 200 }),
    );
  });
});

describe("Nino's reply through a model", () => {
  const moderator = createOfflineModerator();
  const state = createConversation({ sessionId: "s".repeat(16), childName: "Mia", now: Date.UTC(2026, 0, 5, 9) });
  const withChild = {
    ...state,
    history: [{ id: "user-1", type: "user" as const, content: "a purple dragon", timestamp: "2026-01-05T09:00:00.000Z", emotion: "neutral" as const }],
  };
  const reply = { content: "A purple dragon! What is the dragon called?", emotion: "curious" as const, rephrasable: true };
  const logs: unknown[] = [];
  const log = (e: unknown) => logs.push(e);
  const chatWith = (...steps: string[]) => {
    const apiKey = scriptedKey(...steps);
    return { chat: createOpenAIChat({ apiKey, baseUrl }), apiKey };
  };

  it("is the scripted reply without a provider, and for a fixed reply the model is never asked", async () => {
    expect(await sayReply({ chat: null, moderator, state: withChild, reply, log })).toEqual({ content: reply.content, source: "script" });
    const { chat, apiKey } = chatWith("ok");
    const fixed = await sayReply({ chat, moderator, state: withChild, reply: { ...reply, rephrasable: false }, log });
    expect(fixed).toEqual({ content: reply.content, source: "script" });
    expect(server.calls(apiKey)).toHaveLength(0);
  });

  it("is the model's wording under the child-safe system prompt, with the conversation as context", async () => {
    const { chat, apiKey } = chatWith("ok");
    const said = await sayReply({ chat, moderator, state: withChild, reply, log });
    expect(said).toEqual({ content: "Ooh, a purple dragon! That sounds wonderful. What happens next?", source: "model" });
    const body = server.calls(apiKey)[0].body as { messages: { role: string; content: string }[]; temperature: number; max_tokens: number };
    expect(body.messages[0].role).toBe("system");
    expect(body.messages[0].content).toContain(ninoSystemPrompt(withChild));
    expect(body.messages[0].content).toMatch(/grown-up they trust/);
    expect(body.messages[0].content).toContain(reply.content);
    expect(body.messages.slice(1)).toEqual([{ role: "user", content: "a purple dragon" }]);
    expect(body).toMatchObject({ temperature: 0.7, max_tokens: 200 });
  });

  it("falls back to the scripted reply on a failure, an unsafe, empty or over-long answer", async () => {
    for (const step of ["500", "garbage", "unsafe", "null", "long"]) {
      const { chat } = chatWith(step);
      const said = await sayReply({ chat, moderator, state: withChild, reply, log });
      expect(said, step).toEqual({ content: reply.content, source: "script" });
    }
    expect(logs.length).toBeGreaterThanOrEqual(5);
  });

  it("answers a flagged child message with a calm fixed reply, sending a child at risk to a trusted grown-up", async () => {
    expect(await moderateChild(moderator, "Can we make a story about a moon bunny?")).toBeNull();
    const risk = await moderateChild(moderator, "I want to die");
    expect(risk).toEqual({ content: MODERATED_REPLIES.atRisk, emotion: "gentle", rephrasable: false, atRisk: true });
    expect(risk!.content).toMatch(/grown-up you trust/);
    const rude = await moderateChild(moderator, "you are a bitch");
    expect(rude?.content).toBe(MODERATED_REPLIES.gentle);
    expect(rude?.atRisk).toBe(false);
    const rough = await moderateChild(moderator, "my brother stabbed the cat");
    expect(rough?.content).toBe(MODERATED_REPLIES.rough);
    expect(rough!.content).toMatch(/grown-up you trust/);
    const privacy = await moderateChild(moderator, "call my mum on 07700 900123");
    expect(privacy?.content).toBe(MODERATED_REPLIES.privacy);
  });

  it("does not wait for a slow moderation service: past the deadline the offline rules decide", async () => {
    let calls = 0;
    const slow: Moderator = {
      name: "openai",
      async check() {
        calls++;
        await new Promise((r) => setTimeout(r, 500));
        return { ok: true };
      },
    };
    const quick = withDeadline(slow, 50);
    const t0 = Date.now();
    const verdict = await quick.check({ message: "I want to die" });
    expect(Date.now() - t0).toBeLessThan(400);
    expect(verdict.ok).toBe(false);
    expect(await quick.check({ message: "a moon bunny" })).toEqual({ ok: true });
    expect(calls).toBe(2);
    // in time, the service's own verdict stands
    expect(await withDeadline(slow, 2000).check({ message: "I want to die" })).toEqual({ ok: true });
    // the offline rules are used as they are
    expect(withDeadline(moderator, 1)).toBe(moderator);
  });
});
