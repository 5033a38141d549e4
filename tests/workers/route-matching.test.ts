import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

// The server remembers route matches per address (workers/shims/remembered-route-matching.ts). A remembered match must
// still carry the address's own parameters, and an address no route takes stays a 404, however
// often and in whatever order the addresses come.

const BASE = "https://example.com";
const page = async (path: string) => {
  const res = await SELF.fetch(BASE + path);
  return { status: res.status, html: await res.text() };
};
const title = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1].replace(/<[^>]+>/g, "");

describe("route matching with remembered matches", () => {
  it("gives every address its own page and parameters, on first and later visits alike", async () => {
    const posts = [
      ["/blog/how-we-keep-your-childs-photo-and-voice-safe", "How we keep your child&#x27;s photo and voice safe"],
      ["/blog/making-bedtime-stories-a-ritual", undefined],
      ["/blog/why-personalised-stories-help-children-read", undefined],
    ] as const;
    const firsts = new Map<string, string | undefined>();
    for (let round = 0; round < 3; round++) {
      for (const [path, expected] of posts) {
        const { status, html } = await page(path);
        expect(status, path).toBe(200);
        const h1 = title(html);
        if (expected) expect(h1).toBe(expected);
        if (round === 0) firsts.set(path, h1);
        else expect(h1, `${path} on visit ${round + 1}`).toBe(firsts.get(path));
      }
    }
    // three different posts, three different titles
    expect(new Set(firsts.values()).size).toBe(3);
  });

  it("keeps answering 404 for an address no route takes, and the page beside it still works", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await page("/blog/no-such-post-here")).status).toBe(404);
      expect((await page("/no/such/address")).status).toBe(404);
      expect((await page("/pricing")).status).toBe(200);
    }
  });
});
