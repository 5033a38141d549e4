import type { AppLoadContext } from "@remix-run/cloudflare";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import type { Secrets } from "~/services/env.server";
import { createLogger } from "~/services/log.server";
import type { ApiEnv } from "../../workers/api/env";
import { createImageRoutes, type ImageRouteOptions } from "../../workers/api/images";
import type { FakeServer } from "../fake-servers/base";
import { scriptedKey } from "../fake-servers/keys";
import { startFakeImageServer } from "../fake-servers/image-server";

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeImageServer();
});
afterAll(() => server.close());

let errorLog: MockInstance<typeof console.error>;
beforeEach(() => {
  errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
  return () => errorLog.mockRestore();
});

const BASE_SECRETS = { ENVIRONMENT: "test", WEBSITE_URL: "http://localhost", ADMIN_EMAIL: "a@b.co", EMAIL_FROM: "x <a@b.co>" } as Secrets;
const BACKOFF = 40;
/** For the tests about timeouts: a short timeout, and a provider step slower than it. */
const SHORT = { generationTimeoutMs: 300, proxyTimeoutMs: 300, generateImageTimeoutMs: 300 };
const SLOW = "slow1500";

/**
 * The image routes mounted under /api with a load context holding only what they read, fast timings
 * and a recorded sleep. The guard before the work (origin, known visitor, limits, daily quota) and the
 * offline illustrator (no key: it runs only in workerd) are tested through the Worker in
 * tests/workers/image-endpoints.test.ts; here the guard lets every valid request through.
 */
