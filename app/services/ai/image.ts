import type { CharacterSheet, PageType } from "~/domain/story/book";

/** What one picture needs: the page, the one character sheet every page reuses, the book's style. */
export interface IllustrationRequest {
  bookId: string;
  pageNumber: number;
  pageType: PageType;
  /** the scene sentence written for this page */
  scene: string;
  /** the words printed on the page */
  text?: string;
  sheet: CharacterSheet;
  theme: string;
  artStyle: string;
  bookTitle: string;
  /** the child's photo (cropped if there is one) as bytes, for providers that take a reference */
  reference?: { bytes: Uint8Array; contentType: string };
}

/**
 * Draws one page's picture as a PNG (not yet watermarked: the Workflow watermarks every picture the
 * same way before it goes to R2). Implementations: the offline illustrator (SVG scenes rendered to
 * PNG, the default), the quick one for test runs (ILLUSTRATOR=quick), OpenAI images, and a generic
 * image provider (IMAGE_API_URL).
 */
export interface Illustrator {
  readonly name: "offline" | "quick" | "openai" | "generic";
  draw(request: IllustrationRequest, signal?: AbortSignal): Promise<Uint8Array>;
  /**
   * The same picture as SVG (its viewBox its size in pixels), for an illustrator that draws vectors
   * (the offline one): the Workflow then renders it once with the watermark on top, instead of
   * rendering it, decoding it and rendering it again.
   */
  drawSvg?(request: IllustrationRequest): { svg: string; width: number; height: number };
  /**
   * Resolves when none of the pictures being drawn is due within `withinMs` (from how long pictures
   * have taken), or after `atMostMs`: CPU work on this isolate (a watermark) waits for a provider's
   * answer that is about to come, so its slot is handed on at once (see books/draw-slots.server.ts).
   */
  quiet?(withinMs: number, atMostMs: number): Promise<void>;
}

/** A provider failure worth retrying (timeouts, 429, 5xx) versus one that is not (4xx, bad input). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
