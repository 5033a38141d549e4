import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createGoogleSignIn, type GoogleFinishInput, type GoogleSecrets, type GoogleSignIn } from "~/services/auth/google.server";
import { parseEnv } from "~/services/env.server";
import { createLogger } from "~/services/log.server";

// The Google sign-in inside workerd against the local fake of Google's endpoints
// (tests/fake-servers/google-server.ts, started by global-setup.ts). The login_hint picks who
// signs in there and scripts the unusual answers (unverified., denied., expired., ...).

const REDIRECT = "https://storynest.example/auth/google/callback";

function secrets(overrides: Partial<GoogleSecrets> = {}): GoogleSecrets {
  return {
    GOOGLE_CLIENT_ID: inject("fakeGoogleClientId"),
    GOOGLE_CLIENT_SECRET: inject("fakeGoogleClientSecret"),
    GOOGLE_OAUTH_URL: inject("fakeGoogleUrl"),
    ...overrides,
  };
}

/** A sign-in whose log lines land in `lines`. */
function googleWith(overrides: Partial<GoogleSecrets> = {}) {
  const lines: { level: string; entry: Record<string, unknown> }[] = [];
  const logger = createLogger({}, (level, line) => lines.push({ level, entry: JSON.parse(line) as Record<string, unknown> }));
  const google = createGoogleSignIn(secrets(overrides), logger);
  if (!google) throw new Error("Google sign-in should be configured");
  return { google, lines };
}

