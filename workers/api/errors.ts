import type { Context, ErrorHandler, Handler } from "hono";
import { HTTPException } from "hono/http-exception";
import { log } from "../../app/services/log.server";
import type { ApiEnv } from "./env";

/**
 * Every error answer of the API is JSON with `error`: a plain sentence a person can read. A route
 * adds what its callers read besides (`fallback: true` for the chat, `fieldErrors` for a form,
 * `issues` for a list of problems). Nothing in it is ever taken from an error object: the detail
 * goes to the log, under the error id the caller is given.
 */
export type ErrorBody = { error: string } & Record<string, unknown>;

/** What a caller is told when the server failed. */
const SERVER_FAILED = "Something went wrong";

/** The body of a 404 for a path under /api/ that names nothing. */
export function notFoundBody(c: Context): ErrorBody {
  return { error: "Not found", path: new URL(c.req.url).pathname };
}

/** A handler for the methods a path does not take: 405 with Allow (and the route's own error fields). */
export function methodNotAllowed(allow: readonly string[], extra: Record<string, unknown> = {}): Handler {
  return (c) => c.json({ ...extra, error: "Method not allowed" }, 405, { Allow: allow.join(", ") });
}

/**
 * The API's onError. An HTTPException is an answer we chose, with our own words. Anything else is a
 * failure: 500 with a generic sentence and the error id (the request id), while the log line under
 * the same id carries the message and the stack.
 */
export const answerError: ErrorHandler<ApiEnv> = (err, c) => {
  if (err instanceof HTTPException) return c.json({ error: err.message || "Request failed" }, err.status);
  const app = c.get("app") as ApiEnv["Variables"]["app"] | undefined;
  const errorId = app?.requestId ?? crypto.randomUUID();
  (app?.log ?? log).error("API request failed", {
    errorId,
    method: c.req.method,
    path: new URL(c.req.url).pathname,
    message: err.message,
    // e.g. the database's own error behind the query builder's "Failed query"
    cause: err.cause,
    stack: err.stack,
  });
  return c.json({ error: SERVER_FAILED, errorId }, 500);
};
