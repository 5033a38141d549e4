/**
 * A form post from another site (cross-site request forgery) is refused: the browser's Origin (or,
 * without one, Sec-Fetch-Site) must say the request came from this site. A request with neither is
 * not from a browser's form and is let through. The account pages' assertSameOrigin and the Worker
 * (for every page, before Remix runs, whose own check would answer 500) both use this rule.
 *
 * The Origin's host is compared with the Host header the browser sent (which a page on another site
 * cannot change), like Remix's own check: behind a local front proxy the request's URL names the
 * runtime's address, not the one the browser used.
 */
export const CROSS_SITE_REFUSED = "This form was sent from another site, so it was refused.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null; // unreadable
  }
}

export function isCrossSiteRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  const site = request.headers.get("Sec-Fetch-Site");
  // A page whose Referrer-Policy is no-referrer makes the browser send "Origin: null" even for its
  // own forms: then only the browser's Sec-Fetch-Site can say it was this site.
  if (origin === "null") return site !== "same-origin";
  if (origin !== null) {
    const ownHost = request.headers.get("Host") ?? new URL(request.url).host;
    return originHost(origin) !== ownHost;
  }
  return site !== null && site !== "same-origin" && site !== "none";
}
