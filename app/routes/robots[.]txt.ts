import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { resolveSite } from "~/domain/story/links";
import { buildRobotsTxt } from "~/domain/content/seo";

/** robots.txt: everything is open except the API and the developer and test pages. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  return new Response(buildRobotsTxt(resolveSite(context.env.secrets.WEBSITE_URL, request.url)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
