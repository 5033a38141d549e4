import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { resolveSite } from "~/domain/story/links";
import { listPosts } from "~/services/content/blog.server";
import { buildSitemapXml, type SitemapEntry } from "~/domain/content/seo";
import { SITE_PAGES } from "~/domain/content/site-pages";

/** sitemap.xml: the public pages and every blog post, with absolute URLs from WEBSITE_URL. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const entries: SitemapEntry[] = [
    ...SITE_PAGES.map((p) => ({ path: p.path })),
    ...listPosts().map((p) => ({ path: `/blog/${p.slug}`, lastModified: p.date })),
  ];
  return new Response(buildSitemapXml(resolveSite(context.env.secrets.WEBSITE_URL, request.url), entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
