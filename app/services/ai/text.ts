import type { StoryBrief, WrittenStory } from "~/domain/story/book";

/**
 * Writes a whole story from the parent's brief. Implementations: the offline writer
 * (app/domain/story/writer, the default) and OpenAI chat completions with structured JSON validated
 * by zod. The choice is made once, in app/services/services.server.ts, from the environment.
 */
export interface StoryWriter {
  readonly name: "offline" | "openai";
  /** `seed` is the book id: the same brief and seed give the same book offline. */
  write(input: { brief: StoryBrief; seed: string; plotOutline?: string; length: "short" | "medium" | "long" }): Promise<WrittenStory>;
}