/** start(), then the browser's trip to the fake Google and back: the callback's parameters. */
async function visitGoogle(google: GoogleSignIn, hint?: string, redirectUri = REDIRECT) {
  const started = google.start(redirectUri);
  if (hint) started.url.searchParams.set("login_hint", hint);
  const res = await fetch(started.url, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  const callback: GoogleFinishInput = {
    code: back.searchParams.get("code"),
    state: back.searchParams.get("state"),
    error: back.searchParams.get("error"),
    expectedState: started.state,
    codeVerifier: started.codeVerifier,
    redirectUri,
  };
  return { started, back, callback };
}

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

describe("Google sign-in: configuration", () => {
  it("is null unless both the client id and the secret are set (blank counts as unset)", () => {
    expect(createGoogleSignIn({ GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: "s" })).toBeNull();
    expect(createGoogleSignIn({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: undefined })).toBeNull();
    const blank = parseEnv({ ...env, GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "secret" } as unknown as Env);
    expect(createGoogleSignIn(blank.secrets)).toBeNull();
    const both = parseEnv({ ...env, GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" } as unknown as Env);
    expect(createGoogleSignIn(both.secrets)).not.toBeNull();
  });

  it("sends the browser to Google's own endpoint when no other address is set", () => {
    const google = createGoogleSignIn({ GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "secret" });
    const { url } = google!.start(REDIRECT);
    expect(`${url.origin}${url.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
  });
});

describe("Google sign-in against the fake Google", () => {
  it("starts with an authorization URL carrying the client, redirect, scopes, a fresh state and an S256 challenge", async () => {
    const { google } = googleWith();
    const { url, state, codeVerifier } = google.start(REDIRECT);
    expect(`${url.origin}${url.pathname}`).toBe(`${inject("fakeGoogleUrl")}/o/oauth2/v2/auth`);
    const q = url.searchParams;
    expect(q.get("client_id")).toBe(inject("fakeGoogleClientId"));
    expect(q.get("redirect_uri")).toBe(REDIRECT);
    expect(q.get("response_type")).toBe("code");
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("state")).toBe(state);
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toBe(await s256(codeVerifier));
    expect(codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const again = google.start(REDIRECT);
    expect(again.state).not.toBe(state);
    expect(again.codeVerifier).not.toBe(codeVerifier);
  });

  it("signs in: the callback's code becomes the person's profile", async () => {
    const { google, lines } = googleWith();
    const { back, callback } = await visitGoogle(google);
    expect(back.searchParams.get("code")).toBeTruthy();
    expect(back.searchParams.get("state")).toBe(callback.expectedState);
    const result = await google.finish(callback);
    expect(result).toEqual({
      ok: true,
      profile: {
        sub: expect.stringMatching(/^g-[0-9a-f]{20}$/),
        email: "parent.google@example.com",
        emailVerified: true,
        givenName: "Parent",
        familyName: "Google",
        picture: expect.stringMatching(new RegExp(`^${inject("fakeGoogleUrl")}/picture/g-[0-9a-f]{20}\\.png$`)),
      },
    });
    expect(lines).toEqual([]);
  });

  it("lower-cases the e-mail and keeps one id per person across sign-ins", async () => {
    const { google } = googleWith();
    const first = await google.finish((await visitGoogle(google, "Mum.Mixed@Example.COM")).callback);
    const second = await google.finish((await visitGoogle(google, "Mum.Mixed@Example.COM")).callback);
    const other = await google.finish((await visitGoogle(google, "dad@example.com")).callback);
    if (!first.ok || !second.ok || !other.ok) throw new Error("all three should sign in");
    expect(first.profile.email).toBe("mum.mixed@example.com");
    expect(second.profile.sub).toBe(first.profile.sub);
    expect(other.profile.sub).not.toBe(first.profile.sub);
  });

  it("refuses a callback whose state does not match the browser's, before spending the code", async () => {
    const { google } = googleWith();
    const { callback } = await visitGoogle(google);
    expect(await google.finish({ ...callback, state: `${callback.state}x` })).toEqual({ ok: false, reason: "state" });
    expect(await google.finish({ ...callback, expectedState: null })).toEqual({ ok: false, reason: "state" });
    expect(await google.finish({ ...callback, state: null })).toEqual({ ok: false, reason: "state" });
    expect(await google.finish({ ...callback, codeVerifier: null })).toEqual({ ok: false, reason: "state" });
    // the code was never sent to Google, so the real callback still works
    expect((await google.finish(callback)).ok).toBe(true);
  });

  it("refuses a code used twice, and logs why without the code", async () => {
    const { google, lines } = googleWith();
    const { callback } = await visitGoogle(google);
    expect((await google.finish(callback)).ok).toBe(true);
    expect(await google.finish(callback)).toEqual({ ok: false, reason: "provider" });
    expect(lines).toHaveLength(1);
    expect(lines[0].level).toBe("warn");
    expect(lines[0].entry).toMatchObject({ reason: "token exchange", kind: "oauth-error", code: "invalid_grant" });
    expect(JSON.stringify(lines[0].entry)).not.toContain(callback.code);
  });

  it("refuses an address Google does not vouch for", async () => {
    const { google } = googleWith();
    const { callback } = await visitGoogle(google, "unverified.parent@example.com");
    expect(await google.finish(callback)).toEqual({ ok: false, reason: "unverified-email" });
  });

  it("tells a person who said no at Google apart from a failure", async () => {
    const { google, lines } = googleWith();
    const { back, callback } = await visitGoogle(google, "denied.parent@example.com");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
    expect(await google.finish(callback)).toEqual({ ok: false, reason: "denied" });
    expect(lines).toEqual([]);
    expect(await google.finish({ ...callback, error: "server_error" })).toEqual({ ok: false, reason: "provider" });
    expect(lines[0].entry).toMatchObject({ reason: "error in the callback", error: "server_error" });
  });

  it("fails as the provider when the client secret is wrong", async () => {
    const { google, lines } = googleWith({ GOOGLE_CLIENT_SECRET: "not-the-secret" });
    const { callback } = await visitGoogle(google);
    expect(await google.finish(callback)).toEqual({ ok: false, reason: "provider" });
    expect(lines[0].entry).toMatchObject({ kind: "oauth-error", code: "invalid_client" });
  });

  it("fails as the provider when the redirect URI differs from the one the sign-in started with", async () => {
    const { google } = googleWith();
    const { callback } = await visitGoogle(google);
    expect(await google.finish({ ...callback, redirectUri: "https://storynest.example/elsewhere" })).toEqual({ ok: false, reason: "provider" });
  });

  it("fails as the provider on an unusable answer or ID token, logging which", async () => {
    const cases: [string, Record<string, unknown>][] = [
      ["garbage.parent@example.com", { kind: "unexpected-response", status: 200 }],
      ["broken.parent@example.com", { kind: "unexpected-response", status: 500 }],
      ["expired.parent@example.com", { reason: "ID token expired" }],
      ["otheraud.parent@example.com", { reason: "ID token audience" }],
      ["otheriss.parent@example.com", { reason: "ID token issuer", iss: "https://accounts.other.example" }],
    ];
    for (const [hint, logged] of cases) {
      const { google, lines } = googleWith();
      const { callback } = await visitGoogle(google, hint);
      expect(await google.finish(callback), hint).toEqual({ ok: false, reason: "provider" });
      expect(lines[0]?.entry, hint).toMatchObject(logged);
    }
  });

  it("fails as the provider when the token endpoint cannot be reached", async () => {
    const { google, lines } = googleWith({ GOOGLE_OAUTH_URL: "http://127.0.0.1:9" });
    const { state, codeVerifier } = google.start(REDIRECT);
    const result = await google.finish({ code: "4/some-code", state, expectedState: state, codeVerifier, redirectUri: REDIRECT });
    expect(result).toEqual({ ok: false, reason: "provider" });
    expect(lines[0].entry).toMatchObject({ reason: "token exchange", kind: "network" });
  });

  it("takes GOOGLE_OAUTH_URL with a trailing slash as the same address and issuer", async () => {
    const { google, lines } = googleWith({ GOOGLE_OAUTH_URL: `${inject("fakeGoogleUrl")}/` });
    const { started, callback } = await visitGoogle(google);
    expect(started.url.pathname).toBe("/o/oauth2/v2/auth");
    expect((await google.finish(callback)).ok).toBe(true);
    expect(lines).toEqual([]);
  });
});
