import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoryBrief } from "~/domain/story/book";
import { createOpenAIWriter } from "~/services/ai/openai/writer.server";
import { createLogger } from "~/services/log.server";
import { createOpenAIModerator } from "~/services/moderation/openai.server";
import type { FakeServer } from "../fake-servers/base";
import { scriptedKey } from "../fake-servers/keys";
import { slipOn, startFakeOpenAI, storyFor } from "../fake-servers/openai-server";

let server: FakeServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startFakeOpenAI();
  baseUrl = `${server.url}/v1`;
});
afterAll(() => server.close());

const brief: StoryBrief = {
  childName: "Mia",
  age: 5,
  gender: "girl",
  authorName: "Grandma Rose",
  theme: "Adventure",
  storyDescription: "Mia finds a glowing map in the attic and follows it through a whispering forest.",
  moralLesson: "Being brave means trying anyway, one small step at a time.",
  specialElements: ["a talking compass"],
  artStyle: "watercolor",
};

type ChatBody = { messages: { role: string; content: string }[]; response_format: { json_schema: { name: string } } };

/** The writer as the server makes it (its rewritten pages moderated with the same key), with its log lines kept. */
function writerFor(key: string) {
  const lines: { level: string; msg: string; [field: string]: unknown }[] = [];
  const log = createLogger({}, (_level, line) => lines.push(JSON.parse(line)));
  const moderator = createOpenAIModerator({ apiKey: key, baseUrl, log: () => {} });
  return { lines, writer: createOpenAIWriter({ apiKey: key, baseUrl, moderator, log }) };
}

const rewrites = (key: string) =>
  server
    .calls(key)
    .filter((c) => c.path === "/v1/chat/completions" && (c.body as ChatBody).response_format.json_schema.name === "page_rewrite")
    .map((c) => ({ at: c.at, user: (c.body as ChatBody).messages.find((m) => m.role === "user")!.content }));

const clean = storyFor("Write a picture book for Mia, aged 5").pages;

describe("the OpenAI writer's checked pages", () => {
  it("asks once for a page with a slip and keeps the fixed page", async () => {
    const key = scriptedKey("slip", "ok");
    const { writer, lines } = writerFor(key);
    const story = await writer.write({ brief, seed: "s", length: "medium" });

    expect(story.pages[4].content).toBe("Page 5: Mia waved to an eight-year-old fox and smiled.");
    expect(story.pages.filter((_, i) => i !== 4)).toEqual(clean.filter((_, i) => i !== 4));
    const asked = rewrites(key);
    expect(asked).toHaveLength(1);
    const [request] = asked;
    expect(request.user).toContain(`The page to rewrite:\n"""\n${slipOn("Mia", 5)}\n"""`);
    expect(request.user).toContain("'a eight-year-old' should be 'an eight-year-old'");
    expect(request.user).toContain(clean[3].content);
    expect(request.user).toContain(clean[5].content);
    expect(request.user).toContain("12 to 45 words");
    expect(request.user).toContain("no sentence has more than 13 words");
    // the new page was moderated before it was kept
    expect(server.calls(key).map((c) => c.path)).toEqual(["/v1/chat/completions", "/v1/chat/completions", "/v1/moderations"]);

    expect(lines).toContainEqual(expect.objectContaining({ msg: "the model's book was checked", pagesWithFindings: 1, pagesRewritten: 1 }));
    expect(JSON.stringify(lines)).not.toContain("Mia");
  });

  it.each([
    ["still has the slip", "unfixed"],
    ["fails with a 500", "500"],
    ["is not JSON", "badjson"],
    ["is refused by the model", "refusal"],
    ["is longer than the page may be", "long"],
    ["is flagged by moderation", "flagged"],
  ])("a rewrite that %s leaves the page as the model first wrote it", async (_, step) => {
    const key = scriptedKey("slip", step);
    const { writer, lines } = writerFor(key);
    const story = await writer.write({ brief, seed: "s", length: "medium" });

    expect(story.pages).toHaveLength(22);
    expect(story.pages[4].content).toBe(slipOn("Mia", 5));
    expect(rewrites(key)).toHaveLength(1);
    expect(lines).toContainEqual(expect.objectContaining({ msg: "the model's book was checked", pagesWithFindings: 1, pagesRewritten: 0 }));
    expect(lines).toContainEqual(expect.objectContaining({ level: "warn", msg: "a page rewrite was not used", pageNumber: 7 }));
  });

  it("makes no rewrite request for a clean book", async () => {
    const key = scriptedKey("ok");
    const { writer, lines } = writerFor(key);
    const story = await writer.write({ brief, seed: "s", length: "medium" });
    expect(story.pages).toEqual(clean);
    expect(server.calls(key)).toHaveLength(1);
    expect(lines).toContainEqual(expect.objectContaining({ pagesWithFindings: 0, pagesRewritten: 0 }));
  });

  it("asks for each page with a slip once, at most four at a time", async () => {
    const slipped = [2, 5, 8, 11, 14, 17];
    const key = scriptedKey(`slip${slipped.join("_")}`, "slow300");
    const writer = createOpenAIWriter({ apiKey: key, baseUrl, log: createLogger({}, () => {}) });
    const story = await writer.write({ brief, seed: "s", length: "medium" });

    for (const n of slipped) expect(story.pages[n - 1].content).toBe(`Page ${n}: Mia waved to an eight-year-old fox and smiled.`);
    const asked = rewrites(key);
    const pagesAsked = asked.map((r) => Number(/The page to rewrite:\n"""\nPage (\d+):/.exec(r.user)?.[1]));
    expect(pagesAsked.sort((a, b) => a - b)).toEqual(slipped);
    const starts = asked.map((r) => r.at).sort((a, b) => a - b);
    // the fifth waits for one of the first four to answer
    expect(starts[4] - starts[0]).toBeGreaterThanOrEqual(250);
    expect(starts[3] - starts[0]).toBeLessThan(250);
  });

  it("checks the parent's plot's people, and the story request still carries the plot and the caps", async () => {
    const plot = "Mia and her sister Zoe build a robot called Bolt for the school fair. Bolt falls off the table and breaks the night before.";
    const key = scriptedKey("slip", "ok");
    const { writer } = writerFor(key);
    await writer.write({ brief: { ...brief, plot }, seed: "s", length: "medium", plotOutline: plot });

    const first = (server.calls(key)[0].body as ChatBody).messages[1].content;
    expect(first).toContain("Zoe (sister, person, she)");
    expect(first).toContain("1. Mia and her sister Zoe built a robot called Bolt for the school fair.");
    expect(first).toContain("no sentence has more than 13 words");
    const [request] = rewrites(key);
    expect(request.user).toContain("Mia (the hero, she); Zoe (person, she); Bolt (thing, it)");
  });
});
