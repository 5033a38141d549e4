import type { Secrets } from "~/services/env.server";
import { readImageResponse, type UpstreamImageRequest } from "./request";

/** 3 tries of 120 s each for /api/image-generation; 60 s for one request of the generic handler. */
export const IMAGE_GENERATION_ATTEMPTS = 3;
export const IMAGE_GENERATION_TIMEOUT_MS = 120_000;
export const GENERIC_IMAGE_TIMEOUT_MS = 60_000;
/** Backoff before a retry after 429 or 5xx: 1 s, 2 s, 4 s … at most 10 s (a longer Retry-After is cut to that). */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 10_000;
export const DEFAULT_IMAGE_MODEL = "sdxl-lightning";

export interface GenericImageConfig {
  url: string;
  apiKey: string;
  /** the fixed model name sent with every request */
  model: string;
  /** the name the error texts carry ("Failed to parse {provider} response") */
  providerName: string;
}

/** A readable provider name: IMAGE_API_NAME, else the URL's main host label ("api.segmind.com" -> "Segmind"). */
export function providerNameFor(url: string, explicit?: string): string {
  if (explicit?.trim()) return explicit.trim();
  try {
    const host = new URL(url).hostname;
    if (host === "localhost" || /^[\d.]+$/.test(host) || host.includes(":")) return "Image provider";
    const labels = host.split(".").filter((l) => !["api", "www", "inference", "images", "image"].includes(l));
    const main = labels.length >= 2 ? labels[labels.length - 2] : (labels[0] ?? "");
    return main ? main.charAt(0).toUpperCase() + main.slice(1) : "Image provider";
  } catch {
    return "Image provider";
  }
}

/** The generic provider's settings when both its URL and key are set; otherwise null. */
export function imageApiConfig(secrets: Secrets): GenericImageConfig | null {
  const { IMAGE_API_URL, IMAGE_API_KEY, IMAGE_API_MODEL, IMAGE_API_NAME } = secrets;
  if (!IMAGE_API_URL || !IMAGE_API_KEY) return null;
  return {
    url: IMAGE_API_URL,
    apiKey: IMAGE_API_KEY,
    model: IMAGE_API_MODEL ?? DEFAULT_IMAGE_MODEL,
    providerName: providerNameFor(IMAGE_API_URL, IMAGE_API_NAME),
  };
}

export type ImageApiFailure = "timeout" | "status" | "parse" | "no-output" | "network";

/**
 * A failed call to the generic provider. `message` is the whole story, for the log (the provider's
 * own words, what did not parse); `publicMessage` is what a caller may be told: our words only.
 */
export class ImageApiError extends Error {
  readonly publicMessage: string;
  constructor(
    readonly kind: ImageApiFailure,
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
    publicMessage: string = message,
  ) {
    super(message);
    this.name = "ImageApiError";
    this.publicMessage = publicMessage;
  }

  /** 429 and 5xx (and timeouts and unreachable servers) are worth another try. */
  get retryable(): boolean {
    if (this.kind === "timeout" || this.kind === "network") return true;
    return this.kind === "status" && this.status !== undefined && (this.status === 429 || this.status >= 500);
  }
}

