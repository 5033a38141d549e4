import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/domain/auth/forms";
import { Browser, outboxFor, pageText, postSignIn, postSignUp, readOutboxLink, tokenOf, uniqueEmail } from "./auth-helpers";
import { makeBook } from "./db-helpers";

// Confirmation links cannot hand an account to someone who never typed its password, nor carry a
// visitor's books into a stranger's account (a login CSRF).

const STRANGER_PASSWORD = "the stranger's own passphrase";
const VISITOR_COOKIE = "sn_vid";

async function accountRow(email: string) {
  return env.DB.prepare("SELECT id, email_verified_at, password_hash FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: string; email_verified_at: string | null; password_hash: string | null }>();
}

describe("a confirmation link opened on another browser", () => {
  it("asks for the password chosen at sign-up, so a stranger who signed up first with a parent's address gets nothing", async () => {
    const parentEmail = uniqueEmail("parent");
    const stranger = new Browser();
    expect((await postSignUp(stranger, parentEmail, STRANGER_PASSWORD)).status).toBe(302);
    const link = await readOutboxLink(parentEmail, "confirm");

    // the parent opens the e-mail on their own phone: the page names the address and asks for the password
    const parent = new Browser();
    const page = await pageText(await parent.get(link));
    expect(page).toMatch(new RegExp(`data-testid="confirm-address">${parentEmail}<`));
    expect(page).toMatch(/<input[^>]*name="password"[^>]*type="password"[^>]*autoComplete="current-password"/);

    // one tap without the password, or with a guess, confirms nothing
    for (const password of [undefined, "a guess at some password"]) {
      const res = await parent.post(link, password ? { token: tokenOf(link), password } : { token: tokenOf(link) });
      expect(res.status).toBe(400);
      // the form again, with the message beside the password
      const again = await pageText(res);
      expect(again).toMatch(new RegExp(`<p id="confirm-password-error"[^>]*>[\\s\\S]{0,400}?${AUTH_MESSAGES.confirmPasswordWrong.slice(0, 30)}`));
      expect(again).toContain('data-testid="confirm-link"');
      expect(parent.session).toBeUndefined();
    }
    expect((await accountRow(parentEmail))?.email_verified_at).toBeNull();
    // so the stranger's password signs nobody in (the address is still waiting to be confirmed)
    expect((await postSignIn(new Browser(), parentEmail, STRANGER_PASSWORD)).status).toBe(403);

    // the parent takes the address with a reset link instead, and the stranger's password never works
    await parent.post("/auth/forgot-password", { email: parentEmail });
    const reset = await readOutboxLink(parentEmail, "reset");
    expect((await parent.post(reset, { token: tokenOf(reset), newPassword: "the parent's own long phrase" })).status).toBe(302);
    expect((await postSignIn(new Browser(), parentEmail, STRANGER_PASSWORD)).status).toBe(401);
    // and the stranger's confirmation link no longer works at all
    expect((await stranger.post("/auth/callback", { token: tokenOf(link) })).status).toBe(400);
  });

  it("still asks for the password when the parent's own browser asks for the link again", async () => {
    const parentEmail = uniqueEmail("resend");
    await postSignUp(new Browser(), parentEmail, STRANGER_PASSWORD);
    const parent = new Browser();
    expect((await parent.post("/auth/callback", { intent: "resend", email: parentEmail })).status).toBe(200);
    const [resent] = await outboxFor(parentEmail, 2);
    const link = /\/auth\/callback\?token=[A-Za-z0-9_-]+/.exec(resent.text)![0];
    expect(await pageText(await parent.get(link))).toMatch(/name="password"/);
    expect((await parent.post("/auth/callback", { token: tokenOf(link) })).status).toBe(400);
    expect((await accountRow(parentEmail))?.email_verified_at).toBeNull();
  });

  it("confirms with the right password, signs that browser in, and brings none of its visitor's books into the account", async () => {
    const strangerEmail = uniqueEmail("stranger");
    await postSignUp(new Browser(), strangerEmail, STRANGER_PASSWORD);
    const link = await readOutboxLink(strangerEmail, "confirm");

    const visitor = new Browser();
    await visitor.get("/about");
    const visitorId = visitor.cookies.get(VISITOR_COOKIE);
    expect(visitorId).toBeTruthy();
    const bookId = await makeBook({ visitorId });

    const res = await visitor.post("/auth/callback", { token: tokenOf(link), password: STRANGER_PASSWORD });
    expect(res.status).toBe(302);
    expect(visitor.session).toBeTruthy();
    const owner = await env.DB.prepare("SELECT visitor_id, user_profile_id FROM storybooks WHERE book_id = ?")
      .bind(bookId)
      .first<{ visitor_id: string; user_profile_id: string | null }>();
    expect(owner).toEqual({ visitor_id: visitorId, user_profile_id: null });
  });

  it("confirms with one tap on the browser that signed up, and brings that browser's books along", async () => {
    const email = uniqueEmail("same");
    const browser = new Browser();
    await browser.get("/about");
    const bookId = await makeBook({ visitorId: browser.cookies.get(VISITOR_COOKIE) });
    await postSignUp(browser, email, "a gentle breeze at noon");
    const link = await readOutboxLink(email, "confirm");
    const page = await pageText(await browser.get(link));
    expect(page).toMatch(new RegExp(`data-testid="confirm-address">${email}<`));
    expect(page).not.toMatch(/name="password"/);
    expect((await browser.post("/auth/callback", { token: tokenOf(link) })).status).toBe(302);
    const owner = await env.DB.prepare("SELECT user_profile_id FROM storybooks WHERE book_id = ?").bind(bookId).first<{ user_profile_id: string | null }>();
    expect(owner?.user_profile_id).toBeTruthy();
  });

  it("limits password guesses on a link like the other password checks (429)", async () => {
    const email = uniqueEmail("guess");
    await postSignUp(new Browser(), email, STRANGER_PASSWORD);
    const token = tokenOf(await readOutboxLink(email, "confirm"));
    const statuses = await Promise.all(
      Array.from({ length: 14 }, (_, i) => new Browser().post("/auth/callback", { token, password: `guess number ${i}` }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect(await outboxFor(email)).toHaveLength(1);
  });
});
