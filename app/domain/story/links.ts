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

/**
 * A public slug is random only: 20 characters of a 32-letter alphabet (5 bits each, 100 bits), and
 * nothing from the book (no title, no child's name), so a link says nothing about the child and
 * cannot be guessed. Slugs made before this rule (readable words and 8 random characters) keep
 * working until their owner stops sharing.
 */
export const SLUG_RANDOM_CHARS = 20;
const RANDOM_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"; // no 0/o, 1/l: easy to read aloud

/** A new public slug, e.g. `k7pz2qxamh4rt9wbc3ev`; different on every share. */
export function makeSlug(bytes?: ByteSource): string {
  const slug = randomId(SLUG_RANDOM_CHARS, RANDOM_ALPHABET, bytes);
  if (!isSlug(slug)) throw new Error(`Made an invalid slug: ${slug}`);
  return slug;
}
