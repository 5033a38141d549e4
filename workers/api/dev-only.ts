import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiEnv } from "./index";

/**
 * Diagnostics that exist only outside production (404 there): a handler that throws, so the error
 * path (500 JSON carrying the message, one log line with the error id) can be seen and tested.
 */
export const devOnly = new Hono<ApiEnv>()
  .use("*", async (c, next) => {
    if (c.get("app").env.secrets.ENVIRONMENT === "production") throw new HTTPException(404, { message: "Not found" });
    await next();
  })
  .get("/error", () => {
    throw new Error("Deliberate test failure");
  });
