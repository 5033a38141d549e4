import { describe, expect, it } from "vitest";
import { childStart } from "~/components/story-form/prefill";
import { EMPTY_VALUES } from "~/components/story-form/values";
import { ageOn, ageText, bookAge, briefCompanion, earliestBirthday, likesList } from "~/domain/children/child";
import { childFormSchema } from "~/domain/children/child-schema";
import type { StoryBrief } from "~/domain/story/book";
import { BUILT_IN_THEMES } from "~/domain/story/themes";
import { buildCharacterSheet } from "~/domain/story/writer";

// A saved child's rules (decision 054): the age on the day from the birthday, the birthdays a saved
// child can have, what reaches the writer, the form's first values, and one look in every book.

describe("a saved child's age", () => {
  it("counts whole years to the day: born 2019-06-01, 7 on 2026-12-02, 6 the day before the birthday", () => {
    expect(ageOn("2019-06-01", "2026-12-02")).toBe(7);
    expect(ageOn("2019-06-01", "2026-05-31")).toBe(6);
    expect(ageOn("2019-06-01", "2026-06-01")).toBe(7);
    // a 29 February birthday comes round on 1 March
    expect(ageOn("2020-02-29", "2027-02-28")).toBe(6);
    expect(ageOn("2020-02-29", "2027-03-01")).toBe(7);
    expect(ageOn("2019-02-30", "2026-12-02")).toBeNaN();
  });

  it("makes books for ages 1 to 12 (a baby's book is for a 1-year-old) and reads as words", () => {
    expect(bookAge("2026-10-01", "2026-12-02")).toBe(1);
    expect(bookAge("2014-01-01", "2026-12-02")).toBe(12);
    expect([ageText(0), ageText(1), ageText(7)]).toEqual(["Under 1", "1 year old", "7 years old"]);
  });

  it("takes birthdays from 13 years ago (the day after) to today, nothing later or earlier", () => {
    const today = "2026-12-02";
    expect(earliestBirthday(today)).toBe("2013-12-03");
    const check = (birthday: string) => childFormSchema(today).safeParse({ name: "Maya", birthday, gender: "girl", likes: "", companions: [] });
    expect(check("2013-12-03").success).toBe(true);
    expect(check("2026-12-02").success).toBe(true);
    expect(check("2013-12-02").error?.issues[0].message).toBe("A saved child is 12 or younger: born within the last 13 years.");
    expect(check("2026-12-03").error?.issues[0].message).toBe("A birthday can't be in the future.");
  });
});

describe("what a saved child brings to the writer", () => {
  it("names a pet's animal and splits the likes", () => {
    expect(briefCompanion({ name: "Biscuit", relation: "pet", animal: "dog" })).toEqual({ name: "Biscuit", relation: "pet dog" });
    expect(briefCompanion({ name: "Rosie", relation: "baby sister" })).toEqual({ name: "Rosie", relation: "baby sister" });
    expect(likesList("dinosaurs, football;  baking with Grandma ,")).toEqual(["dinosaurs", "football", "baking with Grandma"]);
  });

  it("keeps only a pet's animal, and asks a pet for one", () => {
    const parsed = childFormSchema("2026-12-02").parse({
      name: "Maya",
      birthday: "2019-06-01",
      gender: "girl",
      likes: "",
      companions: [{ id: "", name: "Rosie", relation: "sister", animal: "cat" }],
    });
    expect(parsed.companions).toEqual([{ id: "", name: "Rosie", relation: "sister" }]);
    const pet = childFormSchema("2026-12-02").safeParse({
      name: "Maya",
      birthday: "2019-06-01",
      gender: "girl",
      likes: "",
      companions: [{ name: "Biscuit", relation: "pet" }],
    });
    expect(pet.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["companions.0.animal", "Please choose which animal."]]);
  });
});

describe("the same child in every book", () => {
  const brief = (over: Partial<StoryBrief>): StoryBrief => ({
    childName: "Maya",
    age: 7,
    gender: "girl",
    authorName: "",
    theme: "Space",
    storyDescription: "",
    moralLesson: "",
    specialElements: [],
    artStyle: "cartoon",
    ...over,
  });

  it("draws a saved child from the child, not the book: two books, one character sheet, even with a cap in one", () => {
    const first = buildCharacterSheet(brief({ childId: "Child0000000000000000001" }), "BookOne");
    const second = buildCharacterSheet(brief({ childId: "Child0000000000000000001", theme: "Ocean", specialElements: ["a red cap"] }), "BookTwo");
    expect(second).toEqual(first);
  });

  it("still gives two one-off children of two books looks of their own", () => {
    const seeds = ["BookOne", "BookTwo", "BookThree", "BookFour"];
    const sheets = seeds.map((seed) => JSON.stringify(buildCharacterSheet(brief({}), seed)));
    expect(new Set(sheets).size).toBeGreaterThan(1);
  });
});

describe("the story form's first values for a saved child", () => {
  const child = { name: "Maya", age: 7, gender: "girl" };

  it("fill in the name, age and gender", () => {
    expect(childStart({ ...EMPTY_VALUES, artStyle: "storybook" }, BUILT_IN_THEMES, child, null, "theme")).toMatchObject({
      childName: "Maya",
      age: "7",
      gender: "girl",
      themeChoice: "",
      artStyle: "storybook",
    });
  });

  it("with the last book's world, choose its theme (its details filled in for the name) and its art style", () => {
    const space = BUILT_IN_THEMES.find((t) => t.theme === "Space")!;
    const values = childStart({ ...EMPTY_VALUES, artStyle: "storybook" }, BUILT_IN_THEMES, child, { theme: "Space", artStyle: "watercolor" }, "theme");
    expect(values).toMatchObject({ childName: "Maya", themeChoice: "Space", artStyle: "watercolor" });
    expect(values.storyDescription).toBe(space.description.replace(/\[ChildName\]/gi, "Maya"));
    const own = childStart(EMPTY_VALUES, BUILT_IN_THEMES, child, { theme: "Dinosaur picnic", artStyle: "cartoon" }, "theme");
    expect(own).toMatchObject({ themeChoice: "other", themeOther: "Dinosaur picnic" });
    expect(childStart(EMPTY_VALUES, BUILT_IN_THEMES, child, { theme: "Dinosaur picnic", artStyle: null }, "custom")).toMatchObject({
      themeOther: "Dinosaur picnic",
    });
  });
});
