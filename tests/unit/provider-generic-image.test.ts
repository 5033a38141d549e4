import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CharacterSheet } from "~/domain/story/book";
import { backoffDelay, imageApiConfig, providerNameFor, retryAfterMs, timeoutMessage } from "~/services/ai/generic-image/client.server";
import { createGenericIllustrator } from "~/services/ai/generic-image/illustrator.server";
import { imageRequestSchema, isUsableImageUrl, readImageResponse, toUpstreamRequest } from "~/services/ai/generic-image/request";
import { ProviderError, type IllustrationRequest } from "~/services/ai/image";
import { NEGATIVE_PROMPT } from "~/services/ai/openai/prompts";
import type { Secrets } from "~/services/env.server";
import type { FakeServer } from "../fake-servers/base";
import { scriptedKey } from "../fake-servers/keys";
import { startFakeImageServer } from "../fake-servers/image-server";
import { PAGE_PNG, TINY_JPEG } from "../fake-servers/png";

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeImageServer();
});
afterAll(() => server.close());

const parse = (body: Record<string, unknown>) => imageRequestSchema.parse({ prompt: "a fox", ...body });
const upstream = (body: Record<string, unknown>) => toUpstreamRequest(parse(body), { model: "house-model" });
const DATA_URL = `data:image/png;base64,${PAGE_PNG.toString("base64")}`;

describe("image request: its fields, steps clamped to 1-10, cfg_scale to 1-30, images only as http or data URLs", () => {
  it.each([
    [0, 1],
    [-4, 1],
    [1, 1],
    [7, 7],
    [10, 10],
    [11, 10],
    [250, 10],
    [6.6, 7],
    ["4", 4],
  ])("steps %j is sent as %d", (steps, sent) => {
    expect(upstream({ steps }).steps).toBe(sent);
  });

  it.each([
    [0, 1],
    [0.5, 1],
    [7.5, 7.5],
    [30, 30],
    [31, 30],
    [1000, 30],
    ["12", 12],
  ])("cfg_scale %j is sent as %d", (cfg, sent) => {
    expect(upstream({ cfg_scale: cfg }).cfg_scale).toBe(sent);
  });

  it("leaves steps and cfg_scale to the provider when they are not given; 1024×1024 by default", () => {
    const out = upstream({});
    expect(out).toEqual({ prompt: "a fox", width: 1024, height: 1024, model: "house-model" });
  });

  it.each([
    ["https://cdn.example.com/mia.jpg", true],
    ["http://cdn.example.com/mia.jpg", true],
    [DATA_URL, true],
    ["data:image/jpeg;base64,/9j/4AAQ", true],
    ["data:text/html;base64,PGI+", false],
    ["ftp://cdn.example.com/mia.jpg", false],
    ["javascript:alert(1)", false],
    ["/uploads/mia.jpg", false],
    ["mia.jpg", false],
    ["blob:https://example.com/1234", false],
    ["", false],
  ])("a child image %j is used: %s", (url, used) => {
    expect(isUsableImageUrl(url)).toBe(used);
    expect(upstream({ childImage: url }).childImage).toBe(used ? url : undefined);
  });

  it("prefers the cropped photo, falls back to the whole one, and keeps the IP-adapter weight only with a face", () => {
    expect(upstream({ childImage: "https://a.example/full.jpg", childImageCropped: "https://a.example/crop.jpg", ip_adapter_scale: 0.7 })).toMatchObject({
      childImage: "https://a.example/crop.jpg",
      ip_adapter_scale: 0.7,
    });
    expect(upstream({ childImage: "https://a.example/full.jpg", childImageCropped: "file:///crop.jpg" }).childImage).toBe("https://a.example/full.jpg");
    expect(upstream({ childImage: "not a url", ip_adapter_scale: 0.7 })).not.toHaveProperty("ip_adapter_scale");
    expect(upstream({ childImage: DATA_URL, ip_adapter_scale: 3 }).ip_adapter_scale).toBe(1);
  });

  it("sends a control image only as an http or data URL, with its type", () => {
    expect(upstream({ control_image: "https://a.example/pose.png", control_type: "openpose" })).toMatchObject({
      control_image: "https://a.example/pose.png",
      control_type: "openpose",
    });
    expect(upstream({ control_image: "c:/pose.png", control_type: "openpose" })).not.toHaveProperty("control_type");
  });

  it("the server's model and size: the caller's model, width, height and n are dropped unread", () => {
    const out = toUpstreamRequest(parse({ model: "their-model", width: 2048, height: 64, n: 8 }), { model: "fixed" });
    expect(out).toEqual({ prompt: "a fox", width: 1024, height: 1024, model: "fixed" });
  });

  it("rejects fields that are not what they claim", () => {
    expect(imageRequestSchema.safeParse({ prompt: "x", steps: "many" }).success).toBe(false);
    expect(imageRequestSchema.safeParse({ prompt: "x", bookId: "../etc" }).success).toBe(false);
    expect(imageRequestSchema.safeParse({ prompt: " " }).success).toBe(false);
  });

  it("reads output or images, URLs, data URLs, raw base64 and objects", () => {
    expect(readImageResponse({ output: ["https://a.example/1.png"] })).toEqual({ ok: true, output: ["https://a.example/1.png"] });
    expect(readImageResponse({ output: "https://a.example/1.png" })).toEqual({ ok: true, output: ["https://a.example/1.png"] });
    expect(readImageResponse({ images: [{ url: "https://a.example/2.png" }] })).toEqual({ ok: true, output: ["https://a.example/2.png"] });
    expect(readImageResponse({ images: [PAGE_PNG.toString("base64")] })).toEqual({ ok: true, output: [DATA_URL] });
    expect(readImageResponse({ output: [] })).toEqual({ ok: true, output: [] });
    expect(readImageResponse({})).toEqual({ ok: true, output: [] });
    expect(readImageResponse({ output: 42 }).ok).toBe(false);
    expect(readImageResponse({ output: ["hello"] }).ok).toBe(false);
    expect(readImageResponse("text").ok).toBe(false);
  });
});

