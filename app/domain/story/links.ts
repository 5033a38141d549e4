import { randomId, type ByteSource } from "../ids";

/**
 * Story links used in e-mails ({site}/story/{slug} when a slug exists, else
 * {site}/youraistory/{bookId}) and the public slugs behind them.
 * Pure: no bindings, no fetch; the random part of a slug is passed in or drawn from WebCrypto.
 */

/** The website's base address without a trailing slash. */
export function siteBase(site: string): string {
  return site.replace(/\/+$/, "");
}

/**
 * The configured website URL when there is one, else the request's own origin (so a local server on
 * any port, or a preview deployment, links to itself).
 */
export function resolveSite(configured: string | undefined | null, requestUrl: string): string {
  return siteBase(configured?.trim() || new URL(requestUrl).origin);
}

/** {site}/story/{slug} when a slug exists, otherwise {site}/youraistory/{bookId}. */
export function storyLink(site: string, book: { slug?: string | null; bookId: string }): string;
export function storyLink(site: string, book: { slug?: string | null; bookId?: string | null }): string | null;
export function storyLink(site: string, book: { slug?: string | null; bookId?: string | null }): string | null {
  const base = siteBase(site);
  if (book.slug) return `${base}/story/${encodeURIComponent(book.slug)}`;
  if (book.bookId) return `${base}/youraistory/${encodeURIComponent(book.bookId)}`;
  return null;
}

/** What the storybooks_slug check allows: a-z, 0-9 and '-', 1 to 120 characters. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;
export function isSlug(value: string | undefined | null): value is string {
  return typeof value === "string" && SLUG_PATTERN.test(value);
}

/** How many words of the title (or name) a slug keeps, and the length of its random part. */
export const SLUG_WORDS = 6;
export const SLUG_WORDS_MAX_CHARS = 60;
export const SLUG_RANDOM_CHARS = 8;
const RANDOM_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"; // no 0/o, 1/l: easy to read aloud

/** Readable words for a slug: lower case, accents dropped, anything else becomes a dash. */
export function slugWords(...sources: Array<string | null | undefined>): string {
  for (const source of sources) {
    const words = (source ?? "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/['’]/g, "")
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .slice(0, SLUG_WORDS);
    let out = "";
    for (const w of words) {
      const next = out ? `${out}-${w}` : w;
      if (next.length > SLUG_WORDS_MAX_CHARS) break;
      out = next;
    }
    if (out) return out;
  }
  return "story";
}

/** A random part of `length` characters from an unambiguous alphabet (32 letters: 5 bits each). */
export function randomSlugPart(length = SLUG_RANDOM_CHARS, bytes?: ByteSource): string {
  return randomId(length, RANDOM_ALPHABET, bytes);
}

/**
 * A public slug: readable words from the title (or the child's name) and a short random part, e.g.
 * `mia-and-the-glowing-map-k7pz2qxa`. The random part makes it unguessable and new on every share.
 */
export function makeSlug(book: { title?: string | null; childName?: string | null }, random: string = randomSlugPart()): string {
  const slug = `${slugWords(book.title, book.childName ? `${book.childName} story` : null)}-${random}`;
  if (!isSlug(slug)) throw new Error(`Made an invalid slug: ${slug}`);
  return slug;
}
