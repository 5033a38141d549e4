import { describe, expect, it } from "vitest";
import type { StoryBrief } from "~/domain/story/book";
import { writeStory } from "~/domain/story/writer";
import { readPlot } from "~/domain/story/writer/plot/read";
import { makeHero } from "~/domain/story/writer/hero";
import { readingBandFor } from "~/domain/story/reading-level";

const AARAV_PLOT =
  "Aarav and his sister Zoe build a robot called Bolt for the school fair. Bolt falls off the table and breaks the night before. Aarav says sorry, and they fix Bolt together with Dada's toolbox. Bolt wins a prize for teamwork.";

const brief = (over: Partial<StoryBrief> = {}): StoryBrief => ({
  childName: "Aarav",
  age: 8,
  gender: "boy",
  authorName: "Dada",
  theme: "My own story",
  storyDescription: "",
  plot: AARAV_PLOT,
  moralLesson: "Saying sorry makes things better.",
  specialElements: [],
  artStyle: "storybook",
  ...over,
});

const text = (b: StoryBrief, seed = "book-1") => {
  const s = writeStory(b, seed);
  return { story: s, pages: s.pages.map((p) => p.content), all: [s.title, ...s.pages.map((p) => p.content)].join("\n") };
};

/** the first page (0-based) whose text matches every pattern */
const pageOf = (pages: string[], ...res: RegExp[]) => pages.findIndex((p) => res.every((re) => re.test(p)));

describe("the parent's own plot is the book's plot", () => {
  it("tells the Aarav plot: Aarav, Zoe, Bolt, the fair, the fall, the apology, Dada's toolbox and the prize, in that order", () => {
    for (const seed of ["book-1", "book-2", "book-3", "book-4"]) {
      const { pages, all } = text(brief(), seed);
      const order = [
        pageOf(pages, /Aarav and his sister Zoe built a robot called Bolt for the school fair\./),
        pageOf(pages, /Bolt fell off the table and broke/),
        pageOf(pages, /Aarav said sorry/),
        pageOf(pages, /fixed Bolt together with Dada’s toolbox/),
        pageOf(pages, /Bolt won a prize for teamwork/),
      ];
      expect(
        order.every((i) => i >= 0),
        `${seed}: ${order}`,
      ).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(new Set(order).size).toBe(order.length);
      expect(all).toMatch(/school fair/);
      expect(all).not.toMatch(/my own story/i);
      expect(pages.slice(0, 20).join(" ")).not.toMatch(/\b(builds|falls|breaks|says|wins)\b/);
    }
  });

  it("never prints a placeholder, a field name or a cut-off fragment", () => {
    const { story, pages } = text(brief());
    expect(story.title).not.toMatch(/own story|something else|theme|plot/i);
    for (const p of pages) {
      expect(p).toMatch(/[.!?”]$/);
      expect(p).not.toMatch(/\b(thinking a lot about|childName|storyDescription|plotOutline|undefined|null)\b/);
    }
  });

  it("two seeds tell the same plot in different words on most pages", () => {
    const a = text(brief(), "seed-a").pages.slice(0, 20);
    const b = text(brief(), "seed-b").pages.slice(0, 20);
    expect(a.filter((p, i) => p !== b[i]).length).toBeGreaterThanOrEqual(12);
  });
});

describe("a short plot still makes a whole book", () => {
  it("a plot of one or two sentences fills every story page, with no page left empty, inside the reading band's word cap, with the special things", () => {
    const plots = [
      "Ravi goes to the zoo with Grandad and sees a baby elephant.",
      "A new baby sister called Ruby comes home.",
      "Mei plays in the cricket final. Mei drops an easy catch and feels awful.",
    ];
    for (const plot of plots)
      for (const age of [2, 5, 8, 12]) {
        const band = readingBandFor(age);
        const story = writeStory(brief({ plot, age, childName: "Ravi", specialElements: ["a cardboard telescope", "a sleepy cat"] }), `short-${age}`);
        for (const [i, page] of story.pages.slice(0, 20).entries()) {
          const words = page.content.split(/\s+/).filter(Boolean).length;
          expect(words, `${plot} age ${age}, page ${i + 1}`).toBeGreaterThan(0);
          expect(words, `${plot} age ${age}, page ${i + 1}: ${page.content}`).toBeLessThanOrEqual(band.wordsPerPage.max);
        }
        // the parent's own moment is in the book
        expect(story.pages.map((p) => p.content).join(" ")).toMatch(/\b(zoo|Ruby|cricket final)\b/);
        // and the parent's special things are in the child's world
        expect(story.pages.map((p) => p.content).join(" ")).toMatch(/cardboard telescope[\s\S]*sleepy cat|sleepy cat[\s\S]*cardboard telescope/);
      }
  });
});

