import { describe, expect, it } from "vitest";
import {
  editedFields,
  fillForForm,
  findTemplate,
  initialValues,
  isEdited,
  refill,
  refillForName,
  templateForChoice,
  templatePrefill,
  themeFromParam,
  type PrefillField,
} from "~/components/story-form/prefill";
import { EMPTY_VALUES, OTHER_THEME, type FormValues } from "~/components/story-form/values";
import { BUILT_IN_THEMES, type ThemeTemplate } from "~/domain/story/themes";

const space = BUILT_IN_THEMES.find((t) => t.theme === "Space")!;
const ocean = BUILT_IN_THEMES.find((t) => t.theme === "Ocean")!;

/** A database template whose lesson and special elements carry the placeholder too. */
const named: ThemeTemplate = {
  ...space,
  themeId: "bedtime",
  title: "Bedtime Stars",
  theme: "Bedtime",
  description: "[ChildName] counts the stars. [ChildName] yawns.",
  moralLesson: "[ChildName] learns that every day ends with a cuddle.",
  specialElements: "[ChildName]'s teddy, a night light",
  artStyle: "Fairy Tale",
};
const themes = [...BUILT_IN_THEMES, named];

const values = (over: Partial<FormValues>): FormValues => ({ ...EMPTY_VALUES, ...over });

describe("fillForForm", () => {
  it("puts the name in every placeholder", () => {
    expect(fillForForm("[ChildName] and [childName]", "Zoe")).toBe("Zoe and Zoe");
  });
  it("says 'your child' without a name, capitalised at the start of a sentence", () => {
    expect(fillForForm("[ChildName] counts the stars. Then [ChildName] yawns, and so does [ChildName]!", " ")).toBe(
      "Your child counts the stars. Then your child yawns, and so does your child!",
    );
    expect(fillForForm("Hello. [ChildName] waves.", "")).toBe("Hello. Your child waves.");
  });
});

describe("templatePrefill", () => {
  it("fills description, lesson, special elements and the art style from the template", () => {
    expect(templatePrefill(named, "Ava")).toEqual({
      storyDescription: "Ava counts the stars. Ava yawns.",
      moralLesson: "Ava learns that every day ends with a cuddle.",
      specialElements: "Ava's teddy, a night light",
      artStyle: "fairy tale",
    });
  });
  it("maps an art style it does not know to the default one", () => {
    expect(templatePrefill({ ...space, artStyle: "hyper-realistic 8k" }, "").artStyle).toBe("storybook");
  });
  it("gives nothing for a free theme", () => {
    expect(templatePrefill(null, "Ava")).toEqual({ storyDescription: "", moralLesson: "", specialElements: "", artStyle: "" });
  });
});

describe("?theme= and the first values", () => {
  it("matches the theme case-insensitively, and by title or id too", () => {
    expect(findTemplate(themes, "space")?.themeId).toBe("space-explorer");
    expect(findTemplate(themes, " OCEAN ")?.themeId).toBe("ocean-discovery");
    expect(findTemplate(themes, "princess & knights")?.theme).toBe("Fantasy");
    expect(findTemplate(themes, "animal-friends")?.theme).toBe("Animals");
    expect(findTemplate(themes, "dinosaurs")).toBeNull();
    expect(findTemplate(themes, "")).toBeNull();
    expect(findTemplate(themes, null)).toBeNull();
  });

  it("chooses a known theme, or 'Something else' with the word typed in", () => {
    expect(themeFromParam(themes, "space")).toEqual({ themeChoice: "Space", themeOther: "" });
    expect(themeFromParam(themes, "dinosaurs")).toEqual({ themeChoice: OTHER_THEME, themeOther: "Dinosaurs" });
    expect(themeFromParam(themes, "<script>alert(1)</script>")).toEqual({ themeChoice: OTHER_THEME, themeOther: "Script alert 1 script" });
    expect(themeFromParam(themes, "x".repeat(200)).themeOther).toHaveLength(40);
    expect(themeFromParam(themes, "  ")).toEqual({ themeChoice: "", themeOther: "" });
    expect(themeFromParam(themes, undefined)).toEqual({ themeChoice: "", themeOther: "" });
  });

  it("prefills the chosen template's details; keeps the default art style without one", () => {
    const base = values({ artStyle: "storybook" });
    const v = initialValues(base, themes, "space");
    expect(v.themeChoice).toBe("Space");
    expect(v.moralLesson).toBe(space.moralLesson);
    expect(v.specialElements).toBe(space.specialElements);
    expect(v.artStyle).toBe("cartoon");
    expect(v.storyDescription).toBe(fillForForm(space.description, ""));
    expect(v.storyDescription.startsWith("Your child builds a cardboard rocket")).toBe(true);

    const free = initialValues(base, themes, "dinosaurs");
    expect(free).toMatchObject({ themeChoice: OTHER_THEME, themeOther: "Dinosaurs", moralLesson: "", artStyle: "storybook" });
    expect(initialValues(base, themes, null)).toEqual(base);
  });

  it("finds the template behind the radio's value", () => {
    expect(templateForChoice(themes, "Ocean")).toBe(ocean);
    expect(templateForChoice(themes, OTHER_THEME)).toBeNull();
    expect(templateForChoice(themes, "")).toBeNull();
    expect(templateForChoice(themes, "ocean")).toBeNull();
  });
});

