import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** theme_templates (spec point 3). special_elements is a comma-and-space separated string. */
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
    status: text("status", { enum: ["Active", "Inactive"] }).notNull().default("Active"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    index("theme_templates_status_title_idx").on(t.status, t.title),
    index("theme_templates_theme_idx").on(t.theme, t.status),
  ],
);

/** storybooks: one row per book; the library fields plus ownership (spec point 3). */
export const storybooks = sqliteTable(
  "storybooks",
  {
    bookId: text("book_id").primaryKey(),
    visitorId: text("visitor_id"),
    userProfileId: text("user_profile_id"),
    childName: text("child_name").notNull(),
    theme: text("theme").notNull(),
    storyDescription: text("story_description").notNull().default(""),
    tokensWords: integer("tokens_words").notNull().default(0),
    slug: text("slug").unique(),
    createdAt: text("created_at").notNull().default(now),
    lastUpdated: text("last_updated").notNull().default(now),
  },
  (t) => [
    index("storybooks_visitor_idx").on(t.visitorId, t.createdAt),
    index("storybooks_profile_idx").on(t.userProfileId, t.createdAt),
  ],
);
