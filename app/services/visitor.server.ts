import { randomId } from "~/domain/ids";

/**
 * The visitor: an unguessable first-party id in an HttpOnly cookie, made by the Worker on the first
 * request that lacks one. It owns the books it makes (until a sign-in claims them). A browser
 * fingerprint library can later supply the id instead; the cookie stays the carrier.
 */
export const VISITOR_COOKIE = "sn_vid";
const ONE_YEAR_S = 60 * 60 * 24 * 365;
const ID_PATTERN = /^[A-Za-z0-9]{24,64}$/;
/** A new visitor id: 32 letters and digits (about 5.95 bits each, so 190 bits). */
const VISITOR_ID_LENGTH = 32;

/** The first well-formed visitor id among the request's cookies; a malformed one counts as none. */
export function readVisitorId(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== VISITOR_COOKIE) continue;
    const value = rest.join("=");
    if (ID_PATTERN.test(value)) return value;
  }
  return null;
}

export function visitorCookie(visitorId: string, secure: boolean): string {
  return `${VISITOR_COOKIE}=${visitorId}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export interface VisitorIdentity {
  visitorId: string;
  /** true when this request made the id (the response must set the cookie) */
  isNew: boolean;
}

/**
 * The visitor of a request. A request without a valid cookie gets a new id, and a copy of the
 * request carrying it, so everything downstream sees one identity.
 */
export function identifyVisitor(request: Request): { identity: VisitorIdentity; request: Request } {
  const existing = readVisitorId(request.headers.get("Cookie"));
  if (existing) return { identity: { visitorId: existing, isNew: false }, request };
  const visitorId = randomId(VISITOR_ID_LENGTH);
  const headers = new Headers(request.headers);
  // A malformed visitor cookie is dropped (the response replaces it), so nothing downstream reads it.
  const others = (headers.get("Cookie") ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter((c) => c !== "" && c.split("=")[0] !== VISITOR_COOKIE);
  headers.set("Cookie", [...others, `${VISITOR_COOKIE}=${visitorId}`].join("; "));
  return { identity: { visitorId, isNew: true }, request: new Request(request, { headers }) };
}
