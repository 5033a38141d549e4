import { Hono } from "hono";
import { z } from "zod";
import { chatRequestSchema, ChatProviderError } from "../../app/services/ai/chat.server";
import { describeIssues } from "../../app/domain/validation";
import type { ApiEnv } from "./env";
import { zodValidator, type Answers } from "./validate";

/** The chat providers this endpoint can forward to (the path segment of /api/{provider}/chat). */
export const CHAT_PROVIDERS = ["openai"] as const;

/** Every failure carries `fallback: true`: the caller answers with its scripted replies instead. */
const FALLBACK: Answers = { extra: { fallback: true } };

/**
 * POST /api/{provider}/chat: {messages, temperature = 0.7, max_tokens = 200} is forwarded to the
 * provider's chat completions and its answer returned as it came; the client reads
 * choices[0].message.content. Failures carry `fallback: true` so the client uses scripted replies:
 * 400 bad body, 404 unknown provider, 422 a child's message or the reply flagged by moderation, 503
 * no key, 502 'provider API error', 500 'Internal server error'. The body is read as JSON whatever
 * its Content-Type says: the chat's callers have always been able to post it without one.
 */
export const chat = new Hono<ApiEnv>().post(
  "/:provider/chat",
  zodValidator("param", z.object({ provider: z.enum(CHAT_PROVIDERS) }), {
    ...FALLBACK,
    status: 404,
    invalid: (_issues, c) => ({ error: `Unknown chat provider '${c.req.param("provider")}'. Use one of: ${CHAT_PROVIDERS.join(", ")}` }),
  }),
  zodValidator("json", chatRequestSchema, {
    ...FALLBACK,
    anyContentType: true,
    unreadable: "The request body must be JSON",
    invalid: (issues) => ({ error: `Invalid chat request: ${describeIssues(issues, { max: 5 })}` }),
  }),
  async (c) => {
    const { provider } = c.req.valid("param");
    const request = c.req.valid("json");
    const { services, log } = c.get("app");
    const { chat: chatProvider, moderator } = services;
    if (!chatProvider) return c.json({ error: "No chat provider is configured (OPENAI_API_KEY is not set)", fallback: true }, 503);
    // What the child said is checked before it goes out, and the model's words before they come back.
    const said = Object.fromEntries(request.messages.flatMap((m, i) => (m.role === "user" ? [[`message ${i + 1}`, m.content]] : [])));
    const input = await moderator.check(said);
    if (!input.ok) return c.json({ error: input.message, categories: input.categories, fallback: true }, 422);
    try {
      const completion = await chatProvider.complete(request);
      const reply = completion.choices[0]?.message.content ?? "";
      const output = await moderator.check({ reply });
      if (!output.ok) return c.json({ error: "The reply was not right for a child", categories: output.categories, fallback: true }, 422);
      return c.json(completion);
    } catch (error) {
      if (error instanceof ChatProviderError) {
        log.warn("chat provider failed; the caller falls back to scripted replies", { provider, error });
        return c.json({ error: "provider API error", fallback: true }, 502);
      }
      log.error("chat endpoint failed", { provider, error });
      return c.json({ error: "Internal server error", fallback: true }, 500);
    }
  },
);
