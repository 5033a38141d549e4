import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

// The configured site address, not the address a request happened to arrive on, builds the
// absolute URLs search engines see.
const site = (env as unknown as { WEBSITE_URL: string }).WEBSITE_URL.replace(/\/+$/, "");

describe("content routes in the Worker", () => {
  it("sitemap.xml builds its absolute URLs from WEBSITE_URL", async () => {
    const res = await SELF.fetch("https://crawler-saw-this-host.example/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThanOrEqual(17);
    for (const loc of locs) expect(loc.startsWith(`${site}/`)).toBe(true);
    expect(xml).not.toContain("crawler-saw-this-host");
    expect(locs).toContain(`${site}/blog/making-bedtime-stories-a-ritual`);
  });

  it("robots.txt points at the sitemap on WEBSITE_URL", async () => {
    const res = await SELF.fetch("https://crawler-saw-this-host.example/robots.txt");
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toContain(`Sitemap: ${site}/sitemap.xml`);
  });

  it("renders a blog post on the server and answers 404 for an unknown one", async () => {
    const ok = await SELF.fetch("https://example.com/blog/how-we-keep-your-childs-photo-and-voice-safe");
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain("<title>How we keep your child&#x27;s photo and voice safe · StoryNest</title>");
    expect(html).toContain("<h2>Your child&#39;s photo</h2>");

    const missing = await SELF.fetch("https://example.com/blog/not-a-post");
    expect(missing.status).toBe(404);
    const page = await missing.text();
    expect(page).toContain("This page wandered off");
    expect(page).toContain("<title>Page not found · StoryNest</title>");
  });
});
