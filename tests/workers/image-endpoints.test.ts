import { SELF } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type { CharacterSheet } from "~/domain/story/book";
import { createGenericIllustrator } from "~/services/ai/generic-image/illustrator.server";
import type { IllustrationRequest } from "~/services/ai/image";
import { createOpenAIIllustrator } from "~/services/ai/openai/illustrator.server";
import { createOpenAIModerator } from "~/services/moderation/openai.server";
import { sessionCookieName } from "~/services/auth/sessions.server";
import { DAILY_QUOTAS, QUOTA_SPENT } from "~/services/limits/quotas.server";
import { OWN_PAGES_ONLY, VISITOR_UNKNOWN } from "../../workers/api/costly-guard";
import { callsFor, scriptedKey } from "../fake-servers/keys";
import { makeAccount } from "./account-helpers";
import { postCostly, visitorCookie } from "./costly-helpers";

// The image endpoints and the real providers inside workerd, against the local fake servers
// started by tests/fake-servers/global-setup.ts. Fast paths only: retries and timeouts with
// injected timings are covered in tests/unit/provider-image-endpoints.test.ts.

const imageUrl = () => inject("fakeImageUrl");
const openaiUrl = () => inject("fakeOpenAIUrl");
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47];
const ROUTES = ["image-generation", "image-generation-proxy", "generate-image"] as const;

function provider(...steps: string[]) {
  const key = scriptedKey(...steps);
  return { key, vars: { IMAGE_API_URL: `${imageUrl()}/generate`, IMAGE_API_KEY: key, IMAGE_API_MODEL: "house-model" } };
}

