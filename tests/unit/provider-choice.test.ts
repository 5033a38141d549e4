import { describe, expect, it } from "vitest";
import type { CharacterSheet, StoryBrief, WrittenStory } from "~/domain/story/book";
import type { Illustrator } from "~/services/ai/image";
import { chooseProviders, type OfflineProviders } from "~/services/ai/providers.server";
import type { StoryWriter } from "~/services/ai/text";
import type { Secrets } from "~/services/env.server";

const BASE = { ENVIRONMENT: "test", WEBSITE_URL: "http://localhost", ADMIN_EMAIL: "a@b.co", EMAIL_FROM: "x <a@b.co>" } as Secrets;

/** Stand-ins for the offline writer and illustrator, counting how often they are made. */
function offline() {
  const made = { writer: 0, illustrator: 0 };
  const writer: StoryWriter = {
    name: "offline",
    write: async () => {
      throw new Error("not called here");
    },
  };
  const illustrator: Illustrator = { name: "offline", draw: async () => new Uint8Array() };
  const providers: OfflineProviders = {
    writer: () => {
      made.writer++;
      return writer;
    },
    illustrator: () => {
      made.illustrator++;
      return illustrator;
    },
    quickIllustrator: () => ({ name: "quick", draw: async () => new Uint8Array() }),
  };
  return { made, providers };
}

describe("choosing providers from the environment", () => {
  it("offline by default: no keys, no network", () => {
    const { made, providers } = offline();
    const chosen = chooseProviders(BASE, providers);
    expect([chosen.writer.name, chosen.illustrator.name, chosen.moderator.name]).toEqual(["offline", "offline", "offline"]);
    expect(made).toEqual({ writer: 1, illustrator: 1 });
  });

  it("OpenAI for everything when OPENAI_API_KEY is set", () => {
    const { made, providers } = offline();
    const chosen = chooseProviders({ ...BASE, OPENAI_API_KEY: "sk-test" }, providers);
    expect([chosen.writer.name, chosen.illustrator.name, chosen.moderator.name]).toEqual(["openai", "openai", "openai"]);
    expect(made).toEqual({ writer: 0, illustrator: 0 });
  });

  it("the generic image provider when its URL and key are set, even with an OpenAI key", () => {
    const { providers } = offline();
    const generic = { IMAGE_API_URL: "https://images.example.com/v1/generate", IMAGE_API_KEY: "img-key" };
    expect(chooseProviders({ ...BASE, ...generic }, providers).illustrator.name).toBe("generic");
    const both = chooseProviders({ ...BASE, ...generic, OPENAI_API_KEY: "sk-test" }, providers);
    expect([both.writer.name, both.illustrator.name, both.moderator.name]).toEqual(["openai", "generic", "openai"]);
  });

  it("the quick illustrator when a test run asks for it (ILLUSTRATOR=quick), even with keys; never in production", () => {
    const { providers } = offline();
    expect(chooseProviders({ ...BASE, ILLUSTRATOR: "quick", OPENAI_API_KEY: "sk-test" }, providers).illustrator.name).toBe("quick");
    expect(chooseProviders({ ...BASE, ENVIRONMENT: "production", ILLUSTRATOR: "quick" }, providers).illustrator.name).toBe("offline");
  });

  it("a URL without a key (or a key without a URL) is not enough", () => {
    const { providers } = offline();
    expect(chooseProviders({ ...BASE, IMAGE_API_URL: "https://images.example.com/v1/generate" }, providers).illustrator.name).toBe("offline");
    expect(chooseProviders({ ...BASE, IMAGE_API_KEY: "img-key" }, providers).illustrator.name).toBe("offline");
  });

  it("the OpenAI writer keeps the offline character sheet, so the pictures match the photo", async () => {
    const seen: string[] = [];
    const { providers } = offline();
    const story: WrittenStory = {
      title: "Mia's Day",
      dedication: "For Mia.",
      coverScene: "Mia waves.",
      characterSheet: { ...validSheet, name: "Someone else" },
      pages: Array.from({ length: 22 }, () => ({ scene: "Mia smiles.", content: "Mia smiled." })),
    };
    const fakeFetch: typeof fetch = async (_url, init) => {
      seen.push(String(init?.body));
      return new Response(JSON.stringify({ choices: [{ message: { content: JSON.stringify(story) }, finish_reason: "stop" }] }));
    };
    const chosen = chooseProviders({ ...BASE, OPENAI_API_KEY: "sk-test" }, { ...providers, characterSheet: () => ({ ...validSheet }) }, { fetch: fakeFetch });
    const written = await chosen.writer.write({ brief: brief(), seed: "bk1", length: "medium" });
    expect(written.characterSheet).toEqual(validSheet);
    expect(seen[0]).toContain(JSON.stringify(validSheet).replace(/"/g, '\\"'));
  });
});

const validSheet: CharacterSheet = {
  name: "Mia",
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
  description: "Mia, a five-year-old girl with warm brown skin and a black ponytail, in a coral dress.",
};

function brief(): StoryBrief {
  return {
    childName: "Mia",
    age: 5,
    gender: "girl",
    authorName: "",
    theme: "Adventure",
    storyDescription: "",
    moralLesson: "",
    specialElements: [],
    artStyle: "watercolor",
  };
}
