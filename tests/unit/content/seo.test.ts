import { describe, expect, it } from "vitest";
import { absoluteUrl, buildRobotsTxt, buildSitemapXml, escapeXml } from "~/domain/content/seo";
import { FOOTER_GROUPS } from "~/domain/content/footer-links";
import { SITE_PAGES } from "~/domain/content/site-pages";

describe("absoluteUrl", () => {
  it("joins the site URL and a path, with or without trailing slashes", () => {
    expect(absoluteUrl("https://storynest.example", "/faq")).toBe("https://storynest.example/faq");
    expect(absoluteUrl("https://storynest.example/", "/faq")).toBe("https://storynest.example/faq");
    expect(absoluteUrl("https://storynest.example/", "/")).toBe("https://storynest.example/");
    expect(absoluteUrl("https://example.com/stories/", "blog/a")).toBe("https://example.com/stories/blog/a");
  });
});

describe("buildSitemapXml", () => {
  it("lists absolute URLs and the last-modified day, escaping XML", () => {
    const xml = buildSitemapXml("https://storynest.example/", [{ path: "/" }, { path: "/blog/a&b", lastModified: "2026-11-05" }]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml).toContain("<url><loc>https://storynest.example/</loc></url>");
    expect(xml).toContain("<url><loc>https://storynest.example/blog/a&amp;b</loc><lastmod>2026-11-05</lastmod></url>");
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("escapes the five XML special characters", () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });
});

describe("buildRobotsTxt", () => {
  it("disallows the API, developer and test pages and points to the sitemap", () => {
    const txt = buildRobotsTxt("https://storynest.example");
    const lines = txt.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const p of ["/api/", "/dev/", "/test/", "/debug-library"]) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain("Sitemap: https://storynest.example/sitemap.xml");
  });
});

describe("the site's page list", () => {
  it("has each path once and includes every information page", () => {
    const paths = SITE_PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of ["/about", "/faq", "/contact", "/terms", "/returns", "/cookies", "/privacy", "/sitemap", "/blog"]) expect(paths).toContain(p);
  });

  it("covers every footer link", () => {
    const paths = new Set(SITE_PAGES.map((p) => p.path));
    for (const link of FOOTER_GROUPS.flatMap((g) => g.links)) expect(paths.has(link.to), link.to).toBe(true);
  });
});
