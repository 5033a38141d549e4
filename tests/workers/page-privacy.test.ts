import { describe, expect, it } from "vitest";
import { randomId } from "~/domain/ids";
import { saveNinoMemory } from "~/services/db/nino-memory.server";
import { Browser, createAccount, pageText } from "./auth-helpers";
import { db } from "./db-helpers";

/**
 * Who may keep a page (app/services/cache/page-cache.server.ts, keepPrivate): a page that shows a
 * person's data is `private, no-store`; the shared anonymous pages keep their own headers.
 */

const PRIVATE = "private, no-store";

/** A query no other run used: the edge cache's entries outlive a test's storage. */
const fresh = (path: string) => `${path}${path.includes("?") ? "&" : "?"}run=${crypto.randomUUID()}`;

/** Pages a signed-in parent opens, each showing the parent's first name in the header. */
const PAGES = ["/", "/pricing", "/createstory", "/nino-friendship", "/real-stories", "/about", "/blog", "/faq", "/library", "/customstory"];

describe("a page that shows a person's data is kept by no cache", () => {
  it("a signed-in parent's pages and their client-navigation data are private, no-store", { timeout: 60_000 }, async () => {
    const { browser } = await createAccount({ firstName: "Zelda" });
    for (const path of PAGES) {
      const res = await browser.get(fresh(path));
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe(PRIVATE);
      expect(res.headers.get("X-Page-Cache"), path).toBeNull();
      expect(await pageText(res), path).toContain("Zelda");
    }
    // a client navigation's data (single fetch) carries the same name
    for (const path of ["/_root.data", "/pricing.data", "/nino-friendship.data"]) {
      const res = await browser.get(path);
      expect(res.headers.get("Cache-Control"), path).toBe(PRIVATE);
      expect(await res.text(), path).toContain("Zelda");
    }
  });

  it("an anonymous visitor's own pages are private, no-store: Nino's memory of the child, the story form", { timeout: 60_000 }, async () => {
    const visitorId = randomId(32);
    await saveNinoMemory(db, { kind: "visitor", visitorId }, { friendship: { personalDetails: { name: "Mia", pets: ["Biscuit the dog"] } } });
    const browser = new Browser();
    browser.cookies.set("sn_vid", visitorId);
    const memory = await browser.get("/nino-friendship");
    expect(memory.headers.get("Cache-Control")).toBe(PRIVATE);
    expect(await pageText(memory)).toContain("Biscuit the dog");
    for (const path of ["/createstory", "/customstory", "/library", "/nino-friendship.data"]) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe(PRIVATE);
      await res.arrayBuffer();
    }
  });

  it("the shared anonymous pages keep their own headers and are still shared", { timeout: 60_000 }, async () => {
    for (const [path, control] of [
      ["/", null],
      ["/pricing", null],
      ["/real-stories", "public, max-age=60"],
    ] as const) {
      const page = fresh(path);
      const first = await new Browser().get(page);
      const second = await new Browser().get(page);
      expect([first.headers.get("X-Page-Cache"), second.headers.get("X-Page-Cache")], path).toEqual(["miss", "hit"]);
      for (const res of [first, second]) {
        expect(res.headers.get("Cache-Control"), path).toBe(control);
        await res.arrayBuffer();
      }
    }
  });
});
