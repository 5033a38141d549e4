import { z } from "zod";
import type { CharacterSheet, StoryBrief, WrittenStory } from "~/domain/story/book";
import { ProviderError } from "../image";
import type { StoryWriter } from "../text";
import { describeIssues } from "~/domain/validation";
import { openaiRequest, type OpenAIConfig } from "./client.server";
import { ownPlot } from "~/domain/story/writer/plot/tell";
import { storyMessages, WRITTEN_STORY_JSON_SCHEMA, writtenStorySchema } from "./prompts";

export const OPENAI_TEXT_MODEL = "gpt-4o-mini";
/** A whole 22-page story is a long answer: give it time. */
export const OPENAI_STORY_TIMEOUT_MS = 120_000;

export interface OpenAIWriterOptions extends OpenAIConfig {
  model?: string;
  timeoutMs?: number;
  /**
   * The character sheet every picture uses (the offline writer's `buildCharacterSheet`: colours as
   * hex values, from the photo when there is one). When given, the model is told to keep it, and it
   * is used as it is whatever the model answers; without it the model's own sheet is used.
   */
  sheetFor?: (brief: StoryBrief, seed: string) => CharacterSheet;
}

/** The part of a chat completion this writer reads. */
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

type Message = { role: "system" | "user" | "assistant"; content: string };

type Attempt = { ok: true; story: WrittenStory } | { ok: false; content: string; problem: string };

function readStory(content: string): Attempt {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    return { ok: false, content, problem: `it was not valid JSON (${error instanceof Error ? error.message : "parse error"})` };
  }
  const parsed = writtenStorySchema.safeParse(json);
  if (!parsed.success) return { ok: false, content, problem: describeIssues(parsed.error, { max: 5 }) };
  return { ok: true, story: parsed.data };
}

/**
 * The story from OpenAI chat completions as structured JSON (response_format json_schema, strict),
 * validated by zod. An answer that does not validate gets one repair request that names the
 * problems; a second bad answer is a ProviderError that is not retried.
 */
export function createOpenAIWriter(options: OpenAIWriterOptions): StoryWriter {
  const model = options.model ?? OPENAI_TEXT_MODEL;
  const timeoutMs = options.timeoutMs ?? OPENAI_STORY_TIMEOUT_MS;

  async function complete(messages: Message[]): Promise<Attempt> {
    const completion = await openaiRequest(options, {
      path: "/chat/completions",
      what: "story",
      timeoutMs,
      schema: completionSchema,
      body: {
        model,
        messages,
        n: 1,
        temperature: 0.8,
        response_format: { type: "json_schema", json_schema: { name: "written_story", strict: true, schema: WRITTEN_STORY_JSON_SCHEMA } },
      },
    });
    const choice = completion.choices[0];
    if (choice.message.refusal) throw new ProviderError(`OpenAI declined to write this story: ${choice.message.refusal}`, false);
    const content = choice.message.content ?? "";
    if (!content.trim()) return { ok: false, content, problem: `the answer was empty (finish reason ${choice.finish_reason ?? "unknown"})` };
    const attempt = readStory(content);
    if (!attempt.ok && choice.finish_reason === "length") return { ...attempt, problem: `the answer was cut off before the end (${attempt.problem})` };
    return attempt;
  }

  return {
    name: "openai",
    async write({ brief, seed, plotOutline, length }) {
      const sheet = options.sheetFor?.(brief, seed);
      const messages: Message[] = storyMessages({ brief, plotOutline, length, sheet, plot: ownPlot(brief) });
      let attempt = await complete(messages);
      if (!attempt.ok) {
        attempt = await complete([
          ...messages,
          { role: "assistant", content: attempt.content.slice(0, 20_000) },
          {
            role: "user",
            content: `That answer could not be used: ${attempt.problem}. Reply again with the whole story as JSON that matches the schema exactly: 22 pages, every field filled in.`,
          },
        ]);
      }
      if (!attempt.ok) throw new ProviderError(`OpenAI returned a story that did not match the schema, even after a repair request: ${attempt.problem}`, false);
      const story = attempt.story;
      // the hero is the parent's child, whatever the model wrote
      const characterSheet: CharacterSheet = sheet ?? { ...story.characterSheet, name: brief.childName, age: brief.age, gender: brief.gender };
      return { ...story, characterSheet };
    },
  };
}
