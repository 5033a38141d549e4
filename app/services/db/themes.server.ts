import { and, asc, eq, sql } from "drizzle-orm";
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

/** select all from theme_templates where status is Active, ordered by title. */
export async function listActiveThemes(db: Db): Promise<ThemeTemplate[]> {
  const rows = await db.select().from(themeTemplates).where(eq(themeTemplates.status, "Active")).orderBy(asc(themeTemplates.title));
  return rows.map(toTemplate);
}

/**
 * The Active template for a theme, single result. The theme is matched without regard
 * to case, so the `?theme=adventure` of a link finds "Adventure".
 */
export async function findActiveTheme(db: Db, theme: string): Promise<ThemeTemplate | null> {
  const [row] = await db
    .select()
    .from(themeTemplates)
    .where(and(sql`${themeTemplates.theme} = ${theme.trim()} COLLATE NOCASE`, eq(themeTemplates.status, "Active")))
    .orderBy(asc(themeTemplates.title))
    .limit(1);
  return row ? toTemplate(row) : null;
}
