import { Hono } from "hono";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getLoadContext } from "../load-context";
import { devOnly } from "./dev-only";
import { sendEmail } from "./email";
import { clientErrors } from "./client-errors";
import { bookImages } from "./book-images";
import { books } from "./books";
import { samples, sharing } from "./sharing";
import { bookEdits } from "./book-edits";
import { pdf } from "./pdf";
import { health } from "./health";
import { uploads } from "./uploads";
import { images } from "./images";
import { nino } from "./nino";
import { chat } from "./chat";
import { ninoTranscribe } from "./nino-transcribe";

export type ApiEnv = { Bindings: Env; Variables: { app: AppLoadContext } };

/** The spec's permissive cross-origin headers (point 7). */
export const CORS = {
  origin: "*",
  allowMethods: ["GET", "POST", "OPTIONS", "PUT", "DELETE"],
  allowHeaders: ["Content-Type", "Authorization"],
  maxAge: 86400,
};

export const api = new Hono<ApiEnv>().basePath("/api");

api.use("*", cors(CORS));
api.use("*", async (c, next) => {
  c.set("app", getLoadContext(c.env, c.executionCtx as ExecutionContext, crypto.randomUUID(), c.req.raw));
  await next();
});

api.route("/health", health);
api.route("/books", books);
api.route("/books", sharing);
api.route("/samples", samples);
api.route("/books", bookEdits);
api.route("/books", pdf);
api.route("/uploads", uploads);
api.route("/images", bookImages);
api.route("/test", devOnly);
api.route("/send-email", sendEmail);
api.route("/client-errors", clientErrors);
// Before the conversation route (/nino/{sessionId}): "transcribe" is no session id, but say so in order.
api.route("/nino/transcribe", ninoTranscribe);
api.route("/nino", nino);
api.route("/", chat);
api.route("/", images);

api.notFound((c) => c.json({ error: "Not found", path: new URL(c.req.url).pathname }, 404));

api.onError((err, c) => {
  if (err instanceof HTTPException) {
    return c.json({ error: err.message || "Request failed" }, err.status);
  }
  const errorId = c.get("app")?.requestId ?? crypto.randomUUID();
  console.error(JSON.stringify({ level: "error", errorId, path: new URL(c.req.url).pathname, message: err.message }));
  return c.json({ error: err.message || "Unknown error occurred", errorId }, 500);
});
