import { data, redirect, redirectDocument, type AppLoadContext } from "@remix-run/cloudflare";
import { AUTH_MESSAGES, safeRedirect } from "~/domain/auth/forms";
import { resolveSite } from "~/domain/story/links";
import type { RequestInfo, SignedInResult } from "~/services/auth/accounts.server";
import { clientKey, isSecureRequest } from "~/services/auth/identity.server";
import { CROSS_SITE_REFUSED, isCrossSiteRequest } from "~/services/auth/same-origin.server";
import { signInBrowser } from "~/services/auth/browser-sign-in.server";
import { clearSessionCookie, describeDevice } from "~/services/auth/sessions.server";
import { isProduction } from "~/services/env.server";

/**
 * What the account pages share: who is asking (for limits, links and the session list), whether
 * accounts can work at all, the same-origin rule for their forms, and the redirect that signs a
 * browser in or out.
 */
export function requestInfo(request: Request, context: AppLoadContext): RequestInfo {
  return {
    client: clientKey(request, context.identity.visitorId),
    site: resolveSite(context.env.secrets.WEBSITE_URL, request.url),
    device: describeDevice(request.headers.get("User-Agent")),
    visitorId: context.identity.visitorId,
  };
}

/**
 * Accounts need, in production, the site's own address for the links they e-mail (never the
 * request's Host header, which a caller chooses) and a real e-mail provider (the outbox is for
 * development). Without them the account pages say the service is not available.
 */
export function accountsAvailable(context: AppLoadContext): boolean {
  if (!isProduction(context.env)) return true;
  return Boolean(context.env.secrets.WEBSITE_URL && context.env.secrets.RESEND_API_KEY);
}

/** 503 with the fixed text when accounts cannot work here (see accountsAvailable). */
export function assertAccountsAvailable(context: AppLoadContext): void {
  if (!accountsAvailable(context)) throw data({ formError: AUTH_MESSAGES.serviceUnavailable }, { status: 503 });
}

/**
 * Refuses a form post that another site sent (cross-site request forgery): the browser's Origin (or,
 * without one, Sec-Fetch-Site) must say it came from this site (isCrossSiteRequest). A request with
 * neither is not from a browser's form, and is let through.
 */
export function assertSameOrigin(request: Request): void {
  if (isCrossSiteRequest(request)) throw data({ formError: CROSS_SITE_REFUSED }, { status: 403 });
}

/**
 * The redirect after a sign-in, the one place every sign-in page passes through: the browser is
 * signed in (app/services/auth/browser-sign-in.server.ts: the earlier session ends, the browser's
 * things are claimed, the new session's cookie is set).
 *
 * Sign-in and sign-out change whose books, library cache and Nino conversation this browser shows,
 * so both answer with a full page load (`redirectDocument`): nothing the page kept in memory for the
 * previous owner survives it, and the library cache is named the new owner before it shows anything.
 */
export async function signedInRedirect(request: Request, context: AppLoadContext, result: SignedInResult, to: string): Promise<Response> {
  const cookie = await signInBrowser(request, context, result);
  const target = result.needsProfile ? `/auth/complete-profile?redirectTo=${encodeURIComponent(safeRedirect(to))}` : safeRedirect(to);
  return redirectDocument(target, { headers: { "Set-Cookie": cookie } });
}

/** The redirect after sign-out: the session ends and its cookie goes (a full page load, as after a sign-in). */
export async function signedOutRedirect(request: Request, context: AppLoadContext, to = "/auth/logout"): Promise<Response> {
  if (context.account) await context.services.accounts.signOut(context.account.sessionId);
  return redirectDocument(to, { headers: { "Set-Cookie": clearSessionCookie(isSecureRequest(request)) } });
}

/** Pages only a signed-in parent sees send a visitor to sign in, and back here afterwards. */
export function requireAccount(request: Request, context: AppLoadContext) {
  if (context.account) return context.account;
  const url = new URL(request.url);
  throw redirect(`/auth/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The signed-in parent with a profile (every sign-in makes one; without it, complete-profile does, then comes back here). */
export function requireProfile(request: Request, context: AppLoadContext) {
  const account = requireAccount(request, context);
  if (account.userProfileId) return { ...account, userProfileId: account.userProfileId };
  const url = new URL(request.url);
  throw redirect(`/auth/complete-profile?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Answers a rate-limited form with 429 and Retry-After. */
export function retryAfterHeaders(retryAfterS: number | undefined): HeadersInit | undefined {
  return retryAfterS ? { "Retry-After": String(retryAfterS) } : undefined;
}
