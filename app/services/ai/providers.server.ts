import type { CharacterSheet, StoryBrief } from "~/domain/story/book";
import type { Secrets } from "~/services/env.server";
import { createOfflineModerator } from "~/services/moderation/offline";
import { createOpenAIModerator } from "~/services/moderation/openai.server";
import type { Moderator } from "~/services/moderation/types";
import { imageApiConfig } from "./generic-image/client.server";
import { createGenericIllustrator } from "./generic-image/illustrator.server";
import type { Illustrator } from "./image";
import { createOpenAIIllustrator } from "./openai/illustrator.server";
import { createOpenAIWriter } from "./openai/writer.server";
import type { StoryWriter } from "./text";

export interface Providers {
  writer: StoryWriter;
  illustrator: Illustrator;
  moderator: Moderator;
}

/** The offline providers, passed in by the caller (the offline writer and illustrator live in their own modules). */
export interface OfflineProviders {
  writer: () => StoryWriter;
  illustrator: () => Illustrator;
  /** the quick illustrator of test runs (ILLUSTRATOR=quick) */
  quickIllustrator: () => Illustrator;
  /** the offline writer's character sheet: the OpenAI writer keeps it, so pictures match the photo's colours */
  characterSheet?: (brief: StoryBrief, seed: string) => CharacterSheet;
}

export interface ProviderDeps {
  /** injected for tests */
  fetch?: typeof fetch;
  /** the book images bucket: OpenAI's illustrator keeps each book's hero portrait there */
  images?: R2Bucket;
}

/** OpenAI's moderation endpoint when OPENAI_API_KEY is set, the offline rules otherwise. */
export function createModerator(secrets: Secrets, deps: ProviderDeps = {}): Moderator {
  if (secrets.OPENAI_API_KEY) return createOpenAIModerator({ apiKey: secrets.OPENAI_API_KEY, baseUrl: secrets.OPENAI_BASE_URL, fetch: deps.fetch });
  return createOfflineModerator();
}

/** The writer: OpenAI chat completions when OPENAI_API_KEY is set (its rewritten pages checked by `moderator`), the offline writer otherwise. */
export function chooseWriter(
  secrets: Secrets,
  offline: OfflineProviders,
  deps: ProviderDeps = {},
  moderator: Moderator = createModerator(secrets, deps),
): StoryWriter {
  if (secrets.OPENAI_API_KEY) {
    return createOpenAIWriter({
      apiKey: secrets.OPENAI_API_KEY,
      baseUrl: secrets.OPENAI_BASE_URL,
      model: secrets.OPENAI_TEXT_MODEL,
      sheetFor: offline.characterSheet,
      moderator,
      fetch: deps.fetch,
    });
  }
  return offline.writer();
}

/**
 * The illustrator: the quick one when a test run asks for it (ILLUSTRATOR=quick, never in
 * production), else the generic image provider when IMAGE_API_URL and IMAGE_API_KEY are both set
 * (an image provider chosen on purpose wins), else OpenAI images when OPENAI_API_KEY is set, else
 * the offline illustrator.
 */
export function chooseIllustrator(secrets: Secrets, offline: OfflineProviders, deps: ProviderDeps = {}): Illustrator {
  if (secrets.ILLUSTRATOR === "quick" && secrets.ENVIRONMENT !== "production") return offline.quickIllustrator();
  const generic = imageApiConfig(secrets);
  if (generic) return createGenericIllustrator({ ...generic, fetch: deps.fetch });
  if (secrets.OPENAI_API_KEY) {
    return createOpenAIIllustrator({
      apiKey: secrets.OPENAI_API_KEY,
      baseUrl: secrets.OPENAI_BASE_URL,
      model: secrets.OPENAI_IMAGE_MODEL,
      portraits: deps.images,
      fetch: deps.fetch,
    });
  }
  return offline.illustrator();
}

/** Every provider for one request, chosen from the environment in this one place. */
export function chooseProviders(secrets: Secrets, offline: OfflineProviders, deps: ProviderDeps = {}): Providers {
  const moderator = createModerator(secrets, deps);
  return {
    writer: chooseWriter(secrets, offline, deps, moderator),
    illustrator: chooseIllustrator(secrets, offline, deps),
    moderator,
  };
}
