import { randomId } from "~/domain/ids";

const BOOK_ID_LENGTH = 24;

/**
 * A book id: 24 letters and digits (about 143 bits), unguessable. With an idempotency key (one per
 * rendered form) the id is derived from the owner (the visitor, or the profile when signed in) and
 * the key, so a double submit names the same book and makes it once.
 */
export async function newBookId(ownerId: string, idempotencyKey?: string): Promise<string> {
  if (!idempotencyKey) return randomId(BOOK_ID_LENGTH);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`book:${ownerId}:${idempotencyKey}`)));
  return randomId(BOOK_ID_LENGTH, undefined, () => digest);
}
