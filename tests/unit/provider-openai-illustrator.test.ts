import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CharacterSheet } from "~/domain/story/book";
import { ProviderError, type IllustrationRequest } from "~/services/ai/image";
import { createOpenAIIllustrator, supportsReference } from "~/services/ai/openai/illustrator.server";
import { artStyleWords, illustrationPrompt, portraitPrompt } from "~/services/ai/openai/prompts";
import type { FakeServer } from "../fake-servers/base";
import { scriptedKey } from "../fake-servers/keys";
import { startFakeOpenAI } from "../fake-servers/openai-server";
import { PAGE_PNG, TINY_JPEG } from "../fake-servers/png";

let server: FakeServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startFakeOpenAI();
  baseUrl = `${server.url}/v1`;
});
afterAll(() => server.close());

const sheet: CharacterSheet = {
  name: "Leo",
  age: 6,
  gender: "boy",
  skinTone: "#f0c8a8",
  hairColor: "#b85a2a",
  hairStyle: "curly",
  eyeColor: "#5f7f4a",
  outfitColor: "#6fb7e8",
  outfitAccent: "#f5c542",
  outfit: "hoodie and trousers",
  accessory: "glasses",
  description: "Leo, a six-year-old boy with light peach skin, curly ginger hair, green eyes and round glasses, in a sky-blue hoodie.",
};

const page: IllustrationRequest = {
  bookId: "bk123",
  pageNumber: 7,
  pageType: "Story Page",
  scene: "Leo and a friendly fox cross a candy-striped bridge at sunset.",
  sheet,
  theme: "Adventure",
  artStyle: "watercolor",
  bookTitle: "Leo and the Glowing Map",
};

const photo = { bytes: new Uint8Array(TINY_JPEG), contentType: "image/jpeg" };

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

describe("picture prompt", () => {
  it("carries the character sheet's description verbatim, the scene and the art style", () => {
    const prompt = illustrationPrompt(page);
    expect(prompt).toContain(sheet.description);
    expect(prompt).toContain(page.scene);
    expect(prompt).toContain(artStyleWords("watercolor"));
    expect(prompt).toMatch(/No text, letters or numbers/);
    expect(prompt).not.toMatch(/reference photo/);
  });

  it("the cover names the book and leaves room for the title; a reference is described", () => {
    const prompt = illustrationPrompt({ ...page, pageNumber: 1, pageType: "Front Cover" }, { withReference: true });
    expect(prompt).toContain('front cover of the book "Leo and the Glowing Map"');
    expect(prompt).toContain("Use the child in the reference photo as the model for Leo's face");
  });

  it("turns art styles into image-model words, keeping unknown styles", () => {
    expect(artStyleWords("Paper cut-out")).toMatch(/collage/);
    expect(artStyleWords("Crayon & pastel")).toMatch(/crayon/);
    expect(artStyleWords("pixel art")).toBe("pixel art children's book illustration");
  });

  it("knows which models take a reference image", () => {
    expect(supportsReference("gpt-image-1")).toBe(true);
    expect(supportsReference("gpt-image-1-mini")).toBe(true);
    expect(supportsReference("dall-e-3")).toBe(false);
  });
});

