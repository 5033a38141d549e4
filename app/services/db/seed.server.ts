import type { ThemeTemplate } from "~/domain/story/themes";
import { BUILT_IN_THEMES } from "~/domain/story/themes";
import { PLAN_CATALOGUE, type Plan } from "./plans.server";

type SqlValue = string | number | boolean | null;

/** A SQL literal: strings quoted with '' escaping, booleans as 0/1. */
export function sqlLiteral(v: SqlValue): string {
  if (v === null) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`Cannot write ${v} as SQL`);
    return String(v);
  }
  return `'${v.replace(/'/g, "''")}'`;
}

/**
 * One idempotent upsert: insert the row, or update it when it exists and differs. Identical
 * re-runs change nothing (not even updated_at).
 */
export function upsertSql(table: string, key: string, row: Record<string, SqlValue>, touch = "updated_at"): string {
  const cols = Object.keys(row);
  const updatable = cols.filter((c) => c !== key);
  return (
    `INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map((c) => sqlLiteral(row[c])).join(", ")})` +
    ` ON CONFLICT(${key}) DO UPDATE SET ${updatable.map((c) => `${c} = excluded.${c}`).join(", ")},` +
    ` ${touch} = strftime('%Y-%m-%dT%H:%M:%fZ','now')` +
    ` WHERE ${updatable.map((c) => `${table}.${c} IS NOT excluded.${c}`).join(" OR ")};`
  );
}

export function themeSeedStatements(themes: readonly ThemeTemplate[]): string[] {
  return themes.map((t) =>
    upsertSql("theme_templates", "theme_id", {
      theme_id: t.themeId,
      title: t.title,
      description: t.description,
      theme: t.theme,
      emoji: t.emoji,
      color: t.color,
      age_range: t.ageRange,
      popular: t.popular,
      moral_lesson: t.moralLesson,
      special_elements: t.specialElements,
      art_style: t.artStyle,
      status: t.status,
    }),
  );
}

export function planSeedStatements(catalogue: readonly Plan[]): string[] {
  return catalogue.map((p) =>
    upsertSql("plans", "id", {
      id: p.id,
      kind: p.kind,
      name: p.name,
      description: p.description,
      credits: p.credits,
      price_minor: p.priceMinor,
      currency: p.currency,
      interval: p.interval,
      is_active: p.isActive,
      popular: p.popular,
      sort_order: p.sortOrder,
    }),
  );
}

/**
 * The seed: the five built-in theme templates as Active rows and the plans catalogue. Pure: the seed
 * script writes it to a file for `wrangler d1 execute`, and the tests run the same statements.
 */
export function seedStatements(themes: readonly ThemeTemplate[] = BUILT_IN_THEMES, catalogue: readonly Plan[] = PLAN_CATALOGUE): string[] {
  return [...themeSeedStatements(themes.map((t) => ({ ...t, status: "Active" as const }))), ...planSeedStatements(catalogue)];
}

export function seedSql(): string {
  return seedStatements().join("\n") + "\n";
}