function snippet(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** The message in an error body: `{error: "..."}`, `{error: {message}}`, `{message}` or `{detail}`. */
function upstreamMessage(json: unknown, text: string): string {
  if (json && typeof json === "object") {
    const o = json as Record<string, unknown>;
    const e = o.error;
    if (typeof e === "string" && e.trim()) return e.trim();
    if (e && typeof e === "object" && typeof (e as Record<string, unknown>).message === "string") return String((e as Record<string, unknown>).message);
    if (typeof o.message === "string" && o.message.trim()) return o.message.trim();
    if (typeof o.detail === "string" && o.detail.trim()) return o.detail.trim();
    return "";
  }
  return /<html|<!doctype/i.test(text) ? "" : snippet(text);
}

/** Retry-After as milliseconds (seconds or an HTTP date), when the provider sent one. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const v = header.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The timeout text: '{provider} API request timed out after 60 seconds'. */
export function timeoutMessage(provider: string, timeoutMs: number): string {
  const seconds = timeoutMs % 1000 === 0 ? timeoutMs / 1000 : Number((timeoutMs / 1000).toFixed(1));
  return `${provider} API request timed out after ${seconds} seconds`;
}

export interface GenerateOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * One call to the generic provider: POST the image request as JSON with the key (as a bearer token
 * and as x-api-key, the two ways such providers take it), parse `{output}` or `{images}` with zod.
 */
export async function generateImages(config: GenericImageConfig, body: UpstreamImageRequest, options: GenerateOptions): Promise<string[]> {
  const provider = config.providerName;
  const doFetch = options.fetch ?? fetch;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;

  let response: Response;
  let text: string;
  try {
    response = await doFetch(config.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${config.apiKey}`, "x-api-key": config.apiKey },
      body: JSON.stringify(body),
      signal,
    });
    text = await response.text();
  } catch (cause) {
    if (options.signal?.aborted) throw options.signal.reason ?? cause;
    if (timeout.aborted) throw new ImageApiError("timeout", timeoutMessage(provider, options.timeoutMs), 504);
    throw new ImageApiError(
      "network",
      `${provider} could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`,
      undefined,
      undefined,
      `${provider} could not be reached`,
    );
  }

  let json: unknown;
  let jsonError: string | undefined;
  try {
    json = text.trim() ? JSON.parse(text) : undefined;
    if (json === undefined) jsonError = "empty body";
  } catch (error) {
    jsonError = error instanceof Error ? error.message : String(error);
  }

  if (!response.ok) {
    const failed = `${provider} API request failed with status ${response.status}`;
    throw new ImageApiError("status", upstreamMessage(json, text) || failed, response.status, retryAfterMs(response.headers.get("retry-after")), failed);
  }
  const unparsed = `Failed to parse ${provider} response`;
  if (jsonError !== undefined) throw new ImageApiError("parse", `${unparsed}: ${jsonError}`, 500, undefined, unparsed);
  const read = readImageResponse(json);
  if (!read.ok) throw new ImageApiError("parse", `${unparsed}: ${read.problem}`, 500, undefined, unparsed);
  if (read.output.length === 0) throw new ImageApiError("no-output", `No output received from ${provider}`, 500);
  return read.output;
}

export interface RetryOptions {
  maxAttempts: number;
  timeoutMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  sleep: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** The wait before try n+1 after a 429 or 5xx on try n: base·2^(n−1), or Retry-After if longer, at most max. */
export function backoffDelay(attempt: number, options: Pick<RetryOptions, "backoffBaseMs" | "backoffMaxMs">, retryAfter?: number): number {
  const exponential = options.backoffBaseMs * 2 ** (attempt - 1);
  return Math.min(options.backoffMaxMs, Math.max(exponential, retryAfter ?? 0));
}

/** A failure after every try: the last error and how many tries were made. */
export class ImageRetriesFailed extends Error {
  constructor(
    readonly last: ImageApiError,
    readonly attempts: number,
  ) {
    super(last.message);
    this.name = "ImageRetriesFailed";
  }
}

/**
 * Up to `maxAttempts` tries, each with its own timeout. 429 and 5xx wait (exponential backoff)
 * before the next try; a timed-out or unreachable try is tried again at once (it has already
 * waited); any other failure (4xx, a garbled answer, no output) ends at once.
 */
export async function generateWithRetries(
  config: GenericImageConfig,
  body: UpstreamImageRequest,
  options: RetryOptions,
): Promise<{ output: string[]; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const output = await generateImages(config, body, { timeoutMs: options.timeoutMs, fetch: options.fetch, signal: options.signal });
      return { output, attempts: attempt };
    } catch (error) {
      if (!(error instanceof ImageApiError)) throw error;
      if (!error.retryable || attempt >= options.maxAttempts) throw new ImageRetriesFailed(error, attempt);
      if (error.kind === "status") await options.sleep(backoffDelay(attempt, options, error.retryAfterMs));
    }
  }
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
