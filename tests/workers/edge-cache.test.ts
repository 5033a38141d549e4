import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { afterAll, describe, expect, it, vi } from "vitest";
import { publicVisitorId } from "~/services/analytics/record.server";
import { createDb } from "~/services/db/client.server";
import { seedStatements } from "~/services/db/seed.server";
import { createThemeService } from "~/services/themes.server";
import { Browser, createAccount, pageText } from "./auth-helpers";
import { restoreThemes } from "./db-helpers";

// The themes this file changes are put back for the files after it.
afterAll(restoreThemes);

/** The edge cache of anonymous visitors' public pages (app/services/cache/page-cache.server.ts, workers/shared-pages.ts). */

const status = (res: Response) => res.headers.get("X-Page-Cache");

/** A query no other test or run used: the Cache API's entries outlive a test's isolated storage. */
const fresh = (path: string) => `${path}?run=${crypto.randomUUID()}`;

function scriptSrc(res: Response): string {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  return (
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src ")) ?? ""
  );
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

/** The text of every inline script of a page. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(` ${m[1]}`) && m[2] !== "").map((m) => m[2]);
}

/** A first visit from a new browser (no cookies), returning the answer, its body and the visitor id it was given. */
async function firstVisit(path: string, headers: Record<string, string> = {}) {
  const browser = new Browser();
  const res = await browser.get(path, headers);
  const html = await res.text();
  return { res, html, visitorId: browser.cookies.get("sn_vid") ?? "", browser };
}

describe("edge cache of anonymous public pages", () => {
  it("the second visitor gets the first one's page from the cache, with a cookie of its own and nothing of the first", async () => {
    const home = fresh("/");
    const a = await firstVisit(home);
    const b = await firstVisit(home);
    expect(a.res.status).toBe(200);
    expect([status(a.res), status(b.res)]).toEqual(["miss", "hit"]);
    expect(b.html).toBe(a.html);
    // Each visitor got its own new cookie, outside the shared body.
    expect(a.visitorId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(b.visitorId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(a.visitorId).not.toBe(b.visitorId);
    for (const v of [a, b]) {
      expect(v.html).not.toContain(v.visitorId);
      expect(v.html).not.toContain(await publicVisitorId(v.visitorId));
      expect(v.html).not.toContain(v.res.headers.get("x-request-id"));
      expect(v.html).not.toContain("nonce=");
      expect(v.res.headers.get("X-Inline-Script-Hashes")).toBeNull();
    }
    expect(a.res.headers.get("x-request-id")).not.toBe(b.res.headers.get("x-request-id"));
  });

  it("a shared page's policy allows exactly its own inline scripts by hash, no nonce", async () => {
    const pricing = fresh("/pricing");
    await firstVisit(pricing);
    const hit = await firstVisit(pricing);
    expect(status(hit.res)).toBe("hit");
    const src = scriptSrc(hit.res);
    expect(src).not.toContain("nonce");
    const scripts = inlineScripts(hit.html);
    expect(scripts.length).toBeGreaterThan(1);
    const expected = [...new Set(await Promise.all(scripts.map(sha256)))].map((h) => `'sha256-${h}'`);
    expect(src).toBe(["script-src 'self'", ...expected].join(" "));
  });

  it("a signed-in parent never gets a cached page and never fills the cache", async () => {
    await firstVisit("/");
    const { browser } = await createAccount({ firstName: "Zelda" });
    const res = await browser.get("/");
    expect(status(res)).toBeNull();
    expect(scriptSrc(res)).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/);
    expect(await pageText(res)).toContain("Zelda");
    // ... and the anonymous copy is still the anonymous page.
    const anon = await firstVisit("/");
    expect(status(anon.res)).toBe("hit");
    expect(anon.html).not.toContain("Zelda");
    // A session cookie that signs nobody in (ended, forged) is not anonymous either: it is not shared.
    const stale = await new Browser().get("/", { Cookie: "sn_session=not-a-real-session" });
    expect(status(stale)).toBeNull();
    await stale.arrayBuffer();
  });

  it("two markets each get their own prices, each from its own cached copy", async () => {
    const pages: Record<string, string> = {};
    const pricing = fresh("/pricing");
    for (const country of ["GB", "US", "GB", "US"]) {
      const v = await firstVisit(pricing, { "X-Dev-Country": country });
      expect(v.res.status).toBe(200);
      expect(status(v.res), country).toBe(country in pages ? "hit" : "miss");
      if (country in pages) expect(v.html).toBe(pages[country]);
      pages[country] = v.html;
    }
    expect(pages.GB).toContain("£");
    expect(pages.GB).not.toContain("US$");
    expect(pages.US).toContain("$");
    expect(pages.US).not.toContain("£");
  });

  it("the cookie banner shows only to a visitor who has not chosen, whatever the cache holds", async () => {
    const banner = /Accept All/;
    const about = fresh("/about");
    const unset = await firstVisit(about);
    const granted = await firstVisit(about, { Cookie: "story-app-cookie-consent=granted" });
    const denied = await firstVisit(about, { Cookie: "story-app-cookie-consent=denied" });
    expect([status(unset.res), status(granted.res), status(denied.res)]).toEqual(["miss", "miss", "miss"]);
    expect(unset.html).toMatch(banner);
    expect(granted.html).not.toMatch(banner);
    expect(denied.html).not.toMatch(banner);
    const again = await firstVisit(about, { Cookie: "story-app-cookie-consent=granted" });
    expect(status(again.res)).toBe("hit");
    expect(again.html).toBe(granted.html);
    const unsetAgain = await firstVisit(about);
    expect(status(unsetAgain.res)).toBe("hit");
    expect(unsetAgain.html).toMatch(banner);
  });

  it("a change of themes is on home at once after the theme cache is invalidated", async () => {
    const before = await firstVisit("/");
    expect(before.html).not.toContain("Lighthouse Keepers");
    expect(status((await firstVisit("/")).res)).toBe("hit");
    // The seeded themes, one of them renamed.
    await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
    await env.DB.prepare("UPDATE theme_templates SET title = 'Lighthouse Keepers' WHERE theme_id = (SELECT MIN(theme_id) FROM theme_templates)").run();
    await createThemeService(createDb(env.DB), env.CACHE).invalidate();
    const after = await firstVisit("/");
    expect(status(after.res)).toBe("miss");
    expect(after.html).toContain("Lighthouse Keepers");
    expect(status((await firstVisit("/")).res)).toBe("hit");
  });

  it("the address and its query are part of the key", async () => {
    const blog = fresh("/blog");
    const plain = await firstVisit(blog);
    const query = await firstVisit(`${blog}&utm_source=letter`);
    expect([status(plain.res), status(query.res)]).toEqual(["miss", "miss"]);
    expect(status((await firstVisit(`${blog}&utm_source=letter`)).res)).toBe("hit");
    const post = await firstVisit(fresh("/blog/how-we-keep-your-childs-photo-and-voice-safe"));
    expect(status(post.res)).toBe("miss");
    expect(post.html).not.toBe(plain.html);
  });

  it("private pages, page data, forms, other methods and failed pages are never shared", async () => {
    for (const path of ["/library", "/createstory", "/customstory", "/myaccount", "/checkout", "/pricing.data", "/_root.data", "/nino-friendship"]) {
      for (let i = 0; i < 2; i++) {
        const res = await new Browser().get(path);
        expect(status(res), path).toBeNull();
        await res.arrayBuffer();
      }
    }
    // A 404 on a shared address is drawn as a shared page (no nonce) but never stored.
    for (let i = 0; i < 2; i++) {
      const res = await new Browser().get("/blog/not-a-post");
      expect(res.status).toBe(404);
      expect(status(res)).toBe("miss");
      await res.arrayBuffer();
    }
    const head = await new Browser().fetch("/", { method: "HEAD" });
    expect(status(head)).toBeNull();
  });

  it("a public page that fails is this request's own: its crash screen shows the id of its log line, and nothing is stored", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // D1 is down: the home page's price cannot be read.
    const brokenD1 = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "prepare" || prop === "batch") {
          return () => {
            throw new Error("D1_ERROR: database unavailable");
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const ctx = createExecutionContext();
    const home = fresh("/");
    const res = await worker.fetch(new Request(`https://example.com${home}`), { ...env, DB: brokenD1 } as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.text()).toMatch(new RegExp(`data-testid="error-id"[^>]*>${id}<`));
    expect(status(res)).toBeNull();
    expect(scriptSrc(res)).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/);
    // With D1 back, the next visitor gets the page, drawn afresh.
    const next = await new Browser("https://example.com").get(home);
    expect(next.status).toBe(200);
    expect(status(next)).toBe("miss");
    await next.arrayBuffer();
    vi.restoreAllMocks();
  });
});
