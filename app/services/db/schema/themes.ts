import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, oneOf, updatedAt } from "./common";

export const THEME_STATUSES = ["Active", "Inactive"] as const;

/**
 * theme_templates. special_elements is a comma-and-space separated string; text may
 * hold placeholders such as [ChildName]. Only Active rows are used.
 */
export const themeTemplates = sqliteTable(
  "theme_templates",
  {
    themeId: text("theme_id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    theme: text("theme").notNull(),
    emoji: text("emoji").notNull(),
    color: text("color").notNull(),
    ageRange: text("age_range").notNull(),
    popular: integer("popular", { mode: "boolean" }).notNull().default(false),
    moralLesson: text("moral_lesson").notNull(),
    specialElements: text("special_elements").notNull(),
    artStyle: text("art_style").notNull(),
    status: text("status", { enum: THEME_STATUSES }).notNull().default("Active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // the two reads: Active templates ordered by title, and the Active template of one theme
    index("theme_templates_status_title_idx").on(t.status, t.title),
    index("theme_templates_theme_idx").on(t.theme, t.status),
    check("theme_templates_status", oneOf(t.status, THEME_STATUSES)),
  ],
);