describe("OpenAI illustrator", () => {
  it("without a photo, draws the hero's portrait from the sheet, then the page with the portrait as its reference", async () => {
    const key = scriptedKey("ok");
    const bytes = await createOpenAIIllustrator({ apiKey: key, baseUrl }).draw(page);
    expect(Buffer.from(bytes).equals(PAGE_PNG)).toBe(true);
    const [portrait, drawing] = server.calls(key);
    expect(portrait.path).toBe("/v1/images/generations");
    expect(portrait.body).toEqual({
      model: "gpt-image-1",
      prompt: portraitPrompt(page, { fromPhoto: false }),
      size: "1024x1024",
      n: 1,
      quality: "medium",
      output_format: "png",
    });
    expect(drawing.path).toBe("/v1/images/edits");
    expect(drawing.body).toMatchObject({ image: { file: "portrait.png", type: "image/png", size: PAGE_PNG.length } });
    // multipart sends line breaks as CRLF
    expect((drawing.body as { prompt: string }).prompt.replace(/\r\n/g, "\n")).toBe(illustrationPrompt(page, { withPortrait: true }));
  });

  it("draws the portrait from the child's photo on the edits endpoint, with high input fidelity; the pages get the portrait, never the photo", async () => {
    const key = scriptedKey("ok");
    const bytes = await createOpenAIIllustrator({ apiKey: key, baseUrl }).draw({ ...page, reference: photo });
    expect(Buffer.from(bytes).equals(PAGE_PNG)).toBe(true);
    const [portrait, drawing] = server.calls(key);
    expect(portrait.path).toBe("/v1/images/edits");
    expect(portrait.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(portrait.body).toMatchObject({
      model: "gpt-image-1",
      size: "1024x1024",
      n: "1",
      output_format: "png",
      input_fidelity: "high",
      image: { file: "reference.jpg", type: "image/jpeg", size: TINY_JPEG.length, head: TINY_JPEG.subarray(0, 8).toString("hex") },
    });
    const portraitText = (portrait.body as { prompt: string }).prompt;
    expect(portraitText).toContain(sheet.description);
    expect(portraitText).toContain("reference photo");
    expect(portraitText).toMatch(/full body/);
    expect(drawing.body).toMatchObject({ input_fidelity: "high", image: { file: "portrait.png", type: "image/png" } });
    expect((drawing.body as { prompt: string }).prompt).not.toContain("reference photo");
  });

  it("with a model that takes no reference, draws from the prompt alone (b64_json asked for)", async () => {
    const key = scriptedKey("ok");
    await createOpenAIIllustrator({ apiKey: key, baseUrl, model: "dall-e-3" }).draw({ ...page, reference: photo });
    const [call] = server.calls(key);
    expect(call.path).toBe("/v1/images/generations");
    expect(call.body).toMatchObject({ model: "dall-e-3", response_format: "b64_json" });
    expect((call.body as { prompt: string }).prompt).not.toContain("reference photo");
  });

  it("refuses an answer that is not a PNG", async () => {
    const error = await failure(createOpenAIIllustrator({ apiKey: scriptedKey("notpng"), baseUrl }).draw(page));
    expect(error.message).toBe("Failed to parse OpenAI response: the image was not a PNG");
    expect(error.retryable).toBe(false);
  });

  it("refuses an answer without an image", async () => {
    const error = await failure(createOpenAIIllustrator({ apiKey: scriptedKey("empty"), baseUrl }).draw(page));
    expect(error.message).toMatch(/^Failed to parse OpenAI response: data: no image in the answer/);
  });

  it("429 and 5xx are retryable, a 400 is not, a timeout is", async () => {
    expect((await failure(createOpenAIIllustrator({ apiKey: scriptedKey("429"), baseUrl }).draw(page))).retryable).toBe(true);
    expect((await failure(createOpenAIIllustrator({ apiKey: scriptedKey("html500"), baseUrl }).draw(page))).retryable).toBe(true);
    const bad = await failure(createOpenAIIllustrator({ apiKey: scriptedKey("400"), baseUrl }).draw(page));
    expect(bad.retryable).toBe(false);
    expect(bad.status).toBe(400);
    const slow = await failure(createOpenAIIllustrator({ apiKey: scriptedKey("slow400"), baseUrl, timeoutMs: 100 }).draw(page));
    expect(slow.retryable).toBe(true);
    expect(slow.message).toMatch(/timed out/);
  });

  it("a spent quota (429 insufficient_quota) is not retried", async () => {
    const quota = await failure(
      createOpenAIIllustrator({
        apiKey: "k",
        baseUrl,
        fetch: async () => new Response(JSON.stringify({ error: { message: "You exceeded your current quota", code: "insufficient_quota" } }), { status: 429 }),
      }).draw(page),
    );
    expect(quota.retryable).toBe(false);
  });

  it("passes the caller's abort through", async () => {
    const controller = new AbortController();
    const drawing = createOpenAIIllustrator({ apiKey: scriptedKey("slow2000"), baseUrl }).draw(page, controller.signal);
    controller.abort(new Error("book cancelled"));
    await expect(drawing).rejects.toThrow("book cancelled");
  });
});
