import { z } from "zod";
import { log as defaultLog, type Logger } from "~/services/log.server";
import { ProviderError, type IllustrationRequest, type Illustrator } from "../image";
import { decodeBase64, sniffImage } from "./bytes";
import { openaiRequest, type OpenAIConfig } from "./client.server";
import { illustrationPrompt, portraitPrompt } from "./prompts";
import { checkPicture, OPENAI_VISION_MODEL, OPENAI_VISION_TIMEOUT_MS } from "./vision.server";

export const OPENAI_IMAGE_MODEL = "gpt-image-1";
/** One image request may take at most 120 s. */
export const OPENAI_IMAGE_TIMEOUT_MS = 120_000;
/** A page whose picture fails its check is drawn again at most twice (three drawings in all). */
export const MAX_REDRAWS = 2;

/** Where a book's portrait is kept: the book's folder in R2, so deleting the book deletes it. */
export const portraitKey = (bookId: string) => `${bookId}/portrait.png`;

export interface OpenAIIllustratorOptions extends OpenAIConfig {
  model?: string;
  timeoutMs?: number;
  /** gpt-image quality; medium keeps a 24-page book affordable */
  quality?: "low" | "medium" | "high" | "auto";
  /** the book images bucket, where each book's portrait is kept; without it, portraits live as long as this illustrator */
  portraits?: Pick<R2Bucket, "get" | "put">;
  /** the chat model that checks each picture */
  visionModel?: string;
  visionTimeoutMs?: number;
  log?: Logger;
}

/** GPT image models take input images on the edits endpoint (DALL·E 3 takes none; DALL·E 2 only masks). */
export function supportsReference(model: string): boolean {
  return /^(gpt-image|chatgpt-image)/.test(model);
}

const imagesResponseSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().min(1, "empty image") })).min(1, "no image in the answer"),
});

function extensionOf(contentType: string): string {
  if (contentType.includes("png")) return "png";
  if (contentType.includes("webp")) return "webp";
  return "jpg";
}

type Reference = { bytes: Uint8Array; contentType: string; name: string };

/**
 * Pictures from OpenAI's images API. With a GPT image model, the hero's portrait is drawn first
 * (from the child's photo on the edits endpoint, else from the character sheet), kept in R2 and
 * then the reference of every page, so the face and the clothes stay the same. Each page picture
 * is checked by a vision model and drawn again when it fails (at most MAX_REDRAWS times); a check
 * that cannot be made keeps the picture. Answers are base64 PNGs, checked by their bytes.
 */
export function createOpenAIIllustrator(options: OpenAIIllustratorOptions): Illustrator {
  const model = options.model ?? OPENAI_IMAGE_MODEL;
  const timeoutMs = options.timeoutMs ?? OPENAI_IMAGE_TIMEOUT_MS;
  const gptImage = supportsReference(model);
  const quality = options.quality ?? "medium";
  const log = options.log ?? defaultLog;
  const vision = { ...options, model: options.visionModel ?? OPENAI_VISION_MODEL, timeoutMs: options.visionTimeoutMs ?? OPENAI_VISION_TIMEOUT_MS };
  // pages drawn at once share one portrait drawing; the bucket keeps it across steps and isolates
  const portraits = new Map<string, Promise<Uint8Array>>();

  async function image(prompt: string, reference: Reference | undefined, signal?: AbortSignal): Promise<Uint8Array> {
    let answer: z.infer<typeof imagesResponseSchema>;
    if (reference) {
      const form = new FormData();
      form.set("model", model);
      form.set("prompt", prompt);
      form.set("size", "1024x1024");
      form.set("n", "1");
      form.set("quality", quality);
      form.set("output_format", "png");
      // gpt-image-1-mini only keeps input features at low fidelity
      if (!model.includes("mini")) form.set("input_fidelity", "high");
      form.set("image", new Blob([reference.bytes as Uint8Array<ArrayBuffer>], { type: reference.contentType }), reference.name);
      answer = await openaiRequest(options, { path: "/images/edits", what: "illustration", timeoutMs, signal, schema: imagesResponseSchema, body: form });
    } else {
      const body: Record<string, unknown> = { model, prompt, size: "1024x1024", n: 1 };
      if (gptImage) Object.assign(body, { quality, output_format: "png" });
      else body.response_format = "b64_json";
      answer = await openaiRequest(options, { path: "/images/generations", what: "illustration", timeoutMs, signal, schema: imagesResponseSchema, body });
    }
    let bytes: Uint8Array;
    try {
      bytes = decodeBase64(answer.data[0].b64_json);
    } catch {
      throw new ProviderError("Failed to parse OpenAI response: the image was not valid base64", false);
    }
    if (sniffImage(bytes) !== "png") throw new ProviderError("Failed to parse OpenAI response: the image was not a PNG", false);
    return bytes;
  }

  /** The book's portrait: the stored one if a step before drew it, else drawn now and stored. */
  async function drawPortrait(request: IllustrationRequest, signal?: AbortSignal): Promise<Uint8Array> {
    const key = portraitKey(request.bookId);
    const stored = await options.portraits?.get(key);
    if (stored) return new Uint8Array(await stored.arrayBuffer());
    const photo = request.reference;
    const reference = photo ? { ...photo, name: `reference.${extensionOf(photo.contentType)}` } : undefined;
    const bytes = await image(portraitPrompt(request, { fromPhoto: Boolean(photo) }), reference, signal);
    await options.portraits?.put(key, bytes, { httpMetadata: { contentType: "image/png" } });
    log.info("hero portrait drawn", { bookId: request.bookId, page: request.pageNumber, fromPhoto: Boolean(photo) });
    return bytes;
  }

  function portraitOf(request: IllustrationRequest, signal?: AbortSignal): Promise<Uint8Array> {
    let pending = portraits.get(request.bookId);
    if (!pending) {
      pending = drawPortrait(request, signal);
      portraits.set(request.bookId, pending);
      // a failed drawing is tried again by the next page, never remembered
      pending.catch(() => portraits.delete(request.bookId));
    }
    return pending;
  }

  return {
    name: "openai",
    async draw(request: IllustrationRequest, signal?: AbortSignal): Promise<Uint8Array> {
      const portrait = gptImage ? await portraitOf(request, signal) : undefined;
      const reference = portrait ? { bytes: portrait, contentType: "image/png", name: "portrait.png" } : undefined;
      const where = { bookId: request.bookId, page: request.pageNumber };
      let kept: { bytes: Uint8Array; problems: number } | undefined;
      let avoid: string[] = [];
      for (let drawing = 1; ; drawing++) {
        const bytes = await image(illustrationPrompt(request, { withPortrait: Boolean(portrait), avoid }), reference, signal);
        let verdict;
        try {
          verdict = await checkPicture(vision, { picture: bytes, portrait, heroName: request.sheet.name, scene: request.scene }, signal);
        } catch (error) {
          if (signal?.aborted) throw error;
          log.warn("picture check failed; the picture is kept unchecked", { ...where, drawing, error });
          return bytes;
        }
        if (verdict.ok) return bytes;
        // the best drawing is the one with the fewest problems; on a tie the later one (it was told what to avoid)
        if (!kept || verdict.problems.length <= kept.problems) kept = { bytes, problems: verdict.problems.length };
        if (drawing > MAX_REDRAWS) {
          log.warn("picture kept after failing its check", { ...where, drawings: drawing, problems: verdict.problems });
          return kept.bytes;
        }
        log.info("picture redrawn after failing its check", { ...where, drawing, problems: verdict.problems });
        avoid = verdict.problems;
      }
    },
  };
}
