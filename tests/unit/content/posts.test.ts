import { describe, expect, it } from "vitest";
import { formatPostDate, isRealDay, parsePost, parsePosts, readingMinutes, slugFromPath, toSummary } from "~/domain/content/posts";

const post = (fm: Record<string, string>, body = "Some words for the body of this post.") =>
  `---\n${Object.entries(fm)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n")}\n---\n${body}`;

const GOOD = { title: "A good post", date: "2026-03-14", description: "A description that is long enough to pass.", author: "The StoryNest team" };

describe("slugFromPath", () => {
  it("uses the file name without .md", () => {
    expect(slugFromPath("/content/blog/bedtime-ritual.md")).toBe("bedtime-ritual");
  });
  it("refuses names that are not lower-case words joined by hyphens", () => {
    expect(() => slugFromPath("/content/blog/Bedtime Ritual.md")).toThrow(/lower-case/);
    expect(() => slugFromPath("/content/blog/-x.md")).toThrow();
  });
});

describe("isRealDay", () => {
  it("accepts real days and refuses impossible ones", () => {
    expect(isRealDay("2024-02-29")).toBe(true);
    expect(isRealDay("2026-02-29")).toBe(false);
    expect(isRealDay("2026-02-30")).toBe(false);
    expect(isRealDay("2026-13-01")).toBe(false);
  });
});

describe("parsePost", () => {
  it("returns the front matter, a display date, a reading time and the Markdown body", () => {
    const p = parsePost("/content/blog/good-post.md", post(GOOD, "Hello **world**."));
    expect(p).toMatchObject({
      slug: "good-post",
      title: "A good post",
      date: "2026-03-14",
      displayDate: "14 March 2026",
      author: "The StoryNest team",
      readingMinutes: 1,
    });
    expect(p.markdown).toBe("Hello **world**.");
  });

  it("names the file and the field when the front matter is wrong", () => {
    expect(() => parsePost("/content/blog/x.md", post({ ...GOOD, author: "" }))).toThrow(/x\.md.*author/);
    expect(() => parsePost("/content/blog/x.md", post({ ...GOOD, date: "14/03/2026" }))).toThrow(/date must be YYYY-MM-DD/);
    expect(() => parsePost("/content/blog/x.md", post({ ...GOOD, date: "2026-02-30" }))).toThrow(/not a real day/);
    const { description: _d, ...noDescription } = GOOD;
    expect(() => parsePost("/content/blog/x.md", post(noDescription))).toThrow(/description/);
  });

  it("refuses a post with no text", () => {
    expect(() => parsePost("/content/blog/x.md", post(GOOD, "\n\n"))).toThrow(/no text/);
  });
});

describe("parsePosts", () => {
  it("sorts newest first, then by title for the same day", () => {
    const posts = parsePosts({
      "/content/blog/old.md": post({ ...GOOD, title: "Old one", date: "2025-01-01" }),
      "/content/blog/new-b.md": post({ ...GOOD, title: "Bravo", date: "2026-06-01" }),
      "/content/blog/new-a.md": post({ ...GOOD, title: "Alpha", date: "2026-06-01" }),
      "/content/blog/middle.md": post({ ...GOOD, title: "Middle", date: "2025-09-09" }),
    });
    expect(posts.map((p) => p.slug)).toEqual(["new-a", "new-b", "middle", "old"]);
  });

  it("refuses two posts with the same slug", () => {
    expect(() => parsePosts({ "/content/blog/a.md": post(GOOD), "/other/a.md": post(GOOD) })).toThrow(/share the slug 'a'/);
  });
});

describe("readingMinutes and formatPostDate", () => {
  it("counts about 200 words a minute, at least one", () => {
    expect(readingMinutes("word ".repeat(10))).toBe(1);
    expect(readingMinutes("word ".repeat(1000))).toBe(5);
  });
  it("formats a date the same way on the server and in the browser", () => {
    expect(formatPostDate("2026-11-05")).toBe("5 November 2026");
  });
  it("toSummary leaves the Markdown out", () => {
    const summary = toSummary(parsePost("/content/blog/good-post.md", post(GOOD)));
    expect(summary).not.toHaveProperty("markdown");
    expect(summary.slug).toBe("good-post");
  });
});
