import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

const INFO_PAGES = [
  { path: "/about", heading: "Stories that know your child's name", title: "About us · StoryNest" },
  { path: "/faq", heading: "Questions and answers", title: "Questions and answers · StoryNest" },
  { path: "/terms", heading: "Terms of use", title: "Terms of use · StoryNest" },
  { path: "/returns", heading: "Refunds and returns", title: "Refunds and returns · StoryNest" },
  { path: "/cookies", heading: "Cookies, kept to a minimum", title: "Cookie policy · StoryNest" },
  { path: "/privacy", heading: "Your child's privacy comes first", title: "Privacy policy · StoryNest" },
  { path: "/sitemap", heading: "Sitemap", title: "Sitemap · StoryNest" },
  { path: "/blog", heading: "Stories about stories", title: "Blog · StoryNest" },
] as const;

test.describe("information pages", () => {
  for (const p of INFO_PAGES) {
    test(`${p.path} answers 200 with its heading, title and description`, async ({ page }) => {
      const res = await page.goto(p.path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.heading);
      await expect(page).toHaveTitle(p.title);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(50);
    });
  }

  test("the FAQ answers at least ten questions in an accordion that works with the keyboard", async ({ page }) => {
    await page.goto("/faq");
    const questions = page.locator("details > summary");
    expect(await questions.count()).toBeGreaterThanOrEqual(10);
    for (const topic of [/credits/i, /photo/i, /how long/i, /PDF/, /not happy/i, /microphone/i, /ages/i, /delete/i, /buy/i, /safe/i]) {
      await expect(questions.filter({ hasText: topic }).first()).toBeVisible();
    }
    const item = page.locator("details", { has: page.locator("summary", { hasText: "Can I buy more credits?" }) });
    await expect(item).not.toHaveAttribute("open");
    await item.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(item).toHaveAttribute("open");
    await expect(item).toContainText("Credits never expire");
  });

  test("the privacy policy says what is kept about a child, for how long, who sees it and how to delete it", async ({ page }) => {
    await page.goto("/privacy");
    for (const name of ["What we keep about your child", "How long we keep it", "Who can see it", "Deleting and your rights"]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    for (const word of ["First name", "Age", "Photo", "Voice"])
      await expect(page.getByRole("region", { name: "What we keep about your child" })).toContainText(word);
  });

  test("the refund policy promises no payment for a book that was not delivered", async ({ page }) => {
    await page.goto("/returns");
    await expect(page.locator("blockquote")).toContainText("You never pay for a book you did not get.");
  });

  test("the HTML sitemap links to the public pages and every blog post", async ({ page }) => {
    await page.goto("/sitemap");
    const main = page.getByRole("main");
    for (const path of ["/", "/about", "/faq", "/contact", "/terms", "/returns", "/cookies", "/privacy", "/blog"]) {
      await expect(main.locator(`a[href="${path}"]`).first()).toBeVisible();
    }
    await expect(main.locator('a[href^="/blog/"]')).toHaveCount(3);
  });

  for (const path of ["/faq", "/blog/making-bedtime-stories-a-ritual", "/no-such-page"]) {
    test(`axe finds no serious or critical problems on ${path}`, async ({ page }) => {
      await page.goto(path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe("blog", () => {
  test("lists three posts, newest first, and each one opens", async ({ page }) => {
    await page.goto("/blog");
    const posts = page.getByRole("list", { name: "Posts, newest first" }).getByRole("listitem");
    await expect(posts).toHaveCount(3);
    const dates = await posts.locator("time").evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""));
    expect([...dates].sort().reverse()).toEqual(dates);

    const titles = await posts.getByRole("heading", { level: 2 }).allTextContents();
    for (const title of titles) {
      await page.goto("/blog");
      await page.getByRole("link", { name: title, exact: true }).click();
      await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(`${title} · StoryNest`);
      // The Markdown was rendered on the server: headings and paragraphs, no front matter.
      await expect(page.locator(".prose-story h2").first()).toBeVisible();
      await expect(page.locator(".prose-story")).not.toContainText("description:");
      const res = await page.request.get(page.url());
      expect(res.status()).toBe(200);
    }
  });

  test("an unknown post answers 404 with the not-found page", async ({ page }) => {
    const res = await page.goto("/blog/this-post-does-not-exist");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This page wandered off" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found · StoryNest");
    await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
  });
});

test.describe("sitemap.xml and robots.txt", () => {
  test("sitemap.xml is XML listing the public pages and posts with absolute URLs", async ({ request, page }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const loc of locs) expect(loc).toMatch(/^https?:\/\/[^/]+\//);
    const paths = locs.map((l) => new URL(l).pathname);
    for (const p of ["/", "/about", "/faq", "/contact", "/terms", "/returns", "/cookies", "/privacy", "/sitemap", "/blog"]) expect(paths).toContain(p);

    await page.goto("/blog");
    const hrefs = await page
      .getByRole("list", { name: "Posts, newest first" })
      .getByRole("link")
      .evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    expect(hrefs).toHaveLength(3);
    for (const href of hrefs) expect(paths).toContain(href);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  test("robots.txt is plain text that keeps crawlers out of the API and test pages", async ({ request }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/plain");
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    for (const p of ["/api/", "/dev/", "/test/", "/debug-library"]) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines.find((l) => l.startsWith("Sitemap: "))).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/);
  });
});

test.describe("not found", () => {
  for (const path of ["/no-such-page", "/some/deep/path/that/is/missing"]) {
    test(`${path} shows the not-found page with a 404 status`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "This page wandered off" })).toBeVisible();
      await expect(page).toHaveTitle("Page not found · StoryNest");
      // Still inside the site: the header and footer are there to find the way back.
      await expect(page.getByRole("banner").getByRole("link", { name: "StoryNest, home" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }
});
