import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import worker from "../../workers/app";
import { callsFor, scriptedKey } from "../fake-servers/keys";

// POST /api/nino/transcribe against the local fake OpenAI server (tests/fake-servers): the voice
// fall-back for browsers without speech recognition.

const openaiUrl = () => inject("fakeOpenAIUrl");
const fakeBase = () => openaiUrl().replace(/\/v1$/, "");

function recording(bytes = 2048, type = "audio/webm"): FormData {
  const form = new FormData();
  form.set("audio", new File([new Uint8Array(bytes).fill(7)], "speech.webm", { type }));
  return form;
}

async function callWorker(init: RequestInit, overrides: Record<string, string>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request("https://example.com/api/nino/transcribe", init), { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("POST /api/nino/transcribe", () => {
  it("without a key: GET says unavailable and POST is 503 with fallback", async () => {
    const get = await SELF.fetch("https://example.com/api/nino/transcribe");
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ available: false });
    const post = await SELF.fetch("https://example.com/api/nino/transcribe", { method: "POST", body: recording() });
    expect(post.status).toBe(503);
    expect(await post.json()).toMatchObject({ fallback: true });
  });

  it("with a key: sends the recording to OpenAI's transcriptions and answers the trimmed text", async () => {
    const key = scriptedKey("ok");
    const vars = { OPENAI_API_KEY: key, OPENAI_BASE_URL: openaiUrl() };
    const get = await callWorker({}, vars);
    expect(await get.json()).toEqual({ available: true });
    const res = await callWorker({ method: "POST", body: recording() }, vars);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: "A dragon who loves pancakes." });
    const calls = await callsFor(fakeBase(), key);
    expect(calls).toHaveLength(1);
    expect(calls[0].path).toBe("/v1/audio/transcriptions");
    expect(calls[0].body).toMatchObject({ model: "whisper-1", language: "en", file: { file: "speech.webm", size: 2048 } });
  });

  it.each([
    ["500", 502],
    ["garbage", 502],
    ["empty", 502],
  ])("an upstream '%s' becomes %s with fallback", async (step, status) => {
    const res = await callWorker({ method: "POST", body: recording() }, { OPENAI_API_KEY: scriptedKey(step), OPENAI_BASE_URL: openaiUrl() });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ fallback: true });
  });

  it("refuses what is not a recording", async () => {
    const vars = { OPENAI_API_KEY: scriptedKey("ok"), OPENAI_BASE_URL: openaiUrl() };
    const noFile = await callWorker({ method: "POST", body: new FormData() }, vars);
    expect(noFile.status).toBe(400);
    const json = await callWorker({ method: "POST", headers: { "content-type": "application/json" }, body: "{}" }, vars);
    expect(json.status).toBe(400);
    const text = await callWorker({ method: "POST", body: recording(100, "text/plain") }, vars);
    expect(text.status).toBe(415);
    const big = await callWorker({ method: "POST", body: recording(4 * 1024 * 1024 + 1) }, vars);
    expect(big.status).toBe(413);
  });
});
