import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { createModerator } from "../../app/services/ai/providers.server";
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  GENERIC_IMAGE_TIMEOUT_MS,
  generateImages,
  generateWithRetries,
  IMAGE_GENERATION_ATTEMPTS,
  IMAGE_GENERATION_TIMEOUT_MS,
  ImageApiError,
  imageApiConfig,
  ImageRetriesFailed,
  realSleep,
  type GenericImageConfig,
} from "../../app/services/ai/generic-image/client.server";
import { imageRequestSchema, PROMPT_REQUIRED, toUpstreamRequest, type ImageRequest } from "../../app/services/ai/generic-image/request";
import type { ApiEnv } from "./index";

/** Timeouts and backoff are injectable so tests run in milliseconds; the defaults are the spec's numbers. */
export interface ImageRouteOptions {
  /** /api/image-generation: tries, and the timeout of each (3, 120 s) */
  generationAttempts?: number;
  generationTimeoutMs?: number;
  /** /api/image-generation-proxy (120 s) */
  proxyTimeoutMs?: number;
  /** /api/generate-image (60 s) */
  generateImageTimeoutMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

export const API_KEY_NOT_CONFIGURED = "API key not configured";
const UNKNOWN_ERROR = "Unknown error occurred";

type Ctx = Context<ApiEnv>;
type Prepared = { ok: true; config: GenericImageConfig; request: ImageRequest } | { ok: false; response: Response };

/** The checks every image endpoint makes, in order: configured, JSON, a prompt, valid fields, moderation. */
async function prepare(c: Ctx, fetchImpl: typeof fetch | undefined): Promise<Prepared> {
  const { secrets } = c.get("app").env;
  const config = imageApiConfig(secrets);
  if (!config) return { ok: false, response: c.json({ error: API_KEY_NOT_CONFIGURED }, 500) };

  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { ok: false, response: c.json({ error: "Request body must be JSON" }, 400) };
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return { ok: false, response: c.json({ error: "Request body must be a JSON object" }, 400) };
  const prompt = (body as Record<string, unknown>).prompt;
  if (typeof prompt !== "string" || !prompt.trim()) return { ok: false, response: c.json({ error: PROMPT_REQUIRED }, 400) };

  const parsed = imageRequestSchema.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return { ok: false, response: c.json({ error: "Invalid image request", details }, 400) };
  }

  // a picture for a child's book: the prompt is moderated like every other text
  const verdict = await createModerator(secrets, { fetch: fetchImpl }).check({ prompt: parsed.data.prompt });
  if (!verdict.ok) return { ok: false, response: c.json({ error: verdict.message, categories: verdict.categories }, 422) };

  return { ok: true, config, request: parsed.data };
}

/** Book id and page number are not stored: they go back to the caller for its own records (spec point 3). */
function echo(request: ImageRequest) {
  return {
    ...(request.bookId ? { bookId: request.bookId } : {}),
    ...(request.pageNumber != null ? { pageNumber: request.pageNumber } : {}),
    ...(request.pageType ? { pageType: request.pageType } : {}),
  };
}

function logFailure(c: Ctx, route: string, error: ImageApiError, attempts?: number) {
  console.error(
    JSON.stringify({ level: "error", msg: "image request failed", route, requestId: c.get("app").requestId, kind: error.kind, status: error.status, attempts, message: error.message }),
  );
}

/** An upstream status we can answer with ourselves (4xx or 5xx); anything else becomes 502. */
function passThroughStatus(status: number | undefined): ContentfulStatusCode {
  return status !== undefined && status >= 400 && status <= 599 ? (status as ContentfulStatusCode) : 502;
}

