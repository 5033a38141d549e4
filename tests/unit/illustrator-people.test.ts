import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { pageType } from "~/domain/story/book";
import { composePage, findThings, type DrawPageInput } from "~/domain/story/illustrator";
import { Pen } from "~/domain/story/illustrator/svg";
import { STYLES } from "~/domain/story/illustrator/styles";
import { FANTASY_THINGS } from "~/domain/story/illustrator/things-fantasy";
import { PEOPLE_THINGS, personColors } from "~/domain/story/illustrator/things-people";
import { MIA } from "../fixtures/sheets";

const mia = MIA;

const page = (scene: string): DrawPageInput => ({
  sheet: mia,
  pageNumber: 5,
  pageType: pageType(5),
  scene,
  theme: "Adventure",
  artStyle: "cartoon",
  bookTitle: "Mia and the Glowing Map",
});

const FAMILIES = { ...PEOPLE_THINGS, ...FANTASY_THINGS };
const pen = new Pen(STYLES.cartoon);
const identity = (hex: string) => hex;

describe("the people and fantasy creatures of a story", () => {
  it("finds every word of every person and creature in a sentence and draws it on the page", () => {
    for (const [thing, def] of Object.entries(FAMILIES))
      for (const word of def.words) {
        const scene = `Mia walks with her ${word} in the garden`;
        expect(findThings(scene), scene).toContain(thing);
        const { svg, layout } = composePage(page(scene));
        expect(
          layout.things.map((t) => t.thing),
          scene,
        ).toContain(thing);
        expect(XMLValidator.validate(svg)).toBe(true);
      }
  }, 60_000);

  it("takes a baby sister for a baby, not a big sister", () => {
    expect(findThings("Mia sings to her baby sister")).toEqual(["baby"]);
    expect(findThings("Mia plays with her baby brother")).toEqual(["baby"]);
    expect(findThings("Mia races her big sister")).toEqual(["sister"]);
  });

  it("draws the same person from the same seed, and another look from another seed", () => {
    for (const thing of ["mum", "grandpa", "baby", "friend"] as const) {
      const draw = (seed: number) => PEOPLE_THINGS[thing].draw(pen, identity, { seed });
      expect(draw(7)).toBe(draw(7));
      expect(draw(7)).not.toBe(draw(8));
    }
    const colors = new Set(Array.from({ length: 20 }, (_, seed) => JSON.stringify(personColors(seed))));
    expect(colors.size).toBeGreaterThan(10);
  });

  it("gives a grandma grey or white hair", () => {
    for (let seed = 0; seed < 30; seed++) {
      const { hair } = personColors(seed, true);
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hair.slice(i, i + 2), 16));
      expect(Math.max(r, g, b) - Math.min(r, g, b), hair).toBeLessThan(24);
      expect(r, hair).toBeGreaterThan(160);
      expect(PEOPLE_THINGS.grandma.draw(pen, identity, { seed })).toContain(hair);
    }
  });

  it("draws the grown-ups taller than the hero and the baby small", () => {
    expect(PEOPLE_THINGS.mum.h).toBeGreaterThan(400);
    expect(PEOPLE_THINGS.baby.h).toBeLessThan(200);
  });
});
