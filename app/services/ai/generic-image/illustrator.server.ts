import { ProviderError, type IllustrationRequest, type Illustrator } from "../image";
import { encodeBase64, parseDataUrl, sniffImage } from "../openai/bytes";
import { illustrationPrompt, NEGATIVE_PROMPT } from "../openai/prompts";
import { generateImages, ImageApiError, IMAGE_GENERATION_TIMEOUT_MS, type GenericImageConfig } from "./client.server";
import { toUpstreamRequest } from "./request";

/** A picture larger than this is not a page picture. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** How strongly the face reference steers the picture (IP-adapter weight). */
export const REFERENCE_WEIGHT = 0.6;

export interface GenericIllustratorOptions extends GenericImageConfig {
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** sent only when set (clamped to 1–10 and 1–30); otherwise the provider's defaults apply */
  steps?: number;
  cfgScale?: number;
}

function toProviderError(error: ImageApiError): ProviderError {
  return new ProviderError(error.message, error.retryable, error.status);
}

/**
 * Pictures from the generic image provider (IMAGE_API_URL): the image request (the
 * character sheet's description in every prompt, the child's photo as a data URL face reference),
 * then the first image of the answer, fetched (or decoded from a data URL) and checked by its bytes.
 * One try per call: the Workflow's step retries decide about ProviderErrors marked retryable.
 */
export function createGenericIllustrator(options: GenericIllustratorOptions): Illustrator {
  const timeoutMs = options.timeoutMs ?? IMAGE_GENERATION_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;

  async function download(url: string, signal?: AbortSignal): Promise<Uint8Array> {
    const inline = parseDataUrl(url);
    if (inline) return inline.bytes;
    if (url.startsWith("data:")) throw new ProviderError(`Failed to parse ${options.providerName} response: the image data URL is not base64`, false);
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let buffer: ArrayBuffer;
    try {
      response = await doFetch(url, {
        headers: { accept: "image/png,image/jpeg;q=0.9,*/*;q=0.1" },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new ProviderError(
          `${options.providerName} image download failed with status ${response.status}`,
          response.status === 429 || response.status >= 500,
          response.status,
        );
      }
      const length = Number(response.headers.get("content-length") ?? "0");
      if (length > MAX_IMAGE_BYTES) {
        await response.body?.cancel();
        throw new ProviderError(`${options.providerName} sent an image larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, false);
      }
      buffer = await response.arrayBuffer();
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (signal?.aborted) throw signal.reason ?? error;
      if (timeout.aborted) throw new ProviderError(`${options.providerName} image download timed out after ${Math.round(timeoutMs / 1000)} seconds`, true, 504);
      throw new ProviderError(`${options.providerName} image could not be downloaded: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    if (buffer.byteLength > MAX_IMAGE_BYTES)
      throw new ProviderError(`${options.providerName} sent an image larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, false);
    return new Uint8Array(buffer);
  }

  return {
    name: "generic",
    async draw(request: IllustrationRequest, signal?: AbortSignal): Promise<Uint8Array> {
      const reference = request.reference ? `data:${request.reference.contentType};base64,${encodeBase64(request.reference.bytes)}` : undefined;
      const body = toUpstreamRequest(
        {
          prompt: illustrationPrompt(request, { withReference: Boolean(reference) }),
          negative_prompt: NEGATIVE_PROMPT,
          bookId: request.bookId,
          pageNumber: request.pageNumber,
          pageType: request.pageType,
          childImage: reference,
          ip_adapter_scale: reference ? REFERENCE_WEIGHT : undefined,
          steps: options.steps,
          cfg_scale: options.cfgScale,
        },
        { model: options.model },
      );
      let output: string[];
      try {
        output = await generateImages(options, body, { timeoutMs, signal, fetch: doFetch });
      } catch (error) {
        throw error instanceof ImageApiError ? toProviderError(error) : error;
      }
      const bytes = await download(output[0], signal);
      const kind = sniffImage(bytes);
      // PNG as the contract says; a JPEG is accepted too, since the watermark step re-encodes every picture as PNG
      if (kind !== "png" && kind !== "jpeg") {
        throw new ProviderError(`Failed to parse ${options.providerName} response: the image is not a PNG or JPEG`, false);
      }
      return bytes;
    },
  };
}
