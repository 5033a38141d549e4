import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type { CharacterSheet } from "~/domain/story/book";
import { createGenericIllustrator } from "~/services/ai/generic-image/illustrator.server";
import type { IllustrationRequest } from "~/services/ai/image";
import { createOpenAIIllustrator } from "~/services/ai/openai/illustrator.server";
import { createOpenAIModerator } from "~/services/moderation/openai.server";
import worker from "../../workers/app";
import { callsFor, scriptedKey } from "../fake-servers/keys";

// The image endpoints and the real providers inside workerd, against the local fake servers
// started by tests/fake-servers/global-setup.ts. Fast paths only: retries and timeouts with
// injected timings are covered in tests/unit/provider-image-endpoints.test.ts.

const imageUrl = () => inject("fakeImageUrl");
const openaiUrl = () => inject("fakeOpenAIUrl");

async function callWorker(path: string, body: unknown, overrides: Record<string, string>): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`https://example.com/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const res = await worker.fetch(request, { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

function provider(...steps: string[]) {
  const key = scriptedKey(...steps);
  return { key, vars: { IMAGE_API_URL: `${imageUrl()}/generate`, IMAGE_API_KEY: key, IMAGE_API_MODEL: "house-model" } };
}

describe("image endpoints in the Worker", () => {
  it("are registered under /api and refuse another site's preflight", async () => {
    const res = await SELF.fetch("https://example.com/api/image-generation", {
      method: "OPTIONS",
      headers: { origin: "https://other.example", "access-control-request-method": "POST" },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("500 'API key not configured' with no provider set (the default, offline setup)", async () => {
    for (const path of ["image-generation", "image-generation-proxy", "generate-image"]) {
      const res = await SELF.fetch(`https://example.com/api/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt: "a fox" }),
      });
      expect(res.status, path).toBe(500);
      expect(await res.json(), path).toEqual({ error: "API key not configured" });
    }
  });

  it("400 'Prompt is required'", async () => {
    const { vars } = provider("ok");
    const res = await callWorker("image-generation", { prompt: "" }, vars);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Prompt is required" });
  });

  it("generates through the provider with the clamps applied to what it receives", async () => {
    const { key, vars } = provider("ok");
    const res = await callWorker(
      "image-generation",
      { prompt: "Mia flies a kite", steps: 99, cfg_scale: -3, childImage: "C:\\photos\\mia.jpg", bookId: "bk7", pageNumber: 4 },
      vars,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ output: [`${imageUrl()}/files/page.png`], attempts: 1, bookId: "bk7", pageNumber: 4 });
    const calls = await callsFor(imageUrl(), key);
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({
      prompt: "Mia flies a kite",
      width: 1024,
      height: 1024,
      model: "house-model",
      bookId: "bk7",
      pageNumber: 4,
      steps: 10,
      cfg_scale: 1,
    });
  });

  it("retries a 503 once and succeeds (exactly two upstream calls)", async () => {
    const { key, vars } = provider("503", "ok");
    const res = await callWorker("image-generation", { prompt: "a fox" }, vars);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ attempts: 2 });
    expect(await callsFor(imageUrl(), key)).toHaveLength(2);
  });

  it("garbage is 'Failed to parse {provider} response'; no output is 'No output received from {provider}'", async () => {
    const garbage = await callWorker("generate-image", { prompt: "a fox" }, provider("garbage").vars);
    expect(garbage.status).toBe(500);
    // what did not parse is for the log; the caller of a 500 gets our words only
    expect(await garbage.json()).toEqual({ error: "Failed to parse Image provider response" });
    const empty = await callWorker("generate-image", { prompt: "a fox" }, { ...provider("empty").vars, IMAGE_API_NAME: "Acme Images" });
    expect(await empty.json()).toEqual({ error: "No output received from Acme Images" });
  });

  it("the proxy passes an upstream 429 through", async () => {
    const res = await callWorker("image-generation-proxy", { prompt: "a fox", childImage: "https://cdn.example.com/mia.jpg" }, provider("429r3").vars);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("3");
  });

  it("refuses a prompt a child's book must not have", async () => {
    const res = await callWorker("generate-image", { prompt: "a pool of blood" }, provider("ok").vars);
    expect(res.status).toBe(422);
  });
});

const sheet: CharacterSheet = {
  name: "Ada",
  age: 6,
  gender: "girl",
  skinTone: "#d3a078",
  hairColor: "#8f3b1d",
  hairStyle: "long",
  eyeColor: "#4f7fb0",
  outfitColor: "#7fd1ae",
  outfitAccent: "#2c3e6b",
  outfit: "dress",
  accessory: "cap",
  description: "Ada, a six-year-old girl with golden tan skin, long auburn hair and blue eyes, in a mint-green dress and a navy cap.",
};
const page: IllustrationRequest = {
  bookId: "bk1",
  pageNumber: 3,
  pageType: "Story Page",
  scene: "Ada plants a seed.",
  sheet,
  theme: "Animals",
  artStyle: "storybook",
  bookTitle: "Ada's Garden",
};
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47];

describe("the real providers inside workerd", () => {
  it("OpenAI: the photo goes to the edits endpoint as multipart, and a PNG comes back", async () => {
    const key = scriptedKey("ok");
    const photo = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), contentType: "image/jpeg" };
    const bytes = await createOpenAIIllustrator({ apiKey: key, baseUrl: openaiUrl() }).draw({ ...page, reference: photo });
    expect([...bytes.subarray(0, 4)]).toEqual(PNG_HEAD);
    const [call] = await callsFor(openaiUrl().replace(/\/v1$/, ""), key);
    expect(call.path).toBe("/v1/images/edits");
    expect(call.body).toMatchObject({ model: "gpt-image-1", input_fidelity: "high", image: { type: "image/jpeg", size: 8 } });
  });

  it("generic: posts the request and downloads the PNG", async () => {
    const key = scriptedKey("ok");
    const bytes = await createGenericIllustrator({ url: `${imageUrl()}/generate`, apiKey: key, model: "house-model", providerName: "Image provider" }).draw(
      page,
    );
    expect([...bytes.subarray(0, 4)]).toEqual(PNG_HEAD);
  });

  it("OpenAI moderation answers, and falls back to the rules when it fails", async () => {
    const ok = createOpenAIModerator({ apiKey: scriptedKey("ok"), baseUrl: openaiUrl(), log: () => {} });
    expect(await ok.check({ storyDescription: "Ada plants a seed." })).toEqual({ ok: true });
    const failing = createOpenAIModerator({ apiKey: scriptedKey("500"), baseUrl: openaiUrl(), log: () => {} });
    expect(await failing.check({ storyDescription: "Ada drank beer." })).toMatchObject({ ok: false, categories: ["drugs"] });
  });
});
