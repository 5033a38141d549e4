import { PHOTO_MAX_BYTES } from "../app/domain/story/photo";
import { AVATAR_MAX_BYTES } from "../app/domain/auth/account-pages";
import { TRANSCRIBE_LIMITS } from "./api/nino-transcribe";
import { ANALYTICS_LIMITS } from "../app/domain/analytics/events";

/**
 * The largest body each route takes, checked by the Worker before any route runs: a body announced
 * as larger (Content-Length) is refused unread, and a body sent without a length (chunked) is read
 * only up to the limit. 413, as JSON under /api/, as a short page elsewhere. A route with its own
 * tighter check (the photo upload, the recording, the payment events) still answers in its own
 * words: its limit here is the outer bound.
 */
const KB = 1024;
const MB = 1024 * KB;
/**
 * Above a route's own limit, so that the route's own check (in its own words) answers a body
 * announced as too large, and this bound only stops what would get past it (a chunked body).
 */
const MARGIN = 1 * MB;

/** [path pattern, limit in bytes]: the first match wins. */
const API_LIMITS: [RegExp, number][] = [
  [/^\/api\/uploads\/?$/, PHOTO_MAX_BYTES + MARGIN],
  [/^\/api\/nino\/transcribe\/?$/, TRANSCRIBE_LIMITS.maxBytes + MARGIN],
  // a provider's event is a few kilobytes; the route itself refuses over 256 KB
  [/^\/api\/payments\/webhook\/?$/, 256 * KB + MARGIN],
  // a conversation of up to 60 messages of up to 4,000 characters
  [/^\/api\/[^/]+\/chat\/?$/, 256 * KB],
  // a comment of up to 1,000 characters (each up to 6 bytes as a JSON escape), a reaction, an address
  // the analytics tracker's batch: at most 50 page views and a visitor's registration
  [/^\/api\/analytics\/?$/, ANALYTICS_LIMITS.body],
  [/^\/api\/books\/[^/]+\/(comments|reactions|shares)(\/[^/]+)?\/?$/, 8 * KB],
];
/** Every other API request is a small JSON document (a story form's fields, an e-mail request). */
export const API_DEFAULT_LIMIT = 16 * KB;

const PAGE_LIMITS: [RegExp, number][] = [
  // the story forms: two photos of 8 MB and the text around them (the form itself refuses over 18 MB)
  [/^\/(createstory|customstory)(\/.*)?$/, 18 * MB + MARGIN],
  // the avatar (the page itself refuses over 2 MB + 64 KB)
  [/^\/profile\/?$/, AVATAR_MAX_BYTES + MARGIN],
  // a whole book's text edited at once: 24 pages of 2,000 characters, percent-encoded
  [/^\/modify-story\/[^/]+\/?$/, 1 * MB],
];
/** Every other form on a page: a few fields. */
export const PAGE_DEFAULT_LIMIT = 64 * KB;

export function bodyLimitFor(pathname: string, isApi: boolean): number {
  // A page's form posted with JavaScript goes to the same path with ".data" (Remix's single fetch).
  const path = isApi ? pathname : pathname.replace(/\.data$/, "");
  for (const [pattern, limit] of isApi ? API_LIMITS : PAGE_LIMITS) if (pattern.test(path)) return limit;
  return isApi ? API_DEFAULT_LIMIT : PAGE_DEFAULT_LIMIT;
}

const sizeWords = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`);

function tooLarge(limit: number, isApi: boolean): Response {
  const message = `The request is too large: this address takes at most ${sizeWords(limit)}.`;
  const headers = { "Cache-Control": "no-store" };
  if (isApi) return Response.json({ error: message }, { status: 413, headers });
  const page = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Too large</title><p>${message}</p></html>`;
  return new Response(page, { status: 413, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/** How much of a refused body is still read and dropped, so the sender gets the 413 rather than a reset connection. */
const DRAIN_LIMIT = 4 * MB;

/** Reads and drops what is left of a body (up to DRAIN_LIMIT in all); beyond that the connection is cut. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let size = alreadyRead;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > DRAIN_LIMIT) break;
    }
  } catch {
    return;
  }
  await reader.cancel().catch(() => undefined);
}

/**
 * A body the route answered without reading (a 404, 405 or 415 before the body mattered) is read and
 * dropped before the answer goes, so the sender gets that answer and not a reset connection.
 */
export async function drainUnread(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  await drain(request.body.getReader(), 0).catch(() => undefined);
}

/**
 * The request as the routes may read it, or the 413 to answer instead. A request without a body,
 * or with a declared length within the limit, is passed on as it came (the runtime never delivers
 * more than the declared length); a body of unknown length is read here, up to the limit.
 */
export async function limitBody(request: Request, isApi: boolean): Promise<Request | Response> {
  if (!request.body || request.method === "GET" || request.method === "HEAD") return request;
  const limit = bodyLimitFor(new URL(request.url).pathname, isApi);
  const declared = request.headers.get("Content-Length");
  if (declared !== null && /^\d+$/.test(declared.trim())) {
    if (Number(declared) <= limit) return request;
    await drain(request.body.getReader(), 0);
    return tooLarge(limit, isApi);
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drain(reader, size);
      return tooLarge(limit, isApi);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new Request(request, { body: bytes });
}
