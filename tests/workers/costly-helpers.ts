// Requests to the AI endpoints as this site's own page would send them: the site's Origin, a visitor
// cookie the site gave out earlier, and (unless told) a client address of its own.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";

/**
 * The site these requests go to, and its WEBSITE_URL (as a deploy sets it): the API's same-site rule
 * compares a page's Origin with the host asked, the AI endpoints with WEBSITE_URL, and on a real
 * site the two are one.
 */
const SITE_ORIGIN = "https://example.com";

/** A well-formed visitor cookie value, as one the site gave a browser on an earlier visit. */
export function visitorCookie(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `sn_vid=${Array.from(bytes, (b) => letters[b % letters.length]).join("")}`;
}

export function uniqueIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface CallOptions {
  /** the Origin header; null sends none (default: the site's) */
  origin?: string | null;
  /** the Cookie header; null sends none (default: a fresh known visitor) */
  cookie?: string | null;
  /** CF-Connecting-IP; null sends none (default: an address of its own) */
  ip?: string | null;
  /** settings for this request only (a provider's URL and key) */
  vars?: Record<string, string>;
  contentType?: string | null;
  /** more request headers (e.g. Sec-GPC) */
  extraHeaders?: Record<string, string>;
}

/** POST /api/{path} through the Worker, with `vars` laid over the test environment. */
export async function postCostly(path: string, body: unknown, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers();
  if (options.contentType !== null) headers.set("Content-Type", options.contentType ?? "application/json");
  const origin = options.origin === undefined ? SITE_ORIGIN : options.origin;
  if (origin) headers.set("Origin", origin);
  const cookie = options.cookie === undefined ? visitorCookie() : options.cookie;
  if (cookie) headers.set("Cookie", cookie);
  const ip = options.ip === undefined ? uniqueIp() : options.ip;
  if (ip) headers.set("CF-Connecting-IP", ip);
  for (const [name, value] of Object.entries(options.extraHeaders ?? {})) headers.set(name, value);
  const ctx = createExecutionContext();
  const request = new Request(`${SITE_ORIGIN}/api/${path}`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
  const res = await worker.fetch(request, { ...env, WEBSITE_URL: SITE_ORIGIN, ...options.vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
