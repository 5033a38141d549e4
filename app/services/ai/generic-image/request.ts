import { z } from "zod";
import { bookIdSchema } from "~/domain/ids";

/**
 * The image request and image response, and their rules: steps clamped to
 * 1–10, cfg_scale to 1–30, a prompt is required, a child image is used only if it is an http or
 * data URL. Shared by the image endpoints and the generic illustrator.
 */

export const DEFAULT_IMAGE_SIZE = 1024;
export const STEPS_RANGE = { min: 1, max: 10 } as const;
export const CFG_SCALE_RANGE = { min: 1, max: 30 } as const;
export const MAX_PROMPT_LENGTH = 4000;
/** A data URL of an 8 MB photo is about 11 MB of text. */
const MAX_IMAGE_URL_LENGTH = 12_000_000;

export const PROMPT_REQUIRED = "Prompt is required";

/** A number, or a string holding one (form posts and loose clients send "7"). */
const numeric = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, "must be a number")
      .transform(Number),
  ])
  .pipe(z.number().finite());

const imageUrlField = z.string().max(MAX_IMAGE_URL_LENGTH).nullish();

/**
 * What a caller may ask for. The model, the size (1024×1024) and the number of pictures (one) are the
 * server's: `model`, `width`, `height`, `n` and any other field are not part of the request and are
 * dropped unread.
 */
export const imageRequestSchema = z.object({
  prompt: z
    .string({ error: PROMPT_REQUIRED })
    .trim()
    .min(1, PROMPT_REQUIRED)
    .max(MAX_PROMPT_LENGTH, `The prompt must be ${MAX_PROMPT_LENGTH} characters or fewer`),
  negative_prompt: z.string().trim().max(2000).nullish(),
  bookId: bookIdSchema.nullish(),
  pageNumber: numeric.pipe(z.number().int().min(1).max(1000)).nullish(),
  pageType: z.string().trim().max(40).nullish(),
  childImage: imageUrlField,
  childImageCropped: imageUrlField,
  control_image: imageUrlField,
  control_type: z.string().trim().max(40).nullish(),
  steps: numeric.nullish(),
  cfg_scale: numeric.nullish(),
  ip_adapter_scale: numeric.nullish(),
});

export type ImageRequest = z.infer<typeof imageRequestSchema>;

/** What goes to the provider, after the clamps and the image rules. */
export interface UpstreamImageRequest {
  prompt: string;
  negative_prompt?: string;
  width: number;
  height: number;
  model: string;
  bookId?: string;
  pageNumber?: number;
  pageType?: string;
  childImage?: string;
  control_image?: string;
  control_type?: string;
  steps?: number;
  cfg_scale?: number;
  ip_adapter_scale?: number;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A reference image is used only when it is an http(s) URL or a data URL of an image. */
export function isUsableImageUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  const v = value.trim();
  if (/^data:image\/[a-z0-9.+-]+(;[a-z0-9-]+=[a-z0-9.-]+)*;base64,/i.test(v)) return true;
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    const url = new URL(v);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * The request the provider receives: the server's model at 1024×1024. The cropped photo is
 * preferred over the whole photo (both only as http or data URLs); the IP-adapter weight only
 * travels with a face reference, the control type only with a control image.
 */
export function toUpstreamRequest(req: ImageRequest, options: { model: string }): UpstreamImageRequest {
  const out: UpstreamImageRequest = {
    prompt: req.prompt,
    width: DEFAULT_IMAGE_SIZE,
    height: DEFAULT_IMAGE_SIZE,
    model: options.model,
  };
  if (req.negative_prompt) out.negative_prompt = req.negative_prompt;
  if (req.bookId) out.bookId = req.bookId;
  if (req.pageNumber != null) out.pageNumber = req.pageNumber;
  if (req.pageType) out.pageType = req.pageType;
  const child = [req.childImageCropped, req.childImage].find(isUsableImageUrl);
  if (child) {
    out.childImage = child.trim();
    if (req.ip_adapter_scale != null) out.ip_adapter_scale = clamp(req.ip_adapter_scale, 0, 1);
  }
  if (isUsableImageUrl(req.control_image)) {
    out.control_image = req.control_image.trim();
    if (req.control_type) out.control_type = req.control_type;
  }
  if (req.steps != null) out.steps = clamp(Math.round(req.steps), STEPS_RANGE.min, STEPS_RANGE.max);
  if (req.cfg_scale != null) out.cfg_scale = clamp(req.cfg_scale, CFG_SCALE_RANGE.min, CFG_SCALE_RANGE.max);
  return out;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** One item of `output` or `images`: a URL, a data URL, raw base64, or an object holding one. */
const outputItemSchema = z
  .union([
    z.string(),
    z.object({ url: z.string() }).transform((o) => o.url),
    z.object({ b64_json: z.string() }).transform((o) => o.b64_json),
    z.object({ base64: z.string() }).transform((o) => o.base64),
  ])
  .transform((s, ctx) => {
    const v = s.trim();
    if (/^https?:\/\//i.test(v) || /^data:image\//i.test(v)) return v;
    if (v.length >= 64 && BASE64.test(v)) return `data:image/png;base64,${v}`;
    ctx.addIssue({ code: "custom", message: "is not an image URL" });
    return z.NEVER;
  });

const outputListSchema = z.union([outputItemSchema.transform((s) => [s]), z.array(outputItemSchema)]).nullish();

/** The image response: `output` (a list of image URLs) or `images`. */
export const imageResponseSchema = z.object({ output: outputListSchema, images: outputListSchema });

/** The image URLs in a provider's answer, or the parse problem. */
export function readImageResponse(json: unknown): { ok: true; output: string[] } | { ok: false; problem: string } {
  const parsed = imageResponseSchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      problem: parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".") || "body"} ${i.message}`)
        .join("; "),
    };
  }
  return { ok: true, output: parsed.data.output?.length ? parsed.data.output : (parsed.data.images ?? []) };
}
