import { z } from "zod";
import { encodeBase64 } from "./bytes";
import { openaiRequest, type OpenAIConfig } from "./client.server";
import { PICTURE_CHECK_JSON_SCHEMA, pictureCheckMessages, pictureCheckSchema } from "./prompts";

export const OPENAI_VISION_MODEL = "gpt-4o-mini";
/** A check is a quick look; past this the picture is kept unchecked rather than holding the page up. */
export const OPENAI_VISION_TIMEOUT_MS = 30_000;

/** What the vision model found on one page picture: ok, or the problems in plain words. */
export type PictureVerdict = { ok: true } | { ok: false; problems: string[] };

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1, "no choices"),
});

const dataUrl = (png: Uint8Array) => `data:image/png;base64,${encodeBase64(png)}`;

/**
 * Asks a vision model whether a page picture shows the hero like their portrait, has no words
 * drawn in it and no extra limbs or fingers. Throws (a ProviderError) when the check itself fails;
 * the caller decides that an unchecked picture is kept.
 */
export async function checkPicture(
  config: OpenAIConfig & { model: string; timeoutMs: number },
  input: { picture: Uint8Array; portrait?: Uint8Array; heroName: string; scene: string },
  signal?: AbortSignal,
): Promise<PictureVerdict> {
  const messages = pictureCheckMessages({
    heroName: input.heroName,
    scene: input.scene,
    picture: dataUrl(input.picture),
    portrait: input.portrait ? dataUrl(input.portrait) : undefined,
  });
  const completion = await openaiRequest(config, {
    path: "/chat/completions",
    what: "picture check",
    timeoutMs: config.timeoutMs,
    signal,
    schema: completionSchema,
    body: {
      model: config.model,
      messages,
      n: 1,
      temperature: 0,
      response_format: { type: "json_schema", json_schema: { name: "picture_check", strict: true, schema: PICTURE_CHECK_JSON_SCHEMA } },
    },
  });
  let answer: unknown;
  try {
    answer = JSON.parse(completion.choices[0].message.content ?? "");
  } catch {
    answer = undefined;
  }
  const parsed = pictureCheckSchema.safeParse(answer);
  if (!parsed.success) throw new Error("the picture check's answer was not the JSON asked for");
  const v = parsed.data;
  const problems = [
    !v.heroPresent && "the hero is not in the picture",
    v.heroPresent && !v.heroAlike && "the hero does not look like their portrait",
    v.hasText && "words or letters are drawn in the picture",
    v.extraLimbs && "someone has extra limbs or fingers",
  ].filter((p): p is string => typeof p === "string");
  if (problems.length === 0) return { ok: true };
  return { ok: false, problems: v.notes.trim() ? [...problems, v.notes.trim()] : problems };
}