/** The width and height a PNG's header gives. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("image endpoints in the Worker", () => {
  it("grant other sites nothing: a preflight is 403 without Access-Control-Allow-*, and answers carry none", async () => {
    const preflight = await SELF.fetch("https://example.com/api/image-generation", {
      method: "OPTIONS",
      headers: { origin: "https://other.example", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const answer = await postCostly("generate-image", { prompt: "a fox" }, { vars: provider("ok").vars });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
    // nor does the rest of the API
    const health = await SELF.fetch("https://example.com/api/health", { headers: { origin: "https://other.example" } });
    expect(health.headers.get("access-control-allow-origin")).toBeNull();
  });

  // one test per route: each draws a full-size picture, and three in one test outgrew the time of one;
  // the first picture of an isolate also starts the renderer and works out the style's wobble table
  // (kept for the isolate's later pages), which on a loaded two-core machine took over 5 s
  it.each(ROUTES)(
    "without a key the offline illustrator draws the prompt at /api/%s: a real 1024×1024 PNG in the same shape",
    { timeout: 20_000 },
    async (path) => {
      const res = await postCostly(path, { prompt: "a fox in a meadow", pageNumber: 4, width: 64, model: "their-model" });
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as { output: string[]; attempts?: number; pageNumber?: number };
      expect(body.output, path).toHaveLength(1);
      expect(body.pageNumber).toBe(4);
      if (path === "image-generation") expect(body.attempts).toBe(1);
      const [head, data] = body.output[0].split(",");
      expect(head).toBe("data:image/png;base64");
      const png = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      expect([...png.subarray(0, 4)]).toEqual(PNG_HEAD);
      // the server's size, whatever the caller asked
      expect(pngSize(png)).toEqual({ width: 1024, height: 1024 });
    },
  );

  it("check the body before anything else: 400 'Prompt is required' even from another site without a cookie", async () => {
    for (const path of ROUTES) {
      const res = await postCostly(path, { prompt: "" }, { origin: "https://other.example", cookie: null, ip: null });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: "Prompt is required" });
    }
    const notJson = await postCostly("generate-image", "prompt=a fox", { origin: null });
    expect(notJson.status).toBe(400);
  });

  it("403 for another site's page or no Origin, 401 for a visitor the site has not met: nothing drawn, nothing counted", async () => {
    const { key, vars } = provider("ok");
    for (const path of ROUTES) {
      for (const origin of ["https://other.example", null, "http://localhost:9999", "null"]) {
        const res = await postCostly(path, { prompt: "a fox" }, { origin, vars });
        expect(res.status, `${path} from ${origin}`).toBe(403);
        expect(await res.json()).toEqual({ error: OWN_PAGES_ONLY });
      }
      const stranger = await postCostly(path, { prompt: "a fox" }, { cookie: null, vars });
      expect(stranger.status, path).toBe(401);
      expect(await stranger.json()).toEqual({ error: VISITOR_UNKNOWN });
      const malformed = await postCostly(path, { prompt: "a fox" }, { cookie: "sn_vid=not!valid", vars });
      expect(malformed.status, path).toBe(401);
    }
    expect(await callsFor(imageUrl(), key)).toEqual([]);
  });

  it("the daily quota holds exactly when one visitor fires many at once, with Retry-After until midnight", async () => {
    const { key, vars } = provider("ok");
    const cookie = visitorCookie();
    const limit = DAILY_QUOTAS.images.visitor;
    // every request from its own address, so only the visitor's quota can refuse it
    const answers = await Promise.all(Array.from({ length: limit + 6 }, (_, i) => postCostly(ROUTES[i % 3], { prompt: "a fox" }, { cookie, vars })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect(await callsFor(imageUrl(), key)).toHaveLength(limit);
    const refused = answers.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ error: QUOTA_SPENT, limit });
    const retryAfter = Number(refused.headers.get("Retry-After"));
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(retryAfter).toBeGreaterThan(0);
    expect(Math.abs(retryAfter - (midnight.getTime() - Date.now()) / 1000)).toBeLessThan(30);
    // another visitor is not affected
    expect((await postCostly("generate-image", { prompt: "a fox" }, { vars })).status).toBe(200);
  });

  it("a signed-in parent's quota is the account's, on every browser", async () => {
    const { key, vars } = provider("ok");
    const parent = await makeAccount();
    // the requests go to https://example.com: the session cookie has its https name
    const session = `${sessionCookieName(true)}=${parent.token}`;
    const limit = DAILY_QUOTAS.images.account;
    // a different browser (visitor cookie) for each request, or none at all: the account counts
    const answers = await Promise.all(
      Array.from({ length: limit + 4 }, (_, i) =>
        postCostly("generate-image", { prompt: "a fox" }, { cookie: i % 2 ? session : `${visitorCookie()}; ${session}`, vars }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(limit);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(4);
    expect(await callsFor(imageUrl(), key)).toHaveLength(limit);
  });

  it("generates through the provider at the server's model and size, with the clamps applied", async () => {
    const { key, vars } = provider("ok");
    const res = await postCostly(
      "image-generation",
      {
        prompt: "Mia flies a kite",
        steps: 99,
        cfg_scale: -3,
        childImage: "C:\\photos\\mia.jpg",
        bookId: "bk7",
        pageNumber: 4,
        model: "gpt-image-99",
        width: 4096,
        n: 10,
      },
      { vars },
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
    const res = await postCostly("image-generation", { prompt: "a fox" }, { vars });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ attempts: 2 });
    expect(await callsFor(imageUrl(), key)).toHaveLength(2);
  });

  it("garbage is 'Failed to parse {provider} response'; no output is 'No output received from {provider}'", async () => {
    const garbage = await postCostly("generate-image", { prompt: "a fox" }, { vars: provider("garbage").vars });
    expect(garbage.status).toBe(500);
    // what did not parse is for the log; the caller of a 500 gets our words only
    expect(await garbage.json()).toEqual({ error: "Failed to parse Image provider response" });
    const empty = await postCostly("generate-image", { prompt: "a fox" }, { vars: { ...provider("empty").vars, IMAGE_API_NAME: "Acme Images" } });
    expect(await empty.json()).toEqual({ error: "No output received from Acme Images" });
  });

  it("the proxy passes an upstream 429 through", async () => {
    const res = await postCostly(
      "image-generation-proxy",
      { prompt: "a fox", childImage: "https://cdn.example.com/mia.jpg" },
      { vars: provider("429r3").vars },
    );
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("3");
  });

  it("refuses a prompt a child's book must not have", async () => {
    const res = await postCostly("generate-image", { prompt: "a pool of blood" }, { vars: provider("ok").vars });
    expect(res.status).toBe(422);
    expect((await postCostly("generate-image", { prompt: "a pool of blood" })).status).toBe(422);
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
