import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/domain/auth/forms";
import { Browser, createAccount, outboxFor, pageText, postSignIn, readOutboxLink, signIn, tokenOf, tokenRowId, uniqueEmail } from "./auth-helpers";

// Forgotten and changed passwords through the pages: the same answer for any address, a reset link
// that a GET never spends, the sessions that end, and the limits.

const SENT = "If an account uses that address, we have sent a link to reset the password. It works for 1 hour.";

function requestReset(browser: Browser, email: string) {
  return browser.post("/auth/forgot-password", { email });
}

describe("forgot and reset password", () => {
  it("answers the same for an address with an account and one without, and e-mails only the account", async () => {
    const { email } = await createAccount();
    const before = (await outboxFor(email)).length;
    const known = await requestReset(new Browser(), email);
    const stranger = uniqueEmail();
    const unknown = await requestReset(new Browser(), stranger);
    expect(known.status).toBe(302);
    expect(unknown.status).toBe(302);
    expect(known.headers.get("Location")).toBe("/auth/forgot-password?sent=1");
    expect(unknown.headers.get("Location")).toBe("/auth/forgot-password?sent=1");
    expect(await pageText(await new Browser().get("/auth/forgot-password?sent=1"))).toContain(SENT);
    expect(await outboxFor(email, before + 1)).toHaveLength(before + 1);
    expect(await outboxFor(stranger)).toHaveLength(0);

    const bad = await requestReset(new Browser(), "nobody");
    expect(bad.status).toBe(400);
    expect(await pageText(bad)).toMatch(/<p id="forgot-email-error"[^>]*>.*Please enter an e-mail address like/);
  });

  it("goes request → link (GET spends nothing) → new password → signed in; the old password, the other sessions and the link stop working", async () => {
    const { email, password, browser: elsewhere } = await createAccount();
    const second = new Browser();
    await signIn(email, password, second);

    const browser = new Browser();
    await requestReset(browser, email);
    const link = await readOutboxLink(email, "reset");
    for (let i = 0; i < 2; i++) {
      const opened = await browser.get(link);
      expect(opened.status).toBe(200);
      expect(opened.headers.get("Referrer-Policy")).toBe("same-origin");
      const html = await pageText(opened);
      expect(html).toContain("Choose a new password");
      expect(html).toContain(`<input type="hidden" name="token" value="${tokenOf(link)}"/>`);
      expect(html).toMatch(/<input[^>]*name="newPassword"[^>]*type="password"[^>]*autoComplete="new-password"/);
      expect(html).toMatch(new RegExp(`<input type="email" name="username" autoComplete="username" readonly=""[^>]*value="${email}"`));
    }
    const row = await env.DB.prepare("SELECT used_at FROM auth_tokens WHERE id = ?")
      .bind(await tokenRowId(tokenOf(link)))
      .first<{ used_at: string | null }>();
    expect(row?.used_at).toBeNull();

    // a too-short password keeps the form and the link
    const short = await browser.post(link, { token: tokenOf(link), newPassword: "short" });
    expect(short.status).toBe(400);
    expect(await pageText(short)).toContain(AUTH_MESSAGES.passwordShort);

    const newPassword = "a brand new morning walk";
    const reset = await browser.post(link, { token: tokenOf(link), newPassword });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/library");
    expect(await browser.isSignedIn()).toBe(true);
    expect(await elsewhere.isSignedIn()).toBe(false);
    expect(await second.isSignedIn()).toBe(false);

    expect((await postSignIn(new Browser(), email, password)).status).toBe(401);
    expect((await postSignIn(new Browser(), email, newPassword)).status).toBe(302);

    const again = await new Browser().post(link, { token: tokenOf(link), newPassword: "yet another fine phrase" });
    expect(again.status).toBe(400);
    expect(await pageText(again)).toContain(AUTH_MESSAGES.linkInvalid);
    expect(await pageText(await new Browser().get(link))).toContain(AUTH_MESSAGES.linkInvalid);
  });

  it("refuses a link more than an hour old", async () => {
    const { email } = await createAccount();
    await requestReset(new Browser(), email);
    const link = await readOutboxLink(email, "reset");
    const hourAgo = Date.now() - 61 * 60 * 1000;
    await env.DB.prepare("UPDATE auth_tokens SET created_at = ?, expires_at = ? WHERE id = ?")
      .bind(new Date(hourAgo).toISOString(), new Date(hourAgo + 60 * 60 * 1000).toISOString(), await tokenRowId(tokenOf(link)))
      .run();
    const browser = new Browser();
    const opened = await pageText(await browser.get(link));
    expect(opened).toContain(AUTH_MESSAGES.linkInvalid);
    expect(opened).toContain('href="/auth/forgot-password"');
    const post = await browser.post(link, { token: tokenOf(link), newPassword: "too late for this one" });
    expect(post.status).toBe(400);
    expect(browser.session).toBeUndefined();
  });

  it("refuses a common password for the new one", async () => {
    const { email } = await createAccount();
    await requestReset(new Browser(), email);
    const link = await readOutboxLink(email, "reset");
    const res = await new Browser().post(link, { token: tokenOf(link), newPassword: "iloveyou" });
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain(AUTH_MESSAGES.passwordCommon);
    // the link still works after a refused password
    expect((await new Browser().post(link, { token: tokenOf(link), newPassword: "a much better passphrase" })).status).toBe(302);
  });

  it("limits e-mails per account: with the sign-up's, the 4th within the hour answers 429 with Retry-After", async () => {
    const { email } = await createAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) statuses.push((await requestReset(new Browser(), email)).status);
    expect(statuses).toEqual([302, 302]);
    expect(await outboxFor(email, 3)).toHaveLength(3);
    const limited = await requestReset(new Browser(), email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await pageText(limited)).toContain(AUTH_MESSAGES.tooMany);
  });
});

