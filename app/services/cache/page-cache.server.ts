/**
 * The edge cache of the HTML anonymous visitors get (the Workers Cache API, `caches.default`).
 *
 * Only the public pages below are shared, only for a GET of the document itself (a client
 * navigation's `.data` request is never shared), and never for a request that carries a session
 * cookie, signed in or not. The key holds everything that changes the HTML of such a page: the
 * build (a deploy changes the asset names), the address with its query, the market (country,
 * currency and where that choice came from), the cookie banner's state and the version of the theme
 * data. A page answer that sets a cookie, is not a 200 HTML page, or says `no-store`/`private`/
 * `no-cache` is never stored; the Worker adds a new visitor's cookie outside the cached body.
 *
 * Nothing made for one request or one visitor is in a shared page: no CSP nonce (the policy lists
 * the SHA-256 hashes of the page's inline scripts instead, kept with the cached copy), no request id
 * and no visitor handle (the root loader leaves both out of a shared page; the next navigation's
 * data request brings the visitor's own).
 */

/** How long a shared page lives at most (seconds): the backstop for what the key does not name (prices, rates, blog posts). */
export const PAGE_CACHE_TTL_S = 300;

/** The answer's header saying what the edge cache did: "hit", "miss" (stored or not storable) or absent (not a shared page). */
export const PAGE_CACHE_STATUS = "X-Page-Cache";

/** Internal: the hashes of a shared page's inline scripts, from the page to the policy (workers/app.ts removes it). */
export const SCRIPT_HASHES_HEADER = "X-Inline-Script-Hashes";

/** Internal: the page's own Cache-Control, kept beside the stored copy's lifetime and given back on a hit. */
const PAGE_CACHE_CONTROL = "X-Page-Cache-Control";

/** The anonymous public pages: home, prices, the information pages and the blog. Never a page with a private body. */
const SHARED_PAGES = /^\/(?:pricing|about|faq|privacy|terms|cookies|returns|contact|real-stories|sitemap|blog(?:\/[A-Za-z0-9-]+)?)?\/?$/;

/** The session cookie under both of its names (app/services/auth/sessions.server.ts). */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?sn_session=/;

/** Whether this request's page may come from, or go into, the shared cache (before anything is read). */
export function mayShare(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (request.headers.has("Authorization") || SESSION_COOKIE.test(request.headers.get("Cookie") ?? "")) return false;
  return SHARED_PAGES.test(new URL(request.url).pathname);
}

/** Everything besides the address that changes a shared page's HTML. */
export interface PageVariant {
  /** the build's asset version */
  build: string;
  market: { country: string; currencyCode: string; source: string };
  /** the cookie banner: "granted", "denied" or "unset" */
  consent: string;
  /** the theme data's version (app/services/themes.server.ts) */
  themes: string;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

function base64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** The cache key of a page: its own origin (the Cache API keeps a zone's keys), a digest of the variant, then the path and query. */
export async function pageCacheKey(request: Request, variant: PageVariant): Promise<Request> {
  const url = new URL(request.url);
  const digest = base64(await sha256(JSON.stringify(variant)))
    .replace(/[+/=]/g, "")
    .slice(0, 32);
  return new Request(`${url.origin}/__page-cache/${digest}${url.pathname}${url.search}`);
}

/** The base64 SHA-256 of every inline script's text in `html` (what a policy's 'sha256-…' sources name). */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(` ${m[1]}`) || m[2] === "") continue;
    hashes.add(base64(await sha256(m[2])));
  }
  return [...hashes];
}

/** The seconds a page answer may be shared for, or 0 when it must not be stored. */
export function shareableFor(response: Response): number {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return 0;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return 0;
  const control = (response.headers.get("Cache-Control") ?? "").toLowerCase();
  if (/no-store|private|no-cache/.test(control)) return 0;
  const maxAge = /(?:^|,)\s*(?:s-)?max-age=(\d+)/.exec(control);
  return maxAge ? Math.min(PAGE_CACHE_TTL_S, Number(maxAge[1])) : PAGE_CACHE_TTL_S;
}

/** A page's own document or a client navigation's data (Remix's single fetch): what the rule below covers, not files or JSON. */
const PAGE_TYPES = /^text\/(?:html|x-script)\b/i;

/**
 * Every page outside the shared ones (mayShare) may carry someone's data (the header's first name,
 * the visitor handle, a child's memories), so no cache but this browser's may keep it: a signed-in
 * parent's never (`private, no-store` unless it says no-store already); an anonymous visitor's
 * `private, no-store` too, unless the page chose `private` or `no-store` itself (the public story
 * page's `private, no-cache`, kept by this browser and asked again every time).
 */
export function keepPrivate(headers: Headers, signedIn: boolean): void {
  if (!PAGE_TYPES.test(headers.get("Content-Type") ?? "")) return;
  const control = (headers.get("Cache-Control") ?? "").toLowerCase();
  if (/\bno-store\b/.test(control) || (!signedIn && /\bprivate\b/.test(control))) return;
  headers.set("Cache-Control", "private, no-store");
}

/** The copy to store: the page's body and headers with its lifetime in the cache; the page's own Cache-Control kept aside. */
export function storedCopy(html: string, pageHeaders: Headers, seconds: number): Response {
  const headers = new Headers(pageHeaders);
  headers.delete("x-request-id");
  headers.delete(PAGE_CACHE_STATUS);
  headers.set(PAGE_CACHE_CONTROL, pageHeaders.get("Cache-Control") ?? "");
  headers.set("Cache-Control", `public, max-age=${seconds}`);
  return new Response(html, { status: 200, headers });
}

/** A stored copy as an answer: the page's own Cache-Control back, marked as a hit. */
export function fromCache(stored: Response): Response {
  const headers = new Headers(stored.headers);
  const own = headers.get(PAGE_CACHE_CONTROL);
  headers.delete(PAGE_CACHE_CONTROL);
  headers.delete("Age");
  headers.delete("CF-Cache-Status");
  headers.delete("Expires");
  if (own) headers.set("Cache-Control", own);
  else headers.delete("Cache-Control");
  headers.set(PAGE_CACHE_STATUS, "hit");
  return new Response(stored.body, { status: stored.status, headers });
}
