import { z } from "zod";
import { describeIssues } from "~/domain/validation";
import { ProviderError } from "../image";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

export interface OpenAIConfig {
  apiKey: string;
  /** Where the calls go; tests point it at a local server that speaks OpenAI's API. */
  baseUrl?: string;
  /** Injected for tests; the platform's fetch otherwise. */
  fetch?: typeof fetch;
}

/** OpenAI's error body: `{ error: { message, type, code } }`. */
const errorBodySchema = z.object({
  error: z.object({ message: z.string().optional(), type: z.string().nullish(), code: z.union([z.string(), z.number()]).nullish() }),
});

function snippet(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** 429 (except a spent quota), 408, 409 and 5xx are worth another try; other 4xx are not. */
export function isRetryableStatus(status: number, code?: string | number | null): boolean {
  if (status === 429) return code !== "insufficient_quota";
  return status === 408 || status === 409 || status >= 500;
}

export interface OpenAIRequest<T> {
  path: string;
  /** JSON (sent as application/json) or multipart form data */
  body: Record<string, unknown> | FormData;
  schema: z.ZodType<T>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** names the call in error messages, e.g. "story", "illustration", "moderation" */
  what: string;
}

/**
 * One call to OpenAI's REST API with a timeout; the answer is parsed with zod. Every failure is a
 * ProviderError: retryable for timeouts, network failures, 429 and 5xx; not for other answers.
 * A caller's own abort is passed through as it is.
 */
export async function openaiRequest<T>(config: OpenAIConfig, req: OpenAIRequest<T>): Promise<T> {
  const base = (config.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const doFetch = config.fetch ?? fetch;
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
  const headers: Record<string, string> = { authorization: `Bearer ${config.apiKey}`, accept: "application/json" };
  let body: BodyInit;
  if (req.body instanceof FormData) {
    body = req.body;
  } else {
    headers["content-type"] = "application/json";
    body = JSON.stringify(req.body);
  }

  let status: number;
  let text: string;
  try {
    const response = await doFetch(`${base}${req.path}`, { method: "POST", headers, body, signal });
    status = response.status;
    text = await response.text();
  } catch (cause) {
    if (req.signal?.aborted) throw req.signal.reason ?? cause;
    if (timeout.aborted) {
      throw new ProviderError(`OpenAI ${req.what} request timed out after ${Math.round(req.timeoutMs / 1000)} seconds`, true, 504);
    }
    throw new ProviderError(`OpenAI could not be reached for the ${req.what} (${cause instanceof Error ? cause.message : String(cause)})`, true);
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }

  if (status < 200 || status >= 300) {
    const parsedError = errorBodySchema.safeParse(json);
    const message = parsedError.success ? (parsedError.data.error.message ?? parsedError.data.error.type ?? "") : snippet(text);
    const code = parsedError.success ? parsedError.data.error.code : undefined;
    throw new ProviderError(`OpenAI ${req.what} request failed with ${status}${message ? `: ${message}` : ""}`, isRetryableStatus(status, code), status);
  }
  if (json === undefined) {
    throw new ProviderError(`Failed to parse OpenAI response: the ${req.what} answer was not JSON (${snippet(text, 80) || "empty"})`, false, status);
  }
  const parsed = req.schema.safeParse(json);
  if (!parsed.success) {
    throw new ProviderError(`Failed to parse OpenAI response: ${describeIssues(parsed.error, { max: 5 })}`, false, status);
  }
  return parsed.data;
}

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

/** The part of a chat completion the writers read. */
const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1, "no choices"),
});

export type ChatChoice = z.infer<typeof completionSchema>["choices"][number];

export interface JsonChatRequest {
  model: string;
  messages: ChatMessage[];
  /** the JSON schema's name and body for response_format (strict: every key required, nothing else) */
  name: string;
  schema: Record<string, unknown>;
  temperature: number;
  timeoutMs: number;
  what: string;
}

/** One chat completion whose answer must be JSON matching a schema (response_format json_schema, strict): its first choice. */
export async function jsonChat(config: OpenAIConfig, req: JsonChatRequest): Promise<ChatChoice> {
  const completion = await openaiRequest(config, {
    path: "/chat/completions",
    what: req.what,
    timeoutMs: req.timeoutMs,
    schema: completionSchema,
    body: {
      model: req.model,
      messages: req.messages,
      n: 1,
      temperature: req.temperature,
      response_format: { type: "json_schema", json_schema: { name: req.name, strict: true, schema: req.schema } },
    },
  });
  return completion.choices[0];
}
