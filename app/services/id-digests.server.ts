/** How many ids' digests an isolate keeps (about a hundred bytes each; the least recently used goes first). */
export const REMEMBERED_DIGESTS = 1_000;

const remembered = new Map<string, string>();

/**
 * The first `bytes` bytes of SHA-256(`purpose:id`), in lower-case hex: a value derived one way from
 * an id, that a page may show where the id itself must not appear. Every page of a visitor asks for
 * the same ones again (the library's owner key, the navigation-refresh id), and a digest cost more
 * than the rest of the page's own code around it, so the latest ones are kept.
 */
export async function idDigest(purpose: string, id: string, bytes: number): Promise<string> {
  const text = `${purpose}:${id}`;
  const known = remembered.get(text);
  if (known !== undefined && known.length === bytes * 2) {
    // most recently used last, so the oldest is the first key
    remembered.delete(text);
    remembered.set(text, known);
    return known;
  }
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest).slice(0, bytes), (b) => b.toString(16).padStart(2, "0")).join("");
  if (remembered.size >= REMEMBERED_DIGESTS) remembered.delete(remembered.keys().next().value!);
  remembered.set(text, hex);
  return hex;
}
