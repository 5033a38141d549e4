import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import {
  ArcticFetchError,
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from "arctic";
import { z } from "zod";
import type { Secrets } from "../env.server";
import { log as serverLog, type Logger } from "../log.server";

/**
 * Signing in with Google (OpenID Connect, authorization-code flow with PKCE S256).
 *
 * The browser is sent to Google with a random state and the S256 challenge of a random verifier;
 * both are kept in a short-lived HttpOnly cookie (googleStateCookie). Google sends the browser back
 * with a code and the same state; the state must match the cookie's exactly, then the code and the
 * verifier are exchanged for an ID token at the token endpoint. The ID token comes straight from
 * Google over TLS, so its signature is not checked (OpenID Connect allows this for the code flow);
 * its claims are: the issuer, the audience (our client id), an expiry in the future, a subject and a
 * verified e-mail address.
 *
 * A failure is a reason, never an exception and never the provider's own text: "state" (the
 * browser's sign-in record is missing or does not match), "denied" (the person said no at Google),
 * "provider" (Google could not be reached or answered something unusable; logged), and
 * "unverified-email" (Google does not vouch for the address).
 */

const GOOGLE_ENDPOINTS = {
  authorization: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  issuers: ["https://accounts.google.com", "accounts.google.com"],
};
const SCOPES = ["openid", "email", "profile"];
/** how long the token exchange may take before the sign-in gives up */
const TOKEN_TIMEOUT_MS = 10_000;

export type GoogleSecrets = Pick<Secrets, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "GOOGLE_OAUTH_URL">;

export interface GoogleProfile {
  /** Google's stable id of the person (the ID token's `sub`) */
  sub: string;
  /** lower-case */
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

export type GoogleFailure = "state" | "denied" | "provider" | "unverified-email";

export type GoogleResult = { ok: true; profile: GoogleProfile } | { ok: false; reason: GoogleFailure };

export interface GoogleStart {
  /** where to send the browser */
  url: URL;
  /** keep both in the state cookie until Google sends the browser back */
  state: string;
  codeVerifier: string;
}

export interface GoogleFinishInput {
  /** the callback's `code` parameter */
  code: string | null;
  /** the callback's `state` parameter */
  state: string | null;
  /** the callback's `error` parameter (e.g. "access_denied" when the person said no) */
  error?: string | null;
  /** the state and verifier from the state cookie (null when the cookie is missing) */
  expectedState: string | null;
  codeVerifier: string | null;
  /** the same redirect URI that start() was given */
  redirectUri: string;
}

export interface GoogleSignIn {
  start(redirectUri: string): GoogleStart;
  finish(input: GoogleFinishInput): Promise<GoogleResult>;
}

/** The endpoints and accepted issuers: Google's own, or a stand-in's at GOOGLE_OAUTH_URL (then also the issuer). */
function endpointsFor(oauthUrl: string | undefined) {
  if (!oauthUrl) return GOOGLE_ENDPOINTS;
  const base = oauthUrl.replace(/\/+$/, "");
  return { authorization: `${base}/o/oauth2/v2/auth`, token: `${base}/token`, issuers: [base] };
}

/**
 * Where "Continue with Google" sends the browser (the origin of the sign-in page), when Google
 * sign-in is offered: a page's form-action must allow it, since the form's answer redirects there.
 */
export function googleSignInOrigin(secrets: GoogleSecrets): string | null {
  if (!secrets.GOOGLE_CLIENT_ID || !secrets.GOOGLE_CLIENT_SECRET) return null;
  return new URL(endpointsFor(secrets.GOOGLE_OAUTH_URL).authorization).origin;
}

/** Blank or overlong names become null rather than failing the sign-in. */
const optionalName = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => v?.trim().slice(0, 100) || null);

const claimsSchema = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  azp: z.string().optional(),
  exp: z.number(),
  sub: z.string().min(1).max(255),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  // Google sends a boolean; a string "true" has been seen from older endpoints
  email_verified: z
    .union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")])
    .optional()
    .catch(false),
  given_name: optionalName,
  family_name: optionalName,
  picture: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional()
    .catch(undefined)
    .transform((v) => v ?? null),
});

