/**
 * A form post from another site (cross-site request forgery) is refused: the browser's Origin (or,
 * without one, Sec-Fetch-Site) must say the request came from this site. A request with neither is
 * not from a browser's form and is let through. The same rule as the account pages' assertSameOrigin,
 * for every page: the Worker answers 403 before Remix runs (whose own check would answer 500).
 */
export const CROSS_SITE_REFUSED = "This form was sent from another site, so it was refused.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin !== new URL(request.url).origin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}
