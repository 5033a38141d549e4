// Shared by the admin-*.test.ts files: rows written straight into the analytics tables (as the
// tracker and the places things happen write them), an administrator, and the raw counts.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { userProfiles, users } from "~/services/db/schema/index";
import { createSession } from "~/services/auth/sessions.server";
import { callAs, makeAccount, postAs, type TestAccount } from "./account-helpers";
import { db, makeBook } from "./db-helpers";

/** An account with the given address (an administrator when ADMIN_EMAILS lists it: vitest.config.ts). */
export async function accountWithEmail(email: string): Promise<Pick<TestAccount, "call" | "post">> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    const { token } = await createSession(db, existing.id, "Firefox on Linux");
    return { call: callAs(token), post: postAs(token) };
  }
  const account = await makeAccount();
  await db.update(users).set({ email }).where(eq(users.id, account.userId));
  await db.update(userProfiles).set({ email }).where(eq(userProfiles.id, account.profileId));
  return account;
}

/** The moment `hour` (UTC) of the day `daysAgo` days before `now`, as the tables store it. */
export function at(now: Date, daysAgo: number, hour = 12, minute = 0): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, hour, minute));
  return d.toISOString();
}

export interface PageView {
  visitorId: string;
  path: string;
  referrer?: string;
  at: string;
  url?: string;
}

export async function insertPageViews(views: PageView[]): Promise<void> {
  const statements = views.map((v) =>
    env.DB.prepare("INSERT INTO user_events (visitor_id, event_name, event_data, session_id, created_at) VALUES (?1, 'page_view', ?2, 's1', ?3)").bind(
      v.visitorId,
      JSON.stringify({ path: v.path, referrer: v.referrer ?? "", url: v.url ?? `http://example.com${v.path}`, title: "StoryNest", screen: "390x844" }),
      v.at,
    ),
  );
  for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50));
}

export async function insertActivity(rows: { visitorId: string; eventName: string; at: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await env.DB.batch(
    rows.map((r) =>
      env.DB.prepare("INSERT INTO user_activity (visitor_id, event_name, event_data, source_page, timestamp) VALUES (?1, ?2, '{}', '/createstory', ?3)").bind(
        r.visitorId,
        r.eventName,
        r.at,
      ),
    ),
  );
}

export async function insertBook(visitorId: string, theme: string, artStyle: string | null, createdAt: string): Promise<void> {
  await makeBook({ visitorId }, { theme, artStyle, createdAt });
}

/** One number from the raw tables. */
export async function rawCount(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The rows analytics_daily holds (its markers left out: they say when a day was counted). */
export async function dailyRows(from: string, to: string) {
  const { results } = await env.DB.prepare(
    "SELECT day, metric, dimension, value FROM analytics_daily WHERE day >= ?1 AND day <= ?2 AND metric <> '_rolled' ORDER BY day, metric, dimension",
  )
    .bind(from, to)
    .all();
  return results;
}
