import { describe, expect, it } from "vitest";
import { getPost, listPosts } from "~/services/content/blog.server";

// These read the real posts in content/blog/: a post with bad front matter fails here before it
// can fail a build.
describe("the blog posts in content/blog", () => {
  const posts = listPosts();

  it("has at least three posts, newest first", () => {
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const dates = posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("renders every post to HTML on the server, without its front matter", () => {
    for (const summary of posts) {
      const post = getPost(summary.slug);
      expect(post, summary.slug).toBeDefined();
      expect(post!.html).toContain("<h2");
      expect(post!.html).toContain("<p>");
      expect(post!.html).not.toContain("description:");
      expect(post!.html).not.toMatch(/<script/i);
      expect(post!.title).toBe(summary.title);
    }
  });

  it("links only to pages of the site", () => {
    for (const summary of posts) {
      const hrefs = [...getPost(summary.slug)!.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      for (const href of hrefs) expect(href, `${summary.slug}: ${href}`).toMatch(/^\/[a-z]/);
    }
  });

  it("returns undefined for a slug that does not exist", () => {
    expect(getPost("no-such-post")).toBeUndefined();
  });
});
