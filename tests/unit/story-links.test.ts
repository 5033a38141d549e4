import { describe, expect, it } from "vitest";
import { isSlug, makeSlug, resolveSite, SLUG_RANDOM_CHARS, storyLink } from "~/domain/story/links";

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
  it("are 20 random characters (100 bits) of an unambiguous alphabet, with nothing from the book", () => {
    expect(SLUG_RANDOM_CHARS * 5).toBeGreaterThanOrEqual(96);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const slug = makeSlug();
      expect(slug).toMatch(/^[a-km-np-z2-9]{20}$/);
      expect(isSlug(slug)).toBe(true);
      seen.add(slug);
    }
    expect(seen.size).toBe(200);
    // every letter of the alphabet is reachable, one byte per letter
    expect(makeSlug(() => new Uint8Array(40).map((_, i) => i % 32))).toBe("abcdefghijkmnpqrstuv");
  });

  it("recognises valid slugs only", () => {
    expect(isSlug("mia-adventure-sample")).toBe(true);
    for (const bad of ["", "-mia", "mia-", "Mia", "mia_map", "mia map", "a".repeat(121), "../etc"]) expect(isSlug(bad), bad).toBe(false);
  });
});
