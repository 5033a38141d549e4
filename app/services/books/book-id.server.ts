import { randomId } from "../visitor.server";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A book id: 24 letters and digits (about 143 bits), unguessable. With an idempotency key (one per
 * rendered form) the id is derived from the visitor and the key, so a double submit names the same
 * book and makes it once.
 */
export async function newBookId(visitorId: string, idempotencyKey?: string): Promise<string> {
  if (!idempotencyKey) return randomId(24);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`book:${visitorId}:${idempotencyKey}`)));
  let out = "";
  for (let i = 0; out.length < 24; i++) out += ALPHABET[digest[i % digest.length] % 62];
  return out;
}
