import { asc, eq } from "drizzle-orm";
import type { ThemeTemplate } from "~/domain/story/themes";
import type { Db } from "./client.server";
import { themeTemplates } from "./schema/index";

type Row = typeof themeTemplates.$inferSelect;

function toTemplate(r: Row): ThemeTemplate {
  return {
    themeId: r.themeId,
    title: r.title,
    description: r.description,
    theme: r.theme,
    emoji: r.emoji,
    color: r.color,
    ageRange: r.ageRange,
    popular: r.popular,
    moralLesson: r.moralLesson,
    specialElements: r.specialElements,
    artStyle: r.artStyle,
    status: r.status,
  };
}

/** select all from theme_templates where status is Active, ordered by title (spec point 7). */
export async function listActiveThemes(db: Db): Promise<ThemeTemplate[]> {
  const rows = await db.select().from(themeTemplates).where(eq(themeTemplates.status, "Active")).orderBy(asc(themeTemplates.title));
  return rows.map(toTemplate);
}

/** The upsert statements that load the built-in themes (seed data). */
export function themeSeedSql(themes: readonly ThemeTemplate[]): string {
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  return themes
    .map(
      (t) =>
        `INSERT INTO theme_templates (theme_id, title, description, theme, emoji, color, age_range, popular, moral_lesson, special_elements, art_style, status) VALUES (${[
          q(t.themeId), q(t.title), q(t.description), q(t.theme), q(t.emoji), q(t.color), q(t.ageRange), t.popular ? "1" : "0",
          q(t.moralLesson), q(t.specialElements), q(t.artStyle), q(t.status),
        ].join(", ")}) ON CONFLICT(theme_id) DO UPDATE SET title=excluded.title, description=excluded.description, theme=excluded.theme, emoji=excluded.emoji, color=excluded.color, age_range=excluded.age_range, popular=excluded.popular, moral_lesson=excluded.moral_lesson, special_elements=excluded.special_elements, art_style=excluded.art_style, status=excluded.status, updated_at=strftime('%Y-%m-%dT%H:%M:%fZ','now');`,
    )
    .join("\n");
}
