import { encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

/**
 * The account's cryptography, all of it the platform's WebCrypto: random tokens, SHA-256 of tokens
 * (what the database keeps instead of the token), and password hashes with PBKDF2-HMAC-SHA256.
 * Cloudflare's runtime caps PBKDF2 at 100,000 iterations, so that is the work factor (decision 023).
 */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const PREFIX = "pbkdf2-sha256";

/** An unguessable token for a cookie or an e-mailed link: 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase64urlNoPadding(bytes);
}

/** The SHA-256 of a text, lower-case hex: how tokens and e-mail addresses are stored when only a match is needed. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return encodeHexLowerCase(new Uint8Array(digest));
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password.normalize("NFKC")), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A stored password hash: "pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>". */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = new Uint8Array(SALT_BYTES);
  crypto.getRandomValues(salt);
  return `${PREFIX}$${iterations}$${toB64(salt)}$${toB64(await derive(password, salt, iterations))}`;
}

/** Whether two byte strings are equal, in time that does not depend on where they differ. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** Whether a password matches a stored hash; a malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [prefix, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (prefix !== PREFIX || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS || !saltText || !hashText) return false;
  try {
    return equalBytes(await derive(password, fromB64(saltText), iterations), fromB64(hashText));
  } catch {
    return false;
  }
}

/**
 * A hash to check against when the e-mail is unknown or the account has no password, so that a
 * wrong e-mail takes as long as a wrong password and the answer time tells nothing.
 */
let decoy: string | undefined;
export async function decoyHash(): Promise<string> {
  // the value, not the promise, is kept: a promise must not cross from one request to another
  decoy ??= await hashPassword("decoy password that matches nothing");
  return decoy;
}
