import { describe, expect, it } from "vitest";
import { errorKeyFor, recheckField, toStoryInput, validateForm } from "~/components/story-form/validate";
import { CUSTOM_DEFAULT_THEME, EMPTY_VALUES, firstErrorKey, OTHER_THEME, readFormValues, type FormValues } from "~/components/story-form/values";
import { maskEmail, readNotifyEmail } from "~/domain/story/notify-email";
import { checkPhoto, PHOTO_ERRORS, PHOTO_MAX_BYTES, sniffImageType } from "~/domain/story/photo";
import { ART_STYLE_OPTIONS, artStyleIdFor, artStylePreviewUrl, findArtStyle } from "~/domain/story/art-styles-ui";
import { ART_STYLE_IDS } from "~/domain/story/illustrator/styles";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

const good: FormValues = {
  ...EMPTY_VALUES,
  childName: "  Zoë  ",
  age: "6",
  gender: "girl",
  themeChoice: "Space",
  moralLesson: "Curiosity   opens doors.",
  artStyle: "cartoon",
};

describe("readFormValues", () => {
  it("reads every text control and ignores files and unknown fields", () => {
    const form = new FormData();
    form.set("childName", "Leo");
    form.set("age", "4");
    form.set("photo", new File([new Uint8Array([1, 2, 3])], "leo.png", { type: "image/png" }));
    form.set("somethingElse", "x");
    const v = readFormValues(form);
    expect(v).toEqual({ ...EMPTY_VALUES, childName: "Leo", age: "4" });
    expect("somethingElse" in v).toBe(false);
  });
});

describe("validateForm: the theme page", () => {
  it("accepts a good form and cleans its text", () => {
    const r = validateForm(good, "theme");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({
      childName: "Zoë",
      age: 6,
      gender: "girl",
      theme: "Space",
      moralLesson: "Curiosity opens doors.",
      artStyle: "cartoon",
      length: "medium",
    });
    expect(r.data.plotOutline).toBeUndefined();
  });

  it("gives every missing answer its own words, beside its own control", () => {
    const r = validateForm({ ...EMPTY_VALUES, artStyle: "" }, "theme");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      childName: "Please tell us your child's first name.",
      age: "Please choose your child's age.",
      themeChoice: "Please choose a theme, or pick 'Something else' and tell us yours.",
      artStyle: "Please choose an art style for the pictures.",
    });
    expect(firstErrorKey(r.errors)).toBe("childName");
  });

  it("checks the limits of the shared schema", () => {
    const r = validateForm({ ...good, childName: "R2-D2", age: "13", moralLesson: "x".repeat(301), specialElements: "y".repeat(301) }, "theme");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.childName).toBe("A name can hold letters, spaces, apostrophes and hyphens.");
    expect(r.errors.age).toBe("Stories are made for ages 1 to 12.");
    expect(r.errors.moralLesson).toBe("Please keep the lesson to 300 characters or fewer.");
    expect(r.errors.specialElements).toBe("Please keep the special elements to 300 characters or fewer.");
    expect(validateForm({ ...good, age: "0" }, "theme").ok).toBe(false);
    expect(validateForm({ ...good, age: "4.5" }, "theme").ok).toBe(false);
    expect(validateForm({ ...good, age: "twelve" }, "theme").ok).toBe(false);
    expect(validateForm({ ...good, age: "12" }, "theme").ok).toBe(true);
    expect(validateForm({ ...good, age: "1" }, "theme").ok).toBe(true);
  });

  it("uses the typed theme for 'Something else', and shows its error beside the box", () => {
    const other = { ...good, themeChoice: OTHER_THEME, themeOther: "Dinosaurs" };
    const r = validateForm(other, "theme");
    expect(r.ok && r.data.theme).toBe("Dinosaurs");
    const empty = validateForm({ ...other, themeOther: "  " }, "theme");
    expect(empty.ok).toBe(false);
    if (empty.ok) return;
    expect(empty.errors.themeOther).toBe("Please tell us the theme in a word or two, for example 'dinosaurs'.");
    expect(empty.errors.themeChoice).toBeUndefined();
    const long = validateForm({ ...other, themeOther: "d".repeat(41) }, "theme");
    expect(long.ok ? null : long.errors.themeOther).toBe("Please keep the theme to 40 characters or fewer.");
  });

  it("never sends the custom page's plot from the theme page, nor the theme page's details from the custom page", () => {
    const input = toStoryInput({ ...good, plotOutline: "A long plot that should not be here at all, really." }, "theme");
    expect("plotOutline" in input).toBe(false);
    const custom = toStoryInput({ ...good, plotOutline: "p".repeat(50), moralLesson: "hidden" }, "custom");
    expect(custom.moralLesson).toBe("");
    expect(custom.plotOutline).toBe("p".repeat(50));
  });

  it("keeps a photo's upload ids, and flags one that is not ours", () => {
    const withPhoto = validateForm({ ...good, childImage: "up-12345678", childImageCropped: "up-87654321" }, "theme");
    expect(withPhoto.ok && withPhoto.data.childImage).toBe("up-12345678");
    expect(withPhoto.ok && withPhoto.data.childImageCropped).toBe("up-87654321");
    const bad = validateForm({ ...good, childImage: "../../etc/passwd" }, "theme");
    expect(bad.ok ? null : bad.errors.photo).toBe("That photo upload was not recognised. Please add the photo again.");
  });
});

