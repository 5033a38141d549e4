// A fake of Google's OAuth 2.0 / OpenID Connect endpoints, for the Google sign-in:
//   GET  /o/oauth2/v2/auth   no consent page: answers 302 straight back to redirect_uri with
//                            ?code=...&state=... (or ?error=access_denied&state=...)
//   POST /token              the authorization-code exchange (PKCE S256, client secret by HTTP
//                            Basic or in the form): { access_token, token_type, expires_in, id_token, scope }
//   GET  /picture/<sub>.png  the person's picture (a small PNG)
// The ID token's issuer is this server's base URL; it is signed HS256 with the client secret
// (clients that trust TLS to the token endpoint only decode it).
//
// Who signs in is chosen by the login_hint (an e-mail address; default parent.google@example.com),
// and its first word scripts the unusual cases:
//   unverified.<...>  email_verified is false          denied.<...>   the person says no (access_denied)
//   expired.<...>     the ID token expired an hour ago  otheraud.<...> the ID token is for another client
//   otheriss.<...>    the ID token names another issuer
//   garbage.<...>     the token endpoint answers 200 with a body that is not JSON
//   broken.<...>      the token endpoint answers 500 with an HTML page
// Errors: a bad authorization request is a 400 HTML page; a bad client is 401 { error: "invalid_client" };
// an unknown, used, expired or mismatched code (redirect URI, PKCE verifier, client) is 400 { error: "invalid_grant" }.
import { createHash, createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { startFakeServer, type Exchange, type FakeServer } from "./base";
import { solidPng } from "./png";

export const DEFAULT_GOOGLE_EMAIL = "parent.google@example.com";
const CODE_TTL_MS = 10 * 60 * 1000;
const PICTURE = solidPng(8, 8, [66, 133, 244]);

interface Grant {
  email: string;
  codeChallenge: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  issuedAt: number;
  used: boolean;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/** Google's stable id for an address (the same address always gets the same one). */
export function fakeGoogleSub(email: string): string {
  return `g-${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 20)}`;
}

function signJwt(claims: Record<string, unknown>, secret: string): string {
  const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT", kid: "fake-google" }));
  const body = b64url(JSON.stringify(claims));
  const signature = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${signature}`;
}

async function parseForm(req: IncomingMessage, raw: Buffer): Promise<unknown> {
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return {};
  return Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
}

/** The client id and secret a token request authenticates with: HTTP Basic first, else the form. */
function clientCredentials(req: IncomingMessage, form: Record<string, string>): { id: string; secret: string } | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith("Basic ")) {
    const decoded = Buffer.from(auth.slice("Basic ".length), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return null;
    const unescape = (v: string) => {
      try {
        return decodeURIComponent(v.replace(/\+/g, " "));
      } catch {
        return v;
      }
    };
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  }
  if (form.client_id && form.client_secret) return { id: form.client_id, secret: form.client_secret };
  return null;
}

export interface FakeGoogleOptions {
  clientId: string;
  clientSecret: string;
  /** 0 (default): any free port */
  port?: number;
}

export async function startFakeGoogle({ clientId, clientSecret, port = 0 }: FakeGoogleOptions): Promise<FakeServer> {
  const grants = new Map<string, Grant>();

  const authorize = ({ url, send }: Exchange) => {
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri") ?? "";
    const problems = [
      q.get("client_id") !== clientId && "unknown client_id",
      !/^https?:\/\//.test(redirectUri) && "redirect_uri must be an absolute http(s) URL",
      q.get("response_type") !== "code" && "response_type must be code",
      q.get("code_challenge_method") !== "S256" && "code_challenge_method must be S256",
      !/^[A-Za-z0-9_-]{43}$/.test(q.get("code_challenge") ?? "") && "code_challenge must be a base64url SHA-256",
      !(q.get("scope") ?? "").split(" ").includes("openid") && "scope must include openid",
    ].filter(Boolean);
    if (problems.length > 0) return send(400, `<html><body><h1>400. That's an error.</h1><p>${problems.join("; ")}</p></body></html>`);

    const back = new URL(redirectUri);
    const state = q.get("state");
    const email = q.get("login_hint")?.trim() || DEFAULT_GOOGLE_EMAIL;
    if (email.startsWith("denied.")) {
      back.searchParams.set("error", "access_denied");
    } else {
      const code = `4/fake-${randomBytes(24).toString("base64url")}`;
      grants.set(code, {
        email,
        codeChallenge: q.get("code_challenge") ?? "",
        clientId,
        redirectUri,
        scope: q.get("scope") ?? "",
        issuedAt: Date.now(),
        used: false,
      });
      back.searchParams.set("code", code);
    }
    if (state !== null) back.searchParams.set("state", state);
    return send(302, "", { location: back.toString() });
  };

  const token = ({ req, body, base, send }: Exchange) => {
    const form = (body && typeof body === "object" ? body : {}) as Record<string, string>;
    const client = clientCredentials(req, form);
    if (!client || client.id !== clientId || client.secret !== clientSecret) {
      return send(401, { error: "invalid_client", error_description: "The OAuth client was not found." });
    }
    if (form.grant_type !== "authorization_code") return send(400, { error: "unsupported_grant_type" });
    const invalidGrant = (why: string) => send(400, { error: "invalid_grant", error_description: why });
    const grant = grants.get(form.code ?? "");
    if (!grant) return invalidGrant("Malformed auth code.");
    if (grant.used) return invalidGrant("Auth code already used.");
    grant.used = true;
    if (Date.now() - grant.issuedAt > CODE_TTL_MS) return invalidGrant("Auth code expired.");
    if (grant.clientId !== client.id) return invalidGrant("Auth code was issued to another client.");
    if (form.redirect_uri !== grant.redirectUri) return invalidGrant("Bad redirect_uri.");
    const challenge = createHash("sha256")
      .update(form.code_verifier ?? "")
      .digest("base64url");
    if (!form.code_verifier || challenge !== grant.codeChallenge) return invalidGrant("Invalid code verifier.");

    const { email } = grant;
    if (email.startsWith("garbage.")) return send(200, "<html>this is not json {", { "content-type": "text/html" });
    if (email.startsWith("broken.")) return send(500, "<html><body><h1>Internal Server Error</h1></body></html>");
    const now = Math.floor(Date.now() / 1000);
    const sub = fakeGoogleSub(email);
    const idToken = signJwt(
      {
        iss: email.startsWith("otheriss.") ? "https://accounts.other.example" : base,
        aud: email.startsWith("otheraud.") ? "someone-else.apps.googleusercontent.com" : clientId,
        azp: clientId,
        sub,
        email,
        email_verified: !email.startsWith("unverified."),
        given_name: "Parent",
        family_name: "Google",
        name: "Parent Google",
        picture: `${base}/picture/${sub}.png`,
        iat: email.startsWith("expired.") ? now - 7200 : now,
        exp: email.startsWith("expired.") ? now - 3600 : now + 3600,
      },
      clientSecret,
    );
    return send(200, {
      access_token: `ya29.fake-${randomBytes(24).toString("base64url")}`,
      token_type: "Bearer",
      expires_in: 3600,
      id_token: idToken,
      scope: grant.scope,
    });
  };

  return startFakeServer(
    (x) => {
      if (x.req.method === "GET" && x.url.pathname === "/o/oauth2/v2/auth") return authorize(x);
      if (x.req.method === "POST" && x.url.pathname === "/token") return token(x);
      return x.send(404, { error: "not_found" });
    },
    (path, res) => {
      if (!/^\/picture\/[\w-]+\.png$/.test(path)) return false;
      res.writeHead(200, { "content-type": "image/png" });
      res.end(PICTURE);
      return true;
    },
    parseForm,
    port,
  );
}
