import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_THEMES } from "~/domain/story/themes";
import { PLAN_CATALOGUE } from "~/services/db/plans.server";
import { plans as planRows } from "~/services/db/schema/index";
import { seedStatements, sqlLiteral, upsertSql } from "~/services/db/seed.server";
import { listActiveThemes } from "~/services/db/themes.server";
import { db, runSeed } from "./db-helpers";

async function snapshot() {
  const themes = await env.DB.prepare("SELECT * FROM theme_templates ORDER BY theme_id").all();
  const plans = await env.DB.prepare("SELECT * FROM plans ORDER BY id").all();
  return { themes: themes.results, plans: plans.results };
}

describe("seed", () => {
  beforeAll(runSeed);

  it("loads the five built-in themes as Active rows, ordered by title", async () => {
    const themes = await listActiveThemes(db);
    expect(themes).toHaveLength(5);
    expect(themes.map((t) => t.title)).toEqual(["Animal Friends", "Magical Adventure", "Ocean Discovery", "Princess & Knights", "Space Explorer"]);
    expect(themes.every((t) => t.status === "Active")).toBe(true);
    // each built-in theme's theme, age range and whether it is popular
    expect(themes.map((t) => [t.title, t.theme, t.ageRange, t.popular])).toEqual([
      ["Animal Friends", "Animals", "3-7", true],
      ["Magical Adventure", "Adventure", "4-8", true],
      ["Ocean Discovery", "Ocean", "4-8", false],
      ["Princess & Knights", "Fantasy", "4-9", false],
      ["Space Explorer", "Space", "5-10", true],
    ]);
    // texts survive quoting (apostrophes, ampersands, emoji, placeholders)
    for (const t of BUILT_IN_THEMES) expect(themes.find((r) => r.themeId === t.themeId)).toEqual(t);
  });

  it("lists only Active themes, and the seed makes a built-in theme Active again", async () => {
    await env.DB.prepare("UPDATE theme_templates SET status = 'Inactive' WHERE theme_id = 'ocean-discovery'").run();
    expect((await listActiveThemes(db)).map((t) => t.themeId)).not.toContain("ocean-discovery");
    expect(await listActiveThemes(db)).toHaveLength(4);
    await runSeed(); // the seed owns the built-in rows and makes them Active again
    expect((await listActiveThemes(db)).find((t) => t.themeId === "ocean-discovery")?.status).toBe("Active");
  });

  it("loads the plans catalogue: a single book, a family pack and a monthly subscription", async () => {
    const rows = await db.select().from(planRows).where(eq(planRows.isActive, true)).orderBy(asc(planRows.sortOrder), asc(planRows.id));
    const plans = rows.map(({ createdAt: _created, updatedAt: _updated, ...plan }) => plan);
    expect(plans).toEqual([...PLAN_CATALOGUE]);
    const single = plans.find((p) => p.kind === "credit_pack" && p.credits === 1);
    const family = plans.find((p) => p.id === "family-pack");
    const monthly = plans.find((p) => p.kind === "subscription" && p.interval === "month");
    expect(single?.priceMinor).toBe(499);
    expect(family?.credits).toBe(5);
    // a pack is cheaper per book than single books
    expect(family!.priceMinor / family!.credits).toBeLessThan(single!.priceMinor);
    expect(monthly?.credits).toBeGreaterThan(0);
    expect(plans.every((p) => p.currency === "USD" && Number.isInteger(p.priceMinor))).toBe(true);
  });

  it("changes nothing when it runs again, not even updated_at", async () => {
    // an old updated_at makes any write visible
    await env.DB.batch([
      env.DB.prepare("UPDATE theme_templates SET updated_at = '2001-01-01T00:00:00.000Z'"),
      env.DB.prepare("UPDATE plans SET updated_at = '2001-01-01T00:00:00.000Z'"),
    ]);
    const before = await snapshot();
    expect(before.themes).toHaveLength(5);
    expect(before.plans).toHaveLength(PLAN_CATALOGUE.length);
    await runSeed();
    await runSeed();
    expect(await snapshot()).toEqual(before);
  });

  it("repairs a changed built-in row and touches only that row", async () => {
    const before = await snapshot();
    await env.DB.prepare("UPDATE plans SET price_minor = 1, updated_at = '2000-01-01T00:00:00.000Z' WHERE id = 'family-pack'").run();
    await runSeed();
    const after = await snapshot();
    const family = after.plans.find((p) => p.id === "family-pack") as { price_minor: number; updated_at: string };
    expect(family.price_minor).toBe(1999);
    expect(family.updated_at > "2000-01-01T00:00:00.000Z").toBe(true);
    expect(after.themes).toEqual(before.themes);
    expect(after.plans.filter((p) => p.id !== "family-pack")).toEqual(before.plans.filter((p) => p.id !== "family-pack"));
  });
});

describe("seed SQL builder", () => {
  it("quotes values safely", () => {
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral(true)).toBe("1");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
  });

  it("writes one upsert per theme and plan that only updates a row that differs", () => {
    const statements = seedStatements();
    expect(statements).toHaveLength(BUILT_IN_THEMES.length + PLAN_CATALOGUE.length);
    expect(upsertSql("plans", "id", { id: "x", name: "X" })).toBe(
      "INSERT INTO plans (id, name) VALUES ('x', 'X') ON CONFLICT(id) DO UPDATE SET name = excluded.name, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE plans.name IS NOT excluded.name;",
    );
  });

  it("seeds every theme as Active even if a template says otherwise", () => {
    const [statement] = seedStatements([{ ...BUILT_IN_THEMES[0], status: "Inactive" }], []);
    expect(statement).toContain("'Active')");
    expect(statement).not.toContain("'Inactive'");
  });
});
