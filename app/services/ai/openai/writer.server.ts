import type { CharacterSheet, StoryBrief, WrittenStory } from "~/domain/story/book";
import { ProviderError } from "../image";
import type { StoryWriter } from "../text";
import { describeIssues } from "~/domain/validation";
import { log as serverLog, type Logger } from "~/services/log.server";
import type { Moderator } from "~/services/moderation/types";
import { jsonChat, type ChatMessage, type OpenAIConfig } from "./client.server";
import { ownPlot } from "~/domain/story/writer/plot/tell";
import { storyMessages, WRITTEN_STORY_JSON_SCHEMA, writtenStorySchema } from "./prompts";
import { reviewStory } from "./rewrite.server";

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
  /** checks a page the model wrote again before it replaces the first one */
  moderator?: Moderator;
  /** the server's logger unless a test reads the lines */
  log?: Logger;
}

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
 * problems; a second bad answer is a ProviderError that is not retried. The story is then read by
 * the book checker, and a page with a slip is asked for once more (`reviewStory`).
 */
export function createOpenAIWriter(options: OpenAIWriterOptions): StoryWriter {
  const model = options.model ?? OPENAI_TEXT_MODEL;
  const timeoutMs = options.timeoutMs ?? OPENAI_STORY_TIMEOUT_MS;

  async function complete(messages: ChatMessage[]): Promise<Attempt> {
    const choice = await jsonChat(options, {
      model,
      messages,
      name: "written_story",
      schema: WRITTEN_STORY_JSON_SCHEMA,
      temperature: 0.8,
      timeoutMs,
      what: "story",
    });
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
      const plot = ownPlot(brief);
      const messages: ChatMessage[] = storyMessages({ brief, plotOutline, length, sheet, plot });
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
      const story = await reviewStory(
        { config: options, model, moderator: options.moderator, log: options.log ?? serverLog },
        { story: attempt.story, brief, length, plot },
      );
      // the hero is the parent's child, whatever the model wrote
      const characterSheet: CharacterSheet = sheet ?? { ...story.characterSheet, name: brief.childName, age: brief.age, gender: brief.gender };
      return { ...story, characterSheet };
    },
  };
}
