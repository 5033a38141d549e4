import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BookView } from "~/domain/story/book-view";
import { ownerOf, type Owner } from "~/services/db/owner.server";

/**
 * What the reader routes need of the book engine (app/services/books, on the load context as
 * `services.books`, with the visitor's id from the first-party cookie as `visitor`).
 */
export interface ReaderBooks {
  get(owner: Owner, bookId: string): Promise<BookView | null>;
  latest(owner: Owner): Promise<string | null>;
}

type ContextWithEngine = AppLoadContext & {
  visitor?: { visitorId: string };
  services: AppLoadContext["services"] & { books?: ReaderBooks };
};

/** The visitor (the owner of the books) and the book service, or a clear error when not wired. */
export function readerEngine(context: AppLoadContext): { owner: Owner; books: ReaderBooks } {
  const c = context as ContextWithEngine;
  const books = c.services.books;
  if (!books) throw new Error("The book service is not available on this server.");
  if (!c.visitor?.visitorId) throw new Error("This request has no visitor id: the visitor cookie middleware did not run.");
  return { owner: ownerOf({ visitorId: c.visitor.visitorId }), books };
}
