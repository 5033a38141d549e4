/**
 * The security headers every answer of the Worker carries: pages, API answers, redirects and the
 * WebSocket's handshake alike. Static files (build/client) are served before the Worker runs, so
 * they get the same headers from `public/_headers` (copied into build/client by the build).
 *
 * Pages get a Content-Security-Policy with a nonce made for the request: Remix's inline scripts
 * (`<Scripts>`, `<ScrollRestoration>`, the streamed data) and React's streaming scripts carry it
 * (app/entry.server.tsx, app/root.tsx), everything else the page runs comes from this site. A page
 * the edge cache shares between anonymous visitors (app/services/cache/page-cache.server.ts) carries
 * no nonce: its policy lists the SHA-256 hash of each inline script in that exact HTML instead, so a
 * cached copy holds nothing made for one request and still runs nothing else. Styles
 * allow inline `style` attributes (React renders them into the HTML); no script can be injected that
 * way. The API answers JSON, images and PDFs: its policy allows nothing to run or load at all.
 */

/**
 * A page may post its form here, and the checkout may go on to Stripe's hosted page; Google's
 * sign-in page is added when Google sign-in is offered (pagePolicy's formTargets).
 */
const FORM_TARGETS = "'self' https://checkout.stripe.com";

/** 128 random bits, base64: the nonce of one page answer. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** What lets a page's inline scripts run: this answer's nonce, or the hashes of a shared page's scripts. */
export type InlineScripts = { nonce: string } | { hashes: string[] };

/**
 * The policy of a page whose inline scripts are `scripts`. `host` is the address the browser used
 * (Nino's WebSocket connects back to it).
 */
export function pagePolicy(scripts: InlineScripts, host: string, https: boolean, formTargets: string[] = []): string {
  const socket = `${https ? "wss" : "ws"}://${host}`;
  const inline = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((h) => `'sha256-${h}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${socket}`,
    // Nino's voice: recorded audio played back and the recorder, from this page's own blobs
    "media-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${[FORM_TARGETS, ...formTargets].join(" ")}`,
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** What an API answer (JSON, a picture, a PDF, an event stream) may do as a document: nothing. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers every answer carries besides its policy. HSTS only over https (browsers ignore it otherwise). */
export function commonHeaders(https: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "microphone=(self), camera=(), geolocation=()",
    "X-Frame-Options": "DENY",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * `response` with the security headers. A header a route already set (e.g. `Referrer-Policy:
 * no-referrer` on a shared book) is kept; a policy a route set is kept beside ours, and a browser
 * enforces both.
 */
export function withSecurityHeaders(response: Response, policy: string, https: boolean, internal?: string): Response {
  const headers = new Headers(response.headers);
  // A header that carried something from the page to the policy, never sent.
  if (internal) headers.delete(internal);
  for (const [name, value] of Object.entries(commonHeaders(https))) if (!headers.has(name)) headers.set(name, value);
  const own = headers.get("Content-Security-Policy");
  if (own !== policy) headers.set("Content-Security-Policy", own ? `${policy}, ${own}` : policy);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers, webSocket: response.webSocket });
}