export function createImageRoutes(options: ImageRouteOptions = {}) {
  const attempts = options.generationAttempts ?? IMAGE_GENERATION_ATTEMPTS;
  const generationTimeoutMs = options.generationTimeoutMs ?? IMAGE_GENERATION_TIMEOUT_MS;
  const proxyTimeoutMs = options.proxyTimeoutMs ?? IMAGE_GENERATION_TIMEOUT_MS;
  const generateImageTimeoutMs = options.generateImageTimeoutMs ?? GENERIC_IMAGE_TIMEOUT_MS;
  const backoff = { backoffBaseMs: options.backoffBaseMs ?? BACKOFF_BASE_MS, backoffMaxMs: options.backoffMaxMs ?? BACKOFF_MAX_MS };
  const sleep = options.sleep ?? realSleep;

  return (
    new Hono<ApiEnv>()
      /**
       * POST /api/image-generation: up to 3 tries of 120 s; 429 and 5xx back off exponentially.
       * 400 'Prompt is required'; 504 with isTimeout when the last try timed out; 500 with attempts otherwise.
       */
      .post("/image-generation", async (c) => {
        const prepared = await prepare(c, options.fetch);
        if (!prepared.ok) return prepared.response;
        const { config, request } = prepared;
        const body = toUpstreamRequest(request, { defaultModel: config.model });
        try {
          const result = await generateWithRetries(config, body, { maxAttempts: attempts, timeoutMs: generationTimeoutMs, ...backoff, sleep, fetch: options.fetch, signal: c.req.raw.signal });
          return c.json({ output: result.output, attempts: result.attempts, ...echo(request) });
        } catch (error) {
          if (!(error instanceof ImageRetriesFailed)) throw error;
          logFailure(c, "image-generation", error.last, error.attempts);
          if (error.last.kind === "timeout") return c.json({ error: error.message, isTimeout: true, attempts: error.attempts }, 504);
          return c.json({ error: error.message || UNKNOWN_ERROR, attempts: error.attempts }, 500);
        }
      })
      /**
       * POST /api/image-generation-proxy: the request with a face reference or a control image, one
       * try of 120 s; an upstream error status is passed through with its message.
       */
      .post("/image-generation-proxy", async (c) => {
        const prepared = await prepare(c, options.fetch);
        if (!prepared.ok) return prepared.response;
        const { config, request } = prepared;
        const body = toUpstreamRequest(request, { defaultModel: config.model });
        try {
          const output = await generateImages(config, body, { timeoutMs: proxyTimeoutMs, fetch: options.fetch, signal: c.req.raw.signal });
          return c.json({ output, ...echo(request) });
        } catch (error) {
          if (!(error instanceof ImageApiError)) throw error;
          logFailure(c, "image-generation-proxy", error);
          if (error.kind === "timeout") return c.json({ error: error.message, isTimeout: true }, 504);
          if (error.kind === "status") {
            const status = passThroughStatus(error.status);
            if (error.retryAfterMs !== undefined) c.header("Retry-After", String(Math.ceil(error.retryAfterMs / 1000)));
            return c.json({ error: error.message || UNKNOWN_ERROR, status: error.status }, status);
          }
          return c.json({ error: error.message || UNKNOWN_ERROR }, 500);
        }
      })
      /**
       * POST /api/generate-image: the generic handler. The fixed model, 1024×1024 unless asked
       * otherwise, one try of 60 s, the server-response errors of spec point 8.
       */
      .post("/generate-image", async (c) => {
        const prepared = await prepare(c, options.fetch);
        if (!prepared.ok) return prepared.response;
        const { config, request } = prepared;
        const body = toUpstreamRequest(request, { defaultModel: config.model, fixedModel: config.model });
        try {
          const output = await generateImages(config, body, { timeoutMs: generateImageTimeoutMs, fetch: options.fetch, signal: c.req.raw.signal });
          return c.json({ output, ...echo(request) });
        } catch (error) {
          if (!(error instanceof ImageApiError)) throw error;
          logFailure(c, "generate-image", error);
          if (error.kind === "timeout") return c.json({ error: error.message, isTimeout: true }, 504);
          return c.json({ error: error.message || UNKNOWN_ERROR }, 500);
        }
      })
      .all("/image-generation", (c) => c.json({ error: "Method not allowed" }, 405, { Allow: "POST, OPTIONS" }))
      .all("/image-generation-proxy", (c) => c.json({ error: "Method not allowed" }, 405, { Allow: "POST, OPTIONS" }))
      .all("/generate-image", (c) => c.json({ error: "Method not allowed" }, 405, { Allow: "POST, OPTIONS" }))
  );
}

export const images = createImageRoutes();
