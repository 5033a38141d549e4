import { Hono, type Context, type MiddlewareHandler } from "hono";
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
import { costlyGuard } from "./costly-guard";
import type { ApiEnv } from "./env";
import { methodNotAllowed } from "./errors";
import { zodValidator } from "./validate";

/** Timeouts and backoff are injectable so tests run in milliseconds; the defaults are in generic-image/client.server.ts. */
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
  /** what stands between a valid body and the work (default: costlyGuard("images"): origin, visitor, limits) */
  guard?: MiddlewareHandler<ImageEnv>;
}

/** The image routes also keep the provider's settings of the request (null: the offline illustrator). */
type ImageEnv = { Bindings: Env; Variables: ApiEnv["Variables"] & { imageConfig: GenericImageConfig | null } };
type Ctx = Context<ImageEnv>;

/** After the body and the guard: the provider's URL and key when both are set, else the offline illustrator. */
const provider: MiddlewareHandler<ImageEnv> = async (c, next) => {
  c.set("imageConfig", imageApiConfig(c.get("app").env.secrets));
  await next();
};

/** First the body: a JSON object, with a prompt (its own message, whatever else is wrong), and valid fields. */
const imageBody = zodValidator("json", imageRequestSchema, {
  unreadable: "Request body must be JSON",
  invalid: (issues) => {
    if (issues.some((i) => i.path === "")) return { error: "Request body must be a JSON object" };
    if (issues.some((i) => i.path === "prompt" && i.message === PROMPT_REQUIRED)) return { error: PROMPT_REQUIRED };
    return { error: "Invalid image request", details: issues };
  },
});

/** Last, moderation: a picture for a child's book, so the prompt is checked like every other text. */
function moderated(fetchImpl: typeof fetch | undefined): MiddlewareHandler<ImageEnv, string, { out: { json: ImageRequest } }> {
  return async (c, next) => {
    const verdict = await createModerator(c.get("app").env.secrets, { fetch: fetchImpl }).check({ prompt: c.req.valid("json").prompt });
    if (!verdict.ok) return c.json({ error: verdict.message, categories: verdict.categories }, 422);
    await next();
  };
}

/** The offline illustrator's picture of the prompt (loaded when first needed: it brings the PNG renderer). */
async function offlinePicture(request: ImageRequest): Promise<string> {
  const { offlineImageDataUrl } = await import("../../app/services/ai/offline.server");
  return offlineImageDataUrl(request);
}

/** Book id and page number are not stored: they go back to the caller for its own records. */
function echo(request: ImageRequest) {
  return {
    ...(request.bookId ? { bookId: request.bookId } : {}),
    ...(request.pageNumber != null ? { pageNumber: request.pageNumber } : {}),
    ...(request.pageType ? { pageType: request.pageType } : {}),
  };
}

function logFailure(c: Ctx, route: string, error: ImageApiError, attempts?: number) {
  c.get("app").log.error("image request failed", { route, kind: error.kind, status: error.status, attempts, message: error.message });
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

  const checked = moderated(options.fetch);
  const guard = options.guard ?? (costlyGuard("images") as unknown as MiddlewareHandler<ImageEnv>);
  // The order of every route: the body, the guard (origin, visitor, limits), moderation, the provider.
  const before = [imageBody, guard, checked, provider] as const;

  return (
    new Hono<ImageEnv>()
      /*
       * Every route: 400 for the body first ('Prompt is required'), then the guard (403 another
       * site's page, 401 a visitor the site does not know, 429 per-address limit or daily quota), 422
       * a prompt not for a child's book. The picture is one 1024×1024 at the server's model (the
       * caller's model, size and count are not read); without IMAGE_API_URL and IMAGE_API_KEY the
       * offline illustrator draws the prompt and `output` holds a PNG data URL.
       */
      /**
       * POST /api/image-generation: up to 3 tries of 120 s; 429 and 5xx back off exponentially.
       * 400 'Prompt is required'; 504 with isTimeout when the last try timed out; 500 with attempts otherwise.
       */
      .post("/image-generation", ...before, async (c) => {
        const config = c.get("imageConfig");
        const request = c.req.valid("json");
        if (!config) return c.json({ output: [await offlinePicture(request)], attempts: 1, ...echo(request) });
        const body = toUpstreamRequest(request, { model: config.model });
        try {
          const result = await generateWithRetries(config, body, {
            maxAttempts: attempts,
            timeoutMs: generationTimeoutMs,
            ...backoff,
            sleep,
            fetch: options.fetch,
            signal: c.req.raw.signal,
          });
          return c.json({ output: result.output, attempts: result.attempts, ...echo(request) });
        } catch (error) {
          if (!(error instanceof ImageRetriesFailed)) throw error;
          logFailure(c, "image-generation", error.last, error.attempts);
          if (error.last.kind === "timeout") return c.json({ error: error.last.publicMessage, isTimeout: true, attempts: error.attempts }, 504);
          return c.json({ error: error.last.publicMessage, attempts: error.attempts }, 500);
        }
      })
      /**
       * POST /api/image-generation-proxy: the request with a face reference or a control image, one
       * try of 120 s; an upstream error status is passed through with its message (a 500 with ours).
       */
      .post("/image-generation-proxy", ...before, async (c) => {
        const config = c.get("imageConfig");
        const request = c.req.valid("json");
        if (!config) return c.json({ output: [await offlinePicture(request)], ...echo(request) });
        const body = toUpstreamRequest(request, { model: config.model });
        try {
          const output = await generateImages(config, body, { timeoutMs: proxyTimeoutMs, fetch: options.fetch, signal: c.req.raw.signal });
          return c.json({ output, ...echo(request) });
        } catch (error) {
          if (!(error instanceof ImageApiError)) throw error;
          logFailure(c, "image-generation-proxy", error);
          if (error.kind === "timeout") return c.json({ error: error.publicMessage, isTimeout: true }, 504);
          if (error.kind === "status") {
            const status = passThroughStatus(error.status);
            if (error.retryAfterMs !== undefined) c.header("Retry-After", String(Math.ceil(error.retryAfterMs / 1000)));
            return c.json({ error: status === 500 ? error.publicMessage : error.message, status: error.status }, status);
          }
          return c.json({ error: error.publicMessage }, 500);
        }
      })
      /**
       * POST /api/generate-image: the generic handler. One try of 60 s; a failure is a 500 (504 for a
       * timeout) in our words.
       */
      .post("/generate-image", ...before, async (c) => {
        const config = c.get("imageConfig");
        const request = c.req.valid("json");
        if (!config) return c.json({ output: [await offlinePicture(request)], ...echo(request) });
        const body = toUpstreamRequest(request, { model: config.model });
        try {
          const output = await generateImages(config, body, { timeoutMs: generateImageTimeoutMs, fetch: options.fetch, signal: c.req.raw.signal });
          return c.json({ output, ...echo(request) });
        } catch (error) {
          if (!(error instanceof ImageApiError)) throw error;
          logFailure(c, "generate-image", error);
          if (error.kind === "timeout") return c.json({ error: error.publicMessage, isTimeout: true }, 504);
          return c.json({ error: error.publicMessage }, 500);
        }
      })
      .all("/image-generation", methodNotAllowed(["POST", "OPTIONS"]))
      .all("/image-generation-proxy", methodNotAllowed(["POST", "OPTIONS"]))
      .all("/generate-image", methodNotAllowed(["POST", "OPTIONS"]))
  );
}

export const images = createImageRoutes();
