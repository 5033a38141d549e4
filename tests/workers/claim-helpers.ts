// Signed-in parents and browsers for the claim, ownership and free-credit tests: a verified account with its profile, a
// session made the way a sign-in makes it, and browsers that carry a visitor cookie and, when signed
// in, the session cookie.
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { randomId } from "~/domain/ids";
import { createSession, sessionCookieName } from "~/services/auth/sessions.server";
import { users } from "~/services/db/schema/index";
import { db, makeProfile } from "./db-helpers";

export const BASE = "https://example.com";
/** the session cookie's name on https (the tests' BASE) */
export const SESSION_COOKIE = sessionCookieName(true);

export interface Parent {
  userId: string;
  profileId: string;
  email: string;
}

/** A verified account with its profile (what a confirmed sign-up leaves). */
export async function verifiedParent(): Promise<Parent> {
  const parent = await makeProfile();
  await db.update(users).set({ emailVerifiedAt: new Date().toISOString() }).where(eq(users.id, parent.userId));
  return parent;
}

/** A new session of the account (a sign-in on some browser); the token for the cookie. */
export async function newSession(parent: Parent): Promise<string> {
  return (await createSession(db, parent.userId, "Test browser")).token;
}

export interface Browser {
  visitorId: string;
  /** the session token when signed in */
  session: string | null;
  cookie(): string;
  call(path: string, init?: RequestInit): Promise<Response>;
  signIn(token: string): void;
  signOut(): void;
}

/** A browser with its own visitor cookie (32 letters and digits), optionally signed in. */
export function browser(options: { visitorId?: string; session?: string; ip?: string } = {}): Browser {
  const b: Browser = {
    visitorId: options.visitorId ?? randomId(32),
    session: options.session ?? null,
    cookie: () => `sn_vid=${b.visitorId}${b.session ? `; ${SESSION_COOKIE}=${b.session}` : ""}`,
    async call(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set("Cookie", b.cookie());
      if (options.ip) headers.set("CF-Connecting-IP", options.ip);
      return SELF.fetch(BASE + path, { ...init, headers, redirect: "manual" });
    },
    signIn(token) {
      b.session = token;
    },
    signOut() {
      b.session = null;
    },
  };
  return b;
}

export const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** A story form as POST /api/books takes it. */
export const FORM = {
  childName: "Mia",
  age: 6,
  gender: "girl",
  authorName: "Grandma",
  theme: "Space",
  storyDescription: "Mia builds a cardboard rocket and visits a friendly moon.",
  moralLesson: "Being brave means trying, one small step at a time.",
  specialElements: "a cardboard rocket",
  artStyle: "cartoon",
};

/** One value of a raw SQL query. */
export async function scalar<T = number>(query: string, ...binds: unknown[]): Promise<T> {
  const row = await env.DB.prepare(query)
    .bind(...binds)
    .first<Record<string, T>>();
  return Object.values(row ?? {})[0] as T;
}

/** A client address no other test uses (TEST-NET-3 and friends are never routed). */
export function freshIp(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `198.${18 + Math.floor(Math.random() * 2)}.${n()}.${n()}`;
}
