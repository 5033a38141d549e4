import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/domain/auth/forms";
import {
  Browser,
  completeProfile,
  confirmLink,
  createAccount,
  outboxFor,
  pageText,
  postSignUp,
  readOutboxLink,
  signUpAndConfirm,
  tokenOf,
  tokenRowId,
  uniqueEmail,
} from "./auth-helpers";

// Sign-up through the pages, as a browser without JavaScript does it: the form, the e-mail in the
// outbox, the confirmation link (which a GET never spends), the session cookie, the profile's names
// and the header that shows them.

const PASSWORD = "warm cocoa under blankets";

describe("sign-up, confirmation and the profile", () => {
  it("shows the form with fields marked up for password managers, noindex, and no Google button without Google", async () => {
    const res = await new Browser().get("/auth/signup");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await pageText(res);
    expect(html).toContain("<title>Create your account · StoryNest</title>");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toMatch(/<form method="post" action="\/auth\/signup"/);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*type="email"[^>]*autoComplete="email"/);
    expect(html).toMatch(/<input[^>]*name="password"[^>]*type="password"[^>]*autoComplete="new-password"[^>]*minLength="8"/);
    expect(html).toContain("At least 8 characters. A passphrase");
    expect(html).toContain('href="/auth/login"');
    expect(html).not.toContain("Continue with Google");
  });

  it("goes sign-up → e-mail → link (GET spends nothing) → confirm → complete profile → the header shows the first name", async () => {
    const email = uniqueEmail();
    const browser = new Browser();
    const signedUp = await postSignUp(browser, email.toUpperCase(), PASSWORD);
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.get("Location")).toBe(`/auth/signup?sent=${encodeURIComponent(email)}`);

    const inbox = await pageText(await browser.get(signedUp.headers.get("Location")!));
    expect(inbox).toContain("Check your inbox");
    expect(inbox).toContain(email);
    expect(inbox).toMatch(/<input type="hidden" name="intent" value="resend"\/>/);
    expect(inbox).toContain("Resend the e-mail");

    const [mail] = await outboxFor(email);
    expect(mail.subject).toBe("Confirm your e-mail address for StoryNest");
    const link = await readOutboxLink(email, "confirm");

    // Opening the link (twice, like a mail scanner and then the parent) shows the button and spends nothing.
    for (let i = 0; i < 2; i++) {
      const opened = await browser.get(link);
      expect(opened.status).toBe(200);
      expect(opened.headers.get("Referrer-Policy")).toBe("same-origin");
      const html = await pageText(opened);
      expect(html).toContain("Confirm my e-mail address");
      expect(html).toContain(`<input type="hidden" name="token" value="${tokenOf(link)}"/>`);
      expect(browser.session).toBeUndefined();
    }
    const row = await env.DB.prepare("SELECT used_at FROM auth_tokens WHERE id = ?")
      .bind(await tokenRowId(tokenOf(link)))
      .first<{ used_at: string | null }>();
    expect(row?.used_at).toBeNull();

    const confirmed = await confirmLink(browser, link);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/auth/complete-profile?redirectTo=%2Flibrary");
    const cookie = confirmed.headers.getSetCookie().find((c) => c.startsWith("sn_session="))!;
    expect(cookie).toMatch(/^sn_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toContain("Secure");

    // Before the profile has a name, the header says "My account".
    const profilePage = await browser.get("/auth/complete-profile?redirectTo=%2Flibrary", { "CF-IPCountry": "gb" });
    expect(profilePage.status).toBe(200);
    const form = await pageText(profilePage);
    expect(form).toMatch(/data-testid="account-name">My account</);
    expect(form).toMatch(/name="firstName"[^>]*autoComplete="given-name"/);
    expect(form).toMatch(/name="lastName"[^>]*autoComplete="family-name"/);
    expect(form).toMatch(/<option value="GB" selected="">United Kingdom<\/option>/);

    const saved = await completeProfile(browser, { firstName: "  Ann ", lastName: "Parent", country: "GB" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/library");
    const home = await pageText(await browser.get("/"));
    expect(home).toMatch(/data-testid="account-name">Ann</);
    expect(home).not.toContain('data-testid="header-sign-in"');
    // The e-mail address is not in every page's HTML.
    expect(home).not.toContain(email);
    const profile = await env.DB.prepare("SELECT p.first_name, p.last_name, p.country FROM user_profiles p JOIN users u ON u.id = p.user_id WHERE u.email = ?")
      .bind(email)
      .first();
    expect(profile).toEqual({ first_name: "Ann", last_name: "Parent", country: "GB" });
  });

  it("says so when the names change again within a minute, and treats a double submit of the same names as done", async () => {
    const { browser } = await createAccount({ firstName: "Bea", lastName: "Stone" });
    const again = await completeProfile(browser, { firstName: "Bea", lastName: "Stone" });
    expect(again.status).toBe(302);
    const changed = await completeProfile(browser, { firstName: "Beatrice", lastName: "Stone" });
    expect(changed.status).toBe(200);
    expect(await pageText(changed)).toContain("less than a minute ago, so this change was not saved");
  });

  it("refuses a profile without names with errors beside the fields", async () => {
    const { browser } = await createAccount();
    const res = await completeProfile(browser, { firstName: " ", lastName: "", country: "XX" });
    expect(res.status).toBe(400);
    const html = await pageText(res);
    expect(html).toContain("Please choose a country from the list");
    const names = await completeProfile(browser, { firstName: " ", lastName: "" });
    const text = await pageText(names);
    expect(names.status).toBe(400);
    expect(text).toMatch(/<p id="profile-firstName-error"[^>]*>.*Please enter your first name\./);
    expect(text).toMatch(/<p id="profile-lastName-error"[^>]*>.*Please enter your last name\./);
  });

  it("goes on from complete-profile only to a path of this site (a tab or a control character is refused)", async () => {
    const browser = new Browser();
    await signUpAndConfirm(uniqueEmail(), "a calm evening by the river", browser);
    const saved = await completeProfile(browser, { firstName: "Ann", lastName: "Parent" }, "/\t/evil.example/");
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/library");
  });

  it("sends a visitor who is not signed in from complete-profile and change-password to sign in", async () => {
    for (const path of ["/auth/complete-profile", "/auth/change-password"]) {
      const res = await new Browser().get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("answers a link used a second time, an expired one and a made-up one with the link-invalid page", async () => {
    const email = uniqueEmail();
    const browser = new Browser();
    await postSignUp(browser, email, PASSWORD);
    const link = await readOutboxLink(email, "confirm");
    expect((await confirmLink(browser, link)).status).toBe(302);

    const other = new Browser();
    const second = await confirmLink(other, link);
    expect(second.status).toBe(400);
    const html = await pageText(second);
    expect(html).toContain(AUTH_MESSAGES.linkInvalid);
    expect(html).toContain('href="/auth/signup"');
    expect(html).toMatch(/data-testid="resend-form"/);
    expect(other.session).toBeUndefined();
    expect(await pageText(await other.get(link))).toContain(AUTH_MESSAGES.linkInvalid);

    // An expired link: the token row's end moved into the past.
    const late = uniqueEmail();
    await postSignUp(new Browser(), late, PASSWORD);
    const lateLink = await readOutboxLink(late, "confirm");
    await env.DB.prepare("UPDATE auth_tokens SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), await tokenRowId(tokenOf(lateLink)))
      .run();
    const lateBrowser = new Browser();
    expect(await pageText(await lateBrowser.get(lateLink))).toContain(AUTH_MESSAGES.linkInvalid);
    const lateConfirm = await confirmLink(lateBrowser, lateLink);
    expect(lateConfirm.status).toBe(400);
    expect(await pageText(lateConfirm)).toContain(AUTH_MESSAGES.linkInvalid);
    expect(lateBrowser.session).toBeUndefined();

    expect(await pageText(await new Browser().get("/auth/callback?token=made-up-token-0123456789"))).toContain(AUTH_MESSAGES.linkInvalid);
  });

  it("sends a new link from the link-invalid page, and only the newest link works", async () => {
    const email = uniqueEmail();
    const browser = new Browser();
    await postSignUp(browser, email, PASSWORD);
    const first = await readOutboxLink(email, "confirm");
    const resent = await browser.post("/auth/callback", { intent: "resend", email });
    expect(resent.status).toBe(200);
    expect(await pageText(resent)).toContain("a new link is on its way");
    const second = await readOutboxLink(email, "confirm");
    expect(second).not.toBe(first);
    expect((await confirmLink(new Browser(), first)).status).toBe(400);
    expect((await confirmLink(browser, second)).status).toBe(302);
  });

  it("resends from the check-your-inbox step", async () => {
    const email = uniqueEmail();
    const browser = new Browser();
    await postSignUp(browser, email, PASSWORD);
    const res = await browser.post("/auth/signup", { intent: "resend", email });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/auth/signup?sent=${encodeURIComponent(email)}&resent=1`);
    expect(await outboxFor(email, 2)).toHaveLength(2);
    expect(await pageText(await browser.get(res.headers.get("Location")!))).toContain("We sent the e-mail again.");
  });

  it("answers an address that has an account exactly like a new one, and e-mails it a note instead of a link", async () => {
    const { email } = await createAccount();
    const before = (await outboxFor(email)).length;
    const res = await postSignUp(new Browser(), email, "another long passphrase");
    const fresh = uniqueEmail();
    const freshRes = await postSignUp(new Browser(), fresh, "another long passphrase");
    expect(res.status).toBe(freshRes.status);
    expect(res.headers.get("Location")).toBe(`/auth/signup?sent=${encodeURIComponent(email)}`);
    const mails = await outboxFor(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0].subject).toBe("You already have a StoryNest account");
    expect(mails[0].text).not.toMatch(/token=/);
  });

  it("refuses a 7-character password and a common one beside the field, and accepts 64 characters", async () => {
    const short = await postSignUp(new Browser(), uniqueEmail(), "abcdefg");
    expect(short.status).toBe(400);
    const shortHtml = await pageText(short);
    expect(shortHtml).toMatch(/<p id="signup-password-error"[^>]*>.*Please use at least 8 characters\./);
    expect(shortHtml).toMatch(/id="signup-password"[^>]*aria-invalid="true"/);
    expect(shortHtml).toContain("Please check the field marked below.");

    const common = await postSignUp(new Browser(), uniqueEmail(), "iloveyou");
    expect(common.status).toBe(400);
    expect(await pageText(common)).toContain(AUTH_MESSAGES.passwordCommon);

    const email = uniqueEmail();
    const long = await postSignUp(new Browser(), email, "x".repeat(60) + "1234");
    expect(long.status).toBe(302);

    const bad = await postSignUp(new Browser(), "not-an-address", PASSWORD);
    expect(bad.status).toBe(400);
    const badHtml = await pageText(bad);
    expect(badHtml).toContain(AUTH_MESSAGES.emailInvalid);
    expect(badHtml).toContain('value="not-an-address"');
    expect(badHtml).not.toContain(PASSWORD);
  });

  it("limits sign-ups: the 11th from one client address within the hour, and the 4th to one address, answer 429 with Retry-After", async () => {
    const browser = new Browser();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await postSignUp(browser, uniqueEmail(), PASSWORD)).status);
    expect(statuses).toEqual(Array(10).fill(302));
    const limited = await postSignUp(browser, uniqueEmail(), PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await pageText(limited)).toContain(AUTH_MESSAGES.tooMany);

    const email = uniqueEmail();
    const perAccount: number[] = [];
    for (let i = 0; i < 4; i++) perAccount.push((await postSignUp(new Browser(), email, PASSWORD)).status);
    expect(perAccount).toEqual([302, 302, 302, 429]);
  });
});
