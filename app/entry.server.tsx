import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { InlineStylesContext } from "~/components/layout/inline-styles";
import { KeptMarkupMemo } from "~/components/layout/kept-markup-memo";
import { keptMarkup } from "~/kept-markup.server";
import { NonceContext } from "~/components/layout/nonce";
import siteStyles from "~/styles/app.css?inline";
import { log } from "~/services/log.server";
import { renderPageStream } from "~/render-stream.server";

export const streamTimeout = 5_000;

/**
 * Remix's request handler, handed to the Worker (workers/app.ts) from this build, so the Worker
 * runs the one copy of Remix's server runtime the build already holds (with the route matching of
 * workers/shims/router.ts) instead of bundling a second one.
 */
export { createRequestHandler } from "@remix-run/cloudflare";

/** What a thrown value that is not an Error says, for the log (never "[object Object]"). */
function describe(value: unknown): string {
  if (typeof value !== "object" || value === null) return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Requests (by their load context) whose error handleError has already logged. */
const logged = new WeakSet<object>();

/** Every server error is one JSON log line carrying the request's error id (shown on the crash screen). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context as Partial<AppLoadContext>;
  // An answer Remix chose itself (405 for a method a page does not take, 404 for no such route) is no crash.
  if (isRouteErrorResponse(error) && error.status < 500) {
    (ctx.log ?? log).info("page refused the request", { method: request.method, path: new URL(request.url).pathname, status: error.status });
    return;
  }
  logged.add(context);
  const e = error instanceof Error ? error : new Error(isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : describe(error));
  log.error("page request failed", {
    errorId: ctx.requestId ?? null,
    method: request.method,
    path: new URL(request.url).pathname,
    message: e.message,
    stack: e.stack,
  });
};

/**
 * A loader may also throw a Response with a 5xx status, which never reaches handleError; the crash
 * screen still shows the request id, so it gets its log line here.
 */
function logServerStatus(status: number, request: Request, context: AppLoadContext) {
  if (status < 500 || logged.has(context)) return;
  logged.add(context);
  log.error("page answered a server error", {
    errorId: context.requestId ?? null,
    method: request.method,
    path: new URL(request.url).pathname,
    status,
    message: `Responded with status ${status}`,
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  logServerStatus(response.status, request, context);
  return response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  logServerStatus(responseStatusCode, request, loadContext);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1_000);
  // The page's Content-Security-Policy nonce (made by the Worker): every inline script carries it.
  const nonce = loadContext.cspNonce || undefined;
  const page = (
    <NonceContext.Provider value={nonce}>
      <InlineStylesContext.Provider value={siteStyles}>
        <KeptMarkupMemo.Provider value={keptMarkup}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </KeptMarkupMemo.Provider>
      </InlineStylesContext.Provider>
    </NonceContext.Provider>
  );
  // React's output in a chunk per burst of rendering, not per 512 bytes (app/render-stream.server.ts).
  const body = await renderPageStream(page, {
    nonce,
    signal: controller.signal,
    onError(error: unknown) {
      if (!controller.signal.aborted) log.error("rendering the page failed", { error });
      responseStatusCode = 500;
    },
  });
  body.allReady.then(() => clearTimeout(timer));
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
