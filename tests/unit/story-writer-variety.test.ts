import { describe, expect, it } from "vitest";
import type { StoryBrief } from "~/domain/story/book";
import { BUILT_IN_THEMES, fillPlaceholders } from "~/domain/story/themes";
import { writeStory } from "~/domain/story/writer";
import { normalised, sentencesForVariety, varietyBriefs } from "./story-variety-briefs";

const storyText = (brief: StoryBrief, seed: string) =>
  writeStory(brief, seed)
    .pages.slice(0, 21)
    .map((p) => p.content)
    .join(" ");

describe("writeStory: books from different briefs read differently", () => {
  const briefs = varietyBriefs(100);

  it("across 100 books, no sentence of the story or the closing page is in more than 5 of them", () => {
    const booksWith = new Map<string, number>();
    briefs.forEach((brief, i) => {
      // the story pages and the closing page; the dedication and "The End." are the book's frame
      const sentences = new Set(
        writeStory(brief, `seed${i}`)
          .pages.slice(0, 21)
          .flatMap((p) => sentencesForVariety(p.content))
          .map((s) => normalised(s, brief.childName)),
      );
      for (const s of sentences) booksWith.set(s, (booksWith.get(s) ?? 0) + 1);
    });
    const common = [...booksWith.entries()].filter(([, n]) => n > 5).map(([s, n]) => `${n}× ${s}`);
    expect(common).toEqual([]);
    // a hundred books: a few seconds, more on a busy machine
  }, 30_000);

  it("the same brief with another seed has other text on at least 12 of the 20 story pages", () => {
    // every fourth brief: all ages, the built-in themes and free ones
    for (const [i, brief] of briefs.entries()) {
      if (i % 4 !== 0) continue;
      const a = writeStory(brief, `first-${i}`).pages.slice(0, 20);
      const b = writeStory(brief, `second-${i}`).pages.slice(0, 20);
      const differing = a.filter((p, j) => p.content !== b[j].content).length;
      expect(differing, `${brief.theme}, age ${brief.age}`).toBeGreaterThanOrEqual(12);
    }
  });
});

function brief(overrides: Partial<StoryBrief>): StoryBrief {
  return {
    childName: "Mia",
    age: 6,
    gender: "girl",
    authorName: "Mum",
    theme: "Adventure",
    storyDescription: "",
    moralLesson: "Be kind",
    specialElements: [],
    artStyle: "watercolor",
    ...overrides,
  };
}
const SEEDS = Array.from({ length: 12 }, (_, i) => `slip-${i}`);

describe("writeStory: story logic parents noticed", () => {
  it("says 'an eight-year-old' and 'an eleven-year-old'", () => {
    for (const age of [8, 11])
      for (const seed of SEEDS) {
        const text = storyText(brief({ age }), seed);
        expect(text).not.toMatch(/\ba (eight|eleven)-year-old/i);
      }
  });

  it("never joins a name to itself when everyone helps", () => {
    const pepper = brief({
      age: 9,
      storyDescription: "Mia has a dog called Pepper.",
      specialElements: ["a dog called Pepper"],
      moralLesson: "Teamwork",
      theme: "dinosaurs",
    });
    for (const seed of SEEDS) expect(storyText(pepper, seed)).not.toMatch(/\bPepper( and|,) Pepper\b/);
  });

  it("a person is never 'it'", () => {
    const dada = brief({ specialElements: ["a friendly fox", "Dada"], age: 10 });
    for (const seed of SEEDS) {
      for (const sentence of sentencesForVariety(storyText(dada, seed)).filter((s) => s.startsWith("Dada"))) {
        expect(sentence).not.toMatch(/\bits\b|\bas (hard|fast) as it\b|\bit (could|did|tried)\b/);
      }
    }
  });

  it("nobody rests in the shade on the moon, in the sky or under the sea", () => {
    for (const theme of ["Space", "Ocean", "unicorns", "mermaids"])
      for (const age of [5, 9])
        for (const seed of SEEDS)
          expect(storyText(brief({ theme, age, storyDescription: "" }), seed), `${theme} ${seed}`).not.toMatch(/\bin the shade\b|\bshade of\b/);
  });

  it("a companion who lives at home comes home: the pet, a grandparent", () => {
    const withPet = brief({ age: 7, storyDescription: "Mia has a dog called Pepper.", specialElements: ["a dog called Pepper"] });
    const withGrandpa = brief({ age: 7, specialElements: ["Grandpa Joe"] });
    for (const seed of SEEDS) {
      const [pet, grandpa] = [withPet, withGrandpa].map((b) => writeStory(b, seed).pages[18].content);
      expect(pet).not.toMatch(/goodbye|Goodbye|bye-bye/);
      expect(grandpa).not.toMatch(/goodbye|Goodbye|bye-bye/);
    }
  });

  it("food that is many things is 'they'", () => {
    // a squabble can be helped by sharing food, so the strawberries are tried
    const animals = BUILT_IN_THEMES.find((t) => t.theme === "Animals")!;
    const picnic = brief({
      theme: "Animals",
      storyDescription: fillPlaceholders(animals.description, "Mia"),
      specialElements: ["strawberries"],
      age: 5,
    });
    let tried = 0;
    for (const seed of SEEDS) {
      const text = storyText(picnic, seed);
      if (/strawberries/.test(text)) tried++;
      expect(text).not.toMatch(/\bIt was delicious\b/);
    }
    expect(tried).toBe(SEEDS.length);
  });

  it("a special element that cannot help with the trouble is not what solves it", () => {
    const animals = BUILT_IN_THEMES.find((t) => t.theme === "Animals")!;
    const squabble = brief({
      theme: "Animals",
      age: 3,
      storyDescription: fillPlaceholders(animals.description, "Mia"),
      moralLesson: animals.moralLesson,
      specialElements: ["red wellies"],
    });
    for (const seed of SEEDS) {
      const text = storyText(squabble, seed);
      expect(text).toContain("red wellies");
      expect(text).not.toMatch(/(tried|try) the red wellies|red wellies (again|helped|worked)/);
    }
  });

  it("a thing that can help is tried: a torch for a lost owl", () => {
    const owl = brief({ specialElements: ["a baby owl", "a torch"], age: 6, storyDescription: "" });
    for (const seed of SEEDS.slice(0, 4)) expect(storyText(owl, seed)).toMatch(/the torch/);
  });
});
