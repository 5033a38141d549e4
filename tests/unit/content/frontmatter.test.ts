import { describe, expect, it } from "vitest";
import { FrontMatterError, parseFrontMatter } from "~/domain/content/frontmatter";

describe("parseFrontMatter", () => {
  it("reads key: value lines and returns the body after the closing fence", () => {
    const { data, body } = parseFrontMatter("---\ntitle: Hello there\ndate: 2026-01-02\n---\n\n# Heading\n\nText: with a colon\n");
    expect(data).toEqual({ title: "Hello there", date: "2026-01-02" });
    expect(body).toBe("# Heading\n\nText: with a colon\n");
  });

  it("keeps colons inside values and strips matching quotes", () => {
    const { data } = parseFrontMatter(`---\ntitle: "Bedtime: a ritual"\nauthor: 'Sam O''Neil'\nnote: "say \\"hi\\""\n---\nbody`);
    expect(data.title).toBe("Bedtime: a ritual");
    expect(data.author).toBe("Sam O'Neil");
    expect(data.note).toBe('say "hi"');
  });

  it("accepts Windows line endings, a byte-order mark, blank lines and comments", () => {
    const { data, body } = parseFrontMatter("\uFEFF---\r\ntitle: A\r\n\r\n# a comment\r\nauthor: B\r\n---\r\nLine one\r\nLine two");
    expect(data).toEqual({ title: "A", author: "B" });
    expect(body).toBe("Line one\nLine two");
  });

  it("rejects a file without front matter", () => {
    expect(() => parseFrontMatter("# Just a heading\n")).toThrow(FrontMatterError);
  });

  it("rejects front matter that is never closed", () => {
    expect(() => parseFrontMatter("---\ntitle: A\n# body\n")).toThrow(/not closed/);
  });

  it("rejects lines that are not key: value, and repeated keys", () => {
    expect(() => parseFrontMatter("---\n- a list item\n---\n")).toThrow(/line 2/);
    expect(() => parseFrontMatter("---\ntitle: A\ntitle: B\n---\n")).toThrow(/twice/);
  });
});