describe("generic provider settings", () => {
  const secrets = { ENVIRONMENT: "test", WEBSITE_URL: "http://x", ADMIN_EMAIL: "a@b.co", EMAIL_FROM: "x <a@b.co>" } as Secrets;

  it("needs both the URL and the key", () => {
    expect(imageApiConfig(secrets)).toBeNull();
    expect(imageApiConfig({ ...secrets, IMAGE_API_URL: "https://api.segmind.com/v1/sdxl" })).toBeNull();
    expect(imageApiConfig({ ...secrets, IMAGE_API_KEY: "k" })).toBeNull();
    expect(imageApiConfig({ ...secrets, IMAGE_API_URL: "https://api.segmind.com/v1/sdxl", IMAGE_API_KEY: "k" })).toEqual({
      url: "https://api.segmind.com/v1/sdxl",
      apiKey: "k",
      model: "sdxl-lightning",
      providerName: "Segmind",
    });
  });

  it("names the provider that the error texts mention", () => {
    expect(providerNameFor("https://api.replicate.com/v1/predictions")).toBe("Replicate");
    expect(providerNameFor("http://127.0.0.1:8080/generate")).toBe("Image provider");
    expect(providerNameFor("https://x.example.com", "Acme Images")).toBe("Acme Images");
  });

  it("words the timeout in seconds", () => {
    expect(timeoutMessage("Segmind", 60_000)).toBe("Segmind API request timed out after 60 seconds");
    expect(timeoutMessage("Segmind", 120_000)).toBe("Segmind API request timed out after 120 seconds");
  });

  it("backs off exponentially, honouring Retry-After up to the cap", () => {
    const o = { backoffBaseMs: 1000, backoffMaxMs: 10_000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, o))).toEqual([1000, 2000, 4000, 8000, 10_000]);
    expect(backoffDelay(1, o, 3000)).toBe(3000);
    expect(backoffDelay(1, o, 60_000)).toBe(10_000);
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs("soon")).toBeUndefined();
  });
});

const sheet: CharacterSheet = {
  name: "Ava",
  age: 4,
  gender: "girl",
  skinTone: "#6b4229",
  hairColor: "#1c1714",
  hairStyle: "bun",
  eyeColor: "#3a2414",
  outfitColor: "#b9a2e0",
  outfitAccent: "#f5c542",
  outfit: "overalls",
  accessory: "scarf",
  description: "Ava, a four-year-old girl with deep brown skin, black hair in a bun and dark brown eyes, in lavender overalls and a yellow scarf.",
};
const page: IllustrationRequest = {
  bookId: "bk9",
  pageNumber: 12,
  pageType: "Story Page",
  scene: "Ava feeds the ducks at the pond with Grandpa.",
  sheet,
  theme: "Animals",
  artStyle: "crayon",
  bookTitle: "Ava's Duck Day",
};