describe("what the parent wrote stays theirs", () => {
  it("counts a field as edited only when it differs from what the template would put there", () => {
    expect(isEdited("moralLesson", space.moralLesson, space, "Zoe")).toBe(false);
    expect(isEdited("moralLesson", "Be kind to robots.", space, "Zoe")).toBe(true);
    // emptying a field hands it back to the template
    expect(isEdited("moralLesson", "  ", space, "Zoe")).toBe(false);
    expect(isEdited("storyDescription", "Ava counts the stars. Ava yawns.", named, "Ava")).toBe(false);
    expect(isEdited("storyDescription", "Your child counts the stars. Your child yawns.", named, "Ava")).toBe(true);
    expect(isEdited("artStyle", "cartoon", space, "")).toBe(false);
    expect(isEdited("artStyle", "crayon", space, "")).toBe(true);
    // with no template, the default style is nobody's choice yet
    expect(isEdited("artStyle", "storybook", null, "")).toBe(false);
    expect(isEdited("artStyle", "crayon", null, "")).toBe(true);
  });

  it("fills the name in as it is typed, only where the parent has not written", () => {
    let v = initialValues(values({ artStyle: "storybook" }), themes, "bedtime");
    expect(v.moralLesson).toBe("Your child learns that every day ends with a cuddle.");
    const edited = new Set<PrefillField>(["specialElements"]);
    v = { ...v, specialElements: "a blue blanket" };
    for (const name of ["A", "Av", "Ava"]) v = refill({ ...v, childName: name }, edited, named);
    expect(v.storyDescription).toBe("Ava counts the stars. Ava yawns.");
    expect(v.moralLesson).toBe("Ava learns that every day ends with a cuddle.");
    expect(v.specialElements).toBe("a blue blanket");
    expect(v.artStyle).toBe("fairy tale");
  });

  it("brings a new theme's details, keeps the parent's own, and clears the old theme's for 'Something else'", () => {
    const start = initialValues(values({ childName: "Leo", artStyle: "storybook" }), themes, "space");
    const mine = { ...start, moralLesson: "Always say thank you." };
    const edited = editedFields(mine, space);
    expect([...edited]).toEqual(["moralLesson"]);

    const toOcean = refill({ ...mine, themeChoice: "Ocean" }, edited, ocean);
    expect(toOcean.moralLesson).toBe("Always say thank you.");
    expect(toOcean.specialElements).toBe(ocean.specialElements);
    expect(toOcean.storyDescription).toBe(fillForForm(ocean.description, "Leo"));
    expect(toOcean.artStyle).toBe("watercolor");

    const toOther = refill({ ...toOcean, themeChoice: OTHER_THEME }, edited, null);
    expect(toOther.moralLesson).toBe("Always say thank you.");
    expect(toOther.specialElements).toBe("");
    expect(toOther.storyDescription).toBe("");
    // a free theme has no art style to offer: the last one stays
    expect(toOther.artStyle).toBe("watercolor");
  });

  it("a chosen art style survives a change of theme", () => {
    const start = initialValues(values({ artStyle: "storybook" }), themes, "space");
    const picked = { ...start, artStyle: "crayon" };
    const edited = editedFields(picked, space);
    expect(edited.has("artStyle")).toBe(true);
    expect(refill({ ...picked, themeChoice: "Ocean" }, edited, ocean).artStyle).toBe("crayon");
  });
});

describe("refillForName (a form posted without JavaScript)", () => {
  it("names the untouched prefilled fields and leaves the parent's words alone", () => {
    const drawn = initialValues(values({ artStyle: "storybook" }), themes, "bedtime");
    const posted = { ...drawn, childName: "Mila", specialElements: "our cat Biscuit" };
    const out = refillForName(posted, named);
    expect(out.storyDescription).toBe("Mila counts the stars. Mila yawns.");
    expect(out.moralLesson).toBe("Mila learns that every day ends with a cuddle.");
    expect(out.specialElements).toBe("our cat Biscuit");
  });
  it("does nothing without a name or a template", () => {
    const drawn = initialValues(values({ artStyle: "storybook" }), themes, "bedtime");
    expect(refillForName(drawn, named)).toEqual(drawn);
    const posted = { ...drawn, childName: "Mila" };
    expect(refillForName(posted, null)).toEqual(posted);
  });
});
