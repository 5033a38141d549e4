/** Absolute URLs, sitemap.xml and robots.txt: pure builders, given the configured website URL. */

/** Joins the configured site URL (which may carry a path and a trailing slash) with a site path. */
export function absoluteUrl(siteUrl: string, path: string): string {
  const base = new URL(siteUrl);
  const basePath = base.pathname.replace(/\/+$/, "");
  const clean = path.startsWith("/") ? path : `/${path}`;
  return `${base.origin}${basePath}${clean}`;
}

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD */
  lastModified?: string;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

export function buildSitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastModified ? `<lastmod>${escapeXml(e.lastModified)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(absoluteUrl(siteUrl, e.path))}</loc>${lastmod}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}

/** Paths crawlers are asked to leave alone: the API and the developer and test pages. */
export const ROBOTS_DISALLOW = ["/api/", "/dev/", "/test/", "/debug-library"] as const;

export function buildRobotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), "", `Sitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}`, ""].join("\n");
}
