import { z } from "zod";
import { openaiRequest, type OpenAIConfig } from "~/services/ai/openai/client.server";
import { refusal, type Category } from "./categories";
import { classify, createOfflineModerator } from "./offline";
import type { ModerationVerdict, Moderator } from "./types";
import { log } from "~/services/log.server";

export const OPENAI_MODERATION_MODEL = "omni-moderation-latest";
export const OPENAI_MODERATION_TIMEOUT_MS = 15_000;

/** OpenAI's categories in ours: harassment is insults and bullying, its threatening kind a threat. */
const CATEGORY_MAP: Record<string, Category[]> = {
  sexual: ["sexual"],
  "sexual/minors": ["sexual"],
  hate: ["hate"],
  "hate/threatening": ["hate", "threat"],
  harassment: ["insult"],
  "harassment/threatening": ["threat"],
  "self-harm": ["self-harm"],
  "self-harm/intent": ["self-harm"],
  "self-harm/instructions": ["self-harm"],
  violence: ["violence"],
  "violence/graphic": ["violence"],
  illicit: ["illegal"],
  "illicit/violent": ["illegal"],
};

/**
 * OpenAI's own `flagged` is tuned for adults. A book for a small child is held to more: a score at
 * or above these refuses the text even when OpenAI did not flag it.
 */
export const CHILD_THRESHOLDS: Record<string, number> = {
  sexual: 0.2,
  "sexual/minors": 0.05,
  hate: 0.3,
  "hate/threatening": 0.2,
  harassment: 0.6,
  "harassment/threatening": 0.4,
  "self-harm": 0.3,
  "self-harm/intent": 0.2,
  "self-harm/instructions": 0.2,
  violence: 0.6,
  "violence/graphic": 0.3,
  illicit: 0.5,
  "illicit/violent": 0.3,
};

const resultSchema = z.object({
  flagged: z.boolean(),
  categories: z.record(z.string(), z.boolean().nullable()),
  category_scores: z.record(z.string(), z.number()),
});
const responseSchema = z.object({ results: z.array(resultSchema).min(1) });

type Result = z.infer<typeof resultSchema>;

/** Our categories for one OpenAI result. */
export function categoriesOf(result: Result): Category[] {
  const found = new Set<Category>();
  for (const [name, flagged] of Object.entries(result.categories)) {
    if (flagged) for (const c of CATEGORY_MAP[name] ?? []) found.add(c);
  }
  for (const [name, score] of Object.entries(result.category_scores)) {
    const limit = CHILD_THRESHOLDS[name];
    if (limit !== undefined && score >= limit) for (const c of CATEGORY_MAP[name] ?? []) found.add(c);
  }
  return [...found];
}

export interface OpenAIModeratorOptions extends OpenAIConfig {
  model?: string;
  timeoutMs?: number;
  /** where the fallback is reported; a JSON log line by default */
  log?: (entry: Record<string, unknown>) => void;
}

/**
 * OpenAI's moderation endpoint (omni-moderation-latest), every field in one call, plus the offline
 * rules for what a general-purpose model does not look for in a child's book (contact details,
 * horror, alcohol). When OpenAI cannot answer, the offline rules decide alone and the fallback is
 * logged: no text ever goes through unchecked.
 */
export function createOpenAIModerator(options: OpenAIModeratorOptions): Moderator {
  const model = options.model ?? OPENAI_MODERATION_MODEL;
  const timeoutMs = options.timeoutMs ?? OPENAI_MODERATION_TIMEOUT_MS;
  const warn = options.log ?? (({ level: _level, msg, ...fields }) => log.warn(String(msg), fields));
  const offline = createOfflineModerator();

  return {
    name: "openai",
    async check(texts: Record<string, string>): Promise<ModerationVerdict> {
      const entries = Object.entries(texts).filter(([, t]) => typeof t === "string" && t.trim().length > 0);
      if (entries.length === 0) return { ok: true };
      let results: Result[];
      try {
        const answer = await openaiRequest(options, {
          path: "/moderations",
          what: "moderation",
          timeoutMs,
          schema: responseSchema,
          body: { model, input: entries.map(([, t]) => t) },
        });
        if (answer.results.length !== entries.length) {
          throw new Error(`Failed to parse OpenAI response: ${answer.results.length} results for ${entries.length} inputs`);
        }
        results = answer.results;
      } catch (error) {
        warn({
          level: "warn",
          msg: "moderation fell back to the offline rules",
          provider: "openai",
          reason: error instanceof Error ? error.message : String(error),
        });
        return offline.check(Object.fromEntries(entries));
      }
      for (let i = 0; i < entries.length; i++) {
        const [field, text] = entries[i];
        const verdict = refusal(field, [...categoriesOf(results[i]), ...classify(text)]);
        if (!verdict.ok) return verdict;
      }
      return { ok: true };
    },
  };
}
