import { z } from "zod";
import { ProviderError, type IllustrationRequest, type Illustrator } from "../image";
import { decodeBase64, sniffImage } from "./bytes";
import { openaiRequest, type OpenAIConfig } from "./client.server";
import { illustrationPrompt } from "./prompts";

export const OPENAI_IMAGE_MODEL = "gpt-image-1";
/** One image request may take at most 120 s. */
export const OPENAI_IMAGE_TIMEOUT_MS = 120_000;

export interface OpenAIIllustratorOptions extends OpenAIConfig {
  model?: string;
  timeoutMs?: number;
  /** gpt-image quality; medium keeps a 24-page book affordable */
  quality?: "low" | "medium" | "high" | "auto";
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

/**
 * Pictures from OpenAI's images API. The character sheet's description is in every prompt; with
 * the child's photo and a GPT image model, the photo goes to the edits endpoint as the reference
 * (input_fidelity high keeps the face). Answers are base64 PNGs, checked by their bytes.
 */
export function createOpenAIIllustrator(options: OpenAIIllustratorOptions): Illustrator {
  const model = options.model ?? OPENAI_IMAGE_MODEL;
  const timeoutMs = options.timeoutMs ?? OPENAI_IMAGE_TIMEOUT_MS;
  const gptImage = supportsReference(model);
  const quality = options.quality ?? "medium";

  return {
    name: "openai",
    async draw(request: IllustrationRequest, signal?: AbortSignal): Promise<Uint8Array> {
      const withReference = Boolean(request.reference && gptImage);
      const prompt = illustrationPrompt(request, { withReference });
      let answer: z.infer<typeof imagesResponseSchema>;
      if (withReference && request.reference) {
        const form = new FormData();
        form.set("model", model);
        form.set("prompt", prompt);
        form.set("size", "1024x1024");
        form.set("n", "1");
        form.set("quality", quality);
        form.set("output_format", "png");
        // gpt-image-1-mini only keeps input features at low fidelity
        if (!model.includes("mini")) form.set("input_fidelity", "high");
        const { bytes, contentType } = request.reference;
        form.set("image", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }), `reference.${extensionOf(contentType)}`);
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
    },
  };
}
