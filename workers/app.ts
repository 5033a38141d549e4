import type { createRequestHandler as CreateRequestHandler, ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- written by `remix vite:build` before wrangler bundles this file
import * as remixBuild from "../build/server/index.js";
import { api } from "./api";
import { identifyVisitor, visitorCookie } from "../app/services/visitor.server";
import { getLoadContext, rememberIdentity, rememberIdentityOf } from "./load-context";
import { API_POLICY, newNonce, pagePolicy, withSecurityHeaders } from "./security-headers";
import { serveSharedPage } from "./shared-pages";
import { keepPrivate, mayShare, SCRIPT_HASHES_HEADER } from "../app/services/cache/page-cache.server";
import { drainUnread, limitBody } from "./body-limits";
import { resolveIdentity, isSecureRequest } from "../app/services/auth/identity.server";
import { clearSessionCookie } from "../app/services/auth/sessions.server";
import { CROSS_SITE_REFUSED, isCrossSiteRequest } from "../app/services/auth/same-origin.server";
import { createServices } from "../app/services/services.server";
import { isProduction, parseEnv } from "../app/services/env.server";
import { devCountryCookie } from "../app/services/pricing/market.server";
import { sweepExpiredVisitors } from "../app/services/retention.server";
import { sweepUnusedUploads } from "../app/services/books/uploads.server";
import { noteVisit } from "../app/services/db/visitors.server";
import { sweepAnalytics } from "../app/services/analytics/retention.server";
import { createDb } from "../app/services/db/client.server";
import { siteFor } from "../app/services/email/site.server";
import { log } from "../app/services/log.server";
import { sweepAccounts } from "../app/services/auth/sweep.server";
import { googleSignInOrigin } from "../app/services/auth/google.server";
import { resumeAtStart } from "./resume-at-start";
import { sweepLimits } from "../app/services/limits/quotas.server";
import { rollUpAnalytics } from "../app/services/analytics/rollup.server";

export { NinoSession } from "./nino-session";

/** The country a development page's `?country=` asks to keep ("" forgets it), or null. */
function forcedCountryToKeep(url: URL, env: Env): string | null {
  const query = url.searchParams.get("country");
  if (query === null || url.pathname.startsWith("/api/") || isProduction(parseEnv(env))) return null;
  return /^[A-Za-z]{2}$/.test(query) ? query.toUpperCase() : "";
}
export { StoryWorkflow } from "./story-workflow";

const build = remixBuild as unknown as ServerBuild;
/** Remix's request handler from the build itself (app/entry.server.tsx): one copy of Remix's server runtime in the Worker. */
const { createRequestHandler } = build.entry.module as unknown as { createRequestHandler: typeof CreateRequestHandler };
const handleRemixRequest = createRequestHandler(build);
/** The build's asset version: part of the edge cache's key, so a deploy never serves pages naming old assets. */
const BUILD_VERSION = build.assets.version;

/** The methods a page takes; anything else is answered 405 before Remix (which would log it as a crash). */
const PAGE_METHODS = ["GET", "HEAD", "POST"];
/**
 * Pages a mail provider's server posts to without a browser (RFC 8058 one-click unsubscribe): the
 * token in the address is the permission, so another site's Origin does not matter.
 */
const CROSS_SITE_PAGES = /^\/unsubscribe\/[^/]+\/?$/;

/** A short plain page for an answer the Worker gives before any page runs. */
function plainPage(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}

/**
 * The request Remix gets: its own check of a form's Origin (which answers a mismatch with a bare
 * 500) has been done here already by a stricter rule, so the headers it compares are removed (a
 * no-referrer page's own "Origin: null", a client's X-Forwarded-Host).
 */
function forRemix(request: Request): Request {
  if (!request.headers.has("Origin") && !request.headers.has("X-Forwarded-Host")) return request;
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  headers.delete("X-Forwarded-Host");
  return new Request(request, { headers });
}

// Everything that is not under /api/, every method, goes to Remix. A shared page (workers/shared-pages.ts) has no nonce.
async function servePage(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  nonce: string,
  { shared = false, requestId = crypto.randomUUID(), signedIn = false }: { shared?: boolean; requestId?: string; signedIn?: boolean } = {},
): Promise<Response> {
  if (!PAGE_METHODS.includes(request.method)) return plainPage(405, "Method not allowed", { Allow: PAGE_METHODS.join(", ") });
  // A form that another site's page posts here is refused before any page code runs.
  if (isCrossSiteRequest(request) && !CROSS_SITE_PAGES.test(new URL(request.url).pathname)) return plainPage(403, CROSS_SITE_REFUSED);
  const remixRequest = forRemix(request);
  if (remixRequest !== request) rememberIdentityOf(request, remixRequest);
  const response = await handleRemixRequest(remixRequest, getLoadContext(env, ctx, requestId, remixRequest, shared ? "" : nonce, shared));
  await drainUnread(remixRequest);
  const headers = new Headers(response.headers);
  headers.set("x-request-id", requestId);
  // The shared anonymous pages keep their own headers (the edge cache decides on them); any other page is private.
  if (!shared) keepPrivate(headers, signedIn);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The Worker's own 500, when something failed outside any route: the error id, nothing else. */
function failed(error: unknown, request: Request, isApi: boolean): Response {
  const errorId = crypto.randomUUID();
  const e = error instanceof Error ? error : new Error(String(error));
  log.error("request failed", { errorId, method: request.method, path: new URL(request.url).pathname, message: e.message, stack: e.stack });
  if (isApi) return Response.json({ error: "Something went wrong", errorId }, { status: 500, headers: { "Cache-Control": "no-store" } });
  return plainPage(500, `Something went wrong. Error id: ${errorId}`);
}

/** Remix's old data protocol, which single fetch (vite.config.ts) replaced: Remix would log each such request as an error with its stack. */
const OLD_DATA_REQUEST = "_data";

async function serve(request: Request, env: Env, ctx: ExecutionContext, isApi: boolean, nonce: string): Promise<Response> {
  const url = new URL(request.url);
  // The body each route takes at most (workers/body-limits.ts): 413 before anything reads it.
  const limited = await limitBody(request, isApi);
  if (limited instanceof Response) return limited;
  // No page of ours asks with `?_data=`: a stale client or a probe gets a plain 400 and one info line, before any other work.
  if (!isApi && url.searchParams.has(OLD_DATA_REQUEST)) {
    log.info("page refused the request", { method: request.method, path: url.pathname, status: 400, reason: "?_data= request" });
    await drainUnread(limited);
    return plainPage(400, "Bad request: this site does not answer ?_data= requests.");
  }
  // Every request has a visitor; a new one gets its cookie on this response.
  const { identity, request: identified } = identifyVisitor(limited);
  // ... and, when its session cookie is valid, a signed-in account (one D1 read, only with the cookie).
  const resolved = await resolveIdentity(createDb(env.DB), identified, identity.visitorId, identity.isNew);
  // Cloudflare's idea of where the visitor is (the market's country), read from the original request.
  rememberIdentity(identified, resolved, (request as { cf?: { country?: unknown; continent?: unknown } }).cf ?? null);
  // Development only: `?country=XX` stands in for the visitor's country for the rest of the session.
  const devCountry = forcedCountryToKeep(url, env);
  // An anonymous visitor's public page may come from the edge cache (workers/shared-pages.ts); a signed-in parent's never.
  const shared = !isApi && devCountry === null && resolved.account === null && mayShare(identified);
  // Every path under /api/ belongs to the Hono API, including its 404 and error JSON.
  const response = isApi
    ? await api.fetch(identified, env, ctx)
    : shared
      ? await serveSharedPage(identified, env, BUILD_VERSION, (o) => servePage(identified, env, ctx, nonce, o))
      : await servePage(identified, env, ctx, nonce, { signedIn: resolved.account !== null });
  if (isApi) await drainUnread(identified);
  // A returning browser's page visit keeps its books for another 12 months (one write a day at
  // most; a browser without our cookie, e.g. a crawler, writes nothing).
  if (!isApi && request.method === "GET" && !identity.isNew) ctx.waitUntil(noteVisit(createDb(env.DB), identity.visitorId).catch(() => undefined));
  if (!identity.isNew && !resolved.staleSessionCookie && devCountry === null) return response;
  const headers = new Headers(response.headers);
  if (devCountry !== null) headers.append("Set-Cookie", devCountryCookie(devCountry));
  if (identity.isNew) headers.append("Set-Cookie", visitorCookie(identity.visitorId, url.protocol === "https:"));
  // A session cookie that no longer signs anyone in (ended, expired) is removed, unless the page set a new one.
  if (resolved.staleSessionCookie && !headers.getSetCookie().some((c) => c.startsWith(clearSessionCookie(isSecureRequest(request)).split("=")[0] + "=")))
    headers.append("Set-Cookie", clearSessionCookie(isSecureRequest(request)));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers, webSocket: response.webSocket });
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // Local runtime: books in the making when it stopped get a new runner now (workers/resume-at-start.ts).
    resumeAtStart(env, ctx);
    const url = new URL(request.url);
    const isApi = url.pathname === "/api" || url.pathname.startsWith("/api/");
    const https = url.protocol === "https:";
    // Pages get a policy with a nonce of their own (passed to Remix's scripts), or for a shared page
    // the hashes of its inline scripts; the API a policy that allows nothing.
    const nonce = newNonce();
    let response: Response;
    try {
      response = await serve(request, env, ctx, isApi, nonce);
    } catch (error) {
      response = failed(error, request, isApi);
    }
    const hashes = response.headers.get(SCRIPT_HASHES_HEADER);
    const google = isApi ? null : googleSignInOrigin(parseEnv(env).secrets);
    const scripts = hashes === null ? { nonce } : { hashes: hashes.split(" ").filter(Boolean) };
    const policy = isApi ? API_POLICY : pagePolicy(scripts, request.headers.get("Host") ?? url.host, https, google ? [google] : []);
    return withSecurityHeaders(response, policy, https, SCRIPT_HASHES_HEADER);
  },

  /**
   * The cron trigger (wrangler.toml, every 5 minutes): the book watchdog for books nobody is
   * watching, so a book interrupted by a crash or a lost runner finishes without anyone opening it;
   * then the privacy policy's 12 months for visitors without an account (app/services/retention.server.ts);
   * then the accounts' housekeeping (app/services/auth/sweep.server.ts); then the e-mails (story
   * e-mails not yet queued, retries with backoff, expired links); offline, the test payment
   * provider's renewals.
   */
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const appEnv = parseEnv(env);
    const { books, db, testPayments, payments, deliveries, notifications, emailLinks, social } = createServices(appEnv, ctx);
    const result = await books.sweepStalled();
    if (result.checked > 0) log.info("stalled-book sweep", result);
    const expired = await sweepExpiredVisitors({ db, images: env.BOOK_IMAGES, conversations: env.NINO_SESSION, books });
    if (expired.visitors > 0) log.info("retention sweep: visitors away 12 months deleted", expired);
    const unused = await sweepUnusedUploads({ db, images: env.BOOK_IMAGES, kv: env.CACHE });
    if (unused.deleted > 0) log.info("retention sweep: photos no book uses deleted after a day", unused);
    const accounts = await sweepAccounts(db);
    if (accounts.sessions + accounts.unconfirmed > 0) log.info("accounts sweep: ended sessions and unconfirmed sign-ups deleted", accounts);
    // The dashboard's daily roll-up of past days (app/services/analytics/rollup.server.ts).
    await rollUpAnalytics(env.DB).catch((e: unknown) => log.error("analytics roll-up failed", { message: String(e) }));
    // Quota counts of past days and leases of connections that ended without saying so.
    await sweepLimits(db);
    // Analytics past their retention: page views and activity after 13 months, daily totals after 25.
    const analyticsSwept = await sweepAnalytics(db);
    if (analyticsSwept.events + analyticsSwept.activity + analyticsSwept.daily > 0) log.info("retention sweep: old analytics deleted", analyticsSwept);
    // The default story privacy of books whose runner stopped before applying it.
    const privacyApplied = await social.defaultPrivacy.sweep(siteFor(appEnv));
    if (privacyApplied > 0) log.info("default-privacy sweep", { books: privacyApplied });
    // E-mails: story e-mails of books whose runner stopped before sending one, then every message due
    // for another attempt, then expired e-mail links.
    const storyEmails = await notifications.sweepDue(siteFor(appEnv));
    // The daily digest of reactions and comments, at most one per owner a day (sent at once; a failed one is retried below).
    const digests = await notifications.sweepDigests(siteFor(appEnv));
    const mail = await deliveries.sweep();
    const links = await emailLinks.sweep();
    if (storyEmails + digests + mail.tried + mail.removed + links > 0) log.info("e-mail sweep", { storyEmails, digests, ...mail, expiredLinks: links });
    // Offline only: the built-in test provider bills subscriptions whose period ended, as Stripe does on its own.
    const billed = testPayments ? await testPayments.renewDue() : null;
    // Checkouts left waiting past their 24 hours end as expired, even if the provider never said so.
    const expiredCheckouts = await payments.sweepExpired();
    if (expiredCheckouts > 0) log.info("payments sweep: waiting checkouts expired", { orders: expiredCheckouts });
    if (billed && billed.renewed + billed.ended > 0) log.info("test payment provider: subscriptions billed", billed);
  },
} satisfies ExportedHandler<Env>;
