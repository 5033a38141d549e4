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

/** select all from theme_templates where status is Active, ordered by title. */
export async function listActiveThemes(db: Db): Promise<ThemeTemplate[]> {
  const rows = await db.select().from(themeTemplates).where(eq(themeTemplates.status, "Active")).orderBy(asc(themeTemplates.title));
  return rows.map(toTemplate);
}
