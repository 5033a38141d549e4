import { consentFromCookieHeader } from "../app/domain/analytics/consent";
import {
  fromCache,
  inlineScriptHashes,
  PAGE_CACHE_STATUS,
  pageCacheKey,
  SCRIPT_HASHES_HEADER,
  shareableFor,
  storedCopy,
} from "../app/services/cache/page-cache.server";
import { createDb } from "../app/services/db/client.server";
import { log } from "../app/services/log.server";
import { createThemeService } from "../app/services/themes.server";
import { marketOf } from "./load-context";

/** Draws the page: `shared` for the HTML anonymous visitors share (no nonce, nothing of this visitor), else this request's own. */
export type RenderPage = (options: { shared: boolean; requestId: string }) => Promise<Response>;

/**
 * An anonymous visitor's public page (app/services/cache/page-cache.server.ts says which): from the
 * edge cache when a copy for the same address, build, market, banner state and themes is there;
 * else drawn as a shared page, its inline scripts hashed for the policy, and stored when it may be.
 * The Worker adds a new visitor's cookie and the security headers to whatever this answers.
 */
export async function serveSharedPage(request: Request, env: Env, build: string, render: RenderPage): Promise<Response> {
  const { market, source } = marketOf(env, request);
  const key = await pageCacheKey(request, {
    build,
    market: { country: market.country, currencyCode: market.currencyCode, source },
    consent: consentFromCookieHeader(request.headers.get("Cookie")) ?? "unset",
    themes: await createThemeService(createDb(env.DB), env.CACHE).version(),
  });
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = await cache.match(key);
  if (hit) {
    const answer = fromCache(hit);
    answer.headers.set("x-request-id", crypto.randomUUID());
    return answer;
  }
  const requestId = crypto.randomUUID();
  const page = await render({ shared: true, requestId });
  // A shared page that failed is drawn again as this request's own, so its crash screen shows the id its log line carries.
  if (page.status >= 500) {
    await page.body?.cancel();
    return render({ shared: false, requestId });
  }
  const html = await page.text();
  const headers = new Headers(page.headers);
  headers.set(SCRIPT_HASHES_HEADER, (await inlineScriptHashes(html)).join(" "));
  headers.set(PAGE_CACHE_STATUS, "miss");
  const seconds = shareableFor(page);
  // Stored before answering (the body is in memory already; a put takes a few ms), so the next visitor finds it.
  if (seconds > 0)
    await cache.put(key, storedCopy(html, headers, seconds)).catch((error: unknown) => log.warn("page not stored in the edge cache", { error: String(error) }));
  return new Response(html, { status: page.status, statusText: page.statusText, headers });
}
