import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoriesOf, createOpenAIModerator } from "~/services/moderation/openai.server";
import type { FakeServer } from "../fake-servers/base";
import { scriptedKey } from "../fake-servers/keys";
import { flagged, MODERATION_CATEGORIES, scored, startFakeOpenAI } from "../fake-servers/openai-server";

let server: FakeServer;
let baseUrl: string;

beforeAll(async () => {
  server = await startFakeOpenAI();
  baseUrl = `${server.url}/v1`;
});
afterAll(() => server.close());

function moderator(key: string, timeoutMs = 2_000) {
  const logged: Record<string, unknown>[] = [];
  return { logged, m: createOpenAIModerator({ apiKey: key, baseUrl, timeoutMs, log: (e) => logged.push(e) }) };
}

describe("OpenAI moderator", () => {
  it("sends every non-empty field in one call to omni-moderation-latest and passes gentle text", async () => {
    const key = scriptedKey("ok");
    const { m, logged } = moderator(key);
    const verdict = await m.check({ childName: "Mia", storyDescription: "A picnic with a shy hedgehog.", moralLesson: "" });
    expect(verdict).toEqual({ ok: true });
    const calls = server.calls(key);
    expect(calls).toHaveLength(1);
    expect(calls[0].path).toBe("/v1/moderations");
    expect(calls[0].headers.authorization).toBe(`Bearer ${key}`);
    expect(calls[0].body).toEqual({ model: "omni-moderation-latest", input: ["Mia", "A picnic with a shy hedgehog."] });
    expect(logged).toEqual([]);
  });

  it("maps a flagged category to the same kind message as the offline rules, for the right field", async () => {
    const { m } = moderator(scriptedKey("ok"));
    const verdict = await m.check({ childName: "Mia", storyDescription: "a quiet walk", moralLesson: `a quiet walk ${flagged("violence/graphic")}` });
    expect(verdict).toEqual({
      ok: false,
      field: "moralLesson",
      message: "Let's keep stories gentle: please rephrase the lesson without violence.",
      categories: ["violence"],
    });
  });

  it.each([
    ["sexual/minors", "sexual"],
    ["harassment", "insult"],
    ["harassment/threatening", "threat"],
    ["hate", "hate"],
    ["self-harm/intent", "self-harm"],
    ["violence", "violence"],
    ["illicit", "illegal"],
    ["illicit/violent", "illegal"],
  ])("maps OpenAI's %s to %s", async (openaiCategory, category) => {
    const { m } = moderator(scriptedKey("ok"));
    const verdict = await m.check({ storyDescription: `a gentle story ${flagged(openaiCategory)}` });
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.categories).toEqual([category]);
  });

  it("refuses a comment OpenAI finds harassing or threatening, in a comment's words, and lets affection through", async () => {
    const { m } = moderator(scriptedKey("ok"));
    await expect(m.check({ comment: `you are so clever ${flagged("harassment")}` })).resolves.toEqual({
      ok: false,
      field: "comment",
      message: "Let's keep it kind: please rephrase your comment without insults or unkind words about anyone.",
      categories: ["insult"],
    });
    await expect(m.check({ comment: `see you soon ${flagged("hate/threatening")}` })).resolves.toMatchObject({ ok: false, categories: ["threat", "hate"] });
    // the offline rules still run beside OpenAI: an insult it scored low is refused all the same
    await expect(m.check({ comment: "this book is stupid and you are an idiot" })).resolves.toMatchObject({ ok: false, categories: ["insult"] });
    await expect(m.check({ comment: `What a beautiful story Mia! Lots of love xx ${scored("sexual", 0.01)}` })).resolves.toEqual({ ok: true });
    // a comment is not refused for the story's own words (OpenAI's "violence" is about the book, not a person)
    await expect(m.check({ comment: `the dragon fight was the best bit ${flagged("violence")}` })).resolves.toEqual({ ok: true });
  });

  it("holds a child's book to stricter scores than OpenAI's own flag", async () => {
    const { m } = moderator(scriptedKey("ok"));
    const low = await m.check({ storyDescription: `a knight's tournament ${scored("violence", 0.3)} ${scored("sexual", 0.1)}` });
    expect(low).toEqual({ ok: true });
    const high = await m.check({ storyDescription: `a gentle story ${scored("sexual", 0.25)}` });
    expect(high).toMatchObject({ ok: false, categories: ["sexual"] });
    const minors = await m.check({ storyDescription: `a gentle story ${scored("sexual/minors", 0.06)}` });
    expect(minors).toMatchObject({ ok: false, categories: ["sexual"] });
  });

  it("still applies the offline rules OpenAI does not cover (contact details)", async () => {
    const { m } = moderator(scriptedKey("ok"));
    const verdict = await m.check({ storyDescription: "Ring Grandma on 07700 900123 to say goodnight" });
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.categories).toEqual(["personal-data"]);
  });

  it.each([
    ["a 500", ["500"]],
    ["a garbled answer", ["garbage"]],
    ["results that do not match the inputs", ["mismatch"]],
    ["a timeout", ["slow400"]],
  ])("falls back to the offline rules on %s, and logs it", async (_label, steps) => {
    const { m, logged } = moderator(scriptedKey(...steps), 150);
    const refused = await m.check({ storyDescription: "The knight killed the dragon." });
    expect(refused).toMatchObject({ ok: false, field: "storyDescription", categories: ["violence"] });
    const passed = await m.check({ storyDescription: "The dragon was sad." });
    expect(passed).toEqual({ ok: true });
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ level: "warn", msg: "moderation fell back to the offline rules", provider: "openai" });
  });

  it("makes no call when every field is empty", async () => {
    const key = scriptedKey("ok");
    const { m } = moderator(key);
    await expect(m.check({ storyDescription: " ", moralLesson: "" })).resolves.toEqual({ ok: true });
    expect(server.calls(key)).toHaveLength(0);
  });

  it("reads categories and scores together", () => {
    const categories = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, false]));
    const scores = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, 0]));
    expect(categoriesOf({ flagged: false, categories, category_scores: scores })).toEqual([]);
    expect(categoriesOf({ flagged: true, categories: { ...categories, hate: true }, category_scores: { ...scores, "self-harm": 0.5 } }).sort()).toEqual([
      "hate",
      "self-harm",
    ]);
  });
});
