import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/domain/auth/forms";
import { Browser, createAccount, outboxFor, pageText, postSignIn, postSignUp, readOutboxLink, signIn, signUpAndConfirm, uniqueEmail } from "./auth-helpers";
import { fetchWorker } from "./email-helpers";

// Sign-in, sessions and sign-out through the pages: one answer for every wrong pair, the session
// made anew at every sign-in, the limits, the same-origin rule and a body that is not a form.

describe("sign-in", () => {
  it("shows the form with redirectTo kept (only a path of this site), the forgot-password link and sign-up", async () => {
    const html = await pageText(await new Browser().get("/auth/login?redirectTo=%2Fyouraistory"));
    expect(html).toContain("<title>Sign in · StoryNest</title>");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toMatch(/<input[^>]*name="email"[^>]*type="email"[^>]*autoComplete="email"/);
    expect(html).toMatch(/<input[^>]*name="password"[^>]*type="password"[^>]*autoComplete="current-password"/);
    expect(html).toContain('<input type="hidden" name="redirectTo" value="/youraistory"/>');
    expect(html).toContain('href="/auth/forgot-password"');
    expect(html).toContain('href="/auth/signup?redirectTo=%2Fyouraistory"');
    for (const to of ["%2F%2Fevil.example", "%2F%09%2Fevil.example%2F", "%00x"]) {
      const evil = await pageText(await new Browser().get(`/auth/login?redirectTo=${to}`));
      expect(evil, to).toContain('<input type="hidden" name="redirectTo" value="/library"/>');
    }
  });

  it("signs in and goes where redirectTo says; the header then shows the first name", async () => {
    const { email, password } = await createAccount({ firstName: "Cleo" });
    const browser = new Browser();
    const res = await postSignIn(browser, email, password, "/youraistory");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/youraistory");
    expect(browser.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await pageText(await browser.get("/about"))).toMatch(/data-testid="account-name">Cleo</);
    // a redirectTo to another site is not followed, nor one with a tab or a control character (browsers drop them)
    for (const to of ["//evil.example/x", "/\t/evil.example/", "\u0000x", "/\u0000x", "/%09/evil.example"]) {
      const away = await postSignIn(new Browser(), email, password, to);
      expect(away.status, JSON.stringify(to)).toBe(302);
      expect(away.headers.get("Location"), JSON.stringify(to)).toBe("/library");
    }
  });

  it("gives a wrong password and an unknown address the same status and message", async () => {
    const { email } = await createAccount();
    const wrong = await postSignIn(new Browser(), email, "not the password at all");
    const unknown = await postSignIn(new Browser(), uniqueEmail(), "not the password at all");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await pageText(wrong), await pageText(unknown)];
    expect(a).toContain(AUTH_MESSAGES.badCredentials);
    expect(b).toContain(AUTH_MESSAGES.badCredentials);
    // the typed address is kept, never the password
    expect(a).toContain(`value="${email}"`);
    expect(a).not.toContain("not the password at all");
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith("sn_session="))).toBe(false);
  });

  it("tells an unconfirmed account with the right password to confirm, and sends a new link from there", async () => {
    const email = uniqueEmail();
    const password = "tea kettle whistles softly";
    await postSignUp(new Browser(), email, password);
    const browser = new Browser();
    const res = await postSignIn(browser, email, password);
    expect(res.status).toBe(403);
    const html = await pageText(res);
    expect(html).toContain(AUTH_MESSAGES.unconfirmed);
    expect(html).toMatch(/data-testid="resend-form"/);
    expect(html).toContain(`<input type="hidden" name="email" value="${email}"/>`);
    expect(browser.session).toBeUndefined();
    // the wrong password for that account gets the usual answer (nothing about confirming)
    expect(await pageText(await postSignIn(new Browser(), email, "wrong wrong wrong"))).not.toContain(AUTH_MESSAGES.unconfirmed);

    const resent = await browser.post("/auth/login", { intent: "resend", email });
    expect(resent.status).toBe(200);
    expect(await pageText(resent)).toContain("We sent a new link to");
    expect(await outboxFor(email, 2)).toHaveLength(2);
    // the link was resent, not asked for at sign-up on this browser: it asks for the password here
    const token = new URL(await readOutboxLink(email), "http://x").searchParams.get("token")!;
    expect((await browser.post("/auth/callback", { token })).status).toBe(400);
    expect((await browser.post("/auth/callback", { token, password })).status).toBe(302);
    expect((await postSignIn(new Browser(), email, password)).status).toBe(302);
  });

  it("answers the 11th attempt for one account within the window with 429 and Retry-After", async () => {
    const { email } = await createAccount();
    const statuses: number[] = [];
    // each attempt from its own client address: the per-account limit is the one that answers
    for (let i = 0; i < 10; i++) statuses.push((await postSignIn(new Browser(), email, `wrong password ${i}`)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const limited = await postSignIn(new Browser(), email, "wrong password 11");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await pageText(limited)).toContain(AUTH_MESSAGES.tooMany);
  });

  it("makes a new session at every sign-in: a cookie from before is never the one after, and the old session ends", async () => {
    const { email, password, browser } = await createAccount();
    const before = browser.clone();
    const oldSession = browser.session;
    expect(await before.isSignedIn()).toBe(true);

    await signIn(email, password, browser);
    expect(browser.session).toBeTruthy();
    expect(browser.session).not.toBe(oldSession);
    expect(await browser.isSignedIn()).toBe(true);
    // the session this browser had before signing in again is over
    expect(await before.isSignedIn()).toBe(false);

    // a session cookie someone planted before the sign-in is replaced, not adopted
    const planted = new Browser();
    planted.cookies.set("sn_session", "A".repeat(43));
    await signIn(email, password, planted);
    expect(planted.session).not.toBe("A".repeat(43));
  });

  it("sets the __Host- cookie with Secure on https", async () => {
    const email = uniqueEmail();
    const browser = new Browser("https://example.com");
    await signUpAndConfirm(email, "harbour lights at night", browser);
    const res = await postSignIn(browser, email, "harbour lights at night");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-sn_session="));
    expect(cookie).toMatch(/^__Host-sn_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("sn_session="))).toBe(false);
  });
});

