import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CharacterSheet } from "~/domain/story/book";
import type { IllustrationRequest } from "~/services/ai/image";
import { createOpenAIIllustrator, portraitKey } from "~/services/ai/openai/illustrator.server";
import { createLogger } from "~/services/log.server";
import type { Call, FakeServer } from "../fake-servers/base";
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
  name: "Ada",
  age: 5,
  gender: "girl",
  skinTone: "#8d5a3b",
  hairColor: "#1c1714",
  hairStyle: "ponytail",
  eyeColor: "#3a2414",
  outfitColor: "#f07a63",
  outfitAccent: "#f5c542",
  outfit: "dress",
  accessory: "star hairclip",
  description: "Ada, a five-year-old girl with dark brown skin, a black ponytail and a star hairclip, in a coral dress.",
};

const page = (scene: string, pageNumber = 5): IllustrationRequest => ({
  bookId: `bk-${crypto.randomUUID()}`,
  pageNumber,
  pageType: "Story Page",
  scene,
  sheet,
  theme: "Animals",
  artStyle: "watercolor",
  bookTitle: "Ada's Garden",
});

/** An in-memory stand-in for the R2 bucket (get and put, as the illustrator uses them). */
function bucket() {
  const objects = new Map<string, Uint8Array>();
  const store = {
    get: async (key: string) => {
      const bytes = objects.get(key);
      return bytes ? { arrayBuffer: async () => bytes.slice().buffer } : null;
    },
    put: async (key: string, value: Uint8Array) => {
      objects.set(key, value);
      return null;
    },
  } as unknown as Pick<R2Bucket, "get" | "put">;
  return { store, objects };
}

function logged() {
  const lines: Record<string, unknown>[] = [];
  return { lines, log: createLogger({}, (_level, line) => lines.push(JSON.parse(line) as Record<string, unknown>)) };
}

const drawings = (calls: Call[]) => calls.filter((c) => c.path.startsWith("/v1/images/"));
const checks = (calls: Call[]) => calls.filter((c) => c.path === "/v1/chat/completions");
const promptOf = (call: Call) => (call.body as { prompt: string }).prompt.replace(/\r\n/g, "\n");

describe("the hero's portrait", () => {
  it("is drawn once per book, kept under the book in R2, and reused when the step runs again", async () => {
    const key = scriptedKey("ok");
    const { store, objects } = bucket();
    const request = { ...page("Ada waters the roses."), reference: { bytes: new Uint8Array(TINY_JPEG), contentType: "image/jpeg" } };
    const first = createOpenAIIllustrator({ apiKey: key, baseUrl, portraits: store });
    // three pages drawn at once share one portrait drawing
    await Promise.all([first.draw(request), first.draw({ ...request, pageNumber: 6 }), first.draw({ ...request, pageNumber: 7 })]);
    expect(Buffer.from(objects.get(portraitKey(request.bookId))!).equals(PAGE_PNG)).toBe(true);
    expect(portraitKey(request.bookId)).toBe(`${request.bookId}/portrait.png`);
    const portraitCalls = drawings(server.calls(key)).filter((c) => (c.body as { image?: { file: string } }).image?.file === "reference.jpg");
    expect(portraitCalls).toHaveLength(1);

    // a step run again (a new isolate, the same bucket) draws its page from the stored portrait
    const again = scriptedKey("ok");
    await createOpenAIIllustrator({ apiKey: again, baseUrl, portraits: store }).draw(request);
    const [only, ...rest] = drawings(server.calls(again));
    expect(rest).toHaveLength(0);
    expect(only.body).toMatchObject({ image: { file: "portrait.png", type: "image/png" } });
  });

  it("a failed portrait drawing fails the page and is tried again by the next one", async () => {
    const key = scriptedKey("500", "ok");
    const { store, objects } = bucket();
    const illustrator = createOpenAIIllustrator({ apiKey: key, baseUrl, portraits: store });
    const request = page("Ada feeds the ducks.");
    await expect(illustrator.draw(request)).rejects.toMatchObject({ retryable: true });
    await illustrator.draw(request);
    expect(objects.has(portraitKey(request.bookId))).toBe(true);
  });
});

