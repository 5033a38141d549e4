import { env, SELF } from "cloudflare:test";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BUILT_IN_THEMES } from "~/domain/story/themes";
import { createDb } from "~/services/db/client.server";
import { seedStatements } from "~/services/db/seed.server";
import { createThemeService, THEME_CACHE_KEY, THEME_CACHE_MS } from "~/services/themes.server";
import { restoreThemes } from "./db-helpers";

// The themes this file changes are put back for the files after it.
afterAll(restoreThemes);

/** env.DB, counting the statements prepared on it (each D1 read prepares one). */
function countingD1(d1: D1Database) {
  const counter = { prepared: 0 };
  const proxy = new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") {
        return (query: string) => {
          counter.prepared += 1;
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1: proxy, counter };
}

/** A D1 that is down: every statement fails. */
const brokenD1 = {
  prepare() {
    throw new Error("D1_ERROR: database unavailable");
  },
  batch() {
    throw new Error("D1_ERROR: database unavailable");
  },
  exec() {
    throw new Error("D1_ERROR: database unavailable");
  },
} as unknown as D1Database;

async function seed() {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
}

describe("theme service", () => {
  let clock = Date.UTC(2025, 5, 1, 9, 0, 0);
  const now = () => clock;

  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM theme_templates").run();
    await env.CACHE.delete(THEME_CACHE_KEY);
    clock = Date.UTC(2025, 5, 1, 9, 0, 0);
  });
  afterEach(() => vi.restoreAllMocks());

  it("reads D1 first, then answers from the KV cache without touching D1", async () => {
    await seed();
    const { d1, counter } = countingD1(env.DB);
    const service = createThemeService(createDb(d1), env.CACHE, now);
    const first = await service.list();
    expect(first.source).toBe("database");
    expect(first.themes.map((t) => t.title)).toEqual(["Animal Friends", "Magical Adventure", "Ocean Discovery", "Princess & Knights", "Space Explorer"]);
    const reads = counter.prepared;
    expect(reads).toBeGreaterThan(0);

    const second = await service.list();
    expect(second).toEqual({ themes: first.themes, source: "cache" });
    expect(counter.prepared).toBe(reads);
  });

  it("shares the cache between requests (a new service on the same KV)", async () => {
    await seed();
    await createThemeService(createDb(env.DB), env.CACHE, now).list();
    const { d1, counter } = countingD1(env.DB);
    expect((await createThemeService(createDb(d1), env.CACHE, now).list()).source).toBe("cache");
    expect(counter.prepared).toBe(0);
  });

  it("keeps the cache for 5 minutes, then reads D1 again", async () => {
    expect(THEME_CACHE_MS).toBe(300_000);
    await seed();
    const service = createThemeService(createDb(env.DB), env.CACHE, now);
    await service.list();
    await env.DB.prepare("UPDATE theme_templates SET title = 'Rocket Ride' WHERE theme_id = 'space-explorer'").run();

    clock += THEME_CACHE_MS - 1;
    const stillCached = await service.list();
    expect(stillCached.source).toBe("cache");
    expect(stillCached.themes.map((t) => t.title)).toContain("Space Explorer");

    clock += 1;
    const fresh = await service.list();
    expect(fresh.source).toBe("database");
    expect(fresh.themes.map((t) => t.title)).toContain("Rocket Ride");
    // and the fresh read is cached again
    expect((await service.list()).source).toBe("cache");
  });

  it("falls back to the five built-ins when the table is empty, and does not cache them", async () => {
    const service = createThemeService(createDb(env.DB), env.CACHE, now);
    const result = await service.list();
    expect(result).toEqual({ themes: [...BUILT_IN_THEMES], source: "built-in" });
    expect(result.themes.map((t) => [t.title, t.theme, t.ageRange, t.popular])).toEqual([
      ["Magical Adventure", "Adventure", "4-8", true],
      ["Space Explorer", "Space", "5-10", true],
      ["Animal Friends", "Animals", "3-7", true],
      ["Princess & Knights", "Fantasy", "4-9", false],
      ["Ocean Discovery", "Ocean", "4-8", false],
    ]);
    expect(await env.CACHE.get(THEME_CACHE_KEY)).toBeNull();
    // as soon as rows exist they are used, without waiting for a cache to expire
    await seed();
    expect((await service.list()).source).toBe("database");
  });

  it("ignores Inactive rows, and falls back when none is Active", async () => {
    await seed();
    await env.DB.prepare("UPDATE theme_templates SET status = 'Inactive'").run();
    const result = await createThemeService(createDb(env.DB), env.CACHE, now).list();
    expect(result.source).toBe("built-in");
    await env.DB.prepare("UPDATE theme_templates SET status = 'Active' WHERE theme_id = 'ocean-discovery'").run();
    const one = await createThemeService(createDb(env.DB), env.CACHE, now).list();
    expect(one.source).toBe("database");
    expect(one.themes.map((t) => t.themeId)).toEqual(["ocean-discovery"]);
  });

  it("falls back to the built-ins when D1 fails, logs why, and caches nothing", async () => {
    // a warning: the page still shows the built-in themes
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const result = await createThemeService(createDb(brokenD1), env.CACHE, now).list();
    expect(result).toEqual({ themes: [...BUILT_IN_THEMES], source: "built-in" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("database unavailable"));
    expect(await env.CACHE.get(THEME_CACHE_KEY)).toBeNull();
  });

  it("still answers from a fresh cache while D1 is down", async () => {
    await seed();
    await createThemeService(createDb(env.DB), env.CACHE, now).list();
    const result = await createThemeService(createDb(brokenD1), env.CACHE, now).list();
    expect(result.source).toBe("cache");
    expect(result.themes).toHaveLength(5);
  });

  it.each([
    ["text that is not JSON", "}{ not json"],
    ["JSON of the wrong shape", JSON.stringify({ storedAt: "yesterday", themes: "lots" })],
    ["themes missing fields", JSON.stringify({ storedAt: Date.UTC(2025, 5, 1, 9, 0, 0), themes: [{ title: "Half a theme" }] })],
    ["an empty list", JSON.stringify({ storedAt: Date.UTC(2025, 5, 1, 9, 0, 0), themes: [] })],
  ])("ignores a garbage KV value (%s) and reads D1", async (_label, garbage) => {
    await seed();
    await env.CACHE.put(THEME_CACHE_KEY, garbage);
    const result = await createThemeService(createDb(env.DB), env.CACHE, now).list();
    expect(result.source).toBe("database");
    expect(result.themes).toHaveLength(5);
    // and replaces it with a good entry
    expect((await createThemeService(createDb(env.DB), env.CACHE, now).list()).source).toBe("cache");
  });
});