describe("validateForm: the custom page", () => {
  const plot = "Leo's toy dinosaur comes to life and helps him on his first day at school.";
  it("needs a plot of at least 40 characters, and gives the theme a name when left empty", () => {
    const r = validateForm({ ...good, themeChoice: "", plotOutline: plot, length: "short" }, "custom");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({ theme: CUSTOM_DEFAULT_THEME, plotOutline: plot, length: "short", moralLesson: "" });
    const missing = validateForm({ ...good, plotOutline: "" }, "custom");
    expect(missing.ok ? null : missing.errors.plotOutline).toMatch(/at least 40 characters/);
    const short = validateForm({ ...good, plotOutline: "Too short." }, "custom");
    expect(short.ok ? null : short.errors.plotOutline).toMatch(/at least 40 characters/);
    const long = validateForm({ ...good, plotOutline: "a".repeat(3001) }, "custom");
    expect(long.ok ? null : long.errors.plotOutline).toBe("Please keep the plot outline to 3000 characters or fewer.");
  });
  it("uses the typed theme and shows a theme error beside it", () => {
    const r = validateForm({ ...good, plotOutline: plot, themeOther: "Dinosaurs at school" }, "custom");
    expect(r.ok && r.data.theme).toBe("Dinosaurs at school");
    expect(errorKeyFor("theme", good, "custom")).toBe("themeOther");
  });
  it("falls back to a medium length for an unknown one", () => {
    expect(toStoryInput({ ...good, plotOutline: plot, length: "epic" }, "custom").length).toBe("medium");
  });
});

describe("errorKeyFor and recheckField", () => {
  it("puts the engine's and the schema's field names on this form's controls", () => {
    expect(errorKeyFor("theme", good, "theme")).toBe("themeChoice");
    expect(errorKeyFor("theme", { ...good, themeChoice: OTHER_THEME }, "theme")).toBe("themeOther");
    expect(errorKeyFor("childImage", good, "theme")).toBe("photo");
    expect(errorKeyFor("moralLesson", good, "theme")).toBe("moralLesson");
    expect(errorKeyFor("somethingUnknown", good, "theme")).toBe("form");
  });
  it("lets a message go as the field is corrected, and leaves the others", () => {
    const errors = { childName: "Please tell us your child's first name.", age: "Please choose your child's age." };
    const after = recheckField(errors, "childName", { ...EMPTY_VALUES, childName: "Mia", artStyle: "cartoon" }, "theme");
    expect(after).toEqual({ age: "Please choose your child's age." });
    const still = recheckField(errors, "childName", { ...EMPTY_VALUES, childName: "M1a" }, "theme");
    expect(still.childName).toBe("A name can hold letters, spaces, apostrophes and hyphens.");
    // a field without a message is not checked early
    expect(recheckField({}, "childName", EMPTY_VALUES, "theme")).toEqual({});
  });
  it("choosing a theme card clears the typed-theme message too", () => {
    const errors = { themeOther: "Please tell us the theme in a word or two, for example 'dinosaurs'." };
    expect(recheckField(errors, "themeChoice", { ...good, themeChoice: "Space" }, "theme")).toEqual({});
  });
});

