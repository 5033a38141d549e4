import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SITE_PAGES } from "~/domain/content/site-pages";

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
    expect(locs.length).toBeGreaterThanOrEqual(16);
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

  it("every page the sitemap lists is there", async () => {
    // /real-stories starts drawing the sample books (a Workflow of 24 pictures): samples.test.ts opens it.
    for (const { path } of SITE_PAGES.filter((p) => p.path !== "/real-stories")) {
      const res = await SELF.fetch(`https://example.com${path}`);
      expect(res.status, path).toBe(200);
      await res.body?.cancel();
    }
  });

  // The help and legal pages are Markdown in content/pages/, rendered on the server.
  const INFO_PAGES = [
    { path: "/terms", h1: "Terms of use", h2: "6. Credits, prices and payments", sentence: "A credit is only used once a book has been made." },
    {
      path: "/privacy",
      h1: "Your child&#x27;s privacy comes first",
      h2: "What we keep about your child",
      sentence: "StoryNest never stores recordings of your child&#39;s voice.",
    },
    { path: "/returns", h1: "Refunds and returns", h2: "Our promise", sentence: "You never pay for a book you did not get." },
    { path: "/cookies", h1: "Cookies, kept to a minimum", h2: "Essential cookies (always on)", sentence: "Only if you choose Accept All" },
    { path: "/faq", h1: "Questions and answers", h2: "Credits and refunds", sentence: "StoryNest shows its prices in 20 currencies" },
  ];
  for (const p of INFO_PAGES) {
    it(`${p.path} is its Markdown rendered on the server, with its heading, a section and a known sentence`, async () => {
      const res = await SELF.fetch(`https://example.com${p.path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${p.h1.replace(/[()]/g, "\\$&")}</h1>`));
      expect(html).toMatch(new RegExp(`<h2[^>]*>(<svg.*?</svg>)?${p.h2.replace(/[()]/g, "\\$&")}</h2>`));
      expect(html).toContain(p.sentence);
      expect(html).not.toMatch(/\{#[a-z-]+\}/);
    });
  }

  const PUBLIC_PAGES = [
    "/",
    "/about",
    "/faq",
    "/terms",
    "/returns",
    "/cookies",
    "/privacy",
    "/sitemap",
    "/pricing",
    "/blog",
    "/blog/how-we-keep-your-childs-photo-and-voice-safe",
  ];
  const textOf = (html: string) =>
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'");

  it("none of the public pages promises what StoryNest does not do yet", async () => {
    for (const path of PUBLIC_PAGES) {
      const words = textOf(await (await SELF.fetch(`https://example.com${path}`)).text());
      // visit statistics exist only after Accept All, on our own servers: no page may claim more (the newsletter and the e-mails about books do exist)
      expect(words, path).not.toMatch(/analytics (are|is) on|google analytics|visit statistics (help|show)/i);
      // no printed or posted books, no price other than the ones computed for the page
      expect(words, path).not.toMatch(/printed copy (is|will be) (posted|shipped|delivered)|free shipping/i);
    }
  });

  it("every page leads to the prices, and the help pages say how prices, payments and refunds work", async () => {
    for (const path of PUBLIC_PAGES) {
      const html = await (await SELF.fetch(`https://example.com${path}`)).text();
      expect(html, path).toContain('href="/pricing"');
    }
    const faq = textOf(await (await SELF.fetch("https://example.com/faq")).text());
    expect(faq).toContain("The amount you pay is exactly the amount shown, in that currency.");
    expect(faq).toContain("Yen and won are shown and charged in whole units.");
    expect(faq).toContain("Your card details go to Stripe and never reach StoryNest.");
    expect(faq).not.toMatch(/does not sell anything|no prices/i);
    const terms = textOf(await (await SELF.fetch("https://example.com/terms")).text());
    expect(terms).toContain("The amount charged is the amount shown when you pay, in the currency shown.");
    expect(terms).not.toMatch(/takes no payments/i);
    const returns = textOf(await (await SELF.fetch("https://example.com/returns")).text());
    expect(returns).toContain("Credits already used on books stay used");
    expect(returns).not.toMatch(/nothing to refund|does not sell anything/i);
    const cookies = textOf(await (await SELF.fetch("https://example.com/cookies")).text());
    expect(cookies).toMatch(/sn_market/);
    const privacy = textOf(await (await SELF.fetch("https://example.com/privacy")).text());
    expect(privacy).toContain("Stripe, which takes payments: it receives your e-mail address and the payment");
  });
});
