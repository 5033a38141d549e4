import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { fetchWorker } from "./email-helpers";

/**
 * Account test helpers: a browser with a cookie jar that drives the account pages through the Worker
 * (`SELF.fetch`, forms posted as a browser without JavaScript posts them), the outbox's links, and
 * ready-made accounts.
 *
 *   const browser = new Browser();                        // http://example.com, its own client address
 *   await browser.post("/auth/login", { email, password }); // Origin set, cookies kept
 *   const cookie = await signUpAndConfirm(email, password); // a signed-in Cookie header
 *   const { browser } = await createAccount({ firstName: "Ann" });
 */

export const ORIGIN = "http://example.com";
export const DEFAULT_PASSWORD = "a quiet lantern by the sea";

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(tag = "parent"): string {
  counter += 1;
  return `${tag}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** A client address (CF-Connecting-IP) no other test uses, so per-address limits never meet. */
export function uniqueIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** A browser: a cookie jar, one client address, forms posted with this site's Origin. */
export class Browser {
  readonly cookies = new Map<string, string>();

  /**
   * `settings`: the Worker's settings changed for this browser's requests (e.g. Google's client), sent
   * through the Worker's own fetch instead of SELF.
   */
  constructor(
    readonly origin: string = ORIGIN,
    readonly ip: string = uniqueIp(),
    readonly settings?: Record<string, string>,
  ) {}

  /** A browser with the same cookies (another tab, or a copy kept to try an old cookie later). */
  clone(): Browser {
    const other = new Browser(this.origin, this.ip, this.settings);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  /** The Cookie header this browser sends. */
  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** The session cookie's value (http: sn_session, https: __Host-sn_session), if any. */
  get session(): string | undefined {
    return this.cookies.get(this.origin.startsWith("https:") ? "__Host-sn_session" : "sn_session");
  }

  /** Keeps what a response's Set-Cookie headers say (Max-Age=0 deletes). */
  keep(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/;\s*Max-Age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has("Cookie")) headers.set("Cookie", this.cookie);
    if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", this.ip);
    const request = new Request(new URL(path, this.origin).toString(), { redirect: "manual", ...init, headers });
    return this.keep(this.settings ? await fetchWorker(request, this.settings) : await SELF.fetch(request));
  }

  get(path: string, headers: HeadersInit = {}): Promise<Response> {
    return this.fetch(path, { headers });
  }

  /** A form post as a browser sends it: url-encoded, with this site's Origin. */
  post(path: string, fields: Record<string, string>, headers: HeadersInit = {}): Promise<Response> {
    return this.fetch(path, {
      method: "POST",
      body: new URLSearchParams(fields),
      // A browser always sends Host; Remix compares it with Origin.
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.origin, Host: new URL(this.origin).host, ...headers },
    });
  }

  /** Whether this browser is signed in (a signed-in-only page answers instead of sending it to sign in). */
  async isSignedIn(): Promise<boolean> {
    const res = await this.get("/auth/change-password");
    await res.arrayBuffer();
    return res.status === 200;
  }
}

/** The page's text with React's entity escapes undone, so assertions can use plain text. */
export async function pageText(res: Response): Promise<string> {
  return (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export interface OutboxMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The account e-mails sent to an address, newest first. Reset and resend e-mails are sent after the
 * answer (so its timing says nothing about the address): `atLeast` waits, up to 5 s, for that many.
 */
export async function outboxFor(email: string, atLeast = 0): Promise<OutboxMail[]> {
  for (const started = Date.now(); ;) {
    const { results } = await env.DB.prepare(
      `SELECT subject, text, html FROM email_outbox WHERE kind = 'account' AND "to" LIKE ? ORDER BY created_at DESC, rowid DESC`,
    )
      .bind(`%${JSON.stringify(email).slice(1, -1)}%`)
      .all<OutboxMail>();
    if (results.length >= atLeast || Date.now() - started > 5000) return results;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The link in the newest account e-mail to an address, as a path on this site
 * (`/auth/callback?token=…` or `/auth/reset-password?token=…`); `kind` picks the newest of one kind.
 */
export async function readOutboxLink(email: string, kind?: "confirm" | "reset"): Promise<string> {
  const path = kind === "reset" ? "reset-password" : kind === "confirm" ? "callback" : "(?:callback|reset-password)";
  const pattern = new RegExp(`https?://[^\\s"<]+(/auth/${path}\\?token=[A-Za-z0-9_-]+)`);
  // an e-mail sent after the answer may be a moment behind it
  for (let attempt = 0; attempt < 250; attempt += 1) {
    for (const mail of await outboxFor(email)) {
      const found = pattern.exec(mail.text);
      if (found) return found[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${kind ?? "account"} link in the outbox for ${email}`);
}

/** The token of an e-mailed link path. */
export function tokenOf(link: string): string {
  return new URL(link, ORIGIN).searchParams.get("token") ?? "";
}

/** The auth_tokens row id of a link's token (its SHA-256, hex), to change the row in a test. */
export async function tokenRowId(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Posts the sign-up form; answers the response (a redirect to the "check your inbox" step when it worked). */
export function postSignUp(browser: Browser, email: string, password: string): Promise<Response> {
  return browser.post("/auth/signup", { email, password });
}

/** Posts the sign-in form. */
export function postSignIn(browser: Browser, email: string, password: string, redirectTo = "/library"): Promise<Response> {
  return browser.post("/auth/login", { email, password, redirectTo });
}

/** Opens an e-mailed confirmation link and presses its button: the browser is signed in. */
export async function confirmLink(browser: Browser, link: string): Promise<Response> {
  return browser.post("/auth/callback", { token: tokenOf(link) });
}

/**
 * Signs up, opens the confirmation e-mail's link and confirms: the browser is signed in (its profile
 * has no names yet). Answers the Cookie header of the signed-in browser.
 */
export async function signUpAndConfirm(email: string, password: string = DEFAULT_PASSWORD, browser: Browser = new Browser()): Promise<string> {
  const signedUp = await postSignUp(browser, email, password);
  expect(signedUp.status, "sign-up redirects to the check-your-inbox step").toBe(302);
  const confirmed = await confirmLink(browser, await readOutboxLink(email, "confirm"));
  expect(confirmed.status, "the confirmation signs in and redirects").toBe(302);
  expect(browser.session, "the confirmation sets the session cookie").toBeTruthy();
  return browser.cookie;
}

/** Signs in with e-mail and password; answers the Cookie header of the signed-in browser. */
export async function signIn(email: string, password: string = DEFAULT_PASSWORD, browser: Browser = new Browser()): Promise<string> {
  const res = await postSignIn(browser, email, password);
  expect(res.status, "sign-in redirects").toBe(302);
  expect(browser.session, "sign-in sets the session cookie").toBeTruthy();
  return browser.cookie;
}

/** Saves the names on /auth/complete-profile. */
export function completeProfile(browser: Browser, names: { firstName: string; lastName: string; country?: string }, redirectTo = "/library") {
  return browser.post("/auth/complete-profile", { ...names, country: names.country ?? "", redirectTo });
}

/** A confirmed account with its names, signed in on the returned browser. */
export async function createAccount(options: { email?: string; password?: string; firstName?: string; lastName?: string; origin?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? DEFAULT_PASSWORD;
  const browser = new Browser(options.origin);
  await signUpAndConfirm(email, password, browser);
  const saved = await completeProfile(browser, { firstName: options.firstName ?? "Ann", lastName: options.lastName ?? "Parent" });
  expect(saved.status, "the profile is saved").toBe(302);
  return { browser, email, password };
}
