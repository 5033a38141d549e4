// Signed-in parents, their finished books and the social API, for the tests/workers/social-*.test.ts files.
import { env, SELF } from "cloudflare:test";
import { privacySettings } from "~/services/db/schema/index";
import { makeAccount, SITE, type TestAccount } from "./account-helpers";
import { finishedBook } from "./book-fixtures";
import { db, uid } from "./db-helpers";

export interface Parent extends TestAccount {
  /** a JSON request from this parent's browser */
  api(path: string, method?: string, body?: unknown): Promise<Response>;
}

/** A JSON request as `token`'s browser (null: a visitor who is not signed in). */
export function apiAs(token: string | null) {
  return (path: string, method = "GET", body?: unknown) => {
    const headers = new Headers();
    if (token) headers.set("Cookie", `sn_session=${token}`);
    if (body !== undefined) headers.set("Content-Type", "application/json");
    return SELF.fetch(SITE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: "manual" });
  };
}

/** A visitor who is not signed in (no cookie at all). */
export const stranger = apiAs(null);

export async function parent(names: { firstName?: string; lastName?: string } = {}): Promise<Parent> {
  const account = await makeAccount(names);
  return { ...account, api: apiAs(account.token) };
}

/** A finished book of the parent's profile (24 pages, the cover drawn in R2). */
export function bookOf(p: { profileId: string }, extra: Record<string, unknown> = {}): Promise<string> {
  return finishedBook(uid("v"), { userProfileId: p.profileId, ...extra });
}

export async function setPrivacy(userId: string, values: Partial<typeof privacySettings.$inferInsert>): Promise<void> {
  await db
    .insert(privacySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: privacySettings.userId, set: values });
}

export const DAY_MS = 24 * 60 * 60_000;

/** Moves the dev/test clock forward (POST /api/test/clock); reset with resetClock. */
export async function moveClock(ms: number): Promise<void> {
  const res = await stranger("/api/test/clock", "POST", { advanceMs: ms });
  if (res.status !== 200) throw new Error(`clock: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

export async function resetClock(): Promise<void> {
  await (await stranger("/api/test/clock", "POST", { reset: true })).arrayBuffer();
}

/** A share of `bookId` from `owner` to `email`; the answer's body. */
export async function shareWith(owner: Parent, bookId: string, email: string) {
  const res = await owner.api(`/api/books/${bookId}/shares`, "POST", { email });
  if (res.status !== 201 && res.status !== 200) throw new Error(`share: ${res.status} ${await res.text()}`);
  return res.json<{ share: { id: string; email: string; expiresAt: string; status: string }; recipient: { name: string } | null; emailed: boolean }>();
}

export const COVER = (bookId: string) => `/api/images/${bookId}/1/page-1.png`;

export async function row<T>(sql: string, ...binds: unknown[]): Promise<T | null> {
  return env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
}
