import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { KEPT_MARKUP_ENTRIES } from "~/kept-markup.server";
import { signupBack, SIGNUP_STATUS_TEXT } from "~/domain/newsletter";
import { MARKET_COOKIE, marketOf, savedMarketValue } from "~/domain/pricing/markets";

// The server draws the footer once per address and market and writes it from memory after that
// (app/kept-markup.server.tsx). Whatever the order of the visits, and after the memory has been
// filled and emptied again, every page's footer must be its own: its address in both forms, its
// market chosen in the picker, its newsletter answer, this year.

const SITE = "https://example.com";

async function footerOf(path: string, country: string) {
  const market = marketOf(country)!;
  const res = await SELF.fetch(SITE + path, { headers: { Cookie: `${MARKET_COOKIE}=${encodeURIComponent(savedMarketValue(market))}` } });
  const html = await res.text();
  const footer = /<div id="site-footer" class="contents">([\s\S]*?<\/footer>)<\/div>/.exec(html)?.[1];
  if (!footer) throw new Error(`${path}: no footer`);
  return footer;
}

const field = (footer: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(footer)?.[1]?.replace(/&amp;/g, "&");
const chosen = (footer: string) => [...footer.matchAll(/<option value="([A-Z]{2})" selected="">/g)].map((m) => m[1]);
const status = (footer: string) => /<p id="newsletter-status"[^>]*>([^<]*)<\/p>/.exec(footer)?.[1]?.replace(/&#x27;/g, "'");

async function expectOwnFooter(path: string, search: string, country: string) {
  const footer = await footerOf(path + search, country);
  expect(field(footer, "redirectTo"), path + search).toBe(path + search);
  expect(field(footer, "back"), path + search).toBe(signupBack(path, search));
  expect(chosen(footer), path + search).toEqual([country]);
  const answer = new URLSearchParams(search).get("newsletter");
  expect(status(footer), path + search).toBe(answer ? SIGNUP_STATUS_TEXT[answer as keyof typeof SIGNUP_STATUS_TEXT] : "");
  expect(footer).toContain(`© ${new Date().getFullYear()} StoryNest.`);
  return footer;
}

describe("the footer the server keeps", () => {
  it("is each page's own, for every address, market and newsletter answer, on first and later visits", async () => {
    const visits = [
      ["/library", "", "GB"],
      ["/library", "", "JP"],
      ["/library", "?q=moon&sort=name", "GB"],
      ["/no-such-page", "", "GB"],
      ["/library", "?newsletter=sent", "GB"],
      ["/library", "?newsletter=invalid&newsletter_form=footer", "US"],
    ] as const;
    const first = new Map<string, string>();
    for (let round = 0; round < 2; round++) {
      for (const [path, search, country] of visits) {
        const footer = await expectOwnFooter(path, search, country);
        const key = path + search + country;
        // a later visit's footer is the first visit's, to the byte
        if (round === 0) first.set(key, footer);
        else expect(footer, key).toBe(first.get(key));
      }
    }
    // six visits, six different footers
    expect(new Set(first.values()).size).toBe(visits.length);
  });

  it("stays right after more addresses than it keeps have come and gone", async () => {
    for (let i = 0; i < KEPT_MARKUP_ENTRIES + 20; i++) await footerOf(`/no-such-page-${i}`, "GB");
    await expectOwnFooter("/no-such-page-0", "", "GB");
    await expectOwnFooter("/library", "?q=moon&sort=name", "JP");
    await expectOwnFooter("/no-such-page-5", "", "AU");
    // 220 pages drawn: about 5 s on a busy two-core machine
  }, 60_000);
});
