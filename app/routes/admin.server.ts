import type { AppLoadContext } from "@remix-run/cloudflare";

/** /admin is private to each administrator: never kept by any cache, never indexed. */
export const ADMIN_PAGE_HEADERS: HeadersInit = { "Cache-Control": "private, no-store", Vary: "Cookie" };

/**
 * The dashboard's role check: a signed-in account whose e-mail is in ADMIN_EMAILS. Anyone else (a
 * visitor, another parent) is shown the site's normal 404 page, so the page's existence is not given away.
 */
export function isAdmin(context: AppLoadContext): boolean {
  const email = context.account?.email.trim().toLowerCase();
  return !!email && context.env.secrets.ADMIN_EMAILS.includes(email);
}