describe("the picture check", () => {
  it("sends the portrait and the page to the vision model and asks for strict JSON", async () => {
    const key = scriptedKey("ok");
    const { lines, log } = logged();
    await createOpenAIIllustrator({ apiKey: key, baseUrl, log }).draw(page("Ada plants a seed."));
    const [check] = checks(server.calls(key));
    const body = check.body as { model: string; response_format: unknown; messages: { content: unknown }[] };
    expect(body.model).toBe("gpt-4o-mini");
    expect(body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "picture_check", strict: true } });
    const images = JSON.stringify(body.messages).match(/data:image\/png;base64,/g) ?? [];
    expect(images).toHaveLength(2);
    expect(drawings(server.calls(key))).toHaveLength(2);
    expect(lines.filter((l) => /redrawn|kept/.test(String(l.msg)))).toEqual([]);
  });

  it("a picture that fails is drawn again, told what to avoid, and the redraw is logged with the book and page", async () => {
    const key = scriptedKey("ok");
    const { lines, log } = logged();
    const request = page("Ada reads to a hedgehog. fails#1=words", 9);
    await createOpenAIIllustrator({ apiKey: key, baseUrl, log }).draw(request);
    const pages = drawings(server.calls(key)).slice(1);
    expect(pages).toHaveLength(2);
    expect(promptOf(pages[1])).toContain("The last drawing of this page was wrong: words or letters are drawn in the picture");
    expect(checks(server.calls(key))).toHaveLength(2);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: "picture redrawn after failing its check",
        bookId: request.bookId,
        page: 9,
        drawing: 1,
        problems: expect.arrayContaining(["words or letters are drawn in the picture"]),
      }),
    );
  });

  it("is drawn at most three times; the last failing drawing is kept and that is logged", async () => {
    const key = scriptedKey("ok");
    const { lines, log } = logged();
    const request = page("Ada waves to a heron. fails#9=unlike", 11);
    const bytes = await createOpenAIIllustrator({ apiKey: key, baseUrl, log }).draw(request);
    expect(Buffer.from(bytes).equals(PAGE_PNG)).toBe(true);
    expect(drawings(server.calls(key))).toHaveLength(4); // the portrait and three drawings
    expect(lines.filter((l) => l.msg === "picture redrawn after failing its check")).toHaveLength(2);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "warn",
        msg: "picture kept after failing its check",
        bookId: request.bookId,
        page: 11,
        drawings: 3,
        problems: expect.arrayContaining(["the hero does not look like their portrait"]),
      }),
    );
  });

  it("a check that fails (5xx, timeout, an answer that is not the JSON) keeps the picture and logs it", async () => {
    // the portrait, the page, then the check answers 500
    for (const steps of [
      ["ok", "ok", "500"],
      ["ok", "ok", "slow1000"],
      ["ok", "ok", "badjson"],
    ]) {
      const key = scriptedKey(...steps);
      const { lines, log } = logged();
      const request = page("Ada sings to the moon. fails#3=limbs");
      const bytes = await createOpenAIIllustrator({ apiKey: key, baseUrl, log, visionTimeoutMs: 200 }).draw(request);
      expect(Buffer.from(bytes).equals(PAGE_PNG)).toBe(true);
      expect(drawings(server.calls(key))).toHaveLength(2);
      expect(lines).toContainEqual(
        expect.objectContaining({ level: "warn", msg: "picture check failed; the picture is kept unchecked", bookId: request.bookId }),
      );
    }
  });

  it("with a model that takes no reference, no portrait is drawn and the page is still checked", async () => {
    const key = scriptedKey("ok");
    await createOpenAIIllustrator({ apiKey: key, baseUrl, model: "dall-e-3" }).draw(page("Ada finds a snail. fails#1=absent"));
    const calls = server.calls(key);
    expect(drawings(calls).map((c) => c.path)).toEqual(["/v1/images/generations", "/v1/images/generations"]);
    expect(JSON.stringify(checks(calls)[0].body).match(/data:image\/png;base64,/g)).toHaveLength(1);
    expect(promptOf(drawings(calls)[1])).toContain("the hero is not in the picture");
  });
});