function illustrator(key: string, extra: Partial<Parameters<typeof createGenericIllustrator>[0]> = {}) {
  return createGenericIllustrator({ url: `${server.url}/generate`, apiKey: key, model: "storybook-xl", providerName: "Acme Images", ...extra });
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("generic illustrator", () => {
  it("posts the image request with the page's prompt, size, model, book id and page and fetches the PNG it points to", async () => {
    const key = scriptedKey("ok");
    const bytes = await illustrator(key).draw(page);
    expect(Buffer.from(bytes).equals(PAGE_PNG)).toBe(true);
    const [call] = server.calls(key);
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/generate");
    expect(call.headers.authorization).toBe(`Bearer ${key}`);
    expect(call.headers["x-api-key"]).toBe(key);
    const body = call.body as Record<string, unknown>;
    expect(body).toMatchObject({
      negative_prompt: NEGATIVE_PROMPT,
      width: 1024,
      height: 1024,
      model: "storybook-xl",
      bookId: "bk9",
      pageNumber: 12,
      pageType: "Story Page",
    });
    expect(body.prompt).toContain(sheet.description);
    expect(body.prompt).toContain(page.scene);
    expect(body).not.toHaveProperty("childImage");
  });

  it("sends the child's photo as a data URL face reference", async () => {
    const key = scriptedKey("ok");
    await illustrator(key).draw({ ...page, reference: { bytes: new Uint8Array(TINY_JPEG), contentType: "image/jpeg" } });
    const body = server.calls(key)[0].body as Record<string, unknown>;
    expect(body.childImage).toBe(`data:image/jpeg;base64,${TINY_JPEG.toString("base64")}`);
    expect(body.ip_adapter_scale).toBe(0.6);
  });

  it("clamps the configured steps and cfg_scale", async () => {
    const key = scriptedKey("ok");
    await illustrator(key, { steps: 40, cfgScale: 0 }).draw(page);
    expect(server.calls(key)[0].body).toMatchObject({ steps: 10, cfg_scale: 1 });
  });

  it.each(["images", "dataurl", "b64"])("reads the %s answer shape", async (step) => {
    const bytes = await illustrator(scriptedKey(step)).draw(page);
    expect(Buffer.from(bytes).equals(PAGE_PNG)).toBe(true);
  });

  it("accepts a JPEG (the watermark step re-encodes every picture as PNG)", async () => {
    const bytes = await illustrator(scriptedKey("jpeg")).draw(page);
    expect(Buffer.from(bytes).equals(TINY_JPEG)).toBe(true);
  });

  it("refuses a download that is not a picture", async () => {
    const error = await failure(illustrator(scriptedKey("notimage")).draw(page));
    expect(error.message).toBe("Failed to parse Acme Images response: the image is not a PNG or JPEG");
    expect(error.retryable).toBe(false);
  });

  it("a missing picture is a non-retryable 404", async () => {
    const error = await failure(illustrator(scriptedKey("missing")).draw(page));
    expect(error.status).toBe(404);
    expect(error.retryable).toBe(false);
  });

  it.each([
    ["garbage", "Failed to parse Acme Images response: ", false],
    ["badtype", "Failed to parse Acme Images response: output", false],
    ["empty", "No output received from Acme Images", false],
    ["nooutput", "No output received from Acme Images", false],
    ["503", "Scripted failure 503", true],
    ["429", "Scripted failure 429", true],
    ["400", "Scripted failure 400", false],
    ["html500", "Acme Images API request failed with status 500", true],
  ])("a %s answer is a ProviderError (%s…), retryable %s", async (step, message, retryable) => {
    const error = await failure(illustrator(scriptedKey(step)).draw(page));
    expect(error.message.startsWith(message)).toBe(true);
    expect(error.retryable).toBe(retryable);
  });

  it("a slow provider times out, retryably", async () => {
    const error = await failure(illustrator(scriptedKey("slow500"), { timeoutMs: 100 }).draw(page));
    expect(error.message).toBe("Acme Images API request timed out after 0.1 seconds");
    expect(error.retryable).toBe(true);
    expect(error.status).toBe(504);
  });
});
