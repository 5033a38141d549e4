import { and, desc, eq, gt, lt, ne, or } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { authSessions, userProfiles, users } from "../db/schema/index";
import { randomToken, sha256Hex } from "./crypto.server";

/**
 * Signed-in browsers. The cookie carries a random token (never stored); the database keeps its
 * SHA-256. A session lasts 30 days after it was last used and at most 90 days in all; every sign-in
 * makes a new one (the id is never carried over from before the sign-in).
 *
 * The cookie: HttpOnly, SameSite=Lax, Path=/; on https also Secure and named with the `__Host-`
 * prefix, which the browser only accepts from this very host over https.
 */
export const SESSION_COOKIE = { https: "__Host-sn_session", http: "sn_session" } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 30 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;
/** last_seen_at and expires_at move forward at most once a day (one write a day per browser). */
const TOUCH_EVERY_MS = DAY_MS;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function sessionCookieName(secure: boolean): string {
  return secure ? SESSION_COOKIE.https : SESSION_COOKIE.http;
}

/** The Set-Cookie header that signs this browser in (until the session's absolute end). */
export function sessionCookie(token: string, secure: boolean): string {
  const maxAge = Math.floor(SESSION_ABSOLUTE_MS / 1000);
  return `${sessionCookieName(secure)}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie header that removes the session cookie. */
export function clearSessionCookie(secure: boolean): string {
  return `${sessionCookieName(secure)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The session token a request carries, if it has a well-formed one under this scheme's cookie name. */
export function readSessionToken(cookieHeader: string | null, secure: boolean): string | null {
  if (!cookieHeader) return null;
  const name = sessionCookieName(secure);
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN_PATTERN.test(value) ? value : null;
  }
  return null;
}

/** "Chrome on Android": enough for a parent to tell their browsers apart on /myaccount. */
export function describeDevice(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iPhone or iPad"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "Mac"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}

/** Starts a session for an account; the token goes into the cookie and nowhere else. */
export async function createSession(db: Db, userId: string, device: string, now = new Date()): Promise<{ token: string; sessionId: string }> {
  const token = randomToken();
  const sessionId = await sha256Hex(token);
  await db.insert(authSessions).values({
    id: sessionId,
    userId,
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS).toISOString(),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    device: device.slice(0, 80),
  });
  return { token, sessionId };
}

export interface SignedIn {
  sessionId: string;
  userId: string;
  email: string;
  userProfileId: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  country: string | null;
}

/**
 * The account a session token belongs to, or null when the session is unknown, ended or expired.
 * A session used again after a day moves its idle end forward (never past its absolute end).
 */
export async function validateSession(db: Db, token: string, now = new Date()): Promise<SignedIn | null> {
  const sessionId = await sha256Hex(token);
  const nowIso = now.toISOString();
  const [row] = await db
    .select({
      sessionId: authSessions.id,
      lastSeenAt: authSessions.lastSeenAt,
      absoluteExpiresAt: authSessions.absoluteExpiresAt,
      userId: users.id,
      email: users.email,
      userProfileId: userProfiles.id,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      avatarUrl: userProfiles.avatarUrl,
      country: userProfiles.country,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(authSessions.id, sessionId), gt(authSessions.expiresAt, nowIso), gt(authSessions.absoluteExpiresAt, nowIso)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - Date.parse(row.lastSeenAt) > TOUCH_EVERY_MS) {
    const idleEnd = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, Date.parse(row.absoluteExpiresAt))).toISOString();
    await db.update(authSessions).set({ lastSeenAt: nowIso, expiresAt: idleEnd }).where(eq(authSessions.id, sessionId));
  }
  const { lastSeenAt: _seen, absoluteExpiresAt: _end, ...signedIn } = row;
  return signedIn;
}

/** Ends one session (sign-out). */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

/**
 * Ends one session of an account (/myaccount's "Sign out" beside another browser): a session of any
 * other account is left alone. True when a session was ended.
 */
export async function endSessionOf(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .delete(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))
    .returning({ id: authSessions.id });
  return ended.length > 0;
}

/** Ends every session of an account, or every one but `keep` (a password change keeps the browser that made it). */
export async function endUserSessions(db: Db, userId: string, keep?: string): Promise<number> {
  const ended = await db
    .delete(authSessions)
    .where(keep ? and(eq(authSessions.userId, userId), ne(authSessions.id, keep)) : eq(authSessions.userId, userId))
    .returning({ id: authSessions.id });
  return ended.length;
}

/** The account's live sessions, most recently used first (for /myaccount). */
export async function listSessions(db: Db, userId: string, now = new Date()) {
  const nowIso = now.toISOString();
  return db
    .select({ id: authSessions.id, device: authSessions.device, createdAt: authSessions.createdAt, lastSeenAt: authSessions.lastSeenAt })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, nowIso), gt(authSessions.absoluteExpiresAt, nowIso)))
    .orderBy(desc(authSessions.lastSeenAt));
}

/** Deletes sessions past their end (the cron's sweep). */
export async function sweepExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  const gone = await db
    .delete(authSessions)
    .where(or(lt(authSessions.expiresAt, nowIso), lt(authSessions.absoluteExpiresAt, nowIso)))
    .returning({ id: authSessions.id });
  return gone.length;
}