describe("change password", () => {
  it("shows the form for password managers", async () => {
    const { browser, email } = await createAccount();
    const html = await pageText(await browser.get("/auth/change-password"));
    expect(html).toMatch(/<input[^>]*name="currentPassword"[^>]*type="password"[^>]*autoComplete="current-password"/);
    expect(html).toMatch(/<input[^>]*name="newPassword"[^>]*type="password"[^>]*autoComplete="new-password"/);
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain("<title>Change your password · StoryNest</title>");
  });

  it("marks a wrong current password beside its field", async () => {
    const { browser } = await createAccount();
    const res = await browser.post("/auth/change-password", { currentPassword: "not my password", newPassword: "a fresh long phrase" });
    expect(res.status).toBe(400);
    const html = await pageText(res);
    expect(html).toMatch(/<p id="change-currentPassword-error"[^>]*>.*Your current password is not right\./);
    expect(html).not.toContain("a fresh long phrase");
  });

  it("changes it: other sessions end, this one stays, the old password fails", async () => {
    const { browser, email, password } = await createAccount();
    const other = new Browser();
    await signIn(email, password, other);
    const newPassword = "seven swans a swimming";
    const res = await browser.post("/auth/change-password", { currentPassword: password, newPassword });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth/change-password?changed=1");
    expect(await pageText(await browser.get("/auth/change-password?changed=1"))).toContain("Your password is changed. You were signed out everywhere else.");
    expect(await browser.isSignedIn()).toBe(true);
    expect(await other.isSignedIn()).toBe(false);
    expect((await postSignIn(new Browser(), email, password)).status).toBe(401);
    expect((await postSignIn(new Browser(), email, newPassword)).status).toBe(302);
  });

  it("refuses a common, a 7-character and an unchanged password, and accepts 64 characters", async () => {
    const { browser, password } = await createAccount();
    const cases: [string, string][] = [
      ["iloveyou", AUTH_MESSAGES.passwordCommon],
      ["abcdefg", AUTH_MESSAGES.passwordShort],
      [password, AUTH_MESSAGES.passwordSame],
    ];
    for (const [newPassword, message] of cases) {
      const res = await browser.post("/auth/change-password", { currentPassword: password, newPassword });
      expect(res.status, newPassword).toBe(400);
      expect(await pageText(res)).toMatch(new RegExp(`<p id="change-newPassword-error"[^>]*>.*${message.replace(/[.?*+()]/g, "\\$&")}`));
    }
    const long = await browser.post("/auth/change-password", { currentPassword: password, newPassword: "y".repeat(64) });
    expect(long.status).toBe(302);
  });
});
