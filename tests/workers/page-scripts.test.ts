import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SITE } from "./account-helpers";

/**
 * Before its first paint a page asks for nothing but itself (app/components/layout/page-scripts.tsx,
 * brand-fonts.tsx): Remix's scripts are in the HTML inside a <noscript>, which a browser that runs
 * scripts reads as text, and are added by the page's own boot script after the first paint.
 */

const NOSCRIPT = /<noscript id="page-scripts">([\s\S]*?)<\/noscript>/;

async function page(path: string) {
  const res = await SELF.fetch(`${SITE}${path}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const held = NOSCRIPT.exec(html);
  expect(held, "the page's scripts are held in the noscript").not.toBeNull();
  return { html, held: held![1]!, rest: html.replace(NOSCRIPT, "") };
}

describe("what a page asks for before its first paint", () => {
  it("outside the held scripts: no module script, no preload, no stylesheet, no font; the boot script follows them", async () => {
    for (const path of ["/", "/pricing", "/createstory"]) {
      const { html, held, rest } = await page(path);
      expect(rest).not.toMatch(/rel="(modulepreload|preload|stylesheet|prefetch)"/);
      expect(rest).not.toMatch(/<script[^>]*type="module"/);
      expect(rest).not.toMatch(/<script[^>]*\ssrc=/);
      // the site's styles are in the page; no font is asked for outside them, and in them the brand
      // fonts are declared but named only under the class that says this browser has them
      const styles = /<style id="site-styles">([\s\S]*?)<\/style>/.exec(rest)?.[1] ?? "";
      expect(styles).toContain("@font-face");
      expect(rest.replace(styles, "")).not.toMatch(/\.woff2/);
      expect(styles.replace(/:root\.brand-fonts\{[^}]*\}/, "").replace(/@font-face\{[^}]*\}/g, "")).not.toMatch(/Nunito|Fredoka/);
      // the boot script is the element right after the held scripts
      expect(html).toMatch(/<\/noscript><script[^>]*>\(function\(\)\{var d=document,me=d\.currentScript/);
      // what is held: Remix's preloads of the entry and the page's route, its context and its module script
      expect(held).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-[\w-]+\.js"\/>/);
      expect(held).toMatch(/<script[^>]*>window\.__remixContext = /);
      expect(held).toMatch(/<script[^>]*type="module"[^>]*>[\s\S]*import\("\/assets\/entry\.client-[\w-]+\.js"\);<\/script>$/);
    }
  });

  it("what is held cannot end the noscript early: the data in it has no '<'", async () => {
    const { held } = await page("/pricing");
    for (const m of held.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) expect(m[1]).not.toContain("<");
  });
});
