import { z } from "zod";
import { NINO_LIMITS } from "~/domain/nino/types";
import type { Secrets } from "~/services/env.server";
import { ProviderError } from "./image";
import { openaiRequest, type OpenAIConfig } from "./openai/client.server";

/**
 * Chat completions for Nino (POST /api/{provider}/chat): messages, temperature 0.7,
 * max_tokens 200, one choice, no streaming, the reply read from `choices[0].message.content`.
 * Every failure is a ChatProviderError carrying `fallback: true`: the caller then uses the scripted
 * reply.
 */

/** The fixed chat model; OPENAI_CHAT_MODEL overrides it. */
export const DEFAULT_CHAT_MODEL = "gpt-3.5-turbo";
export const DEFAULT_CHAT_TEMPERATURE = 0.7;
export const DEFAULT_CHAT_MAX_TOKENS = 200;

export const chatRoleSchema = z.enum(["system", "user", "assistant"]);
export const chatMessageInputSchema = z.object({
  role: chatRoleSchema,
  content: z.string().min(1, "A message needs content").max(8000, "A message is at most 8000 characters"),
});

/** The body of POST /api/{provider}/chat: messages, temperature, max_tokens. */
export const chatRequestSchema = z.object({
  messages: z.array(chatMessageInputSchema).min(1, "At least one message is required").max(60, "At most 60 messages"),
  temperature: z.number().min(0).max(2).default(DEFAULT_CHAT_TEMPERATURE),
  max_tokens: z.number().int().min(1).max(1000).default(DEFAULT_CHAT_MAX_TOKENS),
});
export type ChatRequest = z.output<typeof chatRequestSchema>;

/** The provider's answer: only what the client reads is required; everything else is passed through. */
export const chatCompletionSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({ role: z.string().optional(), content: z.string().nullable() }),
      }),
    )
    .min(1, "the answer has no choices"),
});
export type ChatCompletion = z.infer<typeof chatCompletionSchema>;

export class ChatProviderError extends Error {
  readonly fallback = true as const;
  constructor(
    message: string,
    /** the provider's HTTP status when it answered, 504 on a timeout */
    readonly status?: number,
  ) {
    super(message);
    this.name = "ChatProviderError";
  }
}

export interface ChatProvider {
  readonly name: "openai";
  readonly model: string;
  /** One completion; throws ChatProviderError (fallback: true) on any failure. */
  complete(request: ChatRequest, options?: { signal?: AbortSignal }): Promise<ChatCompletion>;
}

/** The text a client reads: choices[0].message.content, trimmed; a ChatProviderError when empty. */
export function replyText(completion: ChatCompletion): string {
  const text = completion.choices[0]?.message.content?.trim() ?? "";
  if (!text) throw new ChatProviderError("The chat provider answered with an empty message");
  return text;
}

export interface OpenAIChatOptions extends OpenAIConfig {
  model?: string;
  timeoutMs?: number;
}

export function createOpenAIChat(options: OpenAIChatOptions): ChatProvider {
  const model = options.model ?? DEFAULT_CHAT_MODEL;
  const timeoutMs = options.timeoutMs ?? NINO_LIMITS.responseTimeoutMs;
  return {
    name: "openai",
    model,
    async complete(request, { signal } = {}) {
      const body = chatRequestSchema.parse(request);
      try {
        return await openaiRequest(options, {
          path: "/chat/completions",
          what: "chat",
          timeoutMs,
          signal,
          schema: chatCompletionSchema,
          body: { model, messages: body.messages, temperature: body.temperature, max_tokens: body.max_tokens, n: 1, stream: false },
        });
      } catch (error) {
        if (error instanceof ProviderError) throw new ChatProviderError(error.message, error.status);
        if (signal?.aborted) throw error;
        throw new ChatProviderError(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/** The chat provider for these secrets: OpenAI when OPENAI_API_KEY is set, none otherwise (scripted replies). */
export function chooseChat(secrets: Secrets, deps: { fetch?: typeof fetch } = {}): ChatProvider | null {
  if (!secrets.OPENAI_API_KEY) return null;
  return createOpenAIChat({ apiKey: secrets.OPENAI_API_KEY, baseUrl: secrets.OPENAI_BASE_URL, model: secrets.OPENAI_CHAT_MODEL, fetch: deps.fetch });
}