describe("photos are judged by their bytes, never their name", () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
  const webp = new TextEncoder().encode("RIFF\x24\x00\x00\x00WEBPVP8 ");
  const gif = new TextEncoder().encode("GIF89a......");
  const heic = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63]);
  it("knows JPEG, PNG and WebP", () => {
    expect(sniffImageType(jpeg)).toBe("image/jpeg");
    expect(sniffImageType(png)).toBe("image/png");
    expect(sniffImageType(webp)).toBe("image/webp");
  });
  it("refuses everything else", () => {
    expect(sniffImageType(gif)).toBeNull();
    expect(sniffImageType(heic)).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns=..."))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("RIFF\x24\x00\x00\x00WAVEfmt "))).toBeNull();
    expect(sniffImageType(png.slice(0, 7))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
  it("checks size and type together", () => {
    expect(checkPhoto(1000, png)).toBeNull();
    expect(checkPhoto(PHOTO_MAX_BYTES, jpeg)).toBeNull();
    expect(checkPhoto(PHOTO_MAX_BYTES + 1, jpeg)).toBe(PHOTO_ERRORS.size);
    expect(checkPhoto(0, new Uint8Array())).toBe(PHOTO_ERRORS.empty);
    expect(checkPhoto(1000, gif)).toBe(PHOTO_ERRORS.type);
  });
});

describe("art styles", () => {
  it("are exactly the illustrator's styles", () => {
    expect(ART_STYLE_OPTIONS.map((s) => s.id)).toEqual([...ART_STYLE_IDS]);
  });
  it("offers at least six styles, each with a preview picture in public/", () => {
    expect(ART_STYLE_OPTIONS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(ART_STYLE_OPTIONS.map((s) => s.id)).size).toBe(ART_STYLE_OPTIONS.length);
    for (const s of ART_STYLE_OPTIONS) {
      const file = path.join(process.cwd(), "public", artStylePreviewUrl(s.id));
      expect(existsSync(file), file).toBe(true);
      // a real, small picture: a WebP header and a size a phone loads quickly
      expect(statSync(file).size).toBeGreaterThan(2_000);
      expect(statSync(file).size).toBeLessThan(60_000);
    }
    expect(artStylePreviewUrl("paper cut-out")).toBe("/art-styles/paper-cut-out.webp");
  });
  it("reads a stored style by id or label, in any spelling", () => {
    expect(findArtStyle("Fairy Tale")?.id).toBe("fairy tale");
    expect(findArtStyle("fairy-tale")?.id).toBe("fairy tale");
    expect(findArtStyle("Watercolour")?.id).toBe("watercolor");
    expect(findArtStyle("Crayon & pastel")?.id).toBe("crayon");
    for (const s of ART_STYLE_OPTIONS) {
      expect(findArtStyle(s.id)?.id).toBe(s.id);
      expect(findArtStyle(s.label.toUpperCase())?.id).toBe(s.id);
    }
    expect(findArtStyle("Paper Cut Out")?.id).toBe("paper cut-out");
    expect(findArtStyle("photorealistic")).toBeNull();
    expect(artStyleIdFor("photorealistic")).toBe("storybook");
    expect(artStyleIdFor(undefined)).toBe("storybook");
    expect(artStyleIdFor("  ")).toBe("storybook");
    // what the illustrator makes of a word it knows another way
    expect(artStyleIdFor("anime")).toBe("cartoon");
    expect(artStyleIdFor("collage")).toBe("paper cut-out");
  });
});

describe("validateForm: 'E-mail me when it's ready'", () => {
  it("is optional, and takes a good address trimmed and lower-cased", () => {
    expect(validateForm({ ...good, notifyEmail: "" }, "theme").ok).toBe(true);
    expect(validateForm({ ...good, notifyEmail: "  Mia.Parent@Example.COM " }, "theme").ok).toBe(true);
    expect(readNotifyEmail("  Mia.Parent@Example.COM ")).toEqual({ ok: true, email: "mia.parent@example.com" });
    expect(readNotifyEmail("   ")).toEqual({ ok: true, email: null });
  });

  it("refuses an address that is not one, or too long, beside its field", () => {
    const message = "Please enter a valid e-mail address, or leave it empty.";
    for (const bad of ["mia", "mia@", "@example.com", "mia example@example.com", `${"a".repeat(250)}@example.com`]) {
      const r = validateForm({ ...good, notifyEmail: bad }, "theme");
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.errors).toEqual({ notifyEmail: message });
    }
  });

  it("masks an address to its first letter and domain", () => {
    expect(maskEmail("mia.parent@example.com")).toBe("m***@example.com");
  });
});
