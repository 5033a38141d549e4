import { Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiEnv } from "./env";

/** A diagnostic that exists only outside production: 404 there, as if it were not. */
export const notInProduction: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.get("app").env.secrets.ENVIRONMENT === "production") throw new HTTPException(404, { message: "Not found" });
  await next();
};

/**
 * Diagnostics that exist only outside production (404 there): a handler that throws, so the error
 * path (500 JSON with a generic sentence and the error id, one log line with the id and the
 * message) can be seen and tested.
 */
export const devOnly = new Hono<ApiEnv>().use("*", notInProduction).get("/error", () => {
  throw new Error("Deliberate test failure");
});