function setup(secrets: Partial<Secrets>, options: ImageRouteOptions = {}) {
  const sleeps: number[] = [];
  const routes = createImageRoutes({
    guard: async (_c, next) => {
      await next();
    },
    generationTimeoutMs: 5_000,
    proxyTimeoutMs: 5_000,
    generateImageTimeoutMs: 5_000,
    backoffBaseMs: BACKOFF,
    backoffMaxMs: 1000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  const app = new Hono<ApiEnv>();
  app.use("*", async (c, next) => {
    c.set("app", {
      env: { secrets: { ...BASE_SECRETS, ...secrets } },
      requestId: "req-test",
      log: createLogger({ requestId: "req-test" }),
    } as unknown as AppLoadContext);
    await next();
  });
  app.route("/api", routes);
  const post = (path: string, body: unknown) =>
    app.request(`/api/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  return { app, post, sleeps };
}

function withKey(...steps: string[]) {
  const key = scriptedKey(...steps);
  return { key, secrets: { IMAGE_API_URL: `${server.url}/v1/generate`, IMAGE_API_KEY: key, IMAGE_API_MODEL: "house-model", IMAGE_API_NAME: "Acme Images" } };
}

type Json = Record<string, unknown>;

describe("POST /api/image-generation", () => {
  it("returns the output list, the tries and the caller's book id and page number", async () => {
    const { key, secrets } = withKey("ok");
    const { post, sleeps } = setup(secrets);
    const res = await post("image-generation", { prompt: "Mia and a fox in a meadow", bookId: "bk42", pageNumber: "5", pageType: "Story Page" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ output: [`${server.url}/files/page.png`], attempts: 1, bookId: "bk42", pageNumber: 5, pageType: "Story Page" });
    expect(server.calls(key)).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("sends the provider the clamped request at the server's model and size, and the child image only as an http or data URL", async () => {
    const { key, secrets } = withKey("ok");
    const { post } = setup(secrets);
    await post("image-generation", {
      prompt: "Mia and a fox",
      negative_prompt: "text",
      model: "their-model",
      width: 512,
      n: 4,
      steps: 50,
      cfg_scale: 0.2,
      childImage: "/local/photo.jpg",
      childImageCropped: "javascript:alert(1)",
      ip_adapter_scale: 0.8,
      control_image: "https://cdn.example.com/pose.png",
      control_type: "openpose",
      unknownField: "dropped",
    });
    const [call] = server.calls(key);
    expect(call.headers.authorization).toBe(`Bearer ${key}`);
    expect(call.body).toEqual({
      prompt: "Mia and a fox",
      negative_prompt: "text",
      width: 1024,
      height: 1024,
      model: "house-model",
      steps: 10,
      cfg_scale: 1,
      control_image: "https://cdn.example.com/pose.png",
      control_type: "openpose",
    });
  });

  it("keeps a usable child image (cropped first) with its IP-adapter weight", async () => {
    const { key, secrets } = withKey("ok");
    const { post } = setup(secrets);
    await post("image-generation", {
      prompt: "Mia",
      childImage: "https://cdn.example.com/full.jpg",
      childImageCropped: "data:image/png;base64,iVBORw0KGgo=",
      ip_adapter_scale: 0.5,
      steps: 0,
      cfg_scale: 45,
    });
    expect(server.calls(key)[0].body).toMatchObject({ childImage: "data:image/png;base64,iVBORw0KGgo=", ip_adapter_scale: 0.5, steps: 1, cfg_scale: 30 });
  });

  it.each([
    ["missing", {}],
    ["empty", { prompt: "" }],
    ["blank", { prompt: "   " }],
    ["not a string", { prompt: 42 }],
  ])("400 'Prompt is required' when the prompt is %s, without calling the provider", async (_label, body) => {
    const { key, secrets } = withKey("ok");
    const { post } = setup(secrets);
    const res = await post("image-generation", body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Prompt is required" });
    expect(server.calls(key)).toHaveLength(0);
  });

  it("400 for a body that is not JSON or fields that are not valid", async () => {
    const { secrets } = withKey("ok");
    const { post } = setup(secrets);
    const notJson = await post("image-generation", "prompt=hello");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "Request body must be JSON" });
    const bad = await post("image-generation", { prompt: "a fox", steps: "lots" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Invalid image request", details: [{ path: "steps" }] });
  });

  it("refuses a prompt a child's book must not have (422), without calling the provider", async () => {
    const { key, secrets } = withKey("ok");
    const { post } = setup(secrets);
    const res = await post("image-generation", { prompt: "a soldier with a gun" });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: "Let's keep stories gentle: please rephrase the picture description without violence.",
      categories: ["violence"],
    });
    expect(server.calls(key)).toHaveLength(0);
  });

  it("429 then success: two calls, one backoff", async () => {
    const { key, secrets } = withKey("429", "ok");
    const { post, sleeps } = setup(secrets);
    const res = await post("image-generation", { prompt: "a fox" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ attempts: 2 });
    expect(server.calls(key)).toHaveLength(2);
    expect(sleeps).toEqual([BACKOFF]);
  });

  it("5xx twice then success: three calls, exponential backoff", async () => {
    const { key, secrets } = withKey("500", "503", "ok");
    const { post, sleeps } = setup(secrets);
    const res = await post("image-generation", { prompt: "a fox" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ attempts: 3 });
    expect(server.calls(key)).toHaveLength(3);
    expect(sleeps).toEqual([BACKOFF, BACKOFF * 2]);
  });

  it("a Retry-After longer than the backoff is honoured", async () => {
    const { secrets } = withKey("429r1", "ok");
    const { post, sleeps } = setup(secrets);
    expect((await post("image-generation", { prompt: "a fox" })).status).toBe(200);
    expect(sleeps).toEqual([1000]);
  });

  it("5xx on every try: exactly 3 calls, then 500 with attempts", async () => {
    const { key, secrets } = withKey("503");
    const { post, sleeps } = setup(secrets);
    const res = await post("image-generation", { prompt: "a fox" });
    expect(res.status).toBe(500);
    // The provider's own words go to the log, never to the caller of a 500.
    expect(await res.json()).toEqual({ error: "Acme Images API request failed with status 503", attempts: 3 });
    expect(server.calls(key)).toHaveLength(3);
    expect(sleeps).toEqual([BACKOFF, BACKOFF * 2]);
    expect(JSON.parse(String(errorLog.mock.calls[0][0]))).toMatchObject({
      level: "error",
      route: "image-generation",
      kind: "status",
      status: 503,
      attempts: 3,
      message: "Scripted failure 503",
    });
  });

  it("a 4xx other than 429 is not retried and gets no backoff", async () => {
    const { key, secrets } = withKey("400");
    const { post, sleeps } = setup(secrets);
    const res = await post("image-generation", { prompt: "a fox" });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Acme Images API request failed with status 400", attempts: 1 });
    expect(server.calls(key)).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("timing out on every try: 3 calls, then 504 with isTimeout (no backoff after a timeout)", async () => {
    const { key, secrets } = withKey(SLOW);
    const { post, sleeps } = setup(secrets, SHORT);
    const res = await post("image-generation", { prompt: "a fox" });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ error: "Acme Images API request timed out after 0.3 seconds", isTimeout: true, attempts: 3 });
    expect(server.calls(key)).toHaveLength(3);
    expect(sleeps).toEqual([]);
  });

  it("one timeout then success", async () => {
    const { key, secrets } = withKey(SLOW, "ok");
    const { post } = setup(secrets, { generationTimeoutMs: 800 });
    const res = await post("image-generation", { prompt: "a fox" });
    expect(res.status).toBe(200);
    expect(server.calls(key)).toHaveLength(2);
  });

  it("garbage is a 500 'Failed to parse {provider} response', not retried", async () => {
    const { key, secrets } = withKey("garbage");
    const { post } = setup(secrets);
    const res = await post("image-generation", { prompt: "a fox" });
    expect(res.status).toBe(500);
    const body = (await res.json()) as Json;
    expect(body.error).toBe("Failed to parse Acme Images response");
    expect(body.attempts).toBe(1);
    expect(server.calls(key)).toHaveLength(1);
  });

  it("no output is a 500 'No output received from {provider}'", async () => {
    const { secrets } = withKey("empty");
    const { post } = setup(secrets);
    const res = await post("image-generation", { prompt: "a fox" });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "No output received from Acme Images", attempts: 1 });
  });

  it("tries 3 times by default", async () => {
    const { key, secrets } = withKey("500");
    const { post } = setup(secrets, { generationAttempts: undefined });
    await post("image-generation", { prompt: "a fox" });
    expect(server.calls(key)).toHaveLength(3);
  });

  it("answers other methods with 405", async () => {
    const { app } = setup(withKey("ok").secrets);
    const res = await app.request("/api/image-generation");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
  });
});

describe("POST /api/image-generation-proxy", () => {
  it("returns the output for a request with a face reference", async () => {
    const { key, secrets } = withKey("images");
    const { post } = setup(secrets);
    const res = await post("image-generation-proxy", {
      prompt: "Mia as an astronaut",
      childImage: "https://cdn.example.com/mia.jpg",
      ip_adapter_scale: 0.6,
      bookId: "bk1",
      pageNumber: 3,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ output: [`${server.url}/files/page.png`], bookId: "bk1", pageNumber: 3 });
    expect(server.calls(key)[0].body).toMatchObject({ childImage: "https://cdn.example.com/mia.jpg", ip_adapter_scale: 0.6 });
  });

  it.each([
    ["429r7", 429, "Rate limit reached, slow down"],
    ["503", 503, "Scripted failure 503"],
    ["401", 401, "Scripted failure 401"],
    ["400", 400, "Scripted failure 400"],
  ])("passes the upstream status of %s through, with its message, and does not retry", async (step, status, message) => {
    const { key, secrets } = withKey(step);
    const { post, sleeps } = setup(secrets);
    const res = await post("image-generation-proxy", { prompt: "Mia", control_image: "https://cdn.example.com/pose.png" });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error: message, status });
    if (step === "429r7") expect(res.headers.get("retry-after")).toBe("7");
    expect(server.calls(key)).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("504 with isTimeout when the provider is too slow", async () => {
    const { secrets } = withKey(SLOW);
    const { post } = setup(secrets, SHORT);
    const res = await post("image-generation-proxy", { prompt: "Mia" });
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ isTimeout: true });
  });

  it("400 'Prompt is required' like its siblings", async () => {
    expect(await (await setup(withKey("ok").secrets).post("image-generation-proxy", { childImage: "https://a.example/x.jpg" })).json()).toEqual({
      error: "Prompt is required",
    });
  });
});

describe("POST /api/generate-image (the generic handler)", () => {
  it("posts at the fixed model, 1024×1024, and returns { output }", async () => {
    const { key, secrets } = withKey("ok");
    const { post } = setup(secrets);
    const res = await post("generate-image", { prompt: "a lighthouse at dawn", model: "their-model", width: 300, height: 2000 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ output: [`${server.url}/files/page.png`] });
    expect(server.calls(key)[0].body).toEqual({ prompt: "a lighthouse at dawn", width: 1024, height: 1024, model: "house-model" });
  });

  it.each([
    ["garbage", 500, /^Failed to parse Acme Images response$/],
    ["badtype", 500, /^Failed to parse Acme Images response$/],
    ["empty", 500, /^No output received from Acme Images$/],
    ["nooutput", 500, /^No output received from Acme Images$/],
    ["503", 500, /^Acme Images API request failed with status 503$/],
    ["html500", 500, /^Acme Images API request failed with status 500$/],
    [SLOW, 504, /^Acme Images API request timed out after 0.3 seconds$/],
  ])("answers %s with the matching status and error message, tried once", async (step, status, message) => {
    const { key, secrets } = withKey(step);
    const { post } = setup(secrets, SHORT);
    const res = await post("generate-image", { prompt: "a lighthouse" });
    expect(res.status).toBe(status);
    expect(((await res.json()) as Json).error).toMatch(message);
    expect(server.calls(key)).toHaveLength(1);
  });

  it("an unknown failure says 'Unknown error occurred'", async () => {
    const { secrets } = withKey("ok");
    const { post } = setup(secrets, { fetch: async () => new Response(JSON.stringify({}), { status: 502 }) });
    const res = await post("generate-image", { prompt: "a lighthouse" });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Acme Images API request failed with status 502" });
  });
});
