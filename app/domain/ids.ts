import { z } from "zod";

/**
 * Ids: how random ones are made, and what a book id and a conversation id look like. Browser,
 * Worker and Durable Object read the same rules from here.
 */

/** Letters and digits: the alphabet of book, visitor, upload and conversation ids. */
export const LETTERS_AND_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Where random bytes come from: the platform's cryptographic generator unless a caller derives them. */
export type ByteSource = (count: number) => Uint8Array;
const cryptoBytes: ByteSource = (count) => crypto.getRandomValues(new Uint8Array(count));

/**
 * `length` characters of `alphabet` (at most 256 of them), every character equally likely: a byte
 * at or above the largest multiple of the alphabet's size is skipped and another one drawn, so no
 * character is favoured.
 */
export function randomId(length: number, alphabet: string = LETTERS_AND_DIGITS, bytes: ByteSource = cryptoBytes): string {
  if (alphabet.length < 2 || alphabet.length > 256) throw new Error(`An id alphabet has 2 to 256 characters, not ${alphabet.length}`);
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const b of bytes(length * 2)) {
      if (b < limit && out.length < length) out += alphabet[b % alphabet.length];
    }
  }
  return out;
}

/** A book id: 1 to 64 letters and digits (new ones have 24). A path segment that is not one names no book. */
export const BOOK_ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;
export const bookIdSchema = z.string().regex(BOOK_ID_PATTERN, "A book id is 1 to 64 letters and digits");
export function isBookId(value: unknown): value is string {
  return typeof value === "string" && BOOK_ID_PATTERN.test(value);
}

/** A conversation id, made by the browser: 16 to 64 letters and digits (new ones have 24). */
const SESSION_ID_PATTERN = /^[A-Za-z0-9]{16,64}$/;
export const sessionIdSchema = z.string().regex(SESSION_ID_PATTERN, "A conversation id is 16 to 64 letters and digits");
export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && SESSION_ID_PATTERN.test(value);
}

/** A saved child's id: 24 letters and digits, made by the server (newChildId). */
const CHILD_ID_PATTERN = /^[A-Za-z0-9]{24}$/;
export function isChildId(value: unknown): value is string {
  return typeof value === "string" && CHILD_ID_PATTERN.test(value);
}
export const newChildId = (): string => randomId(24);
