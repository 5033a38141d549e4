import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { CharacterSheet } from "~/domain/story/book";
import { composePage, findThings, THINGS } from "~/domain/story/illustrator";
import { HOME_THINGS } from "~/domain/story/illustrator/things-home";

const sam: CharacterSheet = {
  name: "Sam",
  age: 5,
  gender: "boy",
  skinTone: "#e8b48f",
  hairColor: "#5a3825",
  hairStyle: "short",
  eyeColor: "#5b3a29",
  outfitColor: "#3a86ff",
  outfitAccent: "#ffd166",
  outfit: "t-shirt and shorts",
  accessory: "none",
  description: "Sam, a five-year-old boy",
};

const HOME = Object.keys(HOME_THINGS) as (keyof typeof HOME_THINGS)[];

describe("the illustrator's household, garden, clothes and weather things", () => {
  it("knows at least 36 of them, none sharing a word with another thing", () => {
    expect(HOME.length).toBeGreaterThanOrEqual(36);
    const owner = new Map<string, string>();
    for (const [thing, words] of Object.entries(THINGS))
      for (const word of words) {
        expect(owner.get(word), `"${word}" names both ${owner.get(word)} and ${thing}`).toBeUndefined();
        owner.set(word, thing);
      }
  });

  it("finds every word in a sentence and draws the thing on the page", () => {
    for (const thing of HOME)
      for (const word of HOME_THINGS[thing].words) {
        const scene = `Sam looks at the ${word} in the garden`;
        expect(findThings(scene), scene).toContain(thing);
        const { layout, svg } = composePage({ sheet: sam, pageNumber: 6, pageType: "Story Page", scene, theme: "Adventure", artStyle: "cartoon" });
        expect(
          layout.things.map((t) => t.thing),
          scene,
        ).toContain(thing);
        expect(XMLValidator.validate(svg), scene).toBe(true);
      }
  }, 60_000);

  it("reads the names children's stories use", () => {
    expect(findThings("Sam borrows Dada's toolbox")).toEqual(["dad", "toolbox"]); // Dada is a person too
    expect(findThings("Sam pulls on the wellies and jumps in a puddle")).toEqual(["wellies", "puddle"]);
    expect(findThings("Grandma pours a cup of tea from the teapot")).toEqual(["grandma", "cup", "teapot"]);
    expect(findThings("Sam fills the watering can for the flower pot")).toEqual(["watering can", "flower pot"]);
  });

  it("puts one thing in the hand and stands the other beside the child", () => {
    const scene = "Sam carries a torch and a key into the garden";
    const { layout } = composePage({ sheet: sam, pageNumber: 6, pageType: "Story Page", scene, theme: "Adventure", artStyle: "watercolor" });
    expect(layout.things.map((t) => [t.thing, t.placement])).toEqual([
      ["key", "ground"],
      ["torch", "held"],
    ]);
  });
});