describe("sign-out", () => {
  it("ends the session and clears the cookie; the old cookie no longer signs in; the page says so", async () => {
    const { browser } = await createAccount({ firstName: "Dara" });
    const copy = browser.clone();
    const res = await browser.post("/auth/logout", {});
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth/logout");
    expect(res.headers.getSetCookie()).toContain("sn_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
    expect(browser.session).toBeUndefined();
    expect(await copy.isSignedIn()).toBe(false);

    const page = await browser.get("/auth/logout");
    expect(page.status).toBe(200);
    const html = await pageText(page);
    expect(html).toContain("You are signed out");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('href="/auth/login"');
    expect(html).toContain('data-testid="header-sign-in"');
    expect(html).not.toContain("Dara");
  });

  it("offers the header's sign-out as a form post that works without JavaScript", async () => {
    const { browser } = await createAccount({ firstName: "Eli" });
    const html = await pageText(await browser.get("/"));
    expect(html).toMatch(/<details[^>]*data-testid="account-menu"/);
    expect(html).toMatch(/<form method="post" action="\/auth\/logout"[^>]*><button type="submit"[^>]*data-testid="sign-out">Sign out<\/button><\/form>/);
    for (const href of ["/myaccount", "/profile"]) expect(html).toContain(`href="${href}"`);
    // a visitor sees Sign in
    expect(await pageText(await new Browser().get("/"))).toMatch(/<a[^>]*data-testid="header-sign-in"[^>]*href="\/auth\/login">Sign in<\/a>/);
  });

  it("offers a sign-out button when the page is opened while still signed in", async () => {
    const { browser } = await createAccount();
    const html = await pageText(await browser.get("/auth/logout"));
    expect(html).toContain('data-testid="still-signed-in"');
    expect(await browser.isSignedIn()).toBe(true);
  });
});

describe("the account forms' guards", () => {
  it("refuses a post from another site with 403 (sign-in, sign-up, sign-out)", async () => {
    const { browser, email, password } = await createAccount();
    for (const path of ["/auth/login", "/auth/signup", "/auth/logout", "/auth/forgot-password"]) {
      const res = await browser.post(path, { email, password }, { Origin: "https://evil.example" });
      expect(res.status, path).toBe(403);
      expect(await res.text()).toContain("This form was sent from another site, so it was refused.");
    }
    // by Sec-Fetch-Site when there is no Origin
    const fetched = await browser.fetch("/auth/login", {
      method: "POST",
      body: new URLSearchParams({ email, password }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
    });
    expect(fetched.status).toBe(403);
    expect(await browser.isSignedIn()).toBe(true);
  });

  it("answers a body that is not a form with 400, not 500", async () => {
    const browser = new Browser();
    const bodies: RequestInit[] = [
      { body: "--x\r\nContent-Disposition: form-data; broken", headers: { "Content-Type": "multipart/form-data; boundary=x" } },
      { body: JSON.stringify({ email: "a@b.c" }), headers: { "Content-Type": "application/json" } },
    ];
    for (const path of ["/auth/login", "/auth/signup", "/auth/forgot-password", "/auth/reset-password", "/auth/callback"]) {
      for (const init of bodies) {
        const headers = new Headers(init.headers);
        headers.set("Origin", browser.origin);
        headers.set("Host", new URL(browser.origin).host);
        const res = await browser.fetch(path, { method: "POST", body: init.body, headers });
        expect(res.status, `${path} ${headers.get("Content-Type")}`).toBe(400);
        expect(await pageText(res)).toContain("We couldn't read that form.");
      }
    }
  });

  it("answers 503 'Authentication service is not available' in production without WEBSITE_URL or Resend", async () => {
    const production = { ENVIRONMENT: "production", WEBSITE_URL: "", RESEND_API_KEY: "" };
    for (const path of ["/auth/login", "/auth/signup", "/auth/forgot-password", "/auth/reset-password?token=x", "/auth/callback?token=x"]) {
      const res = await fetchWorker(new Request(`https://example.com${path}`), production);
      expect(res.status, path).toBe(503);
      expect(await pageText(res)).toContain(AUTH_MESSAGES.serviceUnavailable);
    }
    const post = await fetchWorker(
      new Request("https://example.com/auth/login", {
        method: "POST",
        body: new URLSearchParams({ email: "a@example.com", password: "whatever it is" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      production,
    );
    expect(post.status).toBe(503);
    expect(await pageText(post)).toContain(AUTH_MESSAGES.serviceUnavailable);
    // with both set, the page is there
    const ready = await fetchWorker(new Request("https://example.com/auth/login"), {
      ENVIRONMENT: "production",
      WEBSITE_URL: "https://example.com",
      RESEND_API_KEY: "re_test",
    });
    expect(ready.status).toBe(200);
  });
});
