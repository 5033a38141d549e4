import { describe, expect, it } from "vitest";
import type { StoryBrief, WrittenStory } from "~/domain/story/book";
import { ACTIONS, findTerm, SETTINGS, TIMES_OF_DAY } from "~/domain/story/scene-vocabulary";
import { BUILT_IN_THEMES, fillPlaceholders, splitSpecialElements } from "~/domain/story/themes";
import { writeStory } from "~/domain/story/writer";

// The test's own sentence reader (independent of the writer's): a sentence ends at . ! or ?, with
// any closing quote, unless a lower-case word follows ('"Look!" said Mia.' is one sentence).
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?]+["'\u201D\u2019)]*)\s+(?!\p{Ll})/u)
    .map((s) => s.trim())
    .filter(Boolean);
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
const wordsOf = (s: string) => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
const allText = (b: WrittenStory) => [b.title, b.dedication, ...b.pages.map((p) => p.content)].join(" ");

const THEMES = [...BUILT_IN_THEMES.map((t) => t.theme), "Dinosaurs"];
// the big matrices write hundreds of books; a busy two-core machine needs more than the default 5 s
const HEAVY = 120_000;
const GENDERS: StoryBrief["gender"][] = ["girl", "boy", "child"];

function briefFor(theme: string, overrides: Partial<StoryBrief> = {}): StoryBrief {
  const t = BUILT_IN_THEMES.find((x) => x.theme === theme);
  const name = overrides.childName ?? "Mia";
  return {
    childName: name,
    age: 6,
    gender: "girl",
    authorName: "Grandma",
    theme,
    storyDescription: t ? fillPlaceholders(t.description, name) : `${name} loves dinosaurs and is scared of thunderstorms. She has a dog called Biscuit.`,
    moralLesson: t?.moralLesson ?? "Friends help each other, even when it is hard.",
    specialElements: splitSpecialElements(t?.specialElements ?? "a volcano, a dinosaur egg, a pair of binoculars"),
    artStyle: "watercolor",
    ...overrides,
  };
}

describe("writeStory: shape", () => {
  it.each(THEMES)("%s: exactly 22 pages, each with text and a scene, plus title, dedication and cover", (theme) => {
    const book = writeStory(briefFor(theme), "book1");
    expect(book.pages).toHaveLength(22);
    for (const p of book.pages) {
      expect(p.content.trim().length).toBeGreaterThan(0);
      expect(p.scene.trim().length).toBeGreaterThan(0);
    }
    expect(book.title).toContain("Mia");
    expect(book.dedication).toMatch(/^For Mia\b.*Grandma/);
    expect(book.coverScene).toContain("Mia");
    expect(book.pages[21].content).toMatch(/^The End\./);
  });

  it("is deterministic for a seed and different for another seed", () => {
    const b = briefFor("Space");
    expect(writeStory(b, "abc123")).toEqual(writeStory(b, "abc123"));
    const other = writeStory(b, "xyz789");
    expect(other.pages.map((p) => p.content)).not.toEqual(writeStory(b, "abc123").pages.map((p) => p.content));
  });

  it("different themes give different stories from the same seed", () => {
    const texts = THEMES.map((t) => allText(writeStory(briefFor(t, { storyDescription: "", specialElements: [] }), "same-seed")));
    expect(new Set(texts).size).toBe(THEMES.length);
  });
});

describe("writeStory: no sentence is ever repeated within a book", () => {
  const seeds = Array.from({ length: 50 }, (_, i) => `seed-${i}`);
  it.each(THEMES)(
    "%s × 50 seeds × ages 2, 5, 8, 11",
    (theme) => {
      for (const [i, seed] of seeds.entries()) {
        for (const age of [2, 5, 8, 11]) {
          const book = writeStory(briefFor(theme, { age, gender: GENDERS[i % 3] }), seed);
          const seen = new Map<string, number>();
          book.pages.forEach((p, pageIndex) => {
            for (const s of sentencesOf(p.content)) {
              const key = norm(s);
              if (!key) continue;
              if (seen.has(key)) throw new Error(`"${s}" repeated (pages ${seen.get(key)! + 1} and ${pageIndex + 1}; ${theme}, age ${age}, ${seed})`);
              seen.set(key, pageIndex);
            }
          });
        }
      }
    },
    HEAVY,
  );
});

describe("writeStory: scenes", () => {
  it.each(THEMES)(
    "%s: every scene names a setting, a time of day and an action, and no two are alike",
    (theme) => {
      for (const seed of ["s1", "s2", "s3"]) {
        const book = writeStory(briefFor(theme), seed);
        const scenes = book.pages.map((p) => p.scene);
        for (const scene of [...scenes, book.coverScene]) {
          expect(findTerm(scene, SETTINGS), scene).toBeDefined();
          expect(findTerm(scene, TIMES_OF_DAY), scene).toBeDefined();
          expect(findTerm(scene, ACTIONS), scene).toBeDefined();
          expect(scene).toContain("Mia");
        }
        expect(new Set(scenes.map(norm)).size).toBe(22);
      }
    },
    HEAVY,
  );

  it("the last pages are at night in the bedroom, the adventure is somewhere else", () => {
    const book = writeStory(briefFor("Ocean"), "night");
    for (const p of book.pages.slice(19)) {
      expect(findTerm(p.scene, SETTINGS)).toBe("bedroom");
      expect(findTerm(p.scene, TIMES_OF_DAY)).toBe("night");
    }
    expect(findTerm(book.pages[8].scene, SETTINGS)).not.toBe("bedroom");
  });

  it("scenes carry the companions of the text", () => {
    const book = writeStory(briefFor("Dinosaurs"), "pets");
    expect(book.pages.filter((p) => p.scene.includes("Biscuit the dog")).length).toBeGreaterThan(10);
  });
});

describe("writeStory: personalisation", () => {
  it.each(THEMES)("%s: the name is on most pages", (theme) => {
    for (const age of [2, 6, 10]) {
      const book = writeStory(briefFor(theme, { childName: "Aarav", age, gender: "boy" }), `n${age}`);
      const withName = book.pages.filter((p) => p.content.includes("Aarav")).length;
      expect(withName, `${theme} age ${age}`).toBeGreaterThanOrEqual(19);
    }
  });

  const PRONOUNS: [StoryBrief["gender"], RegExp, RegExp][] = [
    ["girl", /\b(she|her)\b/i, /\b(he|him|his|himself|they're|themselves)\b/i],
    ["boy", /\b(he|his|him)\b/i, /\b(she|her|hers|herself|themselves)\b/i],
    ["child", /\bthey\b/i, /\b(she|her|hers|herself|he|him|his|himself)\b/i],
  ];
  it.each(PRONOUNS)(
    "%s: pronouns match the gender",
    (gender, must, never) => {
      for (const theme of THEMES) {
        for (const age of [2, 5, 8, 11]) {
          for (const seed of ["p1", "p2", "p3"]) {
            const book = writeStory(briefFor(theme, { gender, storyDescription: "" }), seed);
            const text = book.pages.map((p) => p.content).join(" ");
            if (age > 3) expect(text, `${theme} ${age} ${seed}`).toMatch(must);
            const bad = never.exec(text);
            expect(bad?.[0], `${theme} ${age} ${seed}: …${bad ? text.slice(Math.max(0, bad.index - 80), bad.index + 40) : ""}…`).toBeUndefined();
          }
        }
      }
    },
    HEAVY,
  );

  it(
    "singular they takes plural verbs",
    () => {
      for (const theme of THEMES) {
        for (const seed of ["t1", "t2", "t3", "t4"]) {
          const text = writeStory(briefFor(theme, { gender: "child", age: 9, childName: "Sam" }), seed)
            .pages.map((p) => p.content)
            .join(" ");
          expect(text).not.toMatch(/\bthey (was|is|has|does|wasn't|isn't|doesn't|goes|knows|sees)\b/i);
          expect(text).toMatch(/\bthey\b/i);
        }
      }
    },
    HEAVY,
  );

  it.each(THEMES)("%s: every special element appears in the story", (theme) => {
    const specials =
      theme === "Dinosaurs"
        ? ["a volcano", "a dinosaur egg", "a pair of binoculars", "Grandpa Joe", "her teddy Bun"]
        : splitSpecialElements(BUILT_IN_THEMES.find((t) => t.theme === theme)!.specialElements);
    for (const age of [2, 6, 10]) {
      for (const seed of ["e1", "e2", "e3"]) {
        const text = allText(writeStory(briefFor(theme, { specialElements: specials, age }), seed)).toLowerCase();
        for (const s of specials) {
          const core = s.replace(/^(a|an|the|some|her|his|my|a pair of)\s+/i, "").toLowerCase();
          expect(text, `${theme} age ${age} ${seed}: ${s}`).toContain(core);
        }
      }
    }
  });

  it.each(THEMES)("%s: the moral is landed on the closing page, in the parent's words", (theme) => {
    for (const age of [2, 6, 10]) {
      const b = briefFor(theme, { age });
      const closing = writeStory(b, "m").pages[20].content;
      expect(norm(closing), `${theme} age ${age}`).toContain(norm(b.moralLesson).replace(/^\S+\s/, ""));
      expect(closing).toContain("Mia");
      // and in the child's own words
      expect(closing).toMatch(/\u201C[^\u201D]*\b(I|me|my|we|us)\b[^\u201D]*\u201D/i);
    }
  });

  it("the last page ends on a question the parent can ask", () => {
    for (const theme of THEMES) expect(writeStory(briefFor(theme), "q").pages[21].content).toMatch(/\?$/);
  });

  it("the description's 'loves', 'scared of', pet and friend shape the story", () => {
    const book = writeStory(
      briefFor("Adventure", {
        storyDescription: "Mia loves dinosaurs and is scared of the dark. Her best friend is Noor and she has a cat called Pickle. She lives in Lisbon.",
      }),
      "facts",
    );
    const text = allText(book);
    expect(text).toMatch(/loved dinosaurs/);
    expect(text).toMatch(/the dark/);
    expect(text).toMatch(/Pickle/);
    expect(text).toMatch(/Noor/);
    expect(text).toMatch(/Lisbon/);
    // the fear is met with comfort, and is smaller at bedtime
    const fearPage = book.pages.findIndex((p) => p.content.includes("the dark"));
    expect(book.pages[fearPage].content).toMatch(/okay to feel scared|right here|didn\u2019t feel so scary|snuggled|hug/);
  });

  it("the parent's premise is woven into the story in the past tense", () => {
    const book = writeStory(briefFor("Space", { storyDescription: "Mia builds a cardboard rocket and visits a moon made of bouncy cheese." }), "premise");
    const text = allText(book);
    expect(text).toContain("Mia built a cardboard rocket");
    expect(text).toMatch(/visited a moon made of bouncy cheese/);
    expect(text).not.toMatch(/Mia builds/);
  });

  it("the premise's 'helps X do Y' becomes the problem and is echoed at the resolution", () => {
    const book = writeStory(briefFor("Adventure", { storyDescription: "Mia helps a grumpy troll find his lost hat.", specialElements: [] }), "help");
    const text = allText(book);
    expect(text).toMatch(/a grumpy troll/);
    expect(book.pages[16].content).toMatch(/the grumpy troll found his lost hat/);
    // a premise that matches a built-in problem keeps that problem and echoes the parent's words
    const space = writeStory(briefFor("Space"), "echo");
    expect(space.pages[16].content).toMatch(/And that was how Mia helped a lonely little star find its way back to its constellation\./);
  });

  it("an unknown theme makes a sensible story that uses the word", () => {
    const book = writeStory(briefFor("Dinosaurs"), "dino");
    const text = allText(book);
    expect(text).toMatch(/Land of Dinosaurs/);
    expect(text).toMatch(/dinosaur/i);
    expect(book.pages).toHaveLength(22);
    const pirate = allText(writeStory(briefFor("Pirates", { storyDescription: "", specialElements: [] }), "p"));
    expect(pirate).toMatch(/Pirates?/);
  });
});

const MORALS = [
  "Being brave means trying even when you're scared.",
  "Be kind to everyone you meet.",
  "Sharing makes everyone happier.",
  "It's important to say sorry when you hurt someone.",
  "Listen before you judge.",
  "Always tell the truth.",
  "Take care of nature.",
  "Never give up!",
  "Good things come to those who wait.",
  "Asking questions is how we learn.",
  "Be proud of who you are.",
  "Say thank you for the little things.",
  "Friends help each other.",
  "Eat your vegetables.",
  "Kindness",
  "",
];
const DESCRIPTIONS = [
  "",
  "Mia loves horses and is scared of thunderstorms. She has a cat called Pickle and her best friend is Jo.",
  "Mia is starting school on Monday and is a bit nervous about making friends.",
  "We are moving to a new house and Mia misses her old garden.",
  "Mia goes to the beach with her grandpa and finds a message in a bottle.",
  "A story about a girl who wants to fly.",
  "Mia helps the lost penguins find their way home.",
  "First day at nursery",
  "mia likes trains, she is 5 and has a baby brother called Tom",
];

describe("writeStory: every kind of moral and description", () => {
  it.each(MORALS.map((m) => [m || "(empty)", m]))(
    "%s",
    (_label, moral) => {
      for (const theme of THEMES) {
        for (const [i, age] of [2, 5, 8, 11].entries()) {
          const description = DESCRIPTIONS[(i + moral.length) % DESCRIPTIONS.length];
          const book = writeStory(briefFor(theme, { moralLesson: moral, age, storyDescription: description, gender: GENDERS[i % 3] }), `${theme}-${age}`);
          expect(book.pages).toHaveLength(22);
          const seen = new Set<string>();
          for (const [pi, p] of book.pages.entries()) {
            const ss = sentencesOf(p.content);
            if (age <= 3 && pi < 20) expect(ss.length, `${theme} ${age} page ${pi + 1}: ${p.content}`).toBeLessThanOrEqual(2);
            for (const s of ss) {
              expect(seen.has(norm(s)), `${theme} ${age}: repeated "${s}"`).toBe(false);
              seen.add(norm(s));
            }
          }
          const closing = book.pages[20].content;
          // the parent's words (pronouns adapted to the child, e.g. "your" -> "her") are on the closing page
          const content = (t: string) =>
            norm(t)
              .split(" ")
              .filter((w) => !/^(you|your|yourself|my|me|i|her|his|their|she|he|they|herself|himself|themselves)$/.test(w))
              .join(" ");
          if (moral) expect(content(closing), `${theme} ${age}: ${closing}`).toContain(content(moral).split(" ").slice(1, 4).join(" ") || content(moral));
          expect(closing).toMatch(/\u201C[^\u201D]*\b(I|me|my|we|us)\b[^\u201D]*\u201D/i);
          const text = book.pages.map((p) => p.content).join(" ");
          expect(text).not.toMatch(/\b(undefined|null|NaN)\b|\$\{/);
          expect(text, "space before punctuation").not.toMatch(/\s[,.;:!?]/);
          expect(text, "a doubled full stop").not.toMatch(/(?<!\.)\.\.(?!\.)/);
          const doubled = /\b(\p{L}{2,})\s+\1\b/iu.exec(text);
          expect(doubled?.[0], "a doubled word").toBeUndefined();
        }
      }
    },
    HEAVY,
  );
});

describe("writeStory: reading level grows with age", () => {
  const avg = (age: number) => {
    let words = 0;
    let sentences = 0;
    for (const theme of THEMES) {
      for (const seed of ["a", "b", "c", "d"]) {
        for (const p of writeStory(briefFor(theme, { age }), seed).pages.slice(0, 20)) {
          for (const s of sentencesOf(p.content)) {
            words += wordsOf(s).length;
            sentences++;
          }
        }
      }
    }
    return { perSentence: words / sentences, perPage: words / (THEMES.length * 4 * 20) };
  };
  it(
    "average sentence length and words per page increase from age 2 to 6 to 10",
    () => {
      const [a2, a6, a10] = [avg(2), avg(6), avg(10)];
      expect(a2.perSentence).toBeLessThan(a6.perSentence);
      expect(a6.perSentence).toBeLessThan(a10.perSentence);
      expect(a2.perPage).toBeLessThan(a6.perPage);
      expect(a6.perPage).toBeLessThan(a10.perPage);
    },
    HEAVY,
  );

  it(
    "toddler pages have one or two short sentences",
    () => {
      for (const theme of THEMES) {
        for (const seed of ["x", "y", "z"]) {
          const book = writeStory(briefFor(theme, { age: 2, storyDescription: "" }), seed);
          for (const [i, p] of book.pages.slice(0, 20).entries()) {
            const ss = sentencesOf(p.content);
            expect(ss.length, `${theme} ${seed} page ${i + 1}: ${p.content}`).toBeLessThanOrEqual(2);
            for (const s of ss) expect(wordsOf(s).length, `${theme} ${seed} page ${i + 1}: ${s}`).toBeLessThanOrEqual(12);
          }
        }
      }
    },
    HEAVY,
  );

  it("older readers get dialogue", () => {
    const text = writeStory(briefFor("Fantasy", { age: 10 }), "talk")
      .pages.map((p) => p.content)
      .join(" ");
    expect((text.match(/\u201C/g) ?? []).length).toBeGreaterThan(5);
  });
});

describe("writeStory: hostile and unusual inputs", () => {
  const HOSTILE: [string, Partial<StoryBrief>][] = [
    ["empty specials", { specialElements: [] }],
    ["blank specials", { specialElements: ["", "  ", ",,,"] }],
    ["a 500-character description", { storyDescription: "Mia loves the sea. ".repeat(10) + "x".repeat(300) }],
    [
      "markup everywhere",
      {
        childName: "<b>Mia</b>",
        storyDescription: "<script>alert('x')</script>Mia loves <i>cats</i> &lt;img src=x onerror=alert(1)&gt;",
        moralLesson: "<h1>Be kind</h1>",
        specialElements: ["<svg onload=alert(1)>", "a <b>red</b> kite"],
        authorName: "<a href='x'>Mum</a>",
        theme: "<marquee>Space</marquee>",
      },
    ],
    [
      "emoji",
      { childName: "Mia 🦄", storyDescription: "🦄🌈 Mia loves unicorns 🦄", specialElements: ["🦄", "a rainbow 🌈 scarf"], moralLesson: "Be kind 💖" },
    ],
    ["a 40-character name", { childName: "Maximiliana Alexandra Fitzgerald-Worthy" }],
    ["an apostrophe and hyphen name", { childName: "D'Arcy-Mae" }],
    ["a non-Latin name", { childName: "Ζωή", gender: "girl" }],
    ["an empty name", { childName: "" }],
    ["nonsense age and gender", { age: Number.NaN, gender: "robot" as StoryBrief["gender"] }],
    ["age 0 and 99", { age: 0 }],
    ["an empty theme and moral", { theme: "", moralLesson: "" }],
    ["markdown", { storyDescription: "**Mia** loves [cats](http://evil.example) and `code`", moralLesson: "# Share" }],
    ["many specials", { specialElements: Array.from({ length: 20 }, (_, i) => `a magic thing number ${i}`) }],
    [
      "non-string fields",
      { storyDescription: undefined as unknown as string, specialElements: undefined as unknown as string[], moralLesson: 5 as unknown as string },
    ],
  ];
  it.each(HOSTILE)(
    "%s: never throws, never leaks markup",
    (_label, overrides) => {
      for (const theme of ["Adventure", "Ocean", "Dinosaurs"]) {
        for (const age of [2, 7, 12]) {
          const book = writeStory(briefFor(theme, { age, ...overrides }), "hostile");
          expect(book.pages).toHaveLength(22);
          const out = JSON.stringify(book);
          expect(out).not.toMatch(/[<>]/);
          expect(out).not.toMatch(/\bscript\b|onerror|onload|javascript:|&lt;|&gt;|&amp;|http/i);
          expect(out).not.toMatch(/\p{Extended_Pictographic}/u);
          expect(out).not.toMatch(/undefined|null|NaN|\[object/);
          for (const p of book.pages) expect(p.content.trim()).not.toBe("");
        }
      }
    },
    HEAVY,
  );

  it("keeps a long name whole in the dedication and uses the first name in the story", () => {
    const book = writeStory(briefFor("Ocean", { childName: "Maximiliana Alexandra Fitzgerald-Worthy" }), "long");
    expect(book.dedication).toContain("Maximiliana Alexandra Fitzgerald-Worthy");
    expect(book.characterSheet.name).toBe("Maximiliana Alexandra Fitzgerald-Worthy");
    expect(book.pages.filter((p) => p.content.includes("Maximiliana")).length).toBeGreaterThanOrEqual(19);
  });

  it("an apostrophe in a name makes a proper possessive", () => {
    const text = writeStory(briefFor("Adventure", { childName: "D'Arcy-Mae", age: 10 }), "apos")
      .pages.map((p) => p.content)
      .join(" ");
    expect(text).toContain("D\u2019Arcy-Mae");
    expect(text).not.toMatch(/D\u2019Arcy-Mae\u2019s\u2019s/);
  });
});
