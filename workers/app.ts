import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono } from "hono";
// @ts-ignore -- written by `remix vite:build` before wrangler bundles this file
import * as remixBuild from "../build/server/index.js";
import { api } from "./api";
import { getLoadContext } from "./load-context";

export { NinoSession } from "./nino-session";
export { StoryWorkflow } from "./story-workflow";

const handleRemixRequest = createRequestHandler(remixBuild as unknown as ServerBuild);

// Everything that is not under /api/, every method, goes to Remix.
const pages = new Hono<{ Bindings: Env }>();
pages.all("*", async (c) => {
  const requestId = crypto.randomUUID();
  const ctx = c.executionCtx as ExecutionContext;
  const response = await handleRemixRequest(c.req.raw, getLoadContext(c.env, ctx, requestId));
  const headers = new Headers(response.headers);
  headers.set("x-request-id", requestId);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const { pathname } = new URL(request.url);
    // Every path under /api/ belongs to the Hono API, including its 404 and error JSON.
    if (pathname === "/api" || pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
    return pages.fetch(request, env, ctx);
  },
};
