import { Hono } from "hono";
import { z } from "zod";
import { ChatProviderError } from "../../app/services/ai/chat.server";
import { chatEndpointSchema, playChildMessages, providerRequest, scriptedCompletion } from "../../app/services/nino/chat-endpoint.server";
import { describeIssues } from "../../app/domain/validation";
import { costlyGuard } from "./costly-guard";
import type { ApiEnv } from "./env";
import { zodValidator, type Answers } from "./validate";

/** The chat providers this endpoint can forward to (the path segment of /api/{provider}/chat). */
export const CHAT_PROVIDERS = ["openai"] as const;

/** Every failure carries `fallback: true`: the caller answers with its scripted replies instead. */
const FALLBACK: Answers = { extra: { fallback: true } };

/**
 * POST /api/{provider}/chat: {messages, temperature = 0.7, max_tokens = 200} → a chat completion;
 * the client reads choices[0].message.content. Nino answers: the child's messages go through Nino's
 * conversation machine (app/services/nino/chat-endpoint.server.ts); with a chat key the model says
 * the machine's reply in its own words under the server's system prompt and model (the caller's
 * system and assistant messages and model are ignored, max_tokens is at most 200), without one the
 * machine's reply is the answer. Checked in order: 404 unknown provider, 400 bad body, then the
 * costly-endpoint guard (403 another site's page, 401 a visitor the site does not know, 429 the
 * per-address limit or the daily quota), 422 a child's message or the model's reply flagged by
 * moderation, 502 'provider API error', 500 'Internal server error'. Every failure carries
 * `fallback: true`. The body is read as JSON whatever its Content-Type says.
 */
export const chat = new Hono<ApiEnv>().post(
  "/:provider/chat",
  zodValidator("param", z.object({ provider: z.enum(CHAT_PROVIDERS) }), {
    ...FALLBACK,
    status: 404,
    invalid: (_issues, c) => ({ error: `Unknown chat provider '${c.req.param("provider")}'. Use one of: ${CHAT_PROVIDERS.join(", ")}` }),
  }),
  zodValidator("json", chatEndpointSchema, {
    ...FALLBACK,
    anyContentType: true,
    unreadable: "The request body must be JSON",
    invalid: (issues) => ({ error: `Invalid chat request: ${describeIssues(issues, { max: 5 })}` }),
  }),
  costlyGuard("chat", { fallback: true }),
  async (c) => {
    const { provider } = c.req.valid("param");
    const request = c.req.valid("json");
    const { services, log } = c.get("app");
    const { chat: chatProvider, moderator } = services;
    // What the child said is checked before anything answers it, and the model's words before they come back.
    const said = Object.fromEntries(request.messages.flatMap((m, i) => (m.role === "user" ? [[`message ${i + 1}`, m.content]] : [])));
    const input = await moderator.check(said);
    if (!input.ok) return c.json({ error: input.message, categories: input.categories, fallback: true }, 422);
    const turn = playChildMessages(request.messages.filter((m) => m.role === "user").map((m) => m.content));
    // No key, or a fixed reply (a child who may be at risk, a hand-off) that no model may reword.
    if (!chatProvider || !turn.reply.rephrasable) return c.json(scriptedCompletion(turn.reply.content));
    try {
      const completion = await chatProvider.complete(providerRequest(turn, request));
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
