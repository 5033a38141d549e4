// Every spec imports `test` and `expect` from here. Before each test the server must answer
// /api/health: if the local runtime was restarted mid-run (scripts/supervise.mjs), the next test waits
// for it instead of failing on a refused connection.
import { randomInt } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

export * from "@playwright/test";

/**
 * Each test is a family of its own, on its own internet connection: its requests carry a client
 * address of their own (Cloudflare's CF-Connecting-IP, which the local runtime keeps when it is
 * there), so the limits per address (three visitor welcome credits a day, decision 024; the costly
 * endpoints, decision 018) count each test apart, as they would count separate families.
 */
export function testAddress(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** Gives this browser's owner more credits than the one free book (outside production only). */
export async function grantCredits(request: APIRequestContext, credits: number): Promise<void> {
  const res = await request.post("/api/test/credits", { data: { credits } });
  expect(res.status()).toBe(201);
}

/**
 * Waits (up to 20 s) until a page that has scripts has them: its boot script marks "page-scripts"
 * once the modules it added have arrived (what the load event used to wait for). A page without
 * them, or a crashed or gone page, is left to the test's own expectations. Polled from here, not by
 * a timer in the page: a test may run the page's timers on Playwright's clock (page.clock).
 */
async function pageScripts(page: Page): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && !page.isClosed()) {
    try {
      if (await page.evaluate(() => !document.getElementById("page-scripts") || performance.getEntriesByName("page-scripts").length > 0)) return;
    } catch {
      /* between two documents: asked again */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const test = base.extend<{ serverUp: void }>({
  // A page that breaks the Content-Security-Policy fails its test: Chromium reports each refused
  // script, style, picture or connection on the console ("Refused to ...").
  page: async ({ page, javaScriptEnabled }, provide) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      const text = message.text();
      if (/Refused to|Content Security Policy/i.test(text)) violations.push(text);
    });
    // A page's load event now comes before its scripts: they start after its first paint
    // (app/components/layout/page-scripts.tsx). A test that opens or reloads a page and then uses
    // it waits until the page has its scripts, as the load event used to mean.
    for (const name of javaScriptEnabled === false ? [] : (["goto", "reload"] as const)) {
      const open = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
      (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        const response = await open(...args);
        const options = args.find((a) => typeof a === "object" && a !== null) as { waitUntil?: string } | undefined;
        if (!options?.waitUntil || options.waitUntil === "load" || options.waitUntil === "networkidle") await pageScripts(page);
        return response;
      };
    }
    await provide(page);
    expect(violations, "Content-Security-Policy violations").toEqual([]);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...extraHTTPHeaders, "CF-Connecting-IP": testAddress() });
  },
  serverUp: [
    async ({ baseURL }, use) => {
      const deadline = Date.now() + 50_000;
      for (;;) {
        try {
          const r = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(10_000) });
          if (r.status === 200 || r.status === 503) break;
        } catch {
          /* restarting */
        }
        if (Date.now() > deadline) throw new Error("the test server did not answer /api/health for 50 s");
        await new Promise((r) => setTimeout(r, 1_000));
      }
      await use();
    },
    { auto: true, timeout: 60_000 },
  ],
});
export { expect };