describe("home page", () => {
  // The themes change: the service's invalidate() (the cached list and the version the edge cache keys pages by).
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM theme_templates").run();
    await createThemeService(createDb(env.DB), env.CACHE).invalidate();
  });

  it("shows the seeded themes from D1", async () => {
    await seed();
    await env.DB.prepare(
      `INSERT INTO theme_templates (theme_id, title, description, theme, emoji, color, age_range, popular, moral_lesson, special_elements, art_style, status)
       VALUES ('dino-valley', 'Dinosaur Valley', '[ChildName] befriends a gentle diplodocus who is afraid of the dark.', 'Dinosaurs', '🦕', '#84CC16', '3-7', 0,
               'Everyone is scared sometimes, and friends help.', 'a gentle diplodocus, a lantern, a hidden nest', 'watercolor', 'Active')`,
    ).run();
    const res = await SELF.fetch("https://example.com/");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const title of ["Dinosaur Valley", "Magical Adventure", "Space Explorer", "Animal Friends", "Ocean Discovery"]) expect(html).toContain(title);
    expect(html).toContain("Princess &amp; Knights");
    expect(html).toContain("createstory?theme=dinosaurs");
    // the page filled the cache
    expect(await env.CACHE.get(THEME_CACHE_KEY)).toContain("Dinosaur Valley");
  });

  it("does not show an Inactive theme", async () => {
    await seed();
    await env.DB.prepare("UPDATE theme_templates SET status = 'Inactive' WHERE theme_id = 'space-explorer'").run();
    await createThemeService(createDb(env.DB), env.CACHE).invalidate();
    const html = await (await SELF.fetch("https://example.com/")).text();
    expect(html).toContain("Magical Adventure");
    expect(html).not.toContain("Space Explorer");
  });
});
