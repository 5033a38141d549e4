import { describe, expect, it } from "vitest";
import { isSlug, makeSlug, randomSlugPart, resolveSite, SLUG_RANDOM_CHARS, slugWords, storyLink } from "~/domain/story/links";

describe("storyLink: the public story by slug, else the reader by book id", () => {
  it("links the public story when a slug exists", () => {
    expect(storyLink("https://storynest.example", { slug: "mia-and-the-moon-k7pz2qxa", bookId: "abc123" })).toBe(
      "https://storynest.example/story/mia-and-the-moon-k7pz2qxa",
    );
  });

  it("falls back to the private reader by book id without a slug", () => {
    expect(storyLink("https://storynest.example", { slug: null, bookId: "abc123" })).toBe("https://storynest.example/youraistory/abc123");
    expect(storyLink("https://storynest.example", { slug: "", bookId: "abc123" })).toBe("https://storynest.example/youraistory/abc123");
  });

  it("drops trailing slashes of the site and has no link without slug or book id", () => {
    expect(storyLink("https://storynest.example///", { bookId: "abc123" })).toBe("https://storynest.example/youraistory/abc123");
    expect(storyLink("https://storynest.example", {})).toBeNull();
  });
});

describe("resolveSite", () => {
  it("uses the configured website URL when set", () => {
    expect(resolveSite("https://storynest.example/", "http://127.0.0.1:8813/story/x")).toBe("https://storynest.example");
  });
  it("defaults to the request's own origin", () => {
    expect(resolveSite(undefined, "http://127.0.0.1:8813/story/x?page=2")).toBe("http://127.0.0.1:8813");
    expect(resolveSite("  ", "https://preview.example/api/books/a/share")).toBe("https://preview.example");
  });
});

describe("slugs", () => {
  it("makes readable words from the title: lower case, no accents, dashes between words", () => {
    expect(slugWords("Zoë & the Dragon's Picnic!")).toBe("zoe-the-dragons-picnic");
    expect(slugWords("  Mia and the Glowing Map ")).toBe("mia-and-the-glowing-map");
  });

  it("keeps at most six words and 60 characters", () => {
    expect(slugWords("one two three four five six seven eight")).toBe("one-two-three-four-five-six");
    const long = slugWords("Supercalifragilisticexpialidocious Supercalifragilisticexpialidocious Tale");
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toBe("supercalifragilisticexpialidocious");
  });

  it("falls back to the child's name, then to 'story', when the title has no usable letters", () => {
    expect(slugWords("", "Ava story")).toBe("ava-story");
    expect(slugWords("★ ☾ ✿", null)).toBe("story");
    expect(makeSlug({ title: null, childName: "Noé" }, "abcdefgh")).toBe("noe-story-abcdefgh");
  });

  it("adds a random part and always passes the database check (a-z, 0-9, '-')", () => {
    const slug = makeSlug({ title: "Mia and the Glowing Map", childName: "Mia" }, "k7pz2qxa");
    expect(slug).toBe("mia-and-the-glowing-map-k7pz2qxa");
    for (const title of ["Ünïcødé Ünïverse", "  --weird-- title -- ", "日本語のタイトル", "A"]) {
      const s = makeSlug({ title, childName: "Léa" });
      expect(isSlug(s), s).toBe(true);
      expect(s).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it("draws the random part from an unambiguous alphabet, different each time", () => {
    const a = randomSlugPart();
    const b = randomSlugPart();
    expect(a).toHaveLength(SLUG_RANDOM_CHARS);
    expect(a).toMatch(/^[a-km-np-z2-9]+$/);
    expect(a).not.toBe(b);
    expect(randomSlugPart(4, () => new Uint8Array([0, 1, 31, 32]))).toBe("ab9a");
  });

  it("recognises valid slugs only", () => {
    expect(isSlug("mia-adventure-sample")).toBe(true);
    for (const bad of ["", "-mia", "mia-", "Mia", "mia_map", "mia map", "a".repeat(121), "../etc"]) expect(isSlug(bad), bad).toBe(false);
  });
});
