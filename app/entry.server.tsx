import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { log } from "~/services/log.server";

export const streamTimeout = 5_000;

/** Requests (by their load context) whose error handleError has already logged. */
const logged = new WeakSet<object>();

/** Every server error is one JSON log line carrying the request's error id (shown on the crash screen). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  logged.add(context);
  const ctx = context as Partial<AppLoadContext>;
  const e = error instanceof Error ? error : new Error(String(error));
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
  const body = await renderToReadableStream(<RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} />, {
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
