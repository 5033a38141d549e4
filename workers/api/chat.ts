import { Hono } from "hono";
import { chatRequestSchema, ChatProviderError } from "../../app/services/ai/chat.server";
import { describeIssues } from "../../app/services/ai/openai/client.server";
import type { ApiEnv } from "./index";

/** The chat providers this endpoint can forward to (the path segment of /api/{provider}/chat). */
export const CHAT_PROVIDERS = ["openai"] as const;

/**
 * POST /api/{provider}/chat (spec point 7): {messages, temperature = 0.7, max_tokens = 200} is
 * forwarded to the provider's chat completions and its answer returned as it came; the client reads
 * choices[0].message.content. Failures carry `fallback: true` so the client uses scripted replies:
 * 400 bad body, 404 unknown provider, 422 a child's message or the reply flagged by moderation, 503
 * no key, 502 'provider API error', 500 'Internal server error'.
 */
export const chat = new Hono<ApiEnv>().post("/:provider/chat", async (c) => {
  const provider = c.req.param("provider");
  if (!(CHAT_PROVIDERS as readonly string[]).includes(provider)) {
    return c.json({ error: `Unknown chat provider '${provider}'. Use one of: ${CHAT_PROVIDERS.join(", ")}`, fallback: true }, 404);
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return c.json({ error: "The request body must be JSON", fallback: true }, 400);
  }
  const parsed = chatRequestSchema.safeParse(body);
  if (!parsed.success) return c.json({ error: `Invalid chat request: ${describeIssues(parsed.error)}`, fallback: true }, 400);

  const { chat: chatProvider, moderator } = c.get("app").services;
  if (!chatProvider) return c.json({ error: "No chat provider is configured (OPENAI_API_KEY is not set)", fallback: true }, 503);
  // What the child said is checked before it goes out, and the model's words before they come back.
  const said = Object.fromEntries(parsed.data.messages.flatMap((m, i) => (m.role === "user" ? [[`message ${i + 1}`, m.content]] : [])));
  const input = await moderator.check(said);
  if (!input.ok) return c.json({ error: input.message, categories: input.categories, fallback: true }, 422);
  try {
    const completion = await chatProvider.complete(parsed.data);
    const reply = completion.choices[0]?.message.content ?? "";
    const output = await moderator.check({ reply });
    if (!output.ok) return c.json({ error: "The reply was not right for a child", categories: output.categories, fallback: true }, 422);
    return c.json(completion);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(JSON.stringify({ level: "warn", msg: "chat endpoint failed", provider, reason }));
    if (error instanceof ChatProviderError) return c.json({ error: "provider API error", fallback: true }, 502);
    return c.json({ error: "Internal server error", fallback: true }, 500);
  }
});
