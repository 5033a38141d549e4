import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import worker from "../../workers/app";
import { callsFor, scriptedKey } from "../fake-servers/keys";

// POST /api/{provider}/chat through the Worker; with a key the calls go to the fake OpenAI server.
const openaiUrl = () => inject("fakeOpenAIUrl");
const URL_ = "https://example.com/api/openai/chat";

/** The chat-completion calls the fake received with this key (moderation calls left out). */
async function chatCalls(apiKey: string) {
  const calls = await callsFor(openaiUrl().replace(/\/v1$/, ""), apiKey);
  return calls.filter((c) => c.path === "/v1/chat/completions");
}

async function withKey(apiKey: string, body: unknown, path = URL_): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const res = await worker.fetch(request, { ...env, OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: openaiUrl() } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const messages = [
  { role: "system", content: "You are Nino, a kind bird." },
  { role: "user", content: "Tell me about a brave little boat." },
];

describe("POST /api/{provider}/chat", () => {
  it("forwards to the provider with temperature 0.7 and max_tokens 200 by default and returns its answer", async () => {
    const apiKey = scriptedKey("ok");
    const res = await withKey(apiKey, { messages });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { choices: { message: { content: string } }[]; object: string };
    expect(answer.object).toBe("chat.completion");
    expect(answer.choices[0].message.content.length).toBeGreaterThan(0);
    const calls = await chatCalls(apiKey);
    expect(calls).toHaveLength(1);
    expect(calls[0].path).toBe("/v1/chat/completions");
    expect(calls[0].body).toMatchObject({ model: "gpt-3.5-turbo", messages, temperature: 0.7, max_tokens: 200 });
  });

  it("passes the caller's temperature and max_tokens", async () => {
    const apiKey = scriptedKey("ok");
    expect((await withKey(apiKey, { messages, temperature: 0.2, max_tokens: 50 })).status).toBe(200);
    const [call] = await chatCalls(apiKey);
    expect(call.body).toMatchObject({ temperature: 0.2, max_tokens: 50 });
  });

  it("answers 400 with fallback for a body that is not JSON or not a chat request", async () => {
    for (const body of [{}, { messages: [] }, { messages: [{ role: "wizard", content: "hi" }] }, { messages, temperature: 5 }, { messages, max_tokens: 0 }]) {
      const res = await withKey(scriptedKey("ok"), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.stringMatching(/^Invalid chat request/), fallback: true });
    }
    const ctx = createExecutionContext();
    const notJson = await worker.fetch(new Request(URL_, { method: "POST", body: "hello" }), { ...env, OPENAI_API_KEY: "k" } as Env, ctx);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ fallback: true });
  });

  it("reads a JSON body sent without a JSON Content-Type, as its callers have always been able to send it", async () => {
    const apiKey = scriptedKey("ok");
    const ctx = createExecutionContext();
    const request = new Request(URL_, { method: "POST", body: JSON.stringify({ messages }) });
    expect(request.headers.get("content-type")).toMatch(/^text\/plain/);
    const res = await worker.fetch(request, { ...env, OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: openaiUrl() } as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(await chatCalls(apiKey)).toHaveLength(1);
  });

  it("checks the child's messages before they go out (422 with fallback)", async () => {
    const apiKey = scriptedKey("ok");
    const res = await withKey(apiKey, { messages: [...messages, { role: "user", content: "I want to kill myself" }] });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: expect.stringMatching(/trust/), categories: expect.arrayContaining(["self-harm"]), fallback: true });
    // nothing went to the provider
    expect(await chatCalls(apiKey)).toEqual([]);
    // ... and the child's words were checked by OpenAI's moderation too
    const all = await callsFor(openaiUrl().replace(/\/v1$/, ""), apiKey);
    expect(all.map((c) => c.path)).toEqual(["/v1/moderations"]);
  });

  it("answers 502 'provider API error' with fallback when the provider fails", async () => {
    for (const step of ["500", "401", "garbage", "empty"]) {
      const res = await withKey(scriptedKey(step), { messages });
      expect(res.status, step).toBe(502);
      expect(await res.json()).toEqual({ error: "provider API error", fallback: true });
    }
  });

  it("answers 503 with fallback without a key, and 404 for a provider it does not know", async () => {
    const res = await SELF.fetch(URL_, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ messages }) });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: expect.stringMatching(/No chat provider/), fallback: true });
    const unknown = await withKey(scriptedKey("ok"), { messages }, "https://example.com/api/parrot/chat");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: expect.stringMatching(/Unknown chat provider 'parrot'/), fallback: true });
  });
});
