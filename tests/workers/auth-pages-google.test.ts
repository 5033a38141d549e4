import { describe, expect, inject, it } from "vitest";
import { Browser, pageText, uniqueEmail, uniqueIp } from "./auth-helpers";

// The Google button and Google's return through the pages, against the local fake Google
// (tests/fake-servers/google-server.ts): the login_hint picks who signs in there and scripts the
// unusual answers (denied., unverified.).

const provided = inject as unknown as (key: string) => string;

function googleBrowser() {
  return new Browser("http://example.com", uniqueIp(), {
    GOOGLE_CLIENT_ID: provided("fakeGoogleClientId"),
    GOOGLE_CLIENT_SECRET: provided("fakeGoogleClientSecret"),
    GOOGLE_OAUTH_URL: provided("fakeGoogleUrl"),
  });
}

/** The button's post, the trip to the fake Google, and the path Google sends the browser back to. */
async function toGoogleAndBack(browser: Browser, hint: string, redirectTo = "/youraistory") {
  const started = await browser.post("/auth/google", { redirectTo });
  expect(started.status).toBe(302);
  const google = new URL(started.headers.get("Location")!);
  expect(`${google.origin}${google.pathname}`).toBe(`${provided("fakeGoogleUrl")}/o/oauth2/v2/auth`);
  expect(google.searchParams.get("redirect_uri")).toBe("http://localhost:8787/auth/callback");
  expect(started.headers.getSetCookie().some((c) => /^sn_oauth=[A-Za-z0-9_-]+; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax$/.test(c))).toBe(true);
  google.searchParams.set("login_hint", hint);
  const back = await fetch(google, { redirect: "manual" });
  const callback = new URL(back.headers.get("Location")!);
  return `${callback.pathname}${callback.search}`;
}

describe("Google sign-in through the pages", () => {
  it("shows the Google button on sign-in and sign-up only when Google is set up, carrying redirectTo", async () => {
    for (const path of ["/auth/login?redirectTo=%2Fyouraistory", "/auth/signup?redirectTo=%2Fyouraistory"]) {
      const html = await pageText(await googleBrowser().get(path));
      expect(html).toMatch(/<form method="post" action="\/auth\/google"[^>]*><input type="hidden" name="redirectTo" value="\/youraistory"\/>/);
      expect(html).toContain("Continue with Google");
      expect(await pageText(await new Browser().get(path))).not.toContain("Continue with Google");
    }
  });

  it("signs in with Google and goes where the button said; the state cookie goes", async () => {
    const browser = googleBrowser();
    const email = uniqueEmail("google");
    const callback = await toGoogleAndBack(browser, email);
    expect(callback).toMatch(/^\/auth\/callback\?code=[^&]+&state=/);
    const res = await browser.get(callback);
    expect(res.status).toBe(302);
    // The fake Google gives a name, so the profile is complete.
    expect(res.headers.get("Location")).toBe("/youraistory");
    expect(browser.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.cookies.has("sn_oauth")).toBe(false);
    expect(await browser.isSignedIn()).toBe(true);
  });

  it("refuses a return that does not match this browser's state, and one where the person said no", async () => {
    const browser = googleBrowser();
    const callback = await toGoogleAndBack(browser, uniqueEmail("google"));
    const stranger = googleBrowser();
    const res = await stranger.get(callback);
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain("Your Google sign-in took too long, or was started in another browser.");
    expect(stranger.session).toBeUndefined();

    const denied = googleBrowser();
    const back = await toGoogleAndBack(denied, `denied.${uniqueEmail("google")}`);
    const no = await denied.get(back);
    expect(no.status).toBe(400);
    expect(await pageText(no)).toContain("You chose not to sign in with Google.");
    expect(denied.cookies.has("sn_oauth")).toBe(false);
  });

  it("refuses a Google address that Google has not verified", async () => {
    const browser = googleBrowser();
    const back = await toGoogleAndBack(browser, `unverified.${uniqueEmail("google")}`);
    const res = await browser.get(back);
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain("Google has not confirmed that e-mail address");
    expect(browser.session).toBeUndefined();
  });

  it("refuses the button's post from another site", async () => {
    const res = await googleBrowser().post("/auth/google", { redirectTo: "/library" }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});
