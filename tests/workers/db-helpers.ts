// Shared by the db-*.test.ts files: a drizzle client on the test run's D1 and small fixtures.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createDb } from "~/services/db/client.server";
import { seedStatements } from "~/services/db/seed.server";
import { BUILT_IN_THEMES } from "~/domain/story/themes";
import { createThemeService } from "~/services/themes.server";
import { storybooks, userProfiles, users } from "~/services/db/schema/index";

export const db = createDb(env.DB);

let n = 0;
/** A fresh alphanumeric id for each call, so tests in one file never collide. */
export function uid(prefix = "t"): string {
  n += 1;
  return `${prefix}${Date.now().toString(36)}${n}${Math.random().toString(36).slice(2, 8)}`;
}

/** Runs the seed's SQL, exactly as `npm start` does through wrangler. */
export async function runSeed(): Promise<void> {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
}

/** A user with its profile; returns both ids. */
export async function makeProfile(email = `${uid("p")}@example.com`): Promise<{ userId: string; profileId: string; email: string }> {
  const [user] = await db.insert(users).values({ email }).returning({ id: users.id });
  const [profile] = await db.insert(userProfiles).values({ userId: user.id, email, fullName: "Sam Parent" }).returning({ id: userProfiles.id });
  return { userId: user.id, profileId: profile.id, email };
}

/** A book owned by a visitor and/or a profile. */
export async function makeBook(owner: { visitorId?: string; userProfileId?: string }, extra: Partial<typeof storybooks.$inferInsert> = {}) {
  const bookId = uid("b");
  await db.insert(storybooks).values({
    bookId,
    visitorId: owner.visitorId ?? null,
    userProfileId: owner.userProfileId ?? null,
    childName: "Mia",
    theme: "Space",
    storyDescription: "Mia flies a cardboard rocket to a moon made of cheese.",
    ...extra,
  });
  return bookId;
}

/** Expects a raw D1 statement to fail with a message matching `pattern`. */
export async function expectSqlError(run: () => Promise<unknown>, pattern: RegExp): Promise<void> {
  let error: unknown;
  try {
    await run();
  } catch (e) {
    error = e;
  }
  expect(error, "the statement should have failed").toBeInstanceOf(Error);
  const messages = [(error as Error).message, String((error as { cause?: unknown }).cause ?? "")].join(" | ");
  expect(messages).toMatch(pattern);
}

/**
 * The built-in themes again, and nothing else, with the theme cache forgotten: for a file that
 * changes the themes, at its end (the files after it share the database and the cache).
 */
export async function restoreThemes(): Promise<void> {
  const ids = BUILT_IN_THEMES.map((t) => t.themeId);
  await env.DB.prepare(`DELETE FROM theme_templates WHERE theme_id NOT IN (${ids.map(() => "?").join(", ")})`)
    .bind(...ids)
    .run();
  await runSeed();
  await createThemeService(db, env.CACHE).invalidate();
}
