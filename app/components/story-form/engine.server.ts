import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BookView } from "~/domain/story/book-view";
import type { StoryFormInput } from "~/domain/story/form";
import { ownerOf, type Owner } from "~/services/db/owner.server";

/**
 * The book engine as the creation pages use it (issue 3's contract: `context.services.books`,
 * `context.services.uploads`, `context.visitor`). Until the engine is merged these are local types;
 * `bookEngine()` finds the engine on the load context, or says it is not there.
 */
export type CreateResult =
  | { ok: true; bookId: string }
  | { ok: false; status: 400; fieldErrors: Partial<Record<string, string>> }
  | { ok: false; status: 402; message: string; pricingUrl: string }
  | { ok: false; status: 422; field: string; message: string };

export interface BooksService {
  create(owner: Owner, input: StoryFormInput, options: { idempotencyKey?: string }): Promise<CreateResult>;
  get(owner: Owner, bookId: string): Promise<BookView | null>;
  /** the owner's credit balance, when the engine offers it */
  balance?(owner: Owner): Promise<number>;
}

export interface UploadsService {
  savePhoto(owner: Owner, photo: { bytes: Uint8Array; contentType: string }): Promise<{ uploadId: string }>;
}

/** The engine's refusal of a photo: a parent-friendly message and 400 or 413. */
export interface UploadErrorLike extends Error {
  status: number;
}

export function isUploadError(error: unknown): error is UploadErrorLike {
  return error instanceof Error && (error.name === "UploadError" || error.constructor.name === "UploadError") && typeof (error as { status?: unknown }).status === "number";
}

export interface BookEngine {
  owner: Owner;
  books: BooksService;
  uploads: UploadsService;
}

interface ContextWithEngine {
  visitor?: { visitorId: string };
  owner?: Owner;
  services: { books?: BooksService; uploads?: UploadsService };
}

/** The engine on this request's context, or null while it is not part of the app. */
export function bookEngine(context: AppLoadContext): BookEngine | null {
  const c = context as unknown as ContextWithEngine;
  const { books, uploads } = c.services;
  if (!books || !uploads) return null;
  const owner = c.owner ?? (c.visitor ? ownerOf({ visitorId: c.visitor.visitorId }) : null);
  if (!owner) return null;
  return { owner, books, uploads };
}
