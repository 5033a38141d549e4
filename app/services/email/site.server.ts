import { siteBase } from "~/domain/story/links";
import type { AppEnv } from "../env.server";

/** Where the product runs when nothing says otherwise (the local server of `npm start`). */
export const DEFAULT_SITE = "http://localhost:8787";

/**
 * The site's address for links in e-mails sent without a request at hand (the book's Workflow, the
 * cron sweep): WEBSITE_URL, else the origin the book was made on, else the local server.
 */
export function siteFor(env: AppEnv, origin?: string | null): string {
  return siteBase(env.secrets.WEBSITE_URL?.trim() || origin || DEFAULT_SITE);
}
