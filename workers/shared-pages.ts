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

/**
 * The isolate's own copies of the shared pages it answered lately, in front of the Cache API, so the
 * commonest pages cost no I/O at all: at most this many, each for at most MEMORY_TTL_MS (and never
 * past its stored copy's lifetime when it was just drawn). Same keys, so the same rules.
 */
export const MEMORY_PAGES = 32;
export const MEMORY_TTL_MS = 30_000;
const memory = new Map<string, { html: string; headers: [string, string][]; until: number }>();

function fromMemory(key: string): Response | null {
  const copy = memory.get(key);
  if (!copy) return null;
  memory.delete(key);
  if (copy.until <= Date.now()) return null;
  memory.set(key, copy); // the most recently used last
  return new Response(copy.html, { status: 200, headers: copy.headers });
}

function remember(key: string, html: string, headers: Headers, ms: number): void {
  memory.delete(key);
  memory.set(key, { html, headers: [...headers], until: Date.now() + ms });
  while (memory.size > MEMORY_PAGES) memory.delete(memory.keys().next().value as string);
}

/** A cached page as this request's answer: its own request id. */
function answer(page: Response): Response {
  page.headers.set("x-request-id", crypto.randomUUID());
  return page;
}

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
  const inMemory = fromMemory(key.url);
  if (inMemory) return answer(inMemory);
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = await cache.match(key);
  if (hit) {
    const page = fromCache(hit);
    const html = await page.text();
    remember(key.url, html, page.headers, MEMORY_TTL_MS);
    return answer(new Response(html, { status: page.status, headers: page.headers }));
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
  if (seconds > 0) {
    const stored = storedCopy(html, headers, seconds);
    remember(key.url, html, fromCache(stored.clone()).headers, Math.min(seconds * 1000, MEMORY_TTL_MS));
    await cache.put(key, stored).catch((error: unknown) => log.warn("page not stored in the edge cache", { error: String(error) }));
  }
  return new Response(html, { status: page.status, statusText: page.statusText, headers });
}