describe("a young reader's book keeps the parent's words", () => {
  it("a parent's sentence longer than the band's is kept whole; the weather is the weather; what is made is not there before", () => {
    const plot =
      "it snowed!! Mia and her brother Finn build a snowman with a carrot nose and Daddy's old hat. In the night the snowman melts a bit and looks sad so they make him a snow friend.";
    for (const seed of ["snow-1", "snow-2", "snow-3"]) {
      const pages = writeStory(brief({ plot, childName: "Mia", gender: "girl", age: 5, authorName: "Daddy" }), seed).pages.map((p) => p.content);
      const built = pageOf(pages, /built a snowman with a carrot nose and Daddy’s old hat\./);
      expect(built, seed).toBeGreaterThanOrEqual(0);
      expect(pages.join(" ")).toMatch(/\bIt snowed\b/);
      expect(pages.join(" ")).not.toMatch(/\bMia snowed\b/);
      expect(pages.slice(0, built).join(" "), seed).not.toMatch(/snowman/);
    }
  });
});

describe("words mean what the parent meant", () => {
  const hero = makeHero({ childName: "Sam", age: 7, gender: "boy" });
  it("reads people and who they are, toys as things, and family words as people", () => {
    const plot = readPlot(
      "Sam and his big brother Tom build a kite called Swoop. Grandma takes them to the park. Their dog Pepper chases Swoop.",
      hero,
      undefined,
    );
    const by = (name: string) => plot.actors.find((a) => a.name === name);
    expect(by("Tom")).toMatchObject({ kind: "person", pronoun: "he" });
    expect(by("Swoop")).toMatchObject({ kind: "thing", pronoun: "it" });
    expect(by("Grandma")).toMatchObject({ kind: "person", pronoun: "she" });
    expect(by("Pepper")).toMatchObject({ kind: "animal" });
    expect(plot.events.map((e) => e.sentence)).toEqual([
      "Sam and his big brother Tom built a kite called Swoop.",
      "Grandma took them to the park.",
      "Their dog Pepper chased Swoop.",
    ]);
    expect(plot.places).toEqual(["the park"]);
  });

  it("a sport is a sport, never an insect", () => {
    const { all } = text(
      brief({
        childName: "Sam",
        plot: "Sam plays cricket with his brother Tom in the park. Tom hits the ball into the pond. Sam fishes it out with a stick.",
        moralLesson: "Brothers look after each other.",
      }),
    );
    expect(all).toMatch(/played cricket/);
    expect(all).not.toMatch(/\b(chirp|insect|hopped|antenna)/i);
    expect(all).toMatch(/fished it out with a stick/);
  });

  it("a word it does not know is kept as written, with no role beyond its name", () => {
    const plot = readPlot("Mia and Blibbo go to the beach. Blibbo finds a shell.", makeHero({ childName: "Mia", age: 5, gender: "girl" }), undefined);
    expect(plot.actors.find((a) => a.name === "Blibbo")).toMatchObject({ kind: "someone", pronoun: "they" });
    expect(plot.events.map((e) => e.sentence)).toEqual(["Mia and Blibbo went to the beach.", "Blibbo found a shell."]);
  });

  it("reads a parent's casual typing: lower case, 'my son', 'we' and run-on sentences", () => {
    const plot = readPlot(
      "my son Leo loves football. he scores a goal at his first match but then he loses his lucky boot. his dog Biscuit finds it under the sofa.",
      makeHero({ childName: "Leo", age: 4, gender: "boy" }),
      "Mum",
    );
    expect(plot.events.map((e) => e.sentence)).toEqual([
      "Leo loved football.",
      "Leo scored a goal at his first match.",
      "Then Leo lost his lucky boot.",
      "His dog Biscuit found it under the sofa.",
    ]);
    expect(plot.events[0].fact).toBe(true);
  });
});