/** What went wrong at the provider, as log fields (never a token or code). */
function describeProviderError(error: unknown): Record<string, unknown> {
  if (error instanceof OAuth2RequestError) return { kind: "oauth-error", code: error.code, description: error.description?.slice(0, 200) };
  if (error instanceof UnexpectedResponseError) return { kind: "unexpected-response", status: error.status };
  if (error instanceof UnexpectedErrorResponseBodyError) return { kind: "unexpected-error-body", status: error.status };
  if (error instanceof ArcticFetchError) return { kind: "network", error: error.cause instanceof Error ? error.cause : error };
  return { kind: "other", error };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Google sign-in, or null when the client id or secret is not set (then there is no Google button).
 * `logger` is the request's logger when there is one (it carries the request id).
 */
export function createGoogleSignIn(secrets: GoogleSecrets, logger: Logger = serverLog): GoogleSignIn | null {
  const clientId = secrets.GOOGLE_CLIENT_ID;
  const clientSecret = secrets.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const endpoints = endpointsFor(secrets.GOOGLE_OAUTH_URL);
  const provider = (reason: string, fields: Record<string, unknown> = {}): GoogleResult => {
    logger.warn("Google sign-in failed at the provider", { reason, ...fields });
    return { ok: false, reason: "provider" };
  };

  return {
    start(redirectUri) {
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const client = new OAuth2Client(clientId, clientSecret, redirectUri);
      const url = client.createAuthorizationURLWithPKCE(endpoints.authorization, state, CodeChallengeMethod.S256, codeVerifier, SCOPES);
      return { url, state, codeVerifier };
    },

    async finish(input) {
      // The state ties the callback to the browser that started the sign-in (no login CSRF).
      if (!input.state || !input.expectedState || input.state !== input.expectedState || !input.codeVerifier) return { ok: false, reason: "state" };
      if (input.error) {
        if (input.error === "access_denied") return { ok: false, reason: "denied" };
        return provider("error in the callback", { error: input.error.slice(0, 100) });
      }
      if (!input.code) return provider("no code in the callback");

      let idToken: string;
      try {
        const client = new OAuth2Client(clientId, clientSecret, input.redirectUri);
        const tokens = await withTimeout(client.validateAuthorizationCode(endpoints.token, input.code, input.codeVerifier), TOKEN_TIMEOUT_MS);
        idToken = tokens.idToken();
      } catch (error) {
        return provider("token exchange", describeProviderError(error));
      }

      let decoded: object;
      try {
        decoded = decodeIdToken(idToken);
      } catch {
        return provider("ID token is not a JWT");
      }
      const parsed = claimsSchema.safeParse(decoded);
      if (!parsed.success) return provider("ID token claims", { issues: parsed.error.issues.map((i) => i.path.join(".")) });
      const claims = parsed.data;
      if (!endpoints.issuers.includes(claims.iss)) return provider("ID token issuer", { iss: claims.iss.slice(0, 200) });
      const audienceOk = typeof claims.aud === "string" ? claims.aud === clientId : claims.aud.includes(clientId) && claims.azp === clientId;
      if (!audienceOk) return provider("ID token audience");
      if (claims.exp * 1000 <= Date.now()) return provider("ID token expired");
      if (claims.email_verified !== true) return { ok: false, reason: "unverified-email" };

      return {
        ok: true,
        profile: {
          sub: claims.sub,
          email: claims.email,
          emailVerified: true,
          givenName: claims.given_name,
          familyName: claims.family_name,
          picture: claims.picture,
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The state cookie: what the browser carries from start() to the callback, for ten minutes.
// HttpOnly, SameSite=Lax (sent on the top-level GET back from Google), Path=/; on https also
// Secure and named with the `__Host-` prefix, which only this very host can set over https.

export const GOOGLE_STATE_COOKIE = { https: "__Host-sn_oauth", http: "sn_oauth" } as const;
const STATE_COOKIE_MAX_AGE_S = 600;
const MAX_COOKIE_VALUE = 2000;

export interface GoogleStateCookie {
  state: string;
  codeVerifier: string;
  /** a path on this site to return to after signing in */
  redirectTo: string;
}

/** A path on this site: one leading slash, not "//host" or "/\host" (which browsers treat as another site). */
function isLocalPath(value: string): boolean {
  const hasControl = [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  return /^\/(?![/\\])/.test(value) && !hasControl;
}

const stateCookieSchema = z.object({
  state: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  // RFC 7636: 43 to 128 unreserved characters
  codeVerifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/),
  redirectTo: z.string().max(500).refine(isLocalPath),
});

function stateCookieName(secure: boolean): string {
  return secure ? GOOGLE_STATE_COOKIE.https : GOOGLE_STATE_COOKIE.http;
}

function stateCookieAttributes(secure: boolean, maxAge: number): string {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The Set-Cookie header that keeps the sign-in's state for ten minutes. A `redirectTo` that is not
 * a path on this site becomes "/", so the cookie can never send anyone to another site.
 */
export function googleStateCookie(value: GoogleStateCookie, secure: boolean): string {
  const checked = stateCookieSchema.parse({ ...value, redirectTo: isLocalPath(value.redirectTo) && value.redirectTo.length <= 500 ? value.redirectTo : "/" });
  const encoded = encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(checked)));
  return `${stateCookieName(secure)}=${encoded}; ${stateCookieAttributes(secure, STATE_COOKIE_MAX_AGE_S)}`;
}

/** The Set-Cookie header that removes the state cookie (once the callback has read it). */
export function clearGoogleStateCookie(secure: boolean): string {
  return `${stateCookieName(secure)}=; ${stateCookieAttributes(secure, 0)}`;
}

/** The state cookie a request carries under this scheme's name, or null when absent or malformed. */
export function readGoogleStateCookie(cookieHeader: string | null, secure: boolean): GoogleStateCookie | null {
  if (!cookieHeader) return null;
  const name = stateCookieName(secure);
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (!value || value.length > MAX_COOKIE_VALUE || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
    try {
      const json: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(decodeBase64urlIgnorePadding(value)));
      const parsed = stateCookieSchema.safeParse(json);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
  return null;
}
