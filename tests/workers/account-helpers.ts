// Signed-in parents for the /profile and /myaccount tests, made directly in D1 with the services
// (a confirmed user, a profile and a session), so these tests need none of the sign-in pages.
import { env, SELF } from "cloudflare:test";
import { createAccountService } from "~/services/auth/accounts.server";
import { hashPassword } from "~/services/auth/crypto.server";
import { createSession } from "~/services/auth/sessions.server";
import { userProfiles, users } from "~/services/db/schema/index";
import { createOutboxSender } from "~/services/email/outbox.server";
import { log } from "~/services/log.server";
import { db, uid } from "./db-helpers";

/** Plain http, so the session cookie is the one named sn_session (https uses the __Host- name). */
export const SITE = "http://example.com";

/** The account service as the Worker builds it (the D1 outbox for e-mail). */
export const accounts = createAccountService({ db, email: createOutboxSender(db), emailFrom: "StoryNest <hello@example.com>", log });

export const INFO = { client: "visitor:account-tests", site: SITE, device: "Firefox on Linux", visitorId: "account-tests-visitor" };

export interface TestAccount {
  userId: string;
  profileId: string;
  email: string;
  token: string;
  sessionId: string;
  /** a request from this parent's browser (the session cookie sent, redirects not followed) */
  call(path: string, init?: RequestInit): Promise<Response>;
  /** a form post from this parent's browser */
  post(path: string, fields: Record<string, string> | FormData, headers?: Record<string, string>): Promise<Response>;
}

/** A request with a session cookie (or none: a visitor). */
export function callAs(token: string | null) {
  return (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set("Cookie", `sn_session=${token}`);
    return SELF.fetch(SITE + path, { ...init, headers, redirect: "manual" });
  };
}

export function postAs(token: string | null) {
  return (path: string, fields: Record<string, string> | FormData, headers: Record<string, string> = {}) =>
    callAs(token)(path, { method: "POST", body: fields instanceof FormData ? fields : new URLSearchParams(fields), headers });
}

/** The password of a makeAccount account, unless it was given another. */
export const PASSWORD = "a long family passphrase";

/** A confirmed account with a profile and one signed-in browser. */
export async function makeAccount(options: { password?: string | null; firstName?: string; lastName?: string; device?: string } = {}): Promise<TestAccount> {
  const email = `${uid("parent").toLowerCase()}@example.com`;
  const password = options.password === undefined ? PASSWORD : options.password;
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: password ? await hashPassword(password) : null, emailVerifiedAt: new Date().toISOString() })
    .returning({ id: users.id });
  const [profile] = await db
    .insert(userProfiles)
    .values({ userId: user.id, email, firstName: options.firstName ?? "Sam", lastName: options.lastName ?? "Parent", fullName: "Sam Parent" })
    .returning({ id: userProfiles.id });
  const { token, sessionId } = await createSession(db, user.id, options.device ?? "Firefox on Linux");
  return { userId: user.id, profileId: profile.id, email, token, sessionId, call: callAs(token), post: postAs(token) };
}

/** The page's HTML with React's entity escapes undone, so assertions can use plain text. */
export async function pageText(res: Response): Promise<string> {
  return (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export async function count(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`select count(*) as n from ${sql}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** A 1×1 PNG, a real one. */
export const PNG_1PX = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);
