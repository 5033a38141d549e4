import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import worker from "../../workers/app";
import { describe, expect, it } from "vitest";
import { createAccountService, isCommonPassword } from "~/services/auth/accounts.server";
import { hashPassword, PBKDF2_ITERATIONS, sha256Hex, verifyPassword } from "~/services/auth/crypto.server";
import { hit } from "~/services/auth/rate-limit.server";
import { createSession, readSessionToken, sessionCookie, SESSION_IDLE_MS, validateSession } from "~/services/auth/sessions.server";
import { issueToken, spendToken, tokenIsLive } from "~/services/auth/tokens.server";
import { creditBalance } from "~/services/db/credits.server";
import { createOutboxSender } from "~/services/email/outbox.server";
import { log } from "~/services/log.server";
import { db, makeProfile, uid } from "./db-helpers";

const accounts = () => createAccountService({ db, email: createOutboxSender(db), emailFrom: "StoryNest <stories@storynest.example>", log });
const info = () => ({ client: `ip:${uid("ip")}`, site: "http://localhost:8787", device: "Chrome on Linux", visitorId: uid("v") });

describe("passwords", () => {
  it("hash with PBKDF2 at the runtime's cap, verify the right password only, and never match a malformed hash", async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await hashPassword("correct horse battery")).not.toBe(stored); // a fresh salt each time
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("correct horse battery", "nonsense")).toBe(false);
    // a hash claiming more iterations than Cloudflare allows would fail there: it matches nothing here too
    const tooStrong = stored.replace("$100000$", "$200000$");
    expect(await verifyPassword("correct horse battery", tooStrong)).toBe(false);
  });

  it("refuses the most common passwords whatever their case", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("SunShine")).toBe(true);
    expect(isCommonPassword("IloveYou1")).toBe(isCommonPassword("iloveyou1"));
    expect(isCommonPassword("baseball")).toBe(true);
    expect(isCommonPassword("purple otters read at noon")).toBe(false);
  });
});

describe("rate limits", () => {
  it("let exactly the limit through when many attempts arrive at once, then answer with the wait", async () => {
    const key = uid("rl");
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(db, key, { max: 5, windowS: 60 })));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const refused = results.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.retryAfterS).toBeGreaterThan(0);
    // a new window starts once the old one is over
    expect((await hit(db, key, { max: 5, windowS: 60 }, Date.now() + 61_000)).ok).toBe(true);
  });
});

describe("link tokens", () => {
  it("work once, even for ten clicks at once; expire; and a newer link retires the older one", async () => {
    const { userId } = await makeProfile();
    const token = await issueToken(db, { userId, purpose: "reset-password" });
    expect(await tokenIsLive(db, token, "reset-password")).toBe(true);
    const spent = await Promise.all(Array.from({ length: 10 }, () => spendToken(db, token, ["reset-password"])));
    expect(spent.filter(Boolean)).toHaveLength(1);
    expect(await tokenIsLive(db, token, "reset-password")).toBe(false);

    const later = await issueToken(db, { userId, purpose: "reset-password" });
    expect(await spendToken(db, later, ["reset-password"], new Date(Date.now() + 61 * 60 * 1000))).toBeNull(); // 1 hour
    expect(await spendToken(db, later, ["confirm-email"])).toBeNull(); // another kind of link

    const first = await issueToken(db, { userId, purpose: "confirm-email" });
    const second = await issueToken(db, { userId, purpose: "confirm-email" });
    expect(await spendToken(db, first, ["confirm-email"])).toBeNull();
    expect(await spendToken(db, second, ["confirm-email"])).toMatchObject({ userId, purpose: "confirm-email" });
  });

  it("are stored only as their SHA-256", async () => {
    const { userId } = await makeProfile();
    const token = await issueToken(db, { userId, purpose: "confirm-email" });
    const row = await env.DB.prepare("SELECT id FROM auth_tokens WHERE id = ?")
      .bind(await sha256Hex(token))
      .first();
    expect(row).not.toBeNull();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM auth_tokens WHERE id = ?").bind(token).first<{ n: number }>()).toEqual({ n: 0 });
  });
});

describe("sessions", () => {
  it("sign in by the cookie's token, keep only its hash, and end after 30 idle days", async () => {
    const { userId, email } = await makeProfile();
    const { token, sessionId } = await createSession(db, userId, "Firefox on Mac");
    expect(sessionId).toBe(await sha256Hex(token));
    expect(await validateSession(db, token)).toMatchObject({ userId, email, sessionId });
    expect(await validateSession(db, token, new Date(Date.now() + SESSION_IDLE_MS + 1000))).toBeNull();
    expect(await validateSession(db, token.replace(/.$/, token.endsWith("A") ? "B" : "A"))).toBeNull();
  });

  it("use the __Host- prefix and Secure on https only", () => {
    const token = "a".repeat(43);
    expect(sessionCookie(token, true)).toMatch(/^__Host-sn_session=a{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
    expect(sessionCookie(token, false)).toMatch(/^sn_session=a{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(readSessionToken(`x=1; __Host-sn_session=${token}`, true)).toBe(token);
    expect(readSessionToken(`sn_session=${token}`, true)).toBeNull(); // not the https name
    expect(readSessionToken(`sn_session=${token}'--`, false)).toBeNull();
  });
});

describe("welcome credits of a confirmed address", () => {
  it("are granted once, even when ten Google sign-ins of a new account arrive at once", async () => {
    const email = `${uid("g")}@example.com`;
    const google = { sub: uid("sub"), email, givenName: "Ada", familyName: "Lovelace", picture: null };
    const service = accounts();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => service.signInWithGoogle(google, info())));
    const signedIn = results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<{ userProfileId: string }>).value);
    expect(signedIn.length).toBeGreaterThan(0);
    const profiles = new Set(signedIn.map((r) => r.userProfileId));
    expect(profiles.size).toBe(1);
    expect(await creditBalance(db, { kind: "profile", userProfileId: [...profiles][0] })).toBe(2);
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>();
    expect(users?.n).toBe(1);
  });
});

describe("the cron's account sweep", () => {
  it("deletes ended sessions, spent links and sign-ups never confirmed after 14 days, and keeps the rest", async () => {
    const old = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000).toISOString();
    const stale = `${uid("u")}@example.com`;
    const fresh = `${uid("u")}@example.com`;
    await env.DB.prepare("INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)").bind(uid("id"), stale, old).run();
    await env.DB.prepare("INSERT INTO users (id, email) VALUES (?, ?)").bind(uid("id"), fresh).run();
    const { userId } = await makeProfile();
    const ended = await createSession(db, userId, "Old browser", new Date(Date.now() - 31 * 24 * 60 * 60 * 1000));
    const live = await createSession(db, userId, "New browser");
    const spent = await issueToken(db, { userId, purpose: "reset-password" });
    await spendToken(db, spent, ["reset-password"]);

    await worker.scheduled!(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, createExecutionContext());

    const emails = (await env.DB.prepare("SELECT email FROM users WHERE email IN (?, ?)").bind(stale, fresh).all<{ email: string }>()).results.map(
      (r) => r.email,
    );
    expect(emails).toEqual([fresh]);
    expect(await env.DB.prepare("SELECT id FROM auth_sessions WHERE id = ?").bind(ended.sessionId).first()).toBeNull();
    expect(await validateSession(db, live.token)).not.toBeNull();
    expect(
      await env.DB.prepare("SELECT id FROM auth_tokens WHERE id = ?")
        .bind(await sha256Hex(spent))
        .first(),
    ).toBeNull();
  });
});
