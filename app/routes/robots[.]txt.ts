import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { buildRobotsTxt } from "~/domain/content/seo";

/** robots.txt: everything is open except the API and the developer and test pages. */
export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(buildRobotsTxt(context.env.secrets.WEBSITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
