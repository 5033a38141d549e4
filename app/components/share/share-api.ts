import { z } from "zod";
import type { ShareState } from "~/domain/story/public-story";

const shareStateSchema = z.object({ public: z.boolean(), slug: z.string().nullable(), url: z.string().min(1), publicSharingAllowed: z.boolean().optional() });
const errorSchema = z.object({
  error: z.string(),
  settings: z
    .string()
    .regex(/^\/(?![/\\])/)
    .optional(),
});

/** The sharing error, shown when the server gives no clearer reason. */
export const SHARE_FAILED = "Failed to share story";

export class ShareError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** where the refusal can be changed (public links turned off in the privacy settings) */
    readonly settings?: string,
  ) {
    super(message);
    this.name = "ShareError";
  }
}

async function read(response: Response): Promise<ShareState> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorSchema.safeParse(body);
    const said = parsed.success && response.status < 500 ? parsed.data : null;
    throw new ShareError(said ? said.error : SHARE_FAILED, response.status, said?.settings);
  }
  const parsed = shareStateSchema.safeParse(body);
  if (!parsed.success) throw new ShareError(SHARE_FAILED, response.status);
  return parsed.data;
}

/** A busy or restarting server answers 503: setting the share state is idempotent, so try again. */
export const SHARE_RETRIES = 2;
const RETRY_DELAY_MS = 400;

async function call(input: string, init?: RequestInit): Promise<ShareState> {
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(input, { credentials: "same-origin", ...init });
    } catch {
      throw new ShareError(`${SHARE_FAILED}: please check your internet connection and try again.`, 0);
    }
    if (response.status === 503 && attempt < SHARE_RETRIES) {
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * (attempt + 1)));
      continue;
    }
    return read(response);
  }
}

/** GET /api/books/{bookId}/share */
export function fetchShareState(bookId: string): Promise<ShareState> {
  return call(`/api/books/${encodeURIComponent(bookId)}/share`, { headers: { Accept: "application/json" } });
}

/** POST /api/books/{bookId}/share {public} */
export function setShared(bookId: string, makePublic: boolean): Promise<ShareState> {
  return call(`/api/books/${encodeURIComponent(bookId)}/share`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ public: makePublic }),
  });
}
