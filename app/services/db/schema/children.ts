import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, oneOf, updatedAt } from "./common";
import { userProfiles } from "./users";

const GENDERS = ["girl", "boy", "child"] as const;

/**
 * saved_children: a signed-in parent's child, saved once so every new book can start from them
 * (decision 054). Private to the profile, deleted with it. The photo and its square are R2 keys in
 * the profile's upload folder; a book made from the child gets copies of its own. `look` is JSON
 * (what the illustrator draws), `companions` a JSON list of at most 8 {id, name, relation, animal}.
 */
export const savedChildren = sqliteTable(
  "saved_children",
  {
    /** 24 letters and digits (app/domain/ids.ts newChildId) */
    id: text("id").primaryKey(),
    userProfileId: text("user_profile_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** YYYY-MM-DD: the age is worked out from it on the day a book is made */
    birthday: text("birthday").notNull(),
    gender: text("gender", { enum: GENDERS }).notNull().default("child"),
    photoKey: text("photo_key"),
    photoSquareKey: text("photo_square_key"),
    look: text("look").notNull().default("{}"),
    likes: text("likes").notNull().default(""),
    companions: text("companions").notNull().default("[]"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // a parent's children, oldest saved first (and the count the limit of 10 reads)
    index("saved_children_profile_idx").on(t.userProfileId, t.createdAt),
    check("saved_children_id", sql`length(${t.id}) = 24 AND ${t.id} NOT GLOB '*[^A-Za-z0-9]*'`),
    check("saved_children_name", sql`length(${t.name}) BETWEEN 1 AND 40`),
    check("saved_children_birthday", sql`${t.birthday} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`),
    check("saved_children_gender", oneOf(t.gender, GENDERS)),
    check("saved_children_likes", sql`length(${t.likes}) <= 200`),
    check(
      "saved_children_json",
      sql`json_valid(${t.look}) AND json_type(${t.look}) = 'object' AND json_valid(${t.companions}) AND json_type(${t.companions}) = 'array' AND json_array_length(${t.companions}) <= 8`,
    ),
  ],
);
